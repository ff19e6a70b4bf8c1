//! The Dictionary tab on screen: TestBackend snapshots at 120×35 (one at
//! 80×24) of each state, the example terms lit, and no panics when tiny.

use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use super::fixtures::{fei_en, fly_examples, fly_fi, fly_zh, not_found};
use super::tests::{looked_up, press, search};
use super::*;
use crate::api::model::ExamplesResult;
use crate::tui::widgets::theme::Theme;

fn buffer(tab: &DictionaryTab, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| {
            tab.render(f, f.area(), &Theme::default(), None, &mut Default::default());
        })
        .expect("drawn");
    terminal.backend().buffer().clone()
}

fn screen(tab: &DictionaryTab, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| {
            tab.render(f, f.area(), &Theme::default(), None, &mut Default::default());
        })
        .expect("drawn");
    terminal.backend().to_string()
}

/// `fly` en → zh-Hans, drilled to the examples of (fly, 飞).
fn at_examples(found: ExamplesResult) -> DictionaryTab {
    let mut tab = DictionaryTab::new(Pair::new("en", "zh-Hans"));
    let id = search(&mut tab, "fly");
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fly_zh()]),
    });
    press(&mut tab, KeyCode::Enter);
    let DictOutcome::Request(DictRequest::Examples { id, .. }) = press(&mut tab, KeyCode::Enter) else {
        panic!("no examples asked")
    };
    tab.reply(DictReply::Examples {
        id,
        result: Ok(vec![found]),
    });
    tab
}

#[test]
fn start_with_earlier_lookups_120x35() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    for (term, found) in [("fly", 6), ("xyzzy", 0), ("smart", 4)] {
        tab.remember(Recent {
            term: term.into(),
            pair: Pair::new("en", "fi"),
            found,
        });
    }
    insta::assert_snapshot!(screen(&tab, 120, 35));
}

#[test]
fn lookup_grouped_by_part_of_speech_120x35() {
    let mut tab = looked_up();
    press(&mut tab, KeyCode::Down);
    insta::assert_snapshot!(screen(&tab, 120, 35));
}

#[test]
fn lookup_of_two_terms_one_not_in_the_dictionary_120x35() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let id = search(&mut tab, "fly, xyzzy");
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fly_fi(), not_found("xyzzy")]),
    });
    insta::assert_snapshot!(screen(&tab, 120, 35));
}

#[test]
fn back_translations_by_frequency_120x35() {
    let mut tab = looked_up();
    for _ in 0..4 {
        press(&mut tab, KeyCode::Down);
    }
    press(&mut tab, KeyCode::Enter);
    press(&mut tab, KeyCode::Down);
    insta::assert_snapshot!(screen(&tab, 120, 35));
}

#[test]
fn examples_side_by_side_breadcrumb_three_deep_120x35() {
    let mut tab = at_examples(fly_examples());
    press(&mut tab, KeyCode::Down);
    insta::assert_snapshot!(screen(&tab, 120, 35));
}

#[test]
fn no_examples_120x35() {
    let empty = ExamplesResult {
        normalized_source: "fly".into(),
        normalized_target: "飞".into(),
        examples: Vec::new(),
    };
    insta::assert_snapshot!(screen(&at_examples(empty), 120, 35));
}

#[test]
fn loading_then_failed_120x35() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let id = search(&mut tab, "fly");
    let loading = screen(&tab, 120, 8);
    assert!(loading.contains("Looking up…"), "{loading}");
    tab.reply(DictReply::Lookup {
        id,
        result: Err("the service is busy: 429001 (X-RequestId DTLK.1)".into()),
    });
    insta::assert_snapshot!(screen(&tab, 120, 35));
}

#[test]
fn a_long_breadcrumb_is_cut_from_the_left_80x24() {
    let mut tab = at_examples(fly_examples());
    // Pivot to 飞 the other way, then drill again: six pages deep.
    let DictOutcome::Request(DictRequest::Lookup { id, .. }) = press(&mut tab, KeyCode::Char('d')) else {
        panic!("no pivot")
    };
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fei_en()]),
    });
    press(&mut tab, KeyCode::Enter);
    press(&mut tab, KeyCode::Down);
    let DictOutcome::Request(DictRequest::Examples { id, .. }) = press(&mut tab, KeyCode::Enter) else {
        panic!("no examples asked")
    };
    tab.reply(DictReply::Examples {
        id,
        result: Err("no connection to the service".into()),
    });
    assert_eq!(tab.stack.len(), 6);
    insta::assert_snapshot!(screen(&tab, 80, 24));
}

#[test]
fn the_terms_of_an_example_are_lit_and_nothing_is_added_around_them() {
    let tab = at_examples(fly_examples());
    let buf = buffer(&tab, 120, 35);
    let theme = Theme::default();
    let row = (0..35)
        .find(|&y| {
            (0..120)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .contains("The plane flies")
        })
        .expect("the first example drawn");
    let line: String = (0..120).map(|x| buf[(x, row)].symbol()).collect();
    // Cells up to the term: this row is one cell a character there.
    let start = line[..line.find("flies").expect("the term")].chars().count() as u16;
    let lit = |x: u16| buf[(x, row)].style().bg == theme.align_highlight.bg;
    assert!((start..start + 5).all(lit), "the term is lit");
    assert!(!lit(start - 1) && !lit(start + 5), "its neighbours are not");
    assert!(
        line.contains("The plane flies in the sky."),
        "prefix + term + suffix as given"
    );
}

#[test]
fn tiny_sizes_do_not_panic() {
    let mut tab = at_examples(fly_examples());
    for (w, h) in [(1, 1), (10, 3), (20, 5), (40, 10), (41, 7)] {
        let _ = screen(&tab, w, h);
    }
    press(&mut tab, KeyCode::Esc);
    let _ = screen(&tab, 12, 4);
}

#[test]
fn terms_not_in_the_dictionary_stay_in_view_when_the_results_are_taller() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let id = search(&mut tab, "fly, xyzzy");
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(vec![fly_fi(), not_found("xyzzy")]),
    });
    // 8 rows for 13: at the first translation and at the last one alike.
    let first = screen(&tab, 120, 14);
    assert!(first.contains("dictionary: “xyzzy”"), "{first}");
    for _ in 0..10 {
        press(&mut tab, KeyCode::Down);
    }
    let last = screen(&tab, 120, 14);
    assert!(
        last.contains("dictionary: “xyzzy”") && last.contains("tyylikäs"),
        "{last}"
    );
    insta::assert_snapshot!(last);
}

#[test]
fn ten_terms_none_found_are_all_named_at_80x24() {
    let mut tab = DictionaryTab::new(Pair::new("en", "fi"));
    let terms = ["qa", "qb", "qc", "qd", "qe", "qf", "qg", "qh", "qi", "qj"];
    let id = search(&mut tab, &terms.join(", "));
    tab.reply(DictReply::Lookup {
        id,
        result: Ok(terms.iter().map(|t| not_found(t)).collect()),
    });
    let shown = screen(&tab, 80, 24);
    for t in terms {
        assert!(shown.contains(&format!("“{t}”")), "{t}:\n{shown}");
    }
}
