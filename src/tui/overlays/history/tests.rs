//! The History view drawn (insta snapshots at 120×35 and 80×24, with rows
//! and empty), its highlights, relative times, and the executor's writes on
//! an in-memory store.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::draw::ago;
use super::exec;
use super::recorder::Recorder;
use super::{HistoryQuery, Mode, PAGE, Rows};
use crate::store::Store;
use crate::store::history::{NewEntry, Rendition};
use crate::store::lookups::NewLookup;
use crate::tui::State;
use crate::tui::effect::{Effect, HistoryReply};

/// 2025-06-15 12:00 UTC.
const NOW: i64 = 1_749_988_800;

fn render(state: &mut State, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| {
            crate::tui::view::draw(f, state);
        })
        .unwrap();
    terminal
}

fn new_entry(source: &str, from: Option<&str>, results: &[(&str, &str)]) -> NewEntry {
    NewEntry {
        source: source.into(),
        from: from.map(str::to_owned),
        detected: Some("en".into()),
        targets: results.iter().map(|(to, _)| (*to).to_owned()).collect(),
        results: results
            .iter()
            .map(|(to, text)| Rendition {
                to: (*to).into(),
                text: (*text).into(),
            })
            .collect(),
        ..NewEntry::default()
    }
}

/// A store with five entries of various ages and three look-ups.
fn store() -> Store {
    let s = Store::in_memory().unwrap();
    let rows = [
        (
            NOW - 40 * 86_400,
            new_entry(
                "Where is the station?",
                Some("en"),
                &[("de", "Wo ist der Bahnhof?")],
            ),
        ),
        (
            NOW - 100_000,
            new_entry("银行在哪里？", Some("zh-Hans"), &[("en", "Where is the bank?")]),
        ),
        (
            NOW - 7_200,
            NewEntry {
                detected: Some("ru".into()),
                ..new_entry(
                    "Привет, мир!",
                    None,
                    &[("en", "Hello, world!"), ("fi", "Hei maailma!")],
                )
            },
        ),
        (
            NOW - 180,
            new_entry(
                "I have a bank account.\nAnd a second line.",
                None,
                &[
                    ("ja", "私は銀行口座を持っています。\nそして二行目。"),
                    ("zh-Hans", "我有一个银行账户。\n还有第二行。"),
                ],
            ),
        ),
        (
            NOW - 20,
            new_entry(
                "The river bank is steep.",
                Some("en"),
                &[("fi", "Joen penger on jyrkkä.")],
            ),
        ),
    ];
    for (at, e) in &rows {
        s.record_history_at(e, *at, 100).unwrap();
    }
    for (i, (term, found)) in [("fly", 4), ("bank", 6), ("Сплин", 0)].iter().enumerate() {
        let l = NewLookup {
            from: "en".into(),
            to: "es".into(),
            term: (*term).into(),
            found: *found,
            ..NewLookup::default()
        };
        s.record_lookup_at(&l, NOW - 600 * (i as i64 + 1), 100).unwrap();
    }
    s
}

fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, M::NONE), Instant::now())
}

/// Carries out the state's history effects on `store`, as the runtime's executor does.
fn run(s: &mut State, store: Option<&Store>, effects: Vec<Effect>) {
    for e in effects {
        match e {
            Effect::SearchHistory(q) => {
                let rows = exec::search(store, &q);
                s.history_rows(&q, rows, NOW);
            }
            Effect::DeleteHistory { mode, id } => exec::delete(store, mode, id).unwrap(),
            _ => {}
        }
    }
}

/// The History view open over the workbench, on `store`.
fn opened(store: Option<&Store>) -> State {
    let mut s = State::new("local engine".into());
    key(&mut s, KeyCode::Esc);
    let fx = s.key(KeyEvent::new(KeyCode::Char('H'), M::SHIFT), Instant::now());
    run(&mut s, store, fx);
    s
}

fn typed(s: &mut State, store: Option<&Store>, text: &str) {
    for c in text.chars() {
        let fx = key(s, KeyCode::Char(c));
        run(s, store, fx);
    }
}

#[test]
fn history_with_entries() {
    let store = store();
    let mut s = opened(Some(&store));
    key(&mut s, KeyCode::Down);
    insta::assert_snapshot!(render(&mut s, 120, 35).backend().to_string());
    insta::assert_snapshot!(
        "history_with_entries_80x24",
        render(&mut s, 80, 24).backend().to_string()
    );
}

#[test]
fn history_searched_lights_the_matches() {
    let store = store();
    let mut s = opened(Some(&store));
    typed(&mut s, Some(&store), "bank");
    let terminal = render(&mut s, 120, 35);
    insta::assert_snapshot!(terminal.backend().to_string());
    // "bank" in the list's first line is drawn in the matched style.
    let buffer = terminal.backend().buffer();
    let theme = &s.theme;
    let lit: String = (0..120)
        .flat_map(|x| (0..35).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            buffer[(x, y)].fg == theme.matched.fg.unwrap_or_default() && theme.matched.fg.is_some()
        })
        .map(|(x, y)| buffer[(x, y)].symbol().to_owned())
        .collect();
    assert!(lit.contains('b') && lit.contains('k'), "{lit:?}");
}

#[test]
fn history_empty_and_nothing_matches() {
    let store = Store::in_memory().unwrap();
    let mut s = opened(Some(&store));
    insta::assert_snapshot!(render(&mut s, 120, 35).backend().to_string());
    insta::assert_snapshot!(
        "history_empty_80x24",
        render(&mut s, 80, 24).backend().to_string()
    );
    let store = self::store();
    let mut s = opened(Some(&store));
    typed(&mut s, Some(&store), "xyz");
    insta::assert_snapshot!(
        "history_nothing_matches_80x24",
        render(&mut s, 80, 24).backend().to_string()
    );
}

#[test]
fn history_look_ups_and_delete_confirmation() {
    let store = store();
    let mut s = opened(Some(&store));
    let fx = key(&mut s, KeyCode::Tab);
    run(&mut s, Some(&store), fx);
    key(&mut s, KeyCode::Delete);
    insta::assert_snapshot!(render(&mut s, 80, 24).backend().to_string());
    let fx = key(&mut s, KeyCode::Enter);
    run(&mut s, Some(&store), fx);
    let terms: Vec<_> = store
        .recent_lookups(10)
        .unwrap()
        .into_iter()
        .map(|l| l.term)
        .collect();
    assert_eq!(terms, ["bank", "Сплин"], "the selected (newest) look-up deleted");
}

#[test]
fn without_a_store_the_view_says_so() {
    let mut s = opened(None);
    let screen = render(&mut s, 80, 24).backend().to_string();
    assert!(
        screen.contains("History not available: no data directory"),
        "{screen}"
    );
}

#[test]
fn relative_times() {
    assert_eq!(ago(NOW, NOW - 5), "just now");
    assert_eq!(ago(NOW, NOW - 180), "3 min ago");
    assert_eq!(ago(NOW, NOW - 7_300), "2 h ago");
    assert_eq!(ago(NOW, NOW - 100_000), "yesterday");
    assert_eq!(ago(NOW, NOW - 3 * 86_400), "3 days ago");
    assert_eq!(ago(NOW, NOW - 40 * 86_400), "2025-05-06");
    assert_eq!(ago(NOW, NOW + 30), "just now", "a clock set back");
}

#[test]
fn the_executor_updates_the_stretch_entry_and_inserts_after_a_delete() {
    let store = Store::in_memory().unwrap();
    let mut r = Recorder::default();
    let mut ledger = exec::Ledger::default();
    // As the executor runs a record and the state hears the id it got.
    let mut record = |store: Option<&Store>, r: &mut Recorder, record| {
        let reply = ledger.run(store, Effect::RecordHistory(record));
        match reply {
            Some(HistoryReply::Recorded { stretch, id }) => r.written(stretch, id),
            None => {}
            Some(other) => panic!("{other:?}"),
        }
    };
    let t0 = Instant::now();
    r.edited(t0, false);
    let first = r.translated(new_entry("Hel", None, &[("fi", "Hel")])).unwrap();
    record(Some(&store), &mut r, first);
    let second = r.translated(new_entry("Hello", None, &[("fi", "Hei")])).unwrap();
    record(Some(&store), &mut r, second.clone());
    let all = store.recent_history(10, 0).unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].source, "Hello");
    // Deleted from the view meanwhile: the stretch writes a new entry.
    store.delete_history(all[0].id).unwrap();
    record(Some(&store), &mut r, second);
    assert_eq!(store.history_count().unwrap(), 1);
    // Without a store nothing happens, and nothing fails.
    let third = r
        .translated(new_entry("Hello!", None, &[("fi", "Hei!")]))
        .unwrap();
    record(None, &mut r, third);
    let q = HistoryQuery {
        mode: Mode::Translations,
        text: "hello".into(),
        limit: PAGE,
    };
    assert!(matches!(exec::search(Some(&store), &q), Ok(Rows::Translations(r)) if r.len() == 1));
}

#[test]
fn a_restored_draft_continues_the_newest_entry() {
    let store = store();
    let mut r = Recorder::default();
    exec::resume(&store, &mut r, "The river bank is steep.", Instant::now());
    let rec = r
        .translated(new_entry("The river bank is steep!", Some("en"), &[("fi", "x")]))
        .unwrap();
    let newest = store.recent_history(1, 0).unwrap()[0].id;
    assert_eq!(r.id_of(rec.stretch), Some(newest));
    let mut r = Recorder::default();
    exec::resume(&store, &mut r, "Something else", Instant::now());
    let rec = r
        .translated(new_entry("Something else", Some("en"), &[("fi", "x")]))
        .unwrap();
    assert_eq!(r.id_of(rec.stretch), None);
}

/// The list's rows (control characters already defused by `cell`) are
/// written straight into the buffer: the same cells,
/// styles included, as the `Line` they stand for.
#[test]
fn a_list_row_is_drawn_as_its_line_would_be() {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier, Style};
    use ratatui::text::{Line, Span};
    use ratatui::widgets::Widget;

    let spans = vec![
        Span::styled("  3 min ago  ", Style::default().fg(Color::DarkGray)),
        Span::raw("en → ja, fi  "),
        Span::styled("bank", Style::default().add_modifier(Modifier::BOLD)),
        Span::raw(" 銀行 কি ok"),
        Span::raw(" and a tail longer than the row that is cut at its end"),
    ];
    let selected = Style::default().bg(Color::Cyan).fg(Color::Black);
    for style in [Style::default(), selected] {
        let area = Rect::new(2, 1, 60, 1);
        let mut want = Buffer::empty(Rect::new(0, 0, 64, 3));
        Line::from(spans.clone()).style(style).render(area, &mut want);
        let mut got = Buffer::empty(Rect::new(0, 0, 64, 3));
        super::draw::put_line(&mut got, area, &spans, style);
        assert_eq!(got, want);
    }
}
