//! Update tests of the Dictionary tab: keys through the default keymap,
//! answers fed back by id, the back stack, pivots, copies and the history.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::fixtures::{fly_examples, fly_fi, fly_zh, not_found};
use super::page::Row;
use super::*;
use crate::api::model::PosTag;
use crate::tui::keymap::Keymap;

pub fn press(tab: &mut DictionaryTab, code: KeyCode) -> DictOutcome {
    let k = KeyEvent::new(code, KeyModifiers::NONE);
    let action = Keymap::defaults().action(&tab.contexts(), &k);
    tab.handle(action, &k, None)
}

pub fn type_text(tab: &mut DictionaryTab, text: &str) {
    for c in text.chars() {
        press(tab, KeyCode::Char(c));
    }
}

/// Types `text`, presses Enter and returns the request's id.
pub fn search(tab: &mut DictionaryTab, text: &str) -> u64 {
    tab.focus = DictFocus::Search;
    tab.query = Default::default();
    type_text(tab, text);
    match press(tab, KeyCode::Enter) {
        DictOutcome::Request(DictRequest::Lookup { id, .. }) => id,
        other => panic!("no look-up asked: {other:?}"),
    }
}

/// `fly` looked up en → fi, answered.
pub fn looked_up() -> DictionaryTab {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let id = search(&mut tab, "fly");
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fly_fi()]),
    });
    tab
}

fn lookup(tab: &DictionaryTab) -> &page::LookupPage {
    match tab.page() {
        Some(Page::Lookup(p)) => p,
        other => panic!("not a lookup page: {other:?}"),
    }
}

fn examples_id(outcome: DictOutcome) -> u64 {
    match outcome {
        DictOutcome::Request(DictRequest::Examples { id, .. }) => id,
        other => panic!("no examples asked: {other:?}"),
    }
}

#[test]
fn enter_looks_up_the_typed_term_and_moves_to_the_results() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    assert_eq!(tab.focus, DictFocus::Search);
    type_text(&mut tab, "fly");
    let out = press(&mut tab, KeyCode::Enter);
    assert_eq!(
        out,
        DictOutcome::Request(DictRequest::Lookup {
            id: 1,
            pair: Pair::new("en", "fi"),
            terms: vec!["fly".into()],
        })
    );
    assert_eq!(tab.focus, DictFocus::Results);
    assert!(matches!(lookup(&tab).load, Load::Loading));
    // Nothing typed: nothing asked.
    let mut empty = DictionaryTab::new(Pair::new("en", "fi"));
    assert_eq!(press(&mut empty, KeyCode::Enter), DictOutcome::Handled);
    assert!(empty.stack.is_empty());
}

#[test]
fn an_answer_is_grouped_by_part_of_speech_best_group_first() {
    let tab = looked_up();
    let p = lookup(&tab);
    let pos: Vec<PosTag> = p
        .rows
        .iter()
        .filter_map(|r| match r {
            Row::Pos(_, pos) => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(pos, [PosTag::Noun, PosTag::Verb, PosTag::Adj]);
    // Within a group by confidence; the first translation selected.
    assert_eq!(
        p.rows[..4],
        [
            Row::Term(0),
            Row::Pos(0, PosTag::Noun),
            Row::Item(0, 0),
            Row::Item(0, 3)
        ]
    );
    assert_eq!(
        p.chosen().map(|(_, t)| t.display_target.as_str()),
        Some("kärpänen")
    );
    assert_eq!(tab.recent[0].term, "fly");
    assert_eq!(tab.recent[0].found, 6);
}

#[test]
fn moving_skips_headings_and_stops_at_the_ends() {
    let mut tab = looked_up();
    press(&mut tab, KeyCode::Up);
    assert_eq!(lookup(&tab).selected, 2);
    let targets: Vec<String> = (0..7)
        .map(|_| {
            press(&mut tab, KeyCode::Down);
            lookup(&tab)
                .chosen()
                .map(|(_, t)| t.display_target.clone())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        targets,
        [
            "perho",
            "lentää",
            "lähteä lentoon",
            "fiksu",
            "tyylikäs",
            "tyylikäs",
            "tyylikäs"
        ]
    );
}

#[test]
fn enter_drills_to_back_translations_then_examples_and_back_keeps_each_page() {
    let mut tab = looked_up();
    press(&mut tab, KeyCode::Down); // perho
    assert_eq!(press(&mut tab, KeyCode::Enter), DictOutcome::Handled);
    let Some(Page::Translation(p)) = tab.page() else {
        panic!("no translation page")
    };
    let backs: Vec<&str> = p.back.iter().map(|b| b.display_text.as_str()).collect();
    assert_eq!(backs, ["fly", "fly lure"], "most frequent first");
    let out = press(&mut tab, KeyCode::Enter);
    assert_eq!(
        out,
        DictOutcome::Request(DictRequest::Examples {
            id: 2,
            pair: Pair::new("en", "fi"),
            term: "fly".into(),
            translation: "perho".into(),
        })
    );
    assert_eq!(
        tab.crumbs(),
        ["fly (en→fi)", "fly → perho", "examples: fly — perho"]
    );
    tab.reply(DictReply::Examples {
        id: 2,
        result: Ok(vec![fly_examples()]),
    });
    let Some(Page::Examples(e)) = tab.page() else {
        panic!("no examples page")
    };
    assert!(matches!(&e.load, Load::Loaded(list) if list.len() == 4));
    // Esc, then Backspace: each page as it was left.
    press(&mut tab, KeyCode::Esc);
    assert!(matches!(tab.page(), Some(Page::Translation(_))));
    press(&mut tab, KeyCode::Backspace);
    assert_eq!(
        lookup(&tab).chosen().map(|(_, t)| t.display_target.as_str()),
        Some("perho")
    );
    // At the bottom of the stack, back goes to the search line.
    press(&mut tab, KeyCode::Esc);
    assert_eq!((tab.focus, tab.stack.len()), (DictFocus::Search, 1));
    assert_eq!(tab.query.text(), "fly");
}

#[test]
fn an_answer_for_a_page_no_longer_shown_is_dropped() {
    let mut tab = looked_up();
    press(&mut tab, KeyCode::Enter);
    let id = examples_id(press(&mut tab, KeyCode::Enter));
    press(&mut tab, KeyCode::Esc);
    let recorded = tab.reply(DictReply::Examples {
        id,
        result: Ok(vec![fly_examples()]),
    });
    assert!(recorded.is_empty());
    assert!(matches!(tab.page(), Some(Page::Translation(_))));
    // Refresh asks again under a new id; the old answer is stale.
    let mut tab = looked_up();
    let old = lookup(&tab).id;
    let DictOutcome::Request(DictRequest::Lookup { id: new, .. }) = press(&mut tab, KeyCode::Char('r'))
    else {
        panic!("no new request")
    };
    assert_ne!(old, new);
    tab.reply(DictReply::Lookup {
        id: old,
        result: Ok(vec![fly_zh()]),
    });
    assert!(matches!(lookup(&tab).load, Load::Loading));
    tab.reply(DictReply::Lookup {
        id: new,
        result: Err("the service is busy (429001)".into()),
    });
    assert_eq!(
        lookup(&tab).load,
        Load::Failed("the service is busy (429001)".into())
    );
}

#[test]
fn d_pivots_a_translation_the_other_way_and_a_back_translation_this_way() {
    let mut tab = looked_up();
    let out = press(&mut tab, KeyCode::Char('d'));
    assert!(
        matches!(out, DictOutcome::Request(DictRequest::Lookup { ref pair, ref terms, .. })
        if *pair == Pair::new("fi", "en") && terms == &["kärpänen"])
    );
    press(&mut tab, KeyCode::Esc);
    press(&mut tab, KeyCode::Enter);
    let out = press(&mut tab, KeyCode::Char('d'));
    assert!(
        matches!(out, DictOutcome::Request(DictRequest::Lookup { ref pair, ref terms, .. })
        if *pair == Pair::new("en", "fi") && terms == &["fly"])
    );
    assert_eq!(tab.stack.len(), 3);
    assert_eq!(tab.crumbs()[2], "fly (en→fi)");
}

#[test]
fn several_terms_at_once_up_to_ten() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    search(&mut tab, "fly, smart ;fly lure,,fly");
    assert_eq!(lookup(&tab).terms, ["fly", "smart", "fly lure"]);
    let eleven: Vec<String> = (0..11).map(|i| format!("w{i}")).collect();
    tab.focus = DictFocus::Search;
    tab.query = Default::default();
    type_text(&mut tab, &eleven.join(","));
    assert_eq!(press(&mut tab, KeyCode::Enter), DictOutcome::Handled);
    assert!(
        tab.problem
            .as_deref()
            .is_some_and(|p| p.contains("At most 10 terms"))
    );
    assert_eq!(tab.stack.len(), 1, "nothing asked");
    press(&mut tab, KeyCode::Backspace);
    assert_eq!(tab.problem, None, "an edit clears the problem");
    // A term over the element limit (counted in UTF-16 units) is refused here too.
    tab.query = Default::default();
    type_text(&mut tab, &format!("fly, {}", "𝄞".repeat(51)));
    assert_eq!(press(&mut tab, KeyCode::Enter), DictOutcome::Handled);
    assert!(
        tab.problem.as_deref().is_some_and(|p| p.contains("one has 102")),
        "{:?}",
        tab.problem
    );
}

#[test]
fn a_term_not_in_the_dictionary_is_a_row_of_its_own() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let id = search(&mut tab, "fly, xyzzy");
    let done = tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fly_fi(), not_found("xyzzy")]),
    });
    assert_eq!(done.iter().map(|r| r.found).collect::<Vec<_>>(), [6, 0]);
    assert_eq!(lookup(&tab).rows.last(), Some(&Row::NotFound(1)));
}

#[test]
fn a_pair_the_dictionary_lacks_fails_without_asking() {
    let languages: crate::api::languages::LanguagesResponse = serde_json::from_str(
        r#"{"dictionary":{"en":{"name":"English","nativeName":"English","dir":"ltr",
        "translations":[{"name":"Finnish","nativeName":"Suomi","dir":"ltr","code":"fi"}]}}}"#,
    )
    .expect("a languages body");
    let mut tab = DictionaryTab::new(Pair::new("en", "xh"));
    type_text(&mut tab, "fly");
    let k = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    let action = Keymap::defaults().action(&tab.contexts(), &k);
    assert_eq!(tab.handle(action, &k, Some(&languages)), DictOutcome::Handled);
    let Load::Failed(why) = &lookup(&tab).load else {
        panic!("not failed")
    };
    assert!(why.contains("English → xh") && why.contains("fi"), "{why}");
}

#[test]
fn s_speaks_the_selected_translation_in_the_target_language() {
    let mut tab = looked_up();
    assert_eq!(
        press(&mut tab, KeyCode::Char('S')),
        DictOutcome::Speak {
            text: "kärpänen".into(),
            language: "fi".into()
        }
    );
}

#[test]
fn copies_the_selected_thing_or_the_whole_entry() {
    let mut tab = looked_up();
    let out = press(&mut tab, KeyCode::Char('y'));
    assert_eq!(
        out,
        DictOutcome::Copy {
            label: "translation",
            text: "kärpänen".into()
        }
    );
    let DictOutcome::Copy { text, .. } = press(&mut tab, KeyCode::Char('Y')) else {
        panic!("no copy")
    };
    assert!(
        text.starts_with("fly (en → fi)\nNOUN\n  kärpänen (0.24) ← fly\n"),
        "{text}"
    );
    assert!(
        text.contains("ADJ\n  fiksu (0.10) ← smart, fly, clever\n"),
        "{text}"
    );
    press(&mut tab, KeyCode::Enter);
    let id = examples_id(press(&mut tab, KeyCode::Enter));
    tab.reply(DictReply::Examples {
        id,
        result: Ok(vec![fly_examples()]),
    });
    press(&mut tab, KeyCode::Down);
    press(&mut tab, KeyCode::Down);
    press(&mut tab, KeyCode::Down);
    let out = press(&mut tab, KeyCode::Char('y'));
    let text = "Flying is fun.\n飞行很有趣。".to_owned();
    assert_eq!(
        out,
        DictOutcome::Copy {
            label: "example pair",
            text
        },
        "no spaces added"
    );
}

#[test]
fn up_and_down_in_the_search_line_walk_the_history() {
    let mut tab = looked_up();
    let id = search(&mut tab, "smart");
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![not_found("smart")]),
    });
    tab.pair = Pair::new("en", "zh-Hans");
    tab.focus = DictFocus::Search;
    tab.query = Default::default();
    type_text(&mut tab, "half");
    assert_eq!(press(&mut tab, KeyCode::Up), DictOutcome::PairChanged);
    assert_eq!((tab.query.text(), tab.pair.to.as_str()), ("smart", "fi"));
    press(&mut tab, KeyCode::Up);
    assert_eq!(tab.query.text(), "fly");
    press(&mut tab, KeyCode::Up);
    assert_eq!(tab.query.text(), "fly", "the oldest stays");
    press(&mut tab, KeyCode::Down);
    press(&mut tab, KeyCode::Down);
    assert_eq!(
        (tab.query.text(), tab.pair.to.as_str()),
        ("half", "zh-Hans"),
        "what was typed"
    );
    assert_eq!(tab.recalled(), None);
}

#[test]
fn a_paste_of_lines_is_one_term_per_line() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    tab.paste("fly\n\n  smart \r\n\u{7}lure");
    assert_eq!(split_terms(tab.query.text()), ["fly", "smart", "lure"]);
}

#[test]
fn the_stack_keeps_the_newest_pages() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    for i in 0..(MAX_PAGES + 5) {
        search(&mut tab, &format!("w{i}"));
    }
    assert_eq!(tab.stack.len(), MAX_PAGES);
    assert_eq!(lookup(&tab).terms, [format!("w{}", MAX_PAGES + 4)]);
}

#[test]
fn swap_reverses_the_languages_and_returns_to_the_search_line() {
    let mut tab = looked_up();
    assert_eq!(press(&mut tab, KeyCode::Char('x')), DictOutcome::PairChanged);
    assert_eq!(
        (tab.pair.clone(), tab.focus),
        (Pair::new("fi", "en"), DictFocus::Search)
    );
}

#[test]
fn the_wheel_moves_the_selection_and_a_click_picks_the_focus() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mouse = |kind, row| MouseEvent {
        kind,
        column: 5,
        row,
        modifiers: KeyModifiers::NONE,
    };
    let mut tab = looked_up();
    let search = ratatui::layout::Rect::new(0, 0, 80, 3);
    tab.mouse(mouse(MouseEventKind::ScrollDown, 10), search);
    assert_eq!(
        lookup(&tab).chosen().map(|(_, t)| t.display_target.as_str()),
        Some("lähteä lentoon")
    );
    tab.mouse(mouse(MouseEventKind::Down(MouseButton::Left), 1), search);
    assert_eq!(tab.focus, DictFocus::Search);
    tab.mouse(mouse(MouseEventKind::Down(MouseButton::Left), 12), search);
    assert_eq!(tab.focus, DictFocus::Results);
}

#[test]
fn enter_pressed_while_loading_opens_the_first_translation_when_it_comes() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let id = search(&mut tab, "fly");
    assert_eq!(press(&mut tab, KeyCode::Enter), DictOutcome::Handled);
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fly_fi()]),
    });
    assert_eq!(tab.crumbs(), ["fly (en→fi)", "fly → kärpänen"]);
    // An answer with nothing to open stays on its page.
    let id = search(&mut tab, "xyzzy");
    press(&mut tab, KeyCode::Enter);
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![not_found("xyzzy")]),
    });
    assert_eq!(tab.stack.len(), 3);
}
