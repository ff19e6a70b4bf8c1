//! Pure tests of the picker: items, filtering and ranking, keys and outcomes.
//! Keys go through the default keymap, as in the app.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;

use super::*;
use crate::api::languages::{Dir, LanguagesResponse, TranslationLanguage};
use crate::tui::keymap::{Context, Keymap};

/// A hand-built translation scope: names as the Translator service gives
/// them, with RTL, CJK and combining scripts.
pub(super) fn sample() -> LanguagesResponse {
    let rows = [
        ("af", "Afrikaans", "Afrikaans", Dir::Ltr),
        ("ar", "Arabic", "العربية", Dir::Rtl),
        ("bg", "Bulgarian", "Български", Dir::Ltr),
        ("ca", "Catalan", "Català", Dir::Ltr),
        ("cs", "Czech", "Čeština", Dir::Ltr),
        ("da", "Danish", "Dansk", Dir::Ltr),
        ("de", "German", "Deutsch", Dir::Ltr),
        ("el", "Greek", "Ελληνικά", Dir::Ltr),
        ("en", "English", "English", Dir::Ltr),
        ("es", "Spanish", "Español", Dir::Ltr),
        ("et", "Estonian", "Eesti", Dir::Ltr),
        ("fa", "Persian", "فارسی", Dir::Rtl),
        ("fi", "Finnish", "Suomi", Dir::Ltr),
        ("fil", "Filipino", "Filipino", Dir::Ltr),
        ("fr", "French", "Français", Dir::Ltr),
        ("he", "Hebrew", "עברית", Dir::Rtl),
        ("hi", "Hindi", "हिन्दी", Dir::Ltr),
        ("hu", "Hungarian", "Magyar", Dir::Ltr),
        ("id", "Indonesian", "Indonesia", Dir::Ltr),
        ("it", "Italian", "Italiano", Dir::Ltr),
        ("ja", "Japanese", "日本語", Dir::Ltr),
        ("ko", "Korean", "한국어", Dir::Ltr),
        ("lzh", "Chinese (Literary)", "中文 (文言文)", Dir::Ltr),
        ("nb", "Norwegian", "Norsk Bokmål", Dir::Ltr),
        ("nl", "Dutch", "Nederlands", Dir::Ltr),
        ("pl", "Polish", "Polski", Dir::Ltr),
        ("pt", "Portuguese (Brazil)", "Português (Brasil)", Dir::Ltr),
        ("pt-PT", "Portuguese (Portugal)", "Português (Portugal)", Dir::Ltr),
        ("ru", "Russian", "Русский", Dir::Ltr),
        ("sv", "Swedish", "Svenska", Dir::Ltr),
        ("th", "Thai", "ไทย", Dir::Ltr),
        ("tr", "Turkish", "Türkçe", Dir::Ltr),
        ("uk", "Ukrainian", "Українська", Dir::Ltr),
        ("ur", "Urdu", "اردو", Dir::Rtl),
        ("vi", "Vietnamese", "Tiếng Việt", Dir::Ltr),
        ("yue", "Cantonese (Traditional)", "粵語 (繁體)", Dir::Ltr),
        ("zh-Hans", "Chinese Simplified", "中文 (简体)", Dir::Ltr),
        ("zh-Hant", "Chinese Traditional", "繁體中文 (繁體)", Dir::Ltr),
    ];
    let translation = rows
        .into_iter()
        .map(|(code, name, native_name, dir)| {
            let language = TranslationLanguage {
                name: name.into(),
                native_name: native_name.into(),
                dir,
            };
            (code.to_owned(), language)
        })
        .collect();
    LanguagesResponse {
        translation: Some(translation),
        ..LanguagesResponse::default()
    }
}

/// What the local engine's `glossa languages --json` returned (all scopes).
pub(super) fn local_engine() -> LanguagesResponse {
    serde_json::from_str(include_str!("languages.json")).expect("the fixture parses")
}

pub(super) fn codes(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| (*c).to_owned()).collect()
}

pub(super) fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

/// Presses `event` as the app would: the keymap first, with the picker on top.
pub(super) fn press(p: &mut Picker, event: KeyEvent) -> Outcome {
    let action = Keymap::defaults().action(&[Context::Picker, Context::Translate], &event);
    p.handle(action, &event)
}

pub(super) fn tap(p: &mut Picker, code: KeyCode) -> Outcome {
    press(p, key(code, KeyModifiers::NONE))
}

pub(super) fn type_text(p: &mut Picker, text: &str) {
    for c in text.chars() {
        assert_eq!(
            press(p, key(KeyCode::Char(c), KeyModifiers::NONE)),
            Outcome::Pending
        );
    }
}

pub(super) fn targets(selected: &[&str]) -> Picker {
    Picker::new(
        "Targets",
        items_from_translation(&sample()),
        Mode::Multi,
        &codes(selected),
    )
}

fn source(current: &[&str]) -> Picker {
    let items = items_from_translation(&sample());
    Picker::new("Source", items, Mode::Single { auto: true }, &codes(current))
}

pub(super) fn top(p: &mut Picker, query: &str, n: usize) -> Vec<String> {
    assert_eq!(
        press(p, key(KeyCode::Char('u'), KeyModifiers::CONTROL)),
        Outcome::Pending
    );
    type_text(p, query);
    p.codes().into_iter().take(n).map(str::to_owned).collect()
}

#[test]
fn items_are_sorted_by_name_with_direction() {
    let items = items_from_translation(&sample());
    let names: Vec<&str> = items.iter().map(|i| i.name.as_str()).collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
    let rtl: Vec<&str> = items.iter().filter(|i| i.rtl).map(|i| i.code.as_str()).collect();
    assert_eq!(rtl, ["ar", "he", "fa", "ur"]);
    assert!(items.iter().all(|i| i.detail.is_empty()));
}

#[test]
fn items_from_the_local_engines_list() {
    let langs = local_engine();
    let translation = items_from_translation(&langs);
    assert_eq!(translation.len(), 10);
    assert_eq!(translation[0].code, "bg");
    let translit = items_from_transliteration(&langs);
    let ar = translit
        .iter()
        .find(|i| i.code == "ar")
        .expect("Arabic transliterates");
    assert!(ar.rtl);
    assert_eq!(ar.detail, "Arab→Latn Latn→Arab");
    let dictionary = items_from_dictionary(&langs);
    let en = dictionary
        .iter()
        .find(|i| i.code == "en")
        .expect("English has a dictionary");
    assert_eq!(en.detail, "→ 8 languages");
    let from_en = dictionary_targets(&langs, "EN");
    assert_eq!(from_en.len(), 8);
    assert!(dictionary_targets(&langs, "xx").is_empty());
    assert!(items_from_translation(&LanguagesResponse::default()).is_empty());
}

#[test]
fn ranking_puts_the_expected_language_first() {
    let mut p = targets(&[]);
    assert_eq!(top(&mut p, "ja", 1), ["ja"]);
    let mut chinese = top(&mut p, "chin", 3);
    chinese.sort();
    assert_eq!(chinese, ["lzh", "zh-Hans", "zh-Hant"]);
    assert_eq!(top(&mut p, "日本", 1), ["ja"]);
    assert_eq!(top(&mut p, "suomi", 1), ["fi"]);
    // An exact code beats a prefix: Finnish before Filipino.
    assert_eq!(top(&mut p, "fi", 2), ["fi", "fil"]);
    assert_eq!(top(&mut p, "ZH-HANT", 1), ["zh-Hant"]);
    // No accent in the query matches the accented native name.
    assert_eq!(top(&mut p, "francais", 1), ["fr"]);
    assert_eq!(top(&mut p, "עבר", 1), ["he"]);
    assert_eq!(top(&mut p, "chinese trad", 1), ["zh-Hant"]);
    assert!(top(&mut p, "xyzzy", 1).is_empty());
}

#[test]
fn ranking_on_the_local_engines_list() {
    let items = items_from_translation(&local_engine());
    let mut p = Picker::new("Targets", items, Mode::Multi, &[]);
    assert_eq!(top(&mut p, "ja", 1), ["ja"]);
    assert_eq!(top(&mut p, "chin", 1), ["zh-Hans"]);
    assert_eq!(top(&mut p, "日本", 1), ["ja"]);
    assert_eq!(top(&mut p, "suomi", 1), ["fi"]);
    assert_eq!(top(&mut p, "bokmal", 1), ["nb"]);
}

#[test]
fn matches_keep_the_indices_to_light_up() {
    let mut p = targets(&[]);
    type_text(&mut p, "ja");
    let row = &p.rows[0];
    assert_eq!(row.lit[0], [0, 1]);
    assert_eq!(row.lit[1], [0, 1]);
    assert!(row.lit[2].is_empty());
    assert_eq!(top(&mut p, "日本", 1), ["ja"]);
    assert_eq!(p.rows[0].lit, [vec![], vec![], vec![0, 1]]);
    // A blank query lists everything, in order, lit nowhere.
    assert_eq!(top(&mut p, "  ", 1), ["af"]);
    assert_eq!(p.rows.len(), p.items.len());
    assert!(p.rows.iter().all(|r| r.lit.iter().all(Vec::is_empty)));
}

#[test]
fn single_with_auto_opens_on_the_current_choice() {
    let mut p = source(&[]);
    assert_eq!(p.highlighted(), Some("auto"));
    assert_eq!(p.codes()[0], "auto");
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(vec![]));

    let mut p = source(&["fi"]);
    assert_eq!(p.highlighted(), Some("fi"));
    // Tab toggles nothing in a single choice.
    tap(&mut p, KeyCode::Tab);
    assert_eq!(p.selected(), ["fi"]);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["fi"])));

    let mut p = source(&["fi"]);
    type_text(&mut p, "ja");
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["ja"])));
    assert_eq!(top(&mut p, "detect", 1), ["auto"]);
    top(&mut p, "qqq", 1);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Pending);
}

#[test]
fn single_without_auto_has_no_auto_row() {
    let items = items_from_translation(&sample());
    let mut p = Picker::new("From", items, Mode::Single { auto: false }, &[]);
    assert!(!p.codes().contains(&"auto"));
    assert_eq!(p.highlighted(), Some("af"));
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["af"])));
}

#[test]
fn the_search_line_edits_text() {
    let mut p = targets(&[]);
    // Keys that are commands elsewhere are text here.
    type_text(&mut p, "q?1 Ab");
    assert_eq!(p.query(), "q?1 Ab");
    tap(&mut p, KeyCode::Backspace);
    assert_eq!(p.query(), "q?1 A");
    tap(&mut p, KeyCode::Home);
    tap(&mut p, KeyCode::Delete);
    tap(&mut p, KeyCode::Right);
    type_text(&mut p, "日");
    assert_eq!(p.query(), "?日1 A");
    tap(&mut p, KeyCode::End);
    press(&mut p, key(KeyCode::Char('w'), KeyModifiers::CONTROL));
    assert_eq!(p.query(), "?日1 ");
    press(&mut p, key(KeyCode::Char('u'), KeyModifiers::CONTROL));
    assert_eq!(p.query(), "");
    // Alt+key and key releases do nothing.
    press(&mut p, key(KeyCode::Char('x'), KeyModifiers::ALT));
    let mut release = key(KeyCode::Char('x'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    assert_eq!(p.handle(None, &release), Outcome::Pending);
    assert_eq!(p.query(), "");
    // Ctrl+C stays the app's: the picker ignores it.
    let quit = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(press(&mut p, quit), Outcome::Pending);
    assert_eq!(p.query(), "");
}

#[test]
fn moving_scrolls_to_keep_the_highlight_in_view() {
    let mut p = targets(&[]);
    p.resize(Rect::new(0, 0, 80, 24));
    let page = p.page;
    assert_eq!(page, 18);
    let n = p.codes().len();
    for _ in 0..page {
        tap(&mut p, KeyCode::Down);
    }
    assert_eq!(p.highlighted, page);
    assert_eq!(p.offset, 1);
    // Up within the page does not scroll.
    tap(&mut p, KeyCode::Up);
    assert_eq!((p.highlighted, p.offset), (page - 1, 1));
    tap(&mut p, KeyCode::PageDown);
    tap(&mut p, KeyCode::PageDown);
    assert_eq!(p.highlighted, n - 1);
    assert_eq!(p.offset, n - page);
    tap(&mut p, KeyCode::Down);
    assert_eq!(p.highlighted, n - 1);
    press(&mut p, key(KeyCode::Char('p'), KeyModifiers::CONTROL));
    assert_eq!(p.highlighted, n - 2);
    tap(&mut p, KeyCode::PageUp);
    tap(&mut p, KeyCode::PageUp);
    assert_eq!((p.highlighted, p.offset), (0, 0));
    press(&mut p, key(KeyCode::Char('n'), KeyModifiers::CONTROL));
    assert_eq!(p.highlighted, 1);
    // Typing starts again from the best match.
    type_text(&mut p, "e");
    assert_eq!((p.highlighted, p.offset), (0, 0));
}

#[test]
fn the_keymap_gives_tab_to_the_picker() {
    let keymap = Keymap::defaults();
    let tab = key(KeyCode::Tab, KeyModifiers::NONE);
    let picker = [Context::Picker, Context::Translate];
    assert_eq!(keymap.action(&picker, &tab), Some(Action::Toggle));
    assert_eq!(
        keymap.action(&[Context::Translate], &tab),
        Some(Action::FocusNext)
    );
    let hints = keymap.hints(&picker);
    assert!(
        hints
            .iter()
            .any(|h| h.action == Action::Toggle && h.keys == "Tab")
    );
    assert!(Picker::handles(Action::Toggle) && !Picker::handles(Action::Quit));
}

#[test]
fn a_taller_window_shows_more_rows_not_blank_ones() {
    let mut p = targets(&[]);
    p.resize(Rect::new(0, 0, 80, 24));
    let n = p.codes().len();
    for _ in 0..3 {
        tap(&mut p, KeyCode::PageDown);
    }
    assert_eq!((p.highlighted, p.offset), (n - 1, n - 18));
    p.resize(Rect::new(0, 0, 120, 35));
    assert_eq!(p.page, 26);
    assert_eq!((p.highlighted, p.offset), (n - 1, n - 26));
}

#[test]
fn pasted_text_searches() {
    let mut p = targets(&[]);
    p.paste("日本\n");
    assert_eq!(p.query(), "日本 ");
    assert_eq!(p.highlighted(), Some("ja"));
}
