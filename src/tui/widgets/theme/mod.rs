//! Semantic theme roles (STYLE.md pattern 7): widgets ask for a *meaning*
//! ("the focused border", "an aligned word") and never name a colour.
//!
//! # Data flow
//!
//! `builtin.rs` holds the four palettes (dark, light, high-contrast and the
//! monochrome one `NO_COLOR` selects); `file.rs` reads a user theme (TOML: a
//! built-in base and roles overridden by their [`Role`] names); `catalog.rs`
//! lists what can be chosen (the built-ins, then `themes/*.toml` in the
//! config directory), picks one from `--theme` / `GLOSSA_THEME` / the config
//! file's `theme`, and cycles through them at run time. The state keeps the
//! [`Catalog`] and the [`Theme`] in use; views get the theme as a value, not a
//! global, so snapshot tests pin it.

mod builtin;
mod catalog;
mod file;
#[cfg(test)]
mod tests;

use ratatui::style::Style;

pub use builtin::Builtin;
pub use catalog::{Catalog, Entry, Origin, Start, Wanted, is_path, no_color};
pub use file::{ThemeError, ThemeProblem};

/// Every style a view may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Plain text.
    pub text: Style,
    /// Less important text: hints, notes, placeholders.
    pub muted: Style,
    /// Titles and headings.
    pub title: Style,
    /// The active tab in the tab line.
    pub tab_active: Style,
    /// The border of the focused pane.
    pub focus: Style,
    /// The border of the other panes.
    pub border: Style,
    /// The selected row of a list or picker.
    pub selection: Style,
    /// Words lit up by the alignment.
    pub align_highlight: Style,
    /// The word under a cursor in a target pane.
    pub cursor_word: Style,
    /// Source terms whose translation the glossary forces.
    pub glossary: Style,
    /// Alternating sentence shading in the sentence view.
    pub sentence: [Style; 2],
    /// Failures and refusals.
    pub error: Style,
    /// Cautions (retries, truncation).
    pub warning: Style,
    /// Success (a copy, a finished job).
    pub ok: Style,
    /// Work under way.
    pub progress: Style,
    /// Matched characters in a fuzzy search.
    pub matched: Style,
    /// A toast's box.
    pub toast: Style,
}

/// A role by the name theme files use for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Text,
    Muted,
    Title,
    TabActive,
    Focus,
    Border,
    Selection,
    AlignHighlight,
    CursorWord,
    Glossary,
    Sentence,
    SentenceAlt,
    Error,
    Warning,
    Ok,
    Progress,
    Matched,
    Toast,
}

impl Role {
    /// Every role, in the order [`Theme`] declares them.
    pub const ALL: [Role; 18] = [
        Role::Text,
        Role::Muted,
        Role::Title,
        Role::TabActive,
        Role::Focus,
        Role::Border,
        Role::Selection,
        Role::AlignHighlight,
        Role::CursorWord,
        Role::Glossary,
        Role::Sentence,
        Role::SentenceAlt,
        Role::Error,
        Role::Warning,
        Role::Ok,
        Role::Progress,
        Role::Matched,
        Role::Toast,
    ];

    /// The key a theme file uses.
    pub fn name(self) -> &'static str {
        match self {
            Role::Text => "text",
            Role::Muted => "muted",
            Role::Title => "title",
            Role::TabActive => "tab_active",
            Role::Focus => "focus",
            Role::Border => "border",
            Role::Selection => "selection",
            Role::AlignHighlight => "align_highlight",
            Role::CursorWord => "cursor_word",
            Role::Glossary => "glossary",
            Role::Sentence => "sentence",
            Role::SentenceAlt => "sentence_alt",
            Role::Error => "error",
            Role::Warning => "warning",
            Role::Ok => "ok",
            Role::Progress => "progress",
            Role::Matched => "matched",
            Role::Toast => "toast",
        }
    }

    /// The role a theme file calls `name`.
    pub fn from_name(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl Theme {
    /// ` title ` on a tab line: lit when it is the one shown (the tabs, the
    /// Manage and Transliterate tabs' views).
    pub fn tab_label(&self, title: &str, active: bool) -> ratatui::text::Span<'static> {
        let style = if active { self.tab_active } else { self.muted };
        ratatui::text::Span::styled(format!(" {title} "), style)
    }

    /// The dark theme, the default (the palette the workbench always had).
    pub fn colored() -> Self {
        Builtin::Dark.theme()
    }

    /// Only modifiers, no colour: what `NO_COLOR` selects.
    pub fn monochrome() -> Self {
        Builtin::Monochrome.theme()
    }

    /// The style of `role`.
    pub fn style(&self, role: Role) -> Style {
        let mut copy = *self;
        *copy.style_mut(role)
    }

    /// The style of `role`, to replace it.
    pub fn style_mut(&mut self, role: Role) -> &mut Style {
        match role {
            Role::Text => &mut self.text,
            Role::Muted => &mut self.muted,
            Role::Title => &mut self.title,
            Role::TabActive => &mut self.tab_active,
            Role::Focus => &mut self.focus,
            Role::Border => &mut self.border,
            Role::Selection => &mut self.selection,
            Role::AlignHighlight => &mut self.align_highlight,
            Role::CursorWord => &mut self.cursor_word,
            Role::Glossary => &mut self.glossary,
            Role::Sentence => &mut self.sentence[0],
            Role::SentenceAlt => &mut self.sentence[1],
            Role::Error => &mut self.error,
            Role::Warning => &mut self.warning,
            Role::Ok => &mut self.ok,
            Role::Progress => &mut self.progress,
            Role::Matched => &mut self.matched,
            Role::Toast => &mut self.toast,
        }
    }
}

impl Default for Theme {
    fn default() -> Self {
        Self::colored()
    }
}
