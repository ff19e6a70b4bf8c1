//! The Translate tab's panes sized by what they hold: the source gets the
//! rows its text needs (at least [`SOURCE_MIN`] rows, at most what the
//! targets leave), the targets share the rest, a short one taking no more
//! than it needs while another needs more (TestBackend, 200×60 and 80×24).

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::State;
use crate::tui::view::tests::translated;

/// A one-line source's pane: its borders and three rows.
const SOURCE_MIN: u16 = 5;

const LONG_FI: &str = "Minulla on pankkitili kaupungin keskustassa, ja haluaisin avata toisen tilin \
    säästöjä varten. Voisitteko kertoa, mitä asiakirjoja tarvitsen ja kuinka kauan tilin avaaminen \
    kestää? ";

fn render(state: &mut State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    crate::tui::draw_fed(&mut terminal, state);
    terminal.backend().to_string()
}

/// Seven targets, the Finnish one long (about a dozen rows at 200 cells).
fn seven_targets() -> State {
    let mut s = State::new("local engine".into());
    let codes = ["ja", "zh-Hans", "fi", "de", "fr", "ko", "sv"];
    s.set_targets(codes.iter().map(|c| (*c).to_owned()).collect());
    let long_fi = LONG_FI.repeat(12);
    translated(
        &mut s,
        "I have a bank account.",
        &[
            ("ja", "私は銀行口座を持っています。"),
            ("zh-Hans", "我有一个银行账户。"),
            ("fi", &long_fi),
            ("de", "Ich habe ein Bankkonto."),
            ("fr", "J'ai un compte bancaire."),
            ("ko", "나는 은행 계좌가 있다."),
            ("sv", "Jag har ett bankkonto."),
        ],
    );
    s
}

#[test]
fn seven_targets_at_200x60_are_sized_by_their_text() {
    let mut s = seven_targets();
    let screen = render(&mut s, 200, 60);
    let hits = s.feedback.clone();
    assert_eq!(
        hits.source.height, SOURCE_MIN,
        "a one-line source keeps the minimum"
    );
    let heights: Vec<u16> = hits.targets.iter().map(|r| r.height).collect();
    let fi_rows = crate::tui::widgets::wrap::rows(&LONG_FI.repeat(12), hits.targets[2].width).len();
    assert!(
        usize::from(heights[2]) >= fi_rows,
        "the long Finnish target shows all its {fi_rows} rows: {heights:?}"
    );
    for (i, h) in heights.iter().enumerate() {
        assert!(*h >= 1, "target {i} shows its line: {heights:?}");
        if i != 2 {
            assert!(
                *h < heights[2],
                "a one-line target takes less than the long one: {heights:?}"
            );
        }
    }
    insta::assert_snapshot!(screen);
}

#[test]
fn three_targets_at_80x24_leave_no_empty_source_rows() {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["ja".into(), "zh-Hans".into(), "fi".into()]);
    translated(
        &mut s,
        "I have a bank account.",
        &[
            ("ja", "私は銀行口座を持っています。"),
            ("zh-Hans", "我有一个银行账户。"),
            ("fi", &LONG_FI.repeat(2)),
        ],
    );
    let screen = render(&mut s, 80, 24);
    let hits = s.feedback.clone();
    assert_eq!(hits.source.height, SOURCE_MIN);
    let fi_rows = crate::tui::widgets::wrap::rows(&LONG_FI.repeat(2), hits.targets[2].width).len();
    assert!(
        usize::from(hits.targets[2].height) >= fi_rows,
        "{:?}",
        hits.targets
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn a_long_source_gets_its_rows_up_to_what_the_targets_leave() {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["fi".into()]);
    let source = "I have a bank account in the city centre. ".repeat(20);
    translated(&mut s, &source, &[("fi", "Minulla on pankkitili.")]);
    render(&mut s, 80, 24);
    let hits = s.feedback.clone();
    let need = crate::tui::widgets::wrap::rows(&source, 78).len() as u16 + 2;
    assert!(need > 8 && need < 14, "the text needs {need} rows");
    assert_eq!(
        hits.source.height, need,
        "all it needs, more than the old 35 % (8 rows)"
    );
    assert!(hits.targets[0].height >= 1, "the target keeps its line");
}
