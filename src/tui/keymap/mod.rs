//! The keymap: the one table that decides what a key means, what the footer hints say and
//! what the `?` help overlay lists, so the three cannot drift apart (STYLE.md patterns 4
//! and 6).
//!
//! # Data flow
//!
//! `keymap.toml` (embedded) → `file::parse` → merged with the user's file
//! (`$XDG_CONFIG_HOME/glossa/keymap.toml`, [`Keymap::default_path`]) per (context, action)
//! → `file::validate` → [`Keymap`]. The app asks [`Keymap::action`] for each key event and
//! turns the [`Action`] into an update; it draws [`Keymap::hints`] in the footer and
//! [`Keymap::help`] in the help overlay. A user file that fails to load yields a
//! [`KeymapError`] (file, table, action, key) and the app keeps the defaults.
//!
//! # File format
//!
//! ```toml
//! [global]                     # a context: global, translate, editor, targets, picker,
//! quit = ["ctrl+c", "q"]       #   popup, glossary, history, dictionary, transliterate, manage,
//!                              #   palette
//! help = "?"                   # one key may be written without the list
//! [targets]
//! copy_target = ["y"]
//! page_down = []               # an empty list unbinds
//! ```
//!
//! Keys are `[modifier+]...key` (see [`Key`]'s `FromStr`): `"ctrl+c"`, `"esc"`, `"?"`, `"Y"`
//! (Shift+y), `"shift+tab"`, `"alt+enter"`, `"f1"`, `"pageup"`, `"space"`, `"up"`.
//!
//! # Routing
//!
//! The app passes the active contexts innermost first, e.g. `[Popup, Targets, Translate]`
//! or `[Editor, Translate]`; [`Context::Global`] is always consulted last. The first table
//! that binds the key wins, so an inner table may shadow an outer one, except Ctrl+C,
//! which is reserved for quit. When the innermost context takes text (the editor, the
//! search line of a picker or of the History view), printable keys without Ctrl/Alt are
//! text and never commands (no table may bind them there), and editing keys (Enter,
//! Backspace, Delete, arrows, Home, End, PageUp/PageDown) are commands only if that context
//! binds them itself: so in the editor `q`, `?` and `1`..`4` are typed while Ctrl+C quits and Esc leaves the editor.
//! Hints apply the very same rule ([`Keymap::hints`] shows only keys that would work).

mod action;
mod file;
mod key;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use crossterm::event::{KeyEvent, KeyEventKind};

pub use action::{Action, Context};
pub use file::{KeymapError, Problem};
pub use key::{Key, KeyError};

use file::Table;

/// The default keymap, compiled in.
pub const DEFAULT_TOML: &str = include_str!("keymap.toml");

/// What the footer and the help overlay show for one action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The keys that do it, for display: `"i/Enter"`.
    pub keys: String,
    pub action: Action,
    pub description: &'static str,
    /// The table that binds it.
    pub context: Context,
    /// The first of its keys (what the command palette presses), if any.
    pub key: Option<Key>,
}

/// Key bindings per context, checked (see `file::validate`).
#[derive(Clone, Debug)]
pub struct Keymap {
    table: Table,
    index: HashMap<(Context, Key), Action>,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap::defaults()
    }
}

impl Keymap {
    /// The built-in keymap.
    pub fn defaults() -> Keymap {
        match default_table() {
            Ok(table) => Keymap::from_table(table),
            // Unreachable while the tests pass; still, never panic: keep the way out.
            Err(e) => {
                tracing::error!("{e}");
                let quit = BTreeMap::from([(Action::Quit, vec![Key::CTRL_C])]);
                Keymap::from_table(Table::from([(Context::Global, quit)]))
            }
        }
    }

    /// The defaults with the user's file merged over them. `None`, or a file that does not
    /// exist, gives the defaults.
    pub fn load(user: Option<&Path>) -> Result<Keymap, KeymapError> {
        let Some(path) = user else {
            return Ok(Keymap::defaults());
        };
        match std::fs::read_to_string(path) {
            Ok(text) => Keymap::from_toml(&text, path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Keymap::defaults()),
            Err(e) => Err(KeymapError {
                file: path.to_path_buf(),
                problem: Box::new(Problem::Read(e.to_string())),
            }),
        }
    }

    /// [`Keymap::load`], falling back to the defaults: the keymap to use and the error to
    /// show, if any.
    pub fn load_or_defaults(user: Option<&Path>) -> (Keymap, Option<KeymapError>) {
        match Keymap::load(user) {
            Ok(keymap) => (keymap, None),
            Err(e) => (Keymap::defaults(), Some(e)),
        }
    }

    /// The defaults with `text` (the contents of `file`) merged over them.
    pub fn from_toml(text: &str, file: &Path) -> Result<Keymap, KeymapError> {
        let base = default_table()?;
        let table = file::merge(base, file::parse(text, file)?);
        file::validate(&table, file)?;
        Ok(Keymap::from_table(table))
    }

    /// Where the user's keymap lives: `$XDG_CONFIG_HOME/glossa/keymap.toml` (the platform's
    /// config directory elsewhere).
    pub fn default_path() -> Option<PathBuf> {
        dirs::config_dir().map(|d| d.join("glossa").join("keymap.toml"))
    }

    fn from_table(table: Table) -> Keymap {
        let index = table
            .iter()
            .flat_map(|(&context, bindings)| {
                bindings
                    .iter()
                    .flat_map(move |(&action, keys)| keys.iter().map(move |&key| ((context, key), action)))
            })
            .collect();
        Keymap { table, index }
    }

    /// What `event` means with `ctx_stack` active (innermost first), or `None`: not bound,
    /// a key release, or text for the focused editor or search line.
    pub fn action(&self, ctx_stack: &[Context], event: &KeyEvent) -> Option<Action> {
        if event.kind == KeyEventKind::Release {
            return None;
        }
        let key = Key::from_event(event);
        let focus = focus(ctx_stack);
        route(ctx_stack)
            .filter(|&context| reaches(focus, context, key))
            .find_map(|context| self.index.get(&(context, key)).copied())
    }

    /// The footer: every action a key reaches with `ctx_stack` active, with the keys that
    /// reach it, most important first ([`Action::ALL`] order).
    pub fn hints(&self, ctx_stack: &[Context]) -> Vec<Hint> {
        self.reached(ctx_stack)
            .into_iter()
            .map(|(action, (context, keys))| hint(action, &keys, context))
            .collect()
    }

    /// Each action some key reaches with `ctx_stack` active, with those keys: the same
    /// walk as [`Keymap::action`], table by table.
    fn reached(&self, ctx_stack: &[Context]) -> BTreeMap<Action, (Context, Vec<Key>)> {
        let focus = focus(ctx_stack);
        let mut claimed = HashSet::new();
        let mut reached: BTreeMap<Action, (Context, Vec<Key>)> = BTreeMap::new();
        for context in route(ctx_stack) {
            for (&action, keys) in self.table.get(&context).into_iter().flatten() {
                for &key in keys {
                    // An inner context that binds the key hides the outer binding.
                    if reaches(focus, context, key) && claimed.insert(key) {
                        reached.entry(action).or_insert((context, Vec::new())).1.push(key);
                    }
                }
            }
        }
        reached
    }

    /// The help overlay: each context that binds anything, with all its bindings.
    pub fn help(&self) -> Vec<(Context, Vec<Hint>)> {
        Context::ALL
            .iter()
            .filter_map(|context| {
                let bindings = self.table.get(context)?;
                let hints = bindings
                    .iter()
                    .map(|(&a, keys)| hint(a, keys, *context))
                    .collect();
                Some((*context, hints))
            })
            .collect()
    }
}

fn default_table() -> Result<Table, KeymapError> {
    let file = Path::new("<built-in keymap.toml>");
    let table = file::parse(DEFAULT_TOML, file)?;
    file::validate(&table, file)?;
    Ok(table)
}

fn hint(action: Action, keys: &[Key], context: Context) -> Hint {
    Hint {
        keys: keys.iter().map(|k| k.to_string()).collect::<Vec<_>>().join("/"),
        action,
        description: action.description_in(context),
        context,
        key: keys.first().copied(),
    }
}

/// The context with the focus: the innermost one that is not a layer over
/// it (the progress bar's `translating` takes Esc, the editor keeps the text).
fn focus(ctx_stack: &[Context]) -> Context {
    let mut pane = ctx_stack.iter().copied().filter(|c| !c.is_layer());
    pane.next().unwrap_or(Context::Global)
}

/// The contexts to consult, innermost first, ending with [`Context::Global`].
fn route(ctx_stack: &[Context]) -> impl Iterator<Item = Context> + '_ {
    let global = (!ctx_stack.contains(&Context::Global)).then_some(Context::Global);
    ctx_stack.iter().copied().chain(global)
}

/// Whether `context`'s binding of `key` can fire while `focus` has the focus: where text is
/// typed, printable keys are text and editing keys belong to the focused context.
fn reaches(focus: Context, context: Context, key: Key) -> bool {
    if !focus.takes_text() {
        return true;
    }
    !key.is_text() && (context == focus || !key.is_editing())
}
