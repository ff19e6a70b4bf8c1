//! Translation in parts against the local engine: a README keeps its
//! Markdown through the html mode, a long text goes in several requests
//! with the progress after each, and one stopped half-way goes on from
//! where it stopped.

use std::time::Duration;

use tokio::sync::mpsc;

use super::Running;
use crate::doc::Kind;
use crate::session::{LocalOptions, ServiceSettings, Session};
use crate::tui::effect::Msg;
use crate::tui::overlays::options::TranslateOptions;
use crate::tui::tabs::translate::{Answer, DocEvent, DocRequest, Known, Stop};

async fn local(concurrency: u16) -> Session {
    let settings = ServiceSettings {
        concurrency: Some(concurrency),
        ..ServiceSettings::default()
    };
    Session::connect_with(&settings, false, None, LocalOptions::default())
        .await
        .expect("the local service")
}

fn request(text: &str, kind: Kind, known: Known) -> DocRequest {
    DocRequest {
        generation: 7,
        text: text.to_owned(),
        kind,
        from: Some("en".into()),
        targets: vec!["de".into()],
        options: TranslateOptions::default(),
        glossary: Vec::new(),
        known,
    }
}

/// What came back: the requests planned, the parts of each progress, and
/// the end (translated, or stopped and why).
#[derive(Default)]
struct Heard {
    planned: usize,
    kept: usize,
    progress: Vec<Vec<(String, crate::api::model::TranslateResult)>>,
    end: Option<(Answer, Option<Stop>)>,
}

async fn next(rx: &mut mpsc::UnboundedReceiver<Msg>) -> Msg {
    tokio::time::timeout(Duration::from_secs(120), rx.recv())
        .await
        .expect("an answer in time")
        .expect("the channel open")
}

fn hear(heard: &mut Heard, msg: Msg) {
    match msg {
        Msg::Document { generation: 7, event } => match event {
            DocEvent::Planned { requests, kept } => (heard.planned, heard.kept) = (requests, kept.len()),
            DocEvent::Progress { parts } => heard.progress.push(parts),
            DocEvent::Stopped { result, why, .. } => heard.end = Some((result, Some(why))),
        },
        Msg::Translated {
            generation: 7,
            result,
            ..
        } => heard.end = Some((result.expect("translated"), None)),
        other => panic!("not this request's: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_readme_through_the_local_engine_keeps_its_markdown() {
    use crate::doc::markdown::tests::README;
    let session = local(4).await;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut running = Running::default();
    running.start(
        &session.client,
        request(README, Kind::Markdown, Known::default()),
        tx,
    );
    let mut heard = Heard::default();
    while heard.end.is_none() {
        hear(&mut heard, next(&mut rx).await);
    }
    let ((result, _, engines), stop) = heard.end.expect("an end");
    assert!(stop.is_none(), "{stop:?}");
    assert_eq!(heard.progress.len(), heard.planned, "a progress per request");
    assert!(heard.planned >= 1);
    let de = &result.translations[0].text;
    assert_ne!(de, README, "translated");
    assert_eq!(engines, [Some(crate::api::engine::Engine::Gloss)]);
    assert_eq!(
        de.lines().count(),
        README.lines().count(),
        "the line layout:\n{de}"
    );
    for kept in [
        "---\ntitle: Glossa\ntags: [tui, translation]\n---\n",
        "`cargo run --release`",
        "(https://example.com/guide \"The guide\")",
        "<https://example.com/faq>",
        "```sh\ncargo test --locked   # every test\nglossa notes.md\n```",
        "    indented code stays\n    exactly as it is\n",
        "|:----|-------------:|",
        "<div align=\"center\">\n  <img src=\"logo.png\" alt=\"logo\">\n</div>",
        "](docs/logo.png)",
        "[rustup]: https://rustup.rs\n[shortcut]: https://example.com/shortcut\n",
    ] {
        assert!(de.contains(kept), "{kept:?} kept in:\n{de}");
    }
    // Every line starts with the same block markup as the source's.
    let starts = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| {
                l.chars()
                    .take_while(|c| "#>-*|0123456789. `[!".contains(*c))
                    .collect()
            })
            .collect()
    };
    assert_eq!(starts(de), starts(README), "{de}");
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_text_stopped_half_way_goes_on_from_there() {
    // Distinct paragraphs: a part's text is its key, the same text is sent once.
    let paragraph = |i: usize| {
        format!(
            "{i}. {}\n\n",
            "The cat sleeps on the warm stone in the garden. ".repeat(8)
        )
    };
    let text: String = (0..1_300).map(paragraph).collect();
    assert!(text.len() > 450_000);
    let session = local(1).await;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut running = Running::default();
    running.start(
        &session.client,
        request(&text, Kind::Plain, Known::default()),
        tx.clone(),
    );
    let mut heard = Heard::default();
    while heard.progress.is_empty() {
        hear(&mut heard, next(&mut rx).await);
    }
    assert!(
        heard.planned >= 9,
        "within 50,000 characters a request: {}",
        heard.planned
    );
    running.cancel(Some(7));
    while heard.end.is_none() {
        hear(&mut heard, next(&mut rx).await);
    }
    let ((partial, _, _), stop) = heard.end.take().expect("an end");
    assert_eq!(stop, Some(Stop::Cancelled));
    let done = heard.progress.len();
    assert!(
        done < heard.planned,
        "stopped half-way: {done} of {}",
        heard.planned
    );
    // What came back is translated, the rest left as it is.
    let de = &partial.translations[0].text;
    assert!(!de.starts_with("0. The cat"), "{}", &de[..80]);
    assert!(de.ends_with(&paragraph(1_299)), "the rest as it is");
    // Going on with the parts that came: only the rest is sent.
    let known: std::collections::HashMap<_, _> = heard.progress.concat().into_iter().collect();
    let first = heard.planned;
    let mut heard = Heard::default();
    running.start(
        &session.client,
        request(&text, Kind::Plain, std::sync::Arc::new(known)),
        tx,
    );
    while heard.end.is_none() {
        hear(&mut heard, next(&mut rx).await);
    }
    assert!(
        heard.kept > 0 && heard.planned < first,
        "{} of {first}",
        heard.planned
    );
    let ((whole, _, _), stop) = heard.end.expect("an end");
    assert!(stop.is_none());
    assert!(
        !whole.translations[0].text.contains("The cat sleeps"),
        "all translated"
    );
    session.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_part_is_sent_once() {
    let text = "- The same item.\n".repeat(3_000);
    let session = local(4).await;
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut running = Running::default();
    running.start(
        &session.client,
        request(&text, Kind::Markdown, Known::default()),
        tx,
    );
    let mut heard = Heard::default();
    while heard.end.is_none() {
        hear(&mut heard, next(&mut rx).await);
    }
    assert_eq!(heard.planned, 1, "3,000 items, one distinct text");
    let ((result, _, _), stop) = heard.end.expect("an end");
    assert!(stop.is_none());
    let de = &result.translations[0].text;
    assert_eq!(de.lines().count(), 3_000);
    assert!(
        de.lines().all(|l| l.starts_with("- ") && l != "- The same item."),
        "{}",
        &de[..60]
    );
    session.close().await;
}
