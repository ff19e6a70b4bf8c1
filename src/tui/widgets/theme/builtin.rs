//! The built-in palettes. `dark` is the workbench's first palette; `light`
//! keeps every role readable on a white background (dark text colours, pale
//! backgrounds, no yellow text); `high-contrast` uses the terminal's bright
//! colours and bold on black and never dims; `monochrome` uses only
//! modifiers, so every role stays distinguishable without colour (NO_COLOR).

use ratatui::style::{Color, Modifier, Style};

use super::Theme;

/// A theme that comes with Glossa, by the name `--theme` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Dark,
    Light,
    HighContrast,
    Monochrome,
}

impl Builtin {
    /// In the order the theme key cycles through them.
    pub const ALL: [Builtin; 4] = [
        Builtin::Dark,
        Builtin::Light,
        Builtin::HighContrast,
        Builtin::Monochrome,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Builtin::Dark => "dark",
            Builtin::Light => "light",
            Builtin::HighContrast => "high-contrast",
            Builtin::Monochrome => "monochrome",
        }
    }

    /// The built-in called `name` (`high_contrast` is accepted too).
    pub fn from_name(name: &str) -> Option<Builtin> {
        let name = name.trim().to_ascii_lowercase().replace('_', "-");
        Builtin::ALL.into_iter().find(|b| b.name() == name)
    }

    pub fn theme(self) -> Theme {
        match self {
            Builtin::Dark => dark(),
            Builtin::Light => light(),
            Builtin::HighContrast => high_contrast(),
            Builtin::Monochrome => monochrome(),
        }
    }
}

fn dark() -> Theme {
    let plain = Style::default();
    Theme {
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

/// Exact colours: a terminal's palette of named colours varies, and several
/// of them (yellow, light green, cyan) fade into a white background.
fn light() -> Theme {
    let plain = Style::default();
    let ink = Color::Rgb(20, 20, 20);
    let blue = Color::Rgb(0, 85, 170);
    Theme {
        text: plain,
        muted: plain.fg(Color::Rgb(105, 105, 105)),
        title: plain.add_modifier(Modifier::BOLD),
        tab_active: plain.fg(Color::White).bg(blue).add_modifier(Modifier::BOLD),
        focus: plain.fg(blue).add_modifier(Modifier::BOLD),
        border: plain.fg(Color::Rgb(150, 150, 150)),
        selection: plain.bg(Color::Rgb(200, 222, 255)).fg(ink),
        align_highlight: plain.bg(Color::Rgb(255, 225, 130)).fg(ink),
        cursor_word: plain.bg(Color::Rgb(160, 215, 235)).fg(ink),
        glossary: plain
            .fg(Color::Rgb(135, 0, 135))
            .add_modifier(Modifier::UNDERLINED),
        sentence: [plain, plain.bg(Color::Rgb(232, 236, 244))],
        error: plain.fg(Color::Rgb(180, 0, 0)).add_modifier(Modifier::BOLD),
        warning: plain.fg(Color::Rgb(150, 85, 0)),
        ok: plain.fg(Color::Rgb(0, 115, 0)),
        progress: plain.fg(blue),
        matched: plain.fg(Color::Rgb(175, 75, 0)).add_modifier(Modifier::BOLD),
        toast: plain.fg(Color::White).bg(Color::Rgb(70, 70, 70)),
    }
}

/// Bright colours and bold, each highlight a full background, nothing dim.
fn high_contrast() -> Theme {
    let plain = Style::default();
    let bold = Modifier::BOLD;
    Theme {
        text: plain.fg(Color::White),
        muted: plain.fg(Color::Gray),
        title: plain.fg(Color::White).add_modifier(bold | Modifier::UNDERLINED),
        tab_active: plain.fg(Color::Black).bg(Color::Yellow).add_modifier(bold),
        focus: plain.fg(Color::LightYellow).add_modifier(bold),
        border: plain.fg(Color::White),
        selection: plain.fg(Color::Black).bg(Color::White).add_modifier(bold),
        align_highlight: plain.fg(Color::Black).bg(Color::LightYellow).add_modifier(bold),
        cursor_word: plain.fg(Color::Black).bg(Color::LightCyan).add_modifier(bold),
        glossary: plain
            .fg(Color::LightMagenta)
            .add_modifier(bold | Modifier::UNDERLINED),
        sentence: [plain, plain.fg(Color::White).bg(Color::Blue)],
        error: plain.fg(Color::LightRed).add_modifier(bold),
        warning: plain.fg(Color::LightYellow).add_modifier(bold),
        ok: plain.fg(Color::LightGreen).add_modifier(bold),
        progress: plain.fg(Color::LightCyan).add_modifier(bold),
        matched: plain
            .fg(Color::LightYellow)
            .add_modifier(bold | Modifier::UNDERLINED),
        toast: plain.fg(Color::Black).bg(Color::White).add_modifier(bold),
    }
}

fn monochrome() -> Theme {
    let plain = Style::default();
    Theme {
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
