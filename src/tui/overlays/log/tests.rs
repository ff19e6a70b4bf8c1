//! The request log: the ring, following and scrolling, styles, shortening, snapshots
//! (TestBackend) and that a key sent in the query never shows.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::draw::{shorten_end, shorten_middle, status_style};
use super::*;
use crate::tui::widgets::theme::Theme;

fn record(path: &'static str, status: Option<u16>, ms: u64, id: Option<&str>) -> RequestRecord {
    RequestRecord {
        client_trace_id: format!("9f0c2a7e-0000-4000-8000-{ms:012}"),
        method: "POST".into(),
        path,
        status,
        error: status
            .is_none()
            .then(|| "error sending request: connection refused".into()),
        elapsed: Duration::from_millis(ms),
        request_id: id.map(str::to_owned),
        attempt: 1,
        body: None,
    }
}

/// A log of `n` answered requests, one a second, ids `R0`, `R1`…
fn numbered(n: usize, capacity: usize) -> (RequestLog, Instant) {
    let start = Instant::now();
    let mut log = RequestLog::with_capacity(start, capacity);
    for i in 0..n {
        let id = format!("R{i}");
        log.push(
            start + Duration::from_secs(i as u64),
            &record("/translate", Some(200), 10, Some(&id)),
        );
    }
    (log, start)
}

fn ids(log: &RequestLog) -> Vec<String> {
    log.entries()
        .map(|e| e.record.request_id.clone().unwrap_or_default())
        .collect()
}

fn render(log: &RequestLog, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| log.render(f, f.area(), &Theme::default()))
        .unwrap();
    terminal.backend().to_string()
}

#[test]
fn the_ring_keeps_the_newest() {
    let (log, _) = numbered(5, 3);
    assert_eq!(log.len(), 3);
    assert_eq!(log.dropped(), 2);
    assert_eq!(ids(&log), ["R2", "R3", "R4"]);
    assert_eq!(RequestLog::new(Instant::now()).capacity, CAPACITY);
    let (full, _) = numbered(CAPACITY + 7, CAPACITY);
    assert_eq!((full.len(), full.dropped()), (CAPACITY, 7));
}

#[test]
fn follows_the_tail_until_scrolled_up() {
    let (mut log, _) = numbered(5, 10);
    assert!(log.following());
    assert_eq!(log.selected(), None);
    assert!(!log.handle(Action::ScrollDown), "down at the tail does nothing");
    assert!(log.following());
    log.handle(Action::ScrollUp);
    assert_eq!(log.selected(), Some(3));
    log.handle(Action::PageUp);
    assert_eq!(log.selected(), Some(0));
    log.handle(Action::ScrollUp);
    assert_eq!(log.selected(), Some(0));
    for _ in 0..3 {
        log.handle(Action::ScrollDown);
    }
    assert_eq!(log.selected(), Some(3));
    log.handle(Action::ScrollDown);
    assert!(log.following(), "down onto the newest follows again");
    log.handle(Action::ScrollUp);
    log.handle(Action::PageDown);
    assert!(log.following());
    // Unrelated actions do nothing; back closes and leaves the log following.
    log.handle(Action::PageUp);
    assert!(!log.handle(Action::Select));
    assert_eq!(log.selected(), Some(0));
    assert!(log.handle(Action::Back));
    assert!(log.following());
}

#[test]
fn home_goes_to_the_oldest_and_end_follows_the_newest() {
    let (mut log, _) = numbered(5, 10);
    assert!(!log.handle(Action::Top));
    assert_eq!(log.selected(), Some(0));
    assert!(!log.handle(Action::Bottom));
    assert!(log.following());
}

#[test]
fn new_entries_do_not_move_a_scrolled_view() {
    let (mut log, start) = numbered(3, 4);
    log.handle(Action::ScrollUp);
    assert_eq!(log.selected(), Some(1));
    let later = start + Duration::from_secs(9);
    log.push(later, &record("/detect", Some(200), 5, Some("R3")));
    assert_eq!(log.selected(), Some(1), "more entries, same place");
    // The ring drops the oldest: the selection stays on R1, now one place up.
    log.push(later, &record("/detect", Some(200), 5, Some("R4")));
    assert_eq!(log.selected(), Some(0));
    assert_eq!(ids(&log)[0], "R1");
    assert!(!log.following());
}

#[test]
fn a_retry_says_which_attempt_it_was_on_screen_and_in_the_verbose_line() {
    let start = Instant::now();
    let mut log = RequestLog::new(start);
    let first = record("/translate", Some(503), 4, Some("R0"));
    let retry = RequestRecord {
        attempt: 2,
        ..record("/translate", Some(200), 9, Some("R1"))
    };
    log.push(start, &first);
    log.push(start, &retry);
    let screen = render(&log, 120, 6);
    let lines: Vec<&str> = screen.lines().collect();
    let row = |id: &str| lines.iter().find(|l| l.contains(id)).copied().unwrap_or("");
    assert!(row("R1").contains("attempt 2 · 9f0c2a7e"), "{screen}");
    assert!(!row("R0").contains("attempt"), "{screen}");
    assert_eq!(first.log_line(), "POST /translate 503 4ms R0");
    assert_eq!(retry.log_line(), "POST /translate 200 9ms R1 (attempt 2)");
}

#[test]
fn an_empty_log_says_so_and_ignores_scrolling() {
    let mut log = RequestLog::new(Instant::now());
    log.handle(Action::ScrollUp);
    log.handle(Action::PageDown);
    assert!(log.following());
    assert_eq!(log.selected(), None);
    let screen = render(&log, 60, 6);
    assert!(screen.contains("No requests yet."), "{screen}");
    // Tiny areas draw without panicking, empty or not.
    let full = session();
    for (w, h) in [(1, 1), (2, 2), (12, 4), (40, 3)] {
        render(&log, w, h);
        render(&full, w, h);
    }
}

#[test]
fn statuses_are_coloured_by_meaning() {
    let t = Theme::colored();
    assert_eq!(status_style(Some(200), &t), t.ok);
    assert_eq!(status_style(Some(304), &t), t.ok);
    for retried in [Some(408), Some(429), Some(500), Some(503), None] {
        assert_eq!(status_style(retried, &t), t.warning, "{retried:?}");
    }
    for failed in [400, 401, 403, 404, 501] {
        assert_eq!(status_style(Some(failed), &t), t.error, "{failed}");
    }
}

#[test]
fn shortening_counts_cells() {
    assert_eq!(shorten_middle("0123456789", 10), "0123456789");
    assert_eq!(shorten_middle("0123456789", 7), "012…789");
    assert_eq!(shorten_middle("0123456789", 1), "…");
    assert_eq!(shorten_middle("0123456789", 0), "");
    assert_eq!(shorten_end("connection refused", 8), "connect…");
    // Wide characters take two cells each.
    assert_eq!(shorten_end("接続が拒否されました", 7), "接続が…");
    assert_eq!(shorten_middle("接続が拒否されました", 7), "接…した");
}

/// Requests of a short session: a translate, a throttled one retried, a dead
/// connection, a refusal and a languages refresh.
fn session() -> RequestLog {
    let start = Instant::now();
    let mut log = RequestLog::new(start);
    let at = |ms: u64| start + Duration::from_millis(ms);
    let mut languages = record("/languages", Some(304), 38, Some("EUR.0B1C.0113T1530"));
    languages.method = "GET".into();
    log.push(at(150), &languages);
    let id = "TRAN.5F3E2A1B.0113T1530.9C4D7E8F";
    log.push(at(1_420), &record("/translate", Some(200), 212, Some(id)));
    log.push(
        at(3_020),
        &record("/translate", Some(429), 35, Some("TRAN.429.A")),
    );
    log.push(
        at(3_800),
        &record("/translate", Some(200), 241, Some("TRAN.200.B")),
    );
    log.push(at(65_000), &record("/translate", None, 10_002, None));
    log.push(
        at(66_100),
        &record("/dictionary/lookup", Some(401), 19, Some("DICT.401.C")),
    );
    log
}

#[test]
fn snapshot_a_session() {
    insta::assert_snapshot!(render(&session(), 120, 35));
}

#[test]
fn snapshot_narrow_and_scrolled() {
    let mut log = session();
    log.handle(Action::ScrollUp);
    log.handle(Action::ScrollUp);
    insta::assert_snapshot!(render(&log, 72, 8));
}

#[test]
fn the_highlight_and_the_status_use_their_theme_roles() {
    let theme = Theme::colored();
    let mut log = session();
    log.handle(Action::ScrollUp);
    let mut terminal = Terminal::new(TestBackend::new(120, 12)).unwrap();
    terminal.draw(|f| log.render(f, f.area(), &theme)).unwrap();
    let buffer = terminal.backend().buffer();
    let style_of = |text: &str| {
        (0..12u16)
            .find_map(|y| {
                let line: String = (0..120u16).map(|x| buffer[(x, y)].symbol()).collect();
                let x = line[..line.find(text)?].chars().count() as u16;
                Some(buffer[(x, y)].style())
            })
            .unwrap_or_else(|| panic!("{text} not drawn"))
    };
    // The selected row (the fifth: the dead connection) is in the selection role.
    assert_eq!(style_of("10002").bg, theme.selection.bg);
    assert_eq!(style_of("429").fg, theme.warning.fg);
    assert_eq!(style_of("401").fg, theme.error.fg);
    assert_eq!(style_of("304").fg, theme.ok.fg);
}

#[test]
fn the_tail_is_shown_and_a_scrolled_view_keeps_its_row_visible() {
    let (mut log, _) = numbered(40, 100);
    // 12 rows: borders, header, 9 entries.
    let screen = render(&log, 100, 12);
    assert!(screen.contains("R39 ") && screen.contains("R31 "), "{screen}");
    assert!(!screen.contains("R30 "), "{screen}");
    for _ in 0..12 {
        log.handle(Action::ScrollUp);
    }
    let screen = render(&log, 100, 12);
    assert!(
        screen.contains("R27 ") && screen.contains("at 28 of 40"),
        "{screen}"
    );
}

#[tokio::test]
async fn a_key_in_the_query_never_reaches_the_log() {
    use crate::api::Secret;
    use crate::client::{Auth, Client, Endpoint, KeyPlacement, RetryPolicy};
    const KEY: &str = "0123456789abcdef0123456789abcdef";
    let seen: Arc<Mutex<Vec<RequestRecord>>> = Arc::default();
    let sink = seen.clone();
    // Nothing listens on the discard port of the loopback: the attempts fail at once.
    let client = Client::builder(Endpoint::parse("http://127.0.0.1:9").unwrap())
        .auth(Auth::Key {
            key: Secret::new(KEY),
            region: Some("westeurope".into()),
            placement: KeyPlacement::Query,
        })
        .retry(RetryPolicy {
            max_attempts: 2,
            base_delay: Duration::from_millis(1),
            max_delay: Duration::from_millis(1),
            deadline: Duration::from_secs(10),
            attempt_timeout: Duration::from_secs(5),
        })
        .languages_cache(None)
        .observer(move |r| sink.lock().unwrap().push(r.clone()))
        .build()
        .unwrap();
    assert!(client.translate(["hello"]).to("de").send().await.is_err());
    let records = seen.lock().unwrap().clone();
    assert!(!records.is_empty());
    let mut log = RequestLog::new(Instant::now());
    for r in &records {
        log.push(Instant::now(), r);
    }
    let screen = render(&log, 200, 10);
    let entries = format!("{:?}", log.entries().collect::<Vec<_>>());
    for shown in [&screen, &entries] {
        assert!(shown.contains("/translate") && shown.contains("POST"), "{shown}");
        for secret in [
            KEY,
            "Subscription-Key",
            "westeurope",
            "api-version",
            "127.0.0.1",
            "?",
        ] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
    }
}

#[test]
fn the_selected_error_answer_is_shown_in_full_under_the_table() {
    let start = Instant::now();
    let mut log = RequestLog::new(start);
    let body = r#"{"error":{"code":"AllocationFailed","message":"Allocation failed. We do not have sufficient capacity for the requested VM size in this region. Read more about improving likelihood of allocation success at http://aka.ms/allocation-guidance"}}"#;
    let failed = RequestRecord {
        body: crate::client::error_body(409, body.as_bytes()),
        ..record("/migrate", Some(409), 8, Some("R9"))
    };
    log.push(start, &record("/translate", Some(200), 3, Some("R1")));
    log.push(start, &failed);
    log.push(start, &record("/translate", Some(200), 4, Some("R2")));
    log.handle(Action::ScrollUp);
    let screen = render(&log, 80, 20);
    assert!(screen.contains("the answer in full"), "{screen}");
    assert!(
        screen.contains("allocation-guidance\"}}"),
        "the body to its end: {screen}"
    );
}

#[test]
fn only_error_answers_keep_their_body_and_at_most_64_kib() {
    assert_eq!(crate::client::error_body(200, b"{}"), None);
    let big = vec![b'x'; 100_000];
    let kept = crate::client::error_body(500, &big).expect("an error body");
    assert_eq!(kept.len(), crate::client::ERROR_BODY_MAX);
}
