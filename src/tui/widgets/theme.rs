//! Semantic theme roles (STYLE.md pattern 7): widgets ask for a *meaning*
//! ("the focused border", "an aligned word") and never name a colour.
//!
//! Two palettes: [`Theme::colored`] and [`Theme::monochrome`], which uses only
//! modifiers (bold, dim, reversed, underlined) so every role stays
//! distinguishable without colour. [`Theme::from_env`] picks the monochrome
//! one when `NO_COLOR` is set to anything non-empty (<https://no-color.org>).
//! The theme is a value passed to the views, not a global, so snapshot tests
//! pin it.

use ratatui::style::{Color, Modifier, Style};

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

impl Theme {
    /// ` title ` on a tab line: lit when it is the one shown (the tabs, the
    /// Manage and Transliterate tabs' views).
    pub fn tab_label(&self, title: &str, active: bool) -> ratatui::text::Span<'static> {
        let style = if active { self.tab_active } else { self.muted };
        ratatui::text::Span::styled(format!(" {title} "), style)
    }

    /// `NO_COLOR` set and non-empty → monochrome, else coloured.
    pub fn from_env() -> Self {
        Self::for_no_color(std::env::var_os("NO_COLOR").as_deref())
    }

    /// The rule of [`Theme::from_env`], with the variable's value given.
    pub fn for_no_color(value: Option<&std::ffi::OsStr>) -> Self {
        match value {
            Some(v) if !v.is_empty() => Self::monochrome(),
            _ => Self::colored(),
        }
    }

    pub fn colored() -> Self {
        let plain = Style::default();
        Self {
            text: plain,
            muted: plain.fg(Color::DarkGray),
            title: plain.add_modifier(Modifier::BOLD),
            tab_active: plain
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD),
            focus: plain.fg(Color::Cyan).add_modifier(Modifier::BOLD),
            border: plain.fg(Color::DarkGray),
            selection: plain.bg(Color::Blue).fg(Color::White),
            align_highlight: plain.bg(Color::Yellow).fg(Color::Black),
            cursor_word: plain.bg(Color::Cyan).fg(Color::Black),
            glossary: plain.fg(Color::Magenta).add_modifier(Modifier::UNDERLINED),
            sentence: [plain, plain.bg(Color::Rgb(40, 40, 56))],
            error: plain.fg(Color::Red).add_modifier(Modifier::BOLD),
            warning: plain.fg(Color::Yellow),
            ok: plain.fg(Color::Green),
            progress: plain.fg(Color::Cyan),
            matched: plain.fg(Color::Yellow).add_modifier(Modifier::BOLD),
            toast: plain.fg(Color::White).bg(Color::DarkGray),
        }
    }

    pub fn monochrome() -> Self {
        let plain = Style::default();
        Self {
            text: plain,
            muted: plain.add_modifier(Modifier::DIM),
            title: plain.add_modifier(Modifier::BOLD),
            tab_active: plain.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            focus: plain.add_modifier(Modifier::BOLD),
            border: plain.add_modifier(Modifier::DIM),
            selection: plain.add_modifier(Modifier::REVERSED),
            align_highlight: plain.add_modifier(Modifier::REVERSED),
            cursor_word: plain.add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            glossary: plain.add_modifier(Modifier::UNDERLINED),
            sentence: [plain, plain.add_modifier(Modifier::ITALIC)],
            error: plain.add_modifier(Modifier::BOLD),
            warning: plain.add_modifier(Modifier::BOLD),
            ok: plain,
            progress: plain.add_modifier(Modifier::ITALIC),
            matched: plain.add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            toast: plain.add_modifier(Modifier::REVERSED),
        }
    }
}

impl Default for Theme {
    fn default() -> Self {
        Self::colored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn no_color_means_no_colours_at_all() {
        let t = Theme::for_no_color(Some(OsStr::new("1")));
        assert_eq!(t, Theme::monochrome());
        let styles = [
            t.text,
            t.muted,
            t.title,
            t.tab_active,
            t.focus,
            t.border,
            t.selection,
            t.align_highlight,
            t.cursor_word,
            t.glossary,
            t.sentence[0],
            t.sentence[1],
            t.error,
            t.warning,
            t.ok,
            t.progress,
            t.matched,
            t.toast,
        ];
        for s in styles {
            assert_eq!((s.fg, s.bg), (None, None), "{s:?}");
        }
        // The roles a reader must tell apart still differ.
        assert_ne!(t.align_highlight, t.cursor_word);
        assert_ne!(t.glossary, t.cursor_word);
        assert_ne!(t.glossary, t.text);
        assert_ne!(t.selection, t.text);
        assert_ne!(t.sentence[0], t.sentence[1]);
    }

    #[test]
    fn empty_no_color_is_ignored() {
        assert_eq!(Theme::for_no_color(Some(OsStr::new(""))), Theme::colored());
        assert_eq!(Theme::for_no_color(None), Theme::colored());
    }
}
