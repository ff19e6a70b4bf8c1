//! Keymap tests: keys and names.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;

fn key(s: &str) -> Key {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn events_normalize_like_the_file_syntax() {
    let of = |code, mods| Key::from_event(&KeyEvent::new(code, mods));
    assert_eq!(of(KeyCode::Char('?'), KeyModifiers::SHIFT), key("?"));
    assert_eq!(of(KeyCode::Char('?'), KeyModifiers::NONE), key("?"));
    assert_eq!(of(KeyCode::Char('Y'), KeyModifiers::SHIFT), key("Y"));
    assert_eq!(of(KeyCode::Char('y'), KeyModifiers::SHIFT), key("shift+y"));
    assert_eq!(of(KeyCode::BackTab, KeyModifiers::SHIFT), key("shift+tab"));
    assert_eq!(of(KeyCode::Char('c'), KeyModifiers::CONTROL), Key::CTRL_C);
    assert!(key("q").is_text() && key("shift+q").is_text() && !key("ctrl+q").is_text());
}

#[test]
fn serde_names_are_the_file_names() {
    for &action in Action::ALL {
        let back: Action = toml::Value::String(action.name().into()).try_into().unwrap();
        assert_eq!(back, action);
    }
    for &context in Context::ALL {
        let back: Context = toml::Value::String(context.name().into()).try_into().unwrap();
        assert_eq!(back, context);
    }
}

#[test]
fn keys_parse_and_display() {
    for (written, shown) in [
        ("ctrl+c", "Ctrl+C"),
        ("Ctrl+Shift+c", "Ctrl+Shift+C"),
        ("ctrl+C", "Ctrl+Shift+C"),
        ("esc", "Esc"),
        ("?", "?"),
        ("shift+y", "Y"),
        ("shift+tab", "Shift+Tab"),
        ("alt+enter", "Alt+Enter"),
        ("f1", "F1"),
        ("pageup", "PgUp"),
        ("space", "Space"),
        ("up", "↑"),
        ("+", "+"),
        ("ctrl++", "Ctrl++"),
    ] {
        assert_eq!(key(written).to_string(), shown, "{written}");
    }
    assert_eq!(key("shift+tab"), Key::new(KeyCode::BackTab, KeyModifiers::NONE));
    for (bad, error) in [
        ("", KeyError::Empty),
        ("ctrl+", KeyError::Empty),
        ("hyper+x", KeyError::UnknownModifier("hyper".into())),
        ("escc", KeyError::UnknownKey("escc".into())),
        ("f25", KeyError::UnknownKey("f25".into())),
        ("shift+1", KeyError::ShiftedSymbol('1')),
    ] {
        assert_eq!(bad.parse::<Key>(), Err(error), "{bad:?}");
    }
}
