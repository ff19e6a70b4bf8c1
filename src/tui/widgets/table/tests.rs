//! Pure tests of the table: sorting by each kind of key, the selection kept
//! across re-sorts and reloads, the filter, paging, and drawing it small.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;

#[derive(Clone, Debug)]
struct Item {
    id: &'static str,
    name: &'static str,
    size: Option<f64>,
    when: &'static str,
}

#[derive(Debug)]
struct Items;

impl Columns for Items {
    type Row = Item;
    fn columns() -> &'static [Column] {
        const COLS: [Column; 3] = [
            Column::new("Name", 4, 12),
            Column::new("Size", 4, 8).right(),
            Column::new("When", 10, 30),
        ];
        &COLS
    }
    fn text(row: &Item, col: usize) -> String {
        match col {
            0 => row.name.into(),
            1 => row.size.map(|s| s.to_string()).unwrap_or_default(),
            _ => row.when.into(),
        }
    }
    fn sort_key(row: &Item, col: usize) -> SortKey {
        match col {
            0 => SortKey::text(row.name),
            1 => row.size.map_or(SortKey::None, SortKey::Number),
            _ => SortKey::time(Some(row.when)),
        }
    }
    fn id(row: &Item) -> String {
        row.id.into()
    }
}

fn items() -> Vec<Item> {
    vec![
        Item {
            id: "a",
            name: "delta",
            size: Some(10.0),
            when: "2026-01-02T00:00:00Z",
        },
        Item {
            id: "b",
            name: "Alpha",
            size: None,
            when: "2026-01-01T00:00:00+01:00",
        },
        Item {
            id: "c",
            name: "charlie",
            size: Some(2.5),
            when: "2025-12-31T23:30:00Z",
        },
        Item {
            id: "d",
            name: "bravo",
            size: Some(7.0),
            when: "2026-01-03T00:00:00Z",
        },
    ]
}

fn ids(t: &DataTable<Items>) -> Vec<&'static str> {
    t.visible().map(|r| r.id).collect()
}

fn table() -> DataTable<Items> {
    let mut t = DataTable::new(0, false);
    t.set_rows(items());
    t
}

#[test]
fn sorts_text_without_case() {
    let mut t = table();
    assert_eq!(ids(&t), ["b", "d", "c", "a"]);
    t.handle(Action::SortReverse);
    assert_eq!(ids(&t), ["a", "c", "d", "b"]);
}

#[test]
fn sorts_numbers_with_blanks_last_both_ways() {
    let mut t = table();
    t.handle(Action::SortNext);
    assert_eq!(t.sort(), (1, false));
    assert_eq!(ids(&t), ["c", "d", "a", "b"]);
    t.handle(Action::SortReverse);
    assert_eq!(ids(&t), ["a", "d", "c", "b"]);
}

#[test]
fn sorts_times_by_instant_not_text() {
    let mut t = table();
    t.set_sort(2, false);
    // 2026-01-01T00:00+01:00 is 2025-12-31T23:00Z, before c's 23:30Z.
    assert_eq!(ids(&t), ["b", "c", "a", "d"]);
    t.handle(Action::SortNext);
    assert_eq!(t.sort().0, 0, "the column cycles back to the first");
}

#[test]
fn selection_stays_on_its_row_across_resorts_and_reloads() {
    let mut t = table();
    t.handle(Action::ScrollDown);
    t.handle(Action::ScrollDown);
    assert_eq!(t.selected().map(|r| r.id), Some("c"));
    t.handle(Action::SortReverse);
    assert_eq!(t.selected().map(|r| r.id), Some("c"));
    assert_eq!(t.selected_index(), Some(1));
    let mut fresh = items();
    fresh.reverse();
    fresh.push(Item {
        id: "e",
        name: "aardvark",
        size: None,
        when: "",
    });
    t.set_rows(fresh);
    assert_eq!(t.selected().map(|r| r.id), Some("c"));
    t.extend_rows(vec![Item {
        id: "f",
        name: "zulu",
        size: None,
        when: "",
    }]);
    assert_eq!(t.selected().map(|r| r.id), Some("c"));
    assert_eq!(t.rows().len(), 6);
}

#[test]
fn selection_is_clamped_when_its_row_goes() {
    let mut t = table();
    t.move_by(10);
    assert_eq!(t.selected().map(|r| r.id), Some("a"));
    t.set_rows(items()[..2].to_vec());
    assert_eq!(t.selected_index(), Some(1));
    t.set_rows(Vec::new());
    assert!(t.selected().is_none());
    t.move_by(-3);
    assert_eq!(t.selected_index(), None);
}

#[test]
fn filter_matches_any_cell_without_case() {
    let mut t = table();
    t.set_filter("AL");
    assert_eq!(ids(&t), ["b"]);
    t.set_filter("2026-01-0");
    assert_eq!(ids(&t), ["b", "d", "a"]);
    t.set_filter("2.5");
    assert_eq!(ids(&t), ["c"]);
    t.set_filter(" ");
    assert_eq!(t.visible_len(), 4);
}

#[test]
fn paging_signal_near_the_end() {
    let mut t = table();
    assert!(!t.near_end(1));
    t.move_by(2);
    assert!(t.near_end(1));
    assert!(!t.near_end(0));
    t.handle(Action::PageDown);
    assert!(t.near_end(0));
    assert!(DataTable::<Items>::new(0, false).near_end(0), "empty: load");
}

#[test]
fn widths_follow_content_within_bounds() {
    let t = table();
    // "charlie" (7) vs "Name ▲" (6); size "Size" + arrow room = 6; when clamps to 25.
    assert_eq!(t.widths(), [7, 6, 25]);
}

#[test]
fn states_are_drawn_and_tiny_areas_do_not_panic() {
    let mut t: DataTable<Items> = DataTable::new(0, false);
    t.loading = Loading::Failed("HTTP 503".into());
    let screen = |t: &DataTable<Items>, w, h| {
        let mut term = Terminal::new(TestBackend::new(w, h)).expect("terminal");
        term.draw(|f| {
            t.render(f, f.area(), &Theme::default());
        })
        .expect("drawn");
        term.backend().to_string()
    };
    assert!(screen(&t, 40, 6).contains("failed: HTTP 503"));
    t.loading = Loading::Loading;
    assert!(screen(&t, 40, 6).contains("loading…"));
    t.set_rows(items());
    for (w, h) in [(1, 1), (3, 2), (10, 1), (40, 3)] {
        screen(&t, w, h);
    }
    let big = screen(&t, 60, 8);
    assert!(big.contains("Name ▲") && big.contains("4 of 4"), "{big}");
}

#[test]
fn merge_updates_known_rows_in_place_and_adds_new_ones() {
    let mut t = table();
    t.handle(Action::ScrollDown);
    assert_eq!(t.selected().map(|r| r.id), Some("d"));
    t.merge_rows(vec![
        Item {
            id: "a",
            name: "echo",
            size: Some(1.0),
            when: "2026-01-02T00:00:00Z",
        },
        Item {
            id: "g",
            name: "golf",
            size: None,
            when: "",
        },
    ]);
    assert_eq!(ids(&t), ["b", "d", "c", "a", "g"], "a renamed in place, g added");
    assert_eq!(t.rows().len(), 5, "no row doubled");
    assert_eq!(t.rows()[0].name, "echo");
    assert_eq!(t.selected().map(|r| r.id), Some("d"), "selection kept");
}
