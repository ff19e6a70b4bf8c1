//! A user theme file: TOML that starts from a built-in and overrides roles by
//! their names.
//!
//! ```toml
//! base = "light"                      # dark (default), light, high-contrast, monochrome
//! focus = "#005fd7"                   # a colour alone: the role's foreground
//! selection = { fg = "black", bg = "#cce0ff" }
//! error = { fg = "red", modifiers = ["bold", "underlined"] }
//! muted = { modifiers = "dim" }       # no colour: the terminal's own
//! ```
//!
//! A role written here replaces that role's style whole; the others stay the
//! base's. Colours are names (`red`, `light-blue`, `dark-gray`, `reset`, …),
//! `#rrggbb`, or a palette index 0 to 255. Every failure is a [`ThemeError`]
//! naming the file and the key, so the workbench can say it and carry on.

use std::path::{Path, PathBuf};

use ratatui::style::{Color, Modifier, Style};

use super::{Builtin, Role, Theme};

/// A theme that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    #[error("theme {}: {problem}", file.display())]
    File {
        file: PathBuf,
        /// Boxed to keep `Result<_, ThemeError>` small.
        problem: Box<ThemeProblem>,
    },
    #[error("no theme {name:?} (from {from}); themes: {}", known.join(", "))]
    Unknown {
        name: String,
        /// Where the name came from: `--theme/GLOSSA_THEME` or the config file.
        from: String,
        known: Vec<String>,
    },
}

/// What is wrong in a theme file; `key` is the key as the file writes it
/// (`focus`, `focus.fg`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThemeProblem {
    #[error("cannot read it: {0}")]
    Read(String),
    #[error("not valid TOML at {at}: {message}")]
    Toml { at: String, message: String },
    #[error("unknown role `{key}` (roles: {})", role_names())]
    UnknownRole { key: String },
    #[error("`{key}` must be a colour or a table {{ fg, bg, modifiers }}")]
    NotAStyle { key: String },
    #[error("`{key}`: unknown key (a role takes fg, bg, modifiers)")]
    UnknownField { key: String },
    #[error("`{key}` = {value}: not a colour (a name such as red or dark-gray, #rrggbb, or 0 to 255)")]
    BadColour { key: String, value: String },
    #[error("`{key}`: unknown modifier {value} (bold, dim, italic, underlined, reversed)")]
    BadModifier { key: String, value: String },
    #[error("`base` = {value}: not a built-in theme ({})", builtin_names())]
    BadBase { value: String },
    #[error("the name {name} is a built-in theme's; rename the file")]
    NameTaken { name: String },
}

fn role_names() -> String {
    Role::ALL.map(Role::name).join(", ")
}

fn builtin_names() -> String {
    Builtin::ALL.map(Builtin::name).join(", ")
}

const MODIFIERS: [(&str, Modifier); 5] = [
    ("bold", Modifier::BOLD),
    ("dim", Modifier::DIM),
    ("italic", Modifier::ITALIC),
    ("underlined", Modifier::UNDERLINED),
    ("reversed", Modifier::REVERSED),
];

/// The theme `text` (the contents of `file`) describes.
pub(super) fn parse(text: &str, file: &Path) -> Result<Theme, ThemeError> {
    let fail = |problem| ThemeError::File {
        file: file.to_path_buf(),
        problem: Box::new(problem),
    };
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        fail(ThemeProblem::Toml {
            at: crate::store::config::line_col(text, e.span()),
            message: e.message().trim().to_owned(),
        })
    })?;
    let mut theme = match doc.get("base") {
        None => Builtin::Dark.theme(),
        Some(value) => value
            .as_str()
            .and_then(Builtin::from_name)
            .ok_or_else(|| {
                fail(ThemeProblem::BadBase {
                    value: value.to_string(),
                })
            })?
            .theme(),
    };
    for (key, value) in doc.iter().filter(|(k, _)| k.as_str() != "base") {
        let role =
            Role::from_name(key).ok_or_else(|| fail(ThemeProblem::UnknownRole { key: key.clone() }))?;
        *theme.style_mut(role) = style(key, value).map_err(fail)?;
    }
    Ok(theme)
}

/// A role's value: a colour (its foreground) or `{ fg, bg, modifiers }`.
fn style(role: &str, value: &toml::Value) -> Result<Style, ThemeProblem> {
    let table = match value {
        toml::Value::Table(t) => t,
        toml::Value::String(_) | toml::Value::Integer(_) => {
            return Ok(Style::default().fg(colour(role, value)?));
        }
        _ => return Err(ThemeProblem::NotAStyle { key: role.to_owned() }),
    };
    let mut style = Style::default();
    for (field, value) in table {
        let key = format!("{role}.{field}");
        match field.as_str() {
            "fg" => style = style.fg(colour(&key, value)?),
            "bg" => style = style.bg(colour(&key, value)?),
            "modifiers" => style = style.add_modifier(modifiers(&key, value)?),
            _ => return Err(ThemeProblem::UnknownField { key }),
        }
    }
    Ok(style)
}

fn colour(key: &str, value: &toml::Value) -> Result<Color, ThemeProblem> {
    let bad = || ThemeProblem::BadColour {
        key: key.to_owned(),
        value: value.to_string(),
    };
    match value {
        toml::Value::String(s) => s.parse().map_err(|_| bad()),
        toml::Value::Integer(i) => u8::try_from(*i).map(Color::Indexed).map_err(|_| bad()),
        _ => Err(bad()),
    }
}

/// One modifier's name, or a list of them.
fn modifiers(key: &str, value: &toml::Value) -> Result<Modifier, ThemeProblem> {
    let one = |v: &toml::Value| {
        let name = v.as_str().map(|s| s.trim().to_ascii_lowercase());
        MODIFIERS
            .iter()
            .find(|(n, _)| name.as_deref() == Some(*n))
            .map(|&(_, m)| m)
            .ok_or_else(|| ThemeProblem::BadModifier {
                key: key.to_owned(),
                value: v.to_string(),
            })
    };
    match value {
        toml::Value::Array(items) => items
            .iter()
            .try_fold(Modifier::empty(), |all, v| Ok(all | one(v)?)),
        other => one(other),
    }
}
