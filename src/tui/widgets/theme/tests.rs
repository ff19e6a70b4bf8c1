//! The built-ins, theme files and their errors, the choice's precedence, the
//! catalog and cycling, and NO_COLOR winning over all of it.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use ratatui::style::{Color, Modifier, Style};

use super::*;

fn parse(text: &str) -> Result<Theme, ThemeError> {
    file::parse(text, Path::new("/cfg/themes/mine.toml"))
}

/// The problem of a theme file that fails, with its file checked.
fn problem(text: &str) -> ThemeProblem {
    match parse(text) {
        Err(ThemeError::File { file, problem }) => {
            assert_eq!(file, Path::new("/cfg/themes/mine.toml"));
            *problem
        }
        other => panic!("{other:?}"),
    }
}

/// A fresh directory of theme files.
fn dir_with(files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("glossa-themes-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

fn names(catalog: &Catalog) -> Vec<&str> {
    catalog.entries().iter().map(|e| e.name.as_str()).collect()
}

#[test]
fn no_color_means_no_colours_at_all() {
    assert!(no_color(Some(OsStr::new("1"))));
    assert!(!no_color(Some(OsStr::new(""))));
    assert!(!no_color(None));
    let wanted = Wanted::pick(Some("light"), None);
    let mut catalog = Catalog::start(None, wanted.as_ref(), true).catalog;
    let t = catalog.theme();
    assert_eq!(t, Theme::monochrome());
    for role in Role::ALL {
        let s = t.style(role);
        assert_eq!((s.fg, s.bg), (None, None), "{role:?}");
    }
    // The roles a reader must tell apart still differ.
    assert_ne!(t.align_highlight, t.cursor_word);
    assert_ne!(t.glossary, t.cursor_word);
    assert_ne!(t.glossary, t.text);
    assert_ne!(t.selection, t.text);
    assert_ne!(t.sentence[0], t.sentence[1]);
    // Cycling cannot bring the colours back.
    assert_eq!(catalog.cycle(), None);
    assert_eq!(catalog.theme(), Theme::monochrome());
    assert_eq!(catalog.current().name, "light", "the choice is kept, not shown");
}

#[test]
fn every_builtin_tells_the_roles_apart_and_they_differ() {
    for b in Builtin::ALL {
        let t = b.theme();
        assert_ne!(t.align_highlight, t.cursor_word, "{b:?}");
        assert_ne!(t.selection, t.text, "{b:?}");
        assert_ne!(t.glossary, t.text, "{b:?}");
        assert_ne!(t.sentence[0], t.sentence[1], "{b:?}");
        assert_ne!(t.focus, t.border, "{b:?}");
        assert_ne!(t.tab_active, t.muted, "{b:?}");
        assert_eq!(Builtin::from_name(b.name()), Some(b));
    }
    let all: Vec<Theme> = Builtin::ALL.map(Builtin::theme).to_vec();
    for (i, a) in all.iter().enumerate() {
        assert!(all[i + 1..].iter().all(|b| a != b));
    }
    assert_eq!(Theme::default(), Builtin::Dark.theme());
    assert_eq!(Builtin::from_name("High_Contrast"), Some(Builtin::HighContrast));
    assert_eq!(Builtin::from_name("solarized"), None);
}

#[test]
fn light_has_no_pale_text_and_high_contrast_never_dims() {
    let pale = [
        Color::Yellow,
        Color::LightYellow,
        Color::White,
        Color::Gray,
        Color::LightCyan,
    ];
    let light = Builtin::Light.theme();
    for role in Role::ALL {
        let s = light.style(role);
        // White text only on a dark background of its own.
        if s.bg.is_none() {
            assert!(!s.fg.is_some_and(|c| pale.contains(&c)), "{role:?}: {s:?}");
        }
    }
    let hc = Builtin::HighContrast.theme();
    for role in Role::ALL {
        let s = hc.style(role);
        assert!(!s.add_modifier.contains(Modifier::DIM), "{role:?}");
        assert_ne!(s.fg, Some(Color::DarkGray), "{role:?}");
    }
}

#[test]
fn a_theme_file_overrides_roles_of_its_base() {
    let t = parse(
        r##"
base = "light"
focus = "#005fd7"
selection = { fg = "black", bg = "light-blue" }
error = { fg = 160, modifiers = ["bold", "Underlined"] }
muted = { modifiers = "dim" }
sentence_alt = { bg = "dark gray" }
"##,
    )
    .unwrap();
    let light = Builtin::Light.theme();
    let plain = Style::default();
    assert_eq!(
        t.focus,
        plain.fg(Color::Rgb(0, 0x5f, 0xd7)),
        "replaced whole: no bold"
    );
    assert_eq!(t.selection, plain.fg(Color::Black).bg(Color::LightBlue));
    let bold_under = Modifier::BOLD | Modifier::UNDERLINED;
    assert_eq!(t.error, plain.fg(Color::Indexed(160)).add_modifier(bold_under));
    assert_eq!(t.muted, plain.add_modifier(Modifier::DIM));
    assert_eq!(t.sentence, [light.sentence[0], plain.bg(Color::DarkGray)]);
    // The rest is the base's.
    assert_eq!(
        (t.text, t.toast, t.matched),
        (light.text, light.toast, light.matched)
    );
    // No base: dark.
    assert_eq!(
        parse("ok = \"green\"").unwrap().title,
        Builtin::Dark.theme().title
    );
    assert_eq!(parse("").unwrap(), Builtin::Dark.theme());
}

#[test]
fn a_bad_theme_file_names_the_key() {
    let p = problem("focsu = \"red\"");
    assert_eq!(p, ThemeProblem::UnknownRole { key: "focsu".into() });
    assert!(
        p.to_string()
            .contains("unknown role `focsu` (roles: text, muted,"),
        "{p}"
    );

    let p = problem("[focus]\nfg = \"reddish\"");
    assert_eq!(
        p.to_string(),
        "`focus.fg` = \"reddish\": not a colour (a name such as red or dark-gray, #rrggbb, or 0 to 255)"
    );
    assert!(
        matches!(problem("focus = { bg = \"#12345\" }"), ThemeProblem::BadColour { key, .. } if key == "focus.bg")
    );
    assert!(matches!(problem("focus = 256"), ThemeProblem::BadColour { key, .. } if key == "focus"));

    let p = problem("error = { modifiers = [\"bold\", \"blink\"] }");
    assert_eq!(
        p.to_string(),
        "`error.modifiers`: unknown modifier \"blink\" (bold, dim, italic, underlined, reversed)"
    );
    let p = problem("error = { colour = \"red\" }");
    assert_eq!(
        p,
        ThemeProblem::UnknownField {
            key: "error.colour".into()
        }
    );
    assert_eq!(
        problem("error = true"),
        ThemeProblem::NotAStyle { key: "error".into() }
    );
    let p = problem("base = \"solarized\"");
    assert_eq!(
        p.to_string(),
        "`base` = \"solarized\": not a built-in theme (dark, light, high-contrast, monochrome)"
    );
    let p = problem("base = \"light\"\nfocus = ");
    assert!(
        matches!(&p, ThemeProblem::Toml { at, .. } if at == "2:9"),
        "{p:?}"
    );

    // The whole message, as the notice shows it: file first.
    let e = parse("focsu = 1").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("theme /cfg/themes/mine.toml: unknown role `focsu`"),
        "{e}"
    );
}

#[test]
fn the_command_line_wins_over_the_config_file() {
    let w = Wanted::pick(Some("light"), Some("high-contrast")).unwrap();
    assert_eq!((w.value.as_str(), w.from), ("light", "--theme/GLOSSA_THEME"));
    let w = Wanted::pick(None, Some("high-contrast")).unwrap();
    assert_eq!(
        (w.value.as_str(), w.from),
        ("high-contrast", "the config file's theme")
    );
    let w = Wanted::pick(Some("  "), Some("light")).unwrap();
    assert_eq!(w.value, "light", "a blank flag is no choice");
    assert_eq!(Wanted::pick(None, Some("")), None);
    // Nothing asked: dark.
    let start = Catalog::start(None, None, false);
    assert_eq!(start.catalog.theme(), Builtin::Dark.theme());
    assert!(start.refused.is_none() && start.left_out.is_empty());
}

#[test]
fn user_themes_join_the_catalog_by_file_name() {
    let dir = dir_with(&[
        ("paper.toml", "base = \"light\"\nfocus = \"blue\""),
        ("broken.toml", "focus = { fg = \"nope\" }"),
        ("light.toml", "focus = \"red\""),
        ("notes.txt", "not a theme"),
    ]);
    let wanted = Wanted::pick(None, Some("paper"));
    let start = Catalog::start(Some(&dir), wanted.as_ref(), false);
    assert_eq!(
        names(&start.catalog),
        ["dark", "light", "high-contrast", "monochrome", "paper"]
    );
    assert_eq!(start.catalog.current().name, "paper");
    assert_eq!(start.catalog.theme().focus, Style::default().fg(Color::Blue));
    assert_eq!(
        start.catalog.current().origin,
        Origin::File(dir.join("paper.toml"))
    );
    assert!(start.refused.is_none());
    let left: Vec<String> = start.left_out.iter().map(ToString::to_string).collect();
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(left[0].contains("broken.toml: `focus.fg` = \"nope\""), "{left:?}");
    assert!(
        left[1].contains("light.toml: the name light is a built-in theme's"),
        "{left:?}"
    );

    // Asked for by name, a broken file's own error says why it is not used.
    let wanted = Wanted::pick(Some("broken"), None);
    let start = Catalog::start(Some(&dir), wanted.as_ref(), false);
    assert_eq!(start.catalog.theme(), Builtin::Dark.theme());
    let refused = start.refused.unwrap().to_string();
    assert!(refused.contains("broken.toml: `focus.fg`"), "{refused}");
    assert_eq!(start.left_out.len(), 1, "said once");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_name_lists_the_themes_and_dark_stays() {
    let wanted = Wanted::pick(Some("solarised"), None);
    let start = Catalog::start(None, wanted.as_ref(), false);
    assert_eq!(start.catalog.theme(), Builtin::Dark.theme());
    assert_eq!(
        start.refused.unwrap().to_string(),
        "no theme \"solarised\" (from --theme/GLOSSA_THEME); themes: dark, light, high-contrast, monochrome"
    );
}

#[test]
fn a_path_is_read_and_added() {
    let dir = dir_with(&[
        ("mine.toml", "base = \"high-contrast\"\nok = \"green\""),
        ("dark.toml", ""),
    ]);
    let path = dir.join("mine.toml").display().to_string();
    let start = Catalog::start(None, Wanted::pick(Some(&path), None).as_ref(), false);
    assert_eq!(start.catalog.current().name, "mine");
    assert_eq!(start.catalog.theme().ok, Style::default().fg(Color::Green));
    assert_eq!(start.catalog.theme().error, Builtin::HighContrast.theme().error);
    // A file whose stem is taken keeps its path as its name.
    let path = dir.join("dark.toml").display().to_string();
    let start = Catalog::start(None, Wanted::pick(Some(&path), None).as_ref(), false);
    assert_eq!(start.catalog.current().name, path);
    // A path that cannot be read says so, naming it.
    let missing = dir.join("gone.toml").display().to_string();
    let start = Catalog::start(None, Wanted::pick(None, Some(&missing)).as_ref(), false);
    let refused = start.refused.unwrap().to_string();
    assert!(
        refused.starts_with(&format!("theme {missing}: cannot read it")),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn cycling_goes_through_the_builtins_then_the_user_themes_and_wraps() {
    let dir = dir_with(&[
        ("zen.toml", "base = \"dark\"\ntext = \"gray\""),
        ("amber.toml", ""),
    ]);
    let wanted = Wanted::pick(Some("monochrome"), None);
    let mut catalog = Catalog::start(Some(&dir), wanted.as_ref(), false).catalog;
    let mut seen = vec![catalog.current().name.clone()];
    for _ in 0..6 {
        seen.push(catalog.cycle().unwrap().name.clone());
    }
    assert_eq!(
        seen,
        [
            "monochrome",
            "amber",
            "zen",
            "dark",
            "light",
            "high-contrast",
            "monochrome"
        ]
    );
    assert_eq!(catalog.theme(), Builtin::Monochrome.theme());
    let _ = std::fs::remove_dir_all(dir);
}
