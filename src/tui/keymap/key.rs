//! Keys as keymap files write them (`"ctrl+c"`, `"shift+tab"`, `"?"`, `"Y"`) and as
//! crossterm reports them, reduced to one normal form so the two compare equal.
//!
//! Terminals disagree about Shift: `?` arrives as `Char('?')` with or without SHIFT,
//! `Y` as `Char('Y')` usually with SHIFT, Shift+Tab as `BackTab` with SHIFT. The normal
//! form lets the character carry the shift: SHIFT is dropped from `Char` (a lowercase
//! letter is uppercased first) and from `BackTab`, and `Tab`+SHIFT becomes `BackTab`.
//! Modifiers other than Ctrl, Alt, Shift and Super are ignored.

use std::fmt;
use std::str::FromStr;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key with its modifiers, in normal form (construct it with [`Key::new`],
/// [`Key::from_event`] or by parsing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    code: KeyCode,
    modifiers: KeyModifiers,
}

/// Why a key name in a keymap file is not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("empty key name")]
    Empty,
    #[error("unknown modifier `{0}` (use ctrl, alt, shift or super)")]
    UnknownModifier(String),
    #[error("unknown key `{0}`")]
    UnknownKey(String),
    #[error("write the character Shift produces instead of `shift+{0}`")]
    ShiftedSymbol(char),
}

const KNOWN_MODIFIERS: KeyModifiers = KeyModifiers::SHIFT
    .union(KeyModifiers::CONTROL)
    .union(KeyModifiers::ALT)
    .union(KeyModifiers::SUPER);

impl Key {
    /// Ctrl+C: it always quits, so no table may give it another meaning.
    pub const CTRL_C: Key = Key {
        code: KeyCode::Char('c'),
        modifiers: KeyModifiers::CONTROL,
    };

    /// A key in normal form.
    pub fn new(code: KeyCode, modifiers: KeyModifiers) -> Key {
        let mut modifiers = modifiers & KNOWN_MODIFIERS;
        let code = match code {
            KeyCode::Char(c) if modifiers.contains(KeyModifiers::SHIFT) => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::Char(upper(c))
            }
            KeyCode::Tab if modifiers.contains(KeyModifiers::SHIFT) => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            KeyCode::BackTab => {
                modifiers.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            other => other,
        };
        Key { code, modifiers }
    }

    /// The key crossterm reported, in normal form.
    pub fn from_event(event: &KeyEvent) -> Key {
        Key::new(event.code, event.modifiers)
    }

    pub fn code(self) -> KeyCode {
        self.code
    }

    pub fn modifiers(self) -> KeyModifiers {
        self.modifiers
    }

    /// A printable character typed without Ctrl or Alt: text where text is taken.
    pub fn is_text(self) -> bool {
        matches!(self.code, KeyCode::Char(_)) && !self.has_command_modifier()
    }

    /// A key a text field uses for editing and moving (with any modifiers): where text is
    /// taken, only the focused context itself may bind it.
    pub fn is_editing(self) -> bool {
        matches!(
            self.code,
            KeyCode::Enter
                | KeyCode::Backspace
                | KeyCode::Delete
                | KeyCode::Left
                | KeyCode::Right
                | KeyCode::Up
                | KeyCode::Down
                | KeyCode::Home
                | KeyCode::End
                | KeyCode::PageUp
                | KeyCode::PageDown
        )
    }

    fn has_command_modifier(self) -> bool {
        self.modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
    }
}

/// The uppercase form of a letter with a single-character uppercase, else the character.
fn upper(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

fn has_case(c: char) -> bool {
    c.is_lowercase() || c.is_uppercase()
}

impl FromStr for Key {
    type Err = KeyError;

    /// `[modifier+]...key`: modifiers `ctrl`, `alt`, `shift`, `super` (any case); key a
    /// single character (case matters: `Y` is Shift+y) or a name (any case): `esc`,
    /// `enter`, `tab`, `backspace`, `delete`, `insert`, `home`, `end`, `pageup`,
    /// `pagedown`, `up`, `down`, `left`, `right`, `space`, `plus`, `f1`..`f24`.
    fn from_str(s: &str) -> Result<Key, KeyError> {
        let s = s.trim();
        // A trailing "+" is the plus key itself: "+", "ctrl++".
        let (mods, name) = if s == "+" {
            ("", "+")
        } else if let Some(mods) = s.strip_suffix("++") {
            (mods, "+")
        } else {
            match s.rsplit_once('+') {
                Some((mods, name)) => (mods, name),
                None => ("", s),
            }
        };
        if name.is_empty() {
            return Err(KeyError::Empty);
        }
        let mut modifiers = KeyModifiers::NONE;
        if !mods.is_empty() {
            for m in mods.split('+') {
                modifiers |= match m.trim().to_ascii_lowercase().as_str() {
                    "ctrl" | "control" => KeyModifiers::CONTROL,
                    "alt" => KeyModifiers::ALT,
                    "shift" => KeyModifiers::SHIFT,
                    "super" => KeyModifiers::SUPER,
                    _ => return Err(KeyError::UnknownModifier(m.to_string())),
                };
            }
        }
        let code = parse_code(name)?;
        if let KeyCode::Char(c) = code
            && modifiers.contains(KeyModifiers::SHIFT)
            && !has_case(c)
        {
            return Err(KeyError::ShiftedSymbol(c));
        }
        Ok(Key::new(code, modifiers))
    }
}

fn parse_code(name: &str) -> Result<KeyCode, KeyError> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Ok(KeyCode::Char(c));
    }
    let lower = name.to_ascii_lowercase();
    let code = match lower.as_str() {
        "esc" | "escape" => KeyCode::Esc,
        "enter" | "return" => KeyCode::Enter,
        "tab" => KeyCode::Tab,
        "backtab" => KeyCode::BackTab,
        "backspace" => KeyCode::Backspace,
        "delete" | "del" => KeyCode::Delete,
        "insert" | "ins" => KeyCode::Insert,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pageup" | "pgup" => KeyCode::PageUp,
        "pagedown" | "pgdn" => KeyCode::PageDown,
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "space" => KeyCode::Char(' '),
        "plus" => KeyCode::Char('+'),
        _ => match lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
            Some(n @ 1..=24) => KeyCode::F(n),
            _ => return Err(KeyError::UnknownKey(name.to_string())),
        },
    };
    Ok(code)
}

impl fmt::Display for Key {
    /// For people: `Ctrl+C`, `Esc`, `?`, `Y`, `Shift+Tab`, `PgDn`, `↑`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.modifiers;
        if m.contains(KeyModifiers::CONTROL) {
            f.write_str("Ctrl+")?;
        }
        if m.contains(KeyModifiers::ALT) {
            f.write_str("Alt+")?;
        }
        if m.contains(KeyModifiers::SUPER) {
            f.write_str("Super+")?;
        }
        if m.contains(KeyModifiers::SHIFT) {
            f.write_str("Shift+")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            // With a modifier a letter is shown as on the keycap; its case then tells Shift.
            KeyCode::Char(c) if self.has_command_modifier() && c.is_uppercase() => {
                write!(f, "Shift+{c}")
            }
            KeyCode::Char(c) if self.has_command_modifier() => write!(f, "{}", upper(c)),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "F{n}"),
            KeyCode::BackTab => f.write_str("Shift+Tab"),
            KeyCode::Esc => f.write_str("Esc"),
            KeyCode::Enter => f.write_str("Enter"),
            KeyCode::Tab => f.write_str("Tab"),
            KeyCode::Backspace => f.write_str("Backspace"),
            KeyCode::Delete => f.write_str("Del"),
            KeyCode::Insert => f.write_str("Ins"),
            KeyCode::Home => f.write_str("Home"),
            KeyCode::End => f.write_str("End"),
            KeyCode::PageUp => f.write_str("PgUp"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::Up => f.write_str("↑"),
            KeyCode::Down => f.write_str("↓"),
            KeyCode::Left => f.write_str("←"),
            KeyCode::Right => f.write_str("→"),
            other => write!(f, "{other:?}"),
        }
    }
}
