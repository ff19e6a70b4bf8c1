//! Keymap tests: the defaults, routing, user files, and that hints and handling agree.

use std::collections::HashMap;
use std::path::Path;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::*;

const USER: &str = "/home/u/.config/glossa/keymap.toml";

fn key(s: &str) -> Key {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn ev(s: &str) -> KeyEvent {
    let k = key(s);
    KeyEvent::new(k.code(), k.modifiers())
}

fn raw(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

fn user(text: &str) -> Result<Keymap, KeymapError> {
    Keymap::from_toml(text, Path::new(USER))
}

const EDITOR: &[Context] = &[Context::Editor, Context::Translate];
const TARGETS: &[Context] = &[Context::Targets, Context::Translate];

/// Stacks the app can plausibly pass: each context alone, each pane in its tab, an overlay
/// or a picker over each of those.
fn stacks() -> Vec<Vec<Context>> {
    let mut base: Vec<Vec<Context>> = Context::ALL.iter().map(|&c| vec![c]).collect();
    base.push(EDITOR.to_vec());
    base.push(TARGETS.to_vec());
    for tab in [Context::Dictionary, Context::Transliterate] {
        base.push(vec![Context::Editor, tab]);
    }
    let mut all = base.clone();
    for over in [Context::Popup, Context::Picker] {
        all.extend(base.iter().map(|s| [vec![over], s.clone()].concat()));
    }
    all
}

#[test]
fn defaults_parse() {
    let table = default_table().expect("the embedded keymap.toml loads");
    assert!(table.contains_key(&Context::Global));
    assert!(user("").is_ok(), "an empty user file is the defaults");
}

#[test]
fn every_action_has_a_default_key() {
    let keymap = Keymap::defaults();
    for &action in Action::ALL {
        assert!(
            keymap.table.values().any(|b| b.contains_key(&action)),
            "{} has no default key",
            action.name()
        );
    }
}

#[test]
fn defaults_have_no_conflicts() {
    // Checked here independently of `file::validate`, on the loaded table.
    let keymap = Keymap::defaults();
    for (context, bindings) in &keymap.table {
        let mut seen: HashMap<Key, Action> = HashMap::new();
        for (&action, keys) in bindings {
            for &k in keys {
                if let Some(other) = seen.insert(k, action) {
                    panic!("[{}] {k}: {} and {}", context.name(), other.name(), action.name());
                }
                let owns_ctrl_c = (*context, action) == (Context::Global, Action::Quit);
                assert!(
                    k != Key::CTRL_C || owns_ctrl_c,
                    "[{}] {} shadows Ctrl+C",
                    context.name(),
                    action.name()
                );
            }
        }
    }
}

#[test]
fn default_shadows_of_global_are_deliberate() {
    // A context key that hides a global one must be meant; list each here.
    // q closes an overlay, not the app
    let deliberate = [(Context::Popup, key("q")), (Context::Alternatives, key("q"))];
    let keymap = Keymap::defaults();
    let global = &keymap.table[&Context::Global];
    for (context, bindings) in keymap.table.iter().filter(|(c, _)| **c != Context::Global) {
        for keys in bindings.values() {
            for &k in keys {
                let shadows = global.values().any(|g| g.contains(&k));
                assert!(
                    !shadows || deliberate.contains(&(*context, k)),
                    "[{}] {k} shadows a global key",
                    context.name()
                );
            }
        }
    }
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
fn editor_types_printable_keys() {
    let keymap = Keymap::defaults();
    for s in ["q", "?", "1", "4", "t", "Y", "space", "]"] {
        assert_eq!(keymap.action(EDITOR, &ev(s)), None, "{s} is text in the editor");
    }
    // Editing keys the editor does not bind are the editor's too (Enter is a newline).
    assert_eq!(keymap.action(EDITOR, &ev("enter")), None);
    // On a target pane Enter shows the word's alternatives (and edits when
    // there is no word: the state's rule); i edits.
    assert_eq!(
        keymap.action(TARGETS, &ev("enter")),
        Some(Action::WordAlternatives)
    );
    assert_eq!(keymap.action(TARGETS, &ev("i")), Some(Action::FocusEditor));
}

#[test]
fn ctrl_c_quits_in_every_context() {
    let keymap = Keymap::defaults();
    for stack in stacks() {
        assert_eq!(
            keymap.action(&stack, &ev("ctrl+c")),
            Some(Action::Quit),
            "{stack:?}"
        );
    }
    assert_eq!(keymap.action(&[], &ev("ctrl+c")), Some(Action::Quit));
}

#[test]
fn esc_leaves_the_editor() {
    let keymap = Keymap::defaults();
    assert_eq!(keymap.action(EDITOR, &ev("esc")), Some(Action::LeaveEditor));
    assert_eq!(
        keymap.action(&[Context::Picker, Context::Editor], &ev("esc")),
        Some(Action::Back)
    );
}

#[test]
fn digits_and_q_outside_the_editor() {
    let keymap = Keymap::defaults();
    assert_eq!(keymap.action(TARGETS, &ev("1")), Some(Action::TabTranslate));
    assert_eq!(
        keymap.action(&[Context::Manage], &ev("2")),
        Some(Action::TabDictionary)
    );
    assert_eq!(keymap.action(TARGETS, &ev("q")), Some(Action::Quit));
    assert_eq!(keymap.action(&[Context::Popup], &ev("q")), Some(Action::Back));
    // A picker's search line takes text like the editor.
    assert_eq!(keymap.action(&[Context::Picker], &ev("q")), None);
    assert_eq!(
        keymap.action(&[Context::Picker], &ev("enter")),
        Some(Action::Select)
    );
}

#[test]
fn question_mark_with_and_without_shift() {
    let keymap = Keymap::defaults();
    for mods in [KeyModifiers::NONE, KeyModifiers::SHIFT] {
        let e = raw(KeyCode::Char('?'), mods);
        assert_eq!(keymap.action(TARGETS, &e), Some(Action::Help), "{mods:?}");
        assert_eq!(keymap.action(EDITOR, &e), None, "{mods:?}");
    }
    assert_eq!(keymap.action(EDITOR, &ev("f1")), Some(Action::Help));
}

#[test]
fn shifted_letters_and_backtab_match_as_reported() {
    let keymap = Keymap::defaults();
    // `Y` arrives as Char('Y') with SHIFT, sometimes without; some terminals send 'y'+SHIFT.
    for (c, mods) in [
        ('Y', KeyModifiers::SHIFT),
        ('Y', KeyModifiers::NONE),
        ('y', KeyModifiers::SHIFT),
    ] {
        let e = raw(KeyCode::Char(c), mods);
        assert_eq!(keymap.action(TARGETS, &e), Some(Action::CopyAll));
    }
    let e = raw(KeyCode::Char('y'), KeyModifiers::NONE);
    assert_eq!(keymap.action(TARGETS, &e), Some(Action::CopyTarget));
    let back_tab = raw(KeyCode::BackTab, KeyModifiers::SHIFT);
    assert_eq!(keymap.action(EDITOR, &back_tab), Some(Action::FocusPrev));
    let release = KeyEvent::new_with_kind(KeyCode::Char('c'), KeyModifiers::CONTROL, KeyEventKind::Release);
    assert_eq!(keymap.action(EDITOR, &release), None);
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

#[test]
fn user_override_replaces_an_actions_keys_and_keeps_the_rest() {
    let keymap = user("[targets]\ncopy_target = [\"ctrl+y\", \"i\"]\n").unwrap();
    assert_eq!(keymap.action(TARGETS, &ev("y")), None);
    assert_eq!(keymap.action(TARGETS, &ev("ctrl+y")), Some(Action::CopyTarget));
    assert_eq!(keymap.action(TARGETS, &ev("i")), Some(Action::CopyTarget));
    assert_eq!(keymap.action(TARGETS, &ev("Y")), Some(Action::CopyAll));
    assert_eq!(keymap.action(TARGETS, &ev("j")), Some(Action::ScrollDown));
    assert_eq!(keymap.action(EDITOR, &ev("ctrl+c")), Some(Action::Quit));
    // One key alone, and unbinding with [].
    let keymap = user("[global]\nhelp = \"f2\"\nrequest_log = []\n").unwrap();
    assert_eq!(keymap.action(TARGETS, &ev("f2")), Some(Action::Help));
    assert_eq!(keymap.action(TARGETS, &ev("?")), None);
    assert_eq!(keymap.action(TARGETS, &ev("L")), None);
}

#[test]
fn a_bad_user_file_names_file_context_and_key() {
    let cases = [
        (
            "[targets]\ncopy_target = [\"ctrl+yy\"]",
            "[targets] copy_target: key \"ctrl+yy\"",
        ),
        (
            "[targets]\ncopy_everything = [\"y\"]",
            "[targets] unknown action `copy_everything`",
        ),
        ("[target]\ncopy_target = [\"y\"]", "unknown table [target]"),
        (
            "[translate]\ncopy_source = [\"Y\"]",
            "[translate] key Y is bound to both copy_all and copy_source",
        ),
        (
            "[editor]\ncopy_source = [\"ctrl+c\"]",
            "[editor] copy_source: key Ctrl+C is reserved",
        ),
        (
            "[editor]\ncopy_source = [\"c\"]",
            "[editor] copy_source: key c is typed text",
        ),
        ("[global]\nquit = [\"q\"]", "[global] quit must keep Ctrl+C"),
        (
            "[global]\nquit = 3",
            "[global] quit: keys must be a string or a list",
        ),
        ("[global\nquit = [\"q\"]", "not valid TOML"),
    ];
    for (text, expected) in cases {
        let error = user(text).expect_err(text);
        assert_eq!(error.file, Path::new(USER));
        let message = error.to_string();
        assert!(message.starts_with(&format!("keymap {USER}: ")), "{message}");
        assert!(message.contains(expected), "{message}\n  lacks: {expected}");
    }
}

#[test]
fn load_reads_a_file_and_falls_back_to_the_defaults() {
    let dir = std::env::temp_dir().join(format!("glossa-keymap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.toml");
    let bad = dir.join("bad.toml");
    std::fs::write(&good, "[global]\nhelp = [\"h\"]\n").unwrap();
    std::fs::write(&bad, "[global]\nhelp = [\"nope\"]\n").unwrap();
    let keymap = Keymap::load(Some(&good)).unwrap();
    assert_eq!(keymap.action(TARGETS, &ev("h")), Some(Action::WordLeft));
    assert_eq!(keymap.action(&[Context::Manage], &ev("h")), Some(Action::Help));
    let (keymap, error) = Keymap::load_or_defaults(Some(&bad));
    let error = error.expect("an unknown key name is an error");
    assert!(error.to_string().contains("bad.toml"), "{error}");
    assert!(error.to_string().contains("\"nope\""), "{error}");
    assert_eq!(keymap.action(TARGETS, &ev("?")), Some(Action::Help));
    assert!(Keymap::load(Some(&dir.join("missing.toml"))).is_ok());
    assert!(Keymap::load(None).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(Keymap::default_path().is_none_or(|p| p.ends_with("glossa/keymap.toml")));
}

#[test]
fn hints_follow_the_bindings() {
    let hint = |keymap: &Keymap, stack: &[Context], action| {
        keymap
            .hints(stack)
            .into_iter()
            .find(|h| h.action == action)
            .map(|h| h.keys)
    };
    let defaults = Keymap::defaults();
    assert_eq!(hint(&defaults, TARGETS, Action::CopyTarget).as_deref(), Some("y"));
    assert_eq!(
        hint(&defaults, TARGETS, Action::Quit).as_deref(),
        Some("Ctrl+C/q")
    );
    // In the editor only the keys that work there are offered.
    assert_eq!(hint(&defaults, EDITOR, Action::Quit).as_deref(), Some("Ctrl+C"));
    assert_eq!(hint(&defaults, EDITOR, Action::Help).as_deref(), Some("F1"));
    assert_eq!(hint(&defaults, EDITOR, Action::TabTranslate), None);
    assert_eq!(
        hint(&defaults, EDITOR, Action::LeaveEditor).as_deref(),
        Some("Esc")
    );
    // Change a binding: handling and hint change together.
    let changed = user("[targets]\ncopy_target = [\"ctrl+y\"]\n").unwrap();
    assert_eq!(
        hint(&changed, TARGETS, Action::CopyTarget).as_deref(),
        Some("Ctrl+Y")
    );
    assert_eq!(changed.action(TARGETS, &ev("ctrl+y")), Some(Action::CopyTarget));
    // Most important first.
    let first = defaults.hints(TARGETS).first().map(|h| h.action);
    assert_eq!(first, Some(Action::Help));
    let described = defaults
        .hints(TARGETS)
        .into_iter()
        .all(|h| h.description == h.action.description());
    assert!(described);
}

#[test]
fn hints_show_exactly_what_action_does() {
    let keymap = Keymap::defaults();
    let mut every_key: Vec<Key> = keymap
        .table
        .values()
        .flatten()
        .flat_map(|(_, k)| k.clone())
        .collect();
    every_key.extend(["a", "z", "backspace", "home"].map(key));
    for stack in stacks() {
        let reached = keymap.reached(&stack);
        for &k in &every_key {
            let handled = keymap.action(&stack, &KeyEvent::new(k.code(), k.modifiers()));
            let hinted: Vec<Action> = reached
                .iter()
                .filter(|(_, keys)| keys.1.contains(&k))
                .map(|(&a, _)| a)
                .collect();
            assert_eq!(hinted, handled.into_iter().collect::<Vec<_>>(), "{stack:?} {k}");
        }
    }
}

#[test]
fn help_lists_every_context_with_its_bindings() {
    let help = Keymap::defaults().help();
    let contexts: Vec<Context> = help.iter().map(|(c, _)| *c).collect();
    assert_eq!(contexts, Context::ALL);
    let (_, global) = &help[0];
    assert!(
        global
            .iter()
            .any(|h| h.action == Action::Help && h.keys == "?/F1")
    );
    let changed = user("[global]\nhelp = [\"f2\"]\n").unwrap().help();
    assert!(
        changed[0]
            .1
            .iter()
            .any(|h| h.action == Action::Help && h.keys == "F2")
    );
}

#[test]
fn default_help_snapshot() {
    // The whole default keymap as the help overlay lists it: a review sees every change.
    let mut text = String::new();
    for (context, hints) in Keymap::defaults().help() {
        text.push_str(&format!("[{}] {}\n", context.name(), context.title()));
        for h in hints {
            text.push_str(&format!("  {:<18} {}\n", h.keys, h.description));
        }
    }
    insta::assert_snapshot!(text);
}
