//! Keymap files: TOML text → a [`Table`] of bindings, merging a user file over the
//! defaults, and the checks every merged table must pass. Every failure is a
//! [`KeymapError`] naming the file, the table (context), the action and the key, so the
//! app can show it in a toast and carry on with the defaults.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use super::action::{Action, Context};
use super::key::{Key, KeyError};

/// Bindings per context and action; keys in the order the file lists them.
pub(crate) type Table = BTreeMap<Context, BTreeMap<Action, Vec<Key>>>;

/// A keymap file that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("keymap {}: {problem}", file.display())]
pub struct KeymapError {
    /// The file (the built-in defaults are called `<built-in keymap.toml>`).
    pub file: PathBuf,
    /// Boxed to keep `Result<_, KeymapError>` small.
    pub problem: Box<Problem>,
}

/// What is wrong in a keymap file. `context` and `action` are the names the file uses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("cannot read it: {0}")]
    Read(String),
    #[error("not valid TOML: {0}")]
    Toml(String),
    #[error("unknown table [{context}] (known: {known})", known = context_names())]
    UnknownContext { context: String },
    #[error("[{context}] must be a table of action = [\"key\", ...]")]
    NotATable { context: String },
    #[error("[{context}] unknown action `{action}`")]
    UnknownAction { context: String, action: String },
    #[error("[{context}] {action}: keys must be a string or a list of strings")]
    NotKeys { context: String, action: String },
    #[error("[{context}] {action}: key \"{key}\": {reason}")]
    BadKey {
        context: String,
        action: String,
        key: String,
        reason: KeyError,
    },
    #[error("[{context}] key {key} is bound to both {first} and {second}")]
    Conflict {
        context: String,
        key: String,
        first: String,
        second: String,
    },
    #[error("[{context}] {action}: key {key} is typed text there, never a command")]
    TextKey {
        context: String,
        action: String,
        key: String,
    },
    #[error("[{context}] {action}: key {key} is reserved: it always quits")]
    Reserved {
        context: String,
        action: String,
        key: String,
    },
    #[error("[global] quit must keep {key}")]
    QuitNeedsCtrlC { key: String },
}

fn context_names() -> String {
    Context::ALL
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads the bindings a file states (only those; see [`merge`]).
pub(crate) fn parse(text: &str, file: &Path) -> Result<Table, KeymapError> {
    let fail = |problem| KeymapError {
        file: file.to_path_buf(),
        problem: Box::new(problem),
    };
    let doc: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| fail(Problem::Toml(e.to_string().trim().to_string())))?;
    let mut table = Table::new();
    for (context_name, value) in &doc {
        let context = Context::from_name(context_name).ok_or_else(|| {
            fail(Problem::UnknownContext {
                context: context_name.clone(),
            })
        })?;
        let actions = value.as_table().ok_or_else(|| {
            fail(Problem::NotATable {
                context: context_name.clone(),
            })
        })?;
        let bindings = table.entry(context).or_default();
        for (action_name, value) in actions {
            let action = Action::from_name(action_name).ok_or_else(|| {
                fail(Problem::UnknownAction {
                    context: context_name.clone(),
                    action: action_name.clone(),
                })
            })?;
            let not_keys = || {
                fail(Problem::NotKeys {
                    context: context_name.clone(),
                    action: action_name.clone(),
                })
            };
            let names: Vec<&str> = match value {
                toml::Value::String(s) => vec![s.as_str()],
                toml::Value::Array(items) => items
                    .iter()
                    .map(|v| v.as_str().ok_or_else(not_keys))
                    .collect::<Result<_, _>>()?,
                _ => return Err(not_keys()),
            };
            let mut keys = Vec::new();
            for name in names {
                let key: Key = name.parse().map_err(|reason| {
                    fail(Problem::BadKey {
                        context: context_name.clone(),
                        action: action_name.clone(),
                        key: name.to_string(),
                        reason,
                    })
                })?;
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            bindings.insert(action, keys);
        }
    }
    Ok(table)
}

/// `user` over `base`: each (context, action) the user states replaces that action's
/// keys there; an empty list unbinds it.
pub(crate) fn merge(mut base: Table, user: Table) -> Table {
    for (context, actions) in user {
        let bindings = base.entry(context).or_default();
        for (action, keys) in actions {
            if keys.is_empty() {
                bindings.remove(&action);
            } else {
                bindings.insert(action, keys);
            }
        }
    }
    base.retain(|_, bindings| !bindings.is_empty());
    base
}

/// The rules every table in use obeys: one action per key and context; no printable key
/// where text is typed (it could never fire); Ctrl+C means quit and nothing else.
pub(crate) fn validate(table: &Table, file: &Path) -> Result<(), KeymapError> {
    let fail = |problem| KeymapError {
        file: file.to_path_buf(),
        problem: Box::new(problem),
    };
    for (&context, bindings) in table {
        let mut seen: HashMap<Key, Action> = HashMap::new();
        for (&action, keys) in bindings {
            for &key in keys {
                let names = || (context.name().to_string(), action.name().to_string());
                if key == Key::CTRL_C && (context, action) != (Context::Global, Action::Quit) {
                    let (context, action) = names();
                    let key = key.to_string();
                    return Err(fail(Problem::Reserved { context, action, key }));
                }
                if context.takes_text() && key.is_text() {
                    let (context, action) = names();
                    let key = key.to_string();
                    return Err(fail(Problem::TextKey { context, action, key }));
                }
                if let Some(first) = seen.insert(key, action) {
                    return Err(fail(Problem::Conflict {
                        context: context.name().to_string(),
                        key: key.to_string(),
                        first: first.name().to_string(),
                        second: action.name().to_string(),
                    }));
                }
            }
        }
    }
    let quits = table
        .get(&Context::Global)
        .and_then(|b| b.get(&Action::Quit))
        .is_some_and(|keys| keys.contains(&Key::CTRL_C));
    if !quits {
        return Err(fail(Problem::QuitNeedsCtrlC {
            key: Key::CTRL_C.to_string(),
        }));
    }
    Ok(())
}
