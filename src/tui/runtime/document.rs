//! A text translated in parts ([`Effect::TranslateDocument`]), off the loop.
//!
//! ```text
//! spawn_document
//!   doc::Document::new            on the blocking pool: the text cut into parts
//!   the parts already known kept  → DocEvent::Planned { requests, kept }
//!   no `from`: detected once      (the text's first 10,000 characters, tags left out)
//!   the other parts planned       client::batch::plan_markup: requests within the
//!                                 service's limits (1,000 elements, 50,000 characters
//!                                 counted once per target), per call of the options
//!   sent, `concurrency` at once   each through Client::translate (retries, 429/503
//!                                 backoff, Retry-After: the client's policy)
//!                                 → DocEvent::Progress { parts } after each request
//!   assembled                     on the blocking pool → Msg::Translated
//! ```
//!
//! Esc ([`Effect::CancelDocument`]) or a request that fails after the
//! client's retries stops the sending (the requests in flight are dropped);
//! what came back is assembled with the rest of the text as it is and told
//! as [`DocEvent::Stopped`]. A newer request stops the older one the same
//! way, unheard (its generation is stale).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};

use crate::api::Operation;
use crate::api::engine::Engine;
use crate::api::limits::char_count;
use crate::api::model::{DetectedLanguage, TranslateResult, Translation};
use crate::api::params::TextType;
use crate::client::Client;
use crate::client::batch::{self, Markup, Oversize};
use crate::doc::{Document, Kind};
use crate::tui::effect::Msg;
use crate::tui::tabs::translate::{Answer, DocEvent, DocRequest, Stop, merge};

/// The translation in parts running, and how to stop it.
#[derive(Default)]
pub(super) struct Running {
    current: Option<(u64, watch::Sender<bool>)>,
}

impl Running {
    /// Stops the one running, if any (it tells the state only if asked to,
    /// by `generation`, through `cancel`).
    pub(super) fn cancel(&mut self, generation: Option<u64>) {
        if let Some((g, stop)) = &self.current
            && generation.is_none_or(|wanted| wanted == *g)
        {
            let _ = stop.send(true);
        }
    }

    /// Starts `request`, stopping the one before.
    pub(super) fn start(&mut self, client: &Client, request: DocRequest, tx: mpsc::UnboundedSender<Msg>) {
        self.cancel(None);
        let (stop, stopped) = watch::channel(false);
        self.current = Some((request.generation, stop));
        let client = client.clone();
        tokio::spawn(async move { run(client, request, tx, stopped).await });
    }
}

/// Characters of the text detection reads when there is no `from`.
const DETECT_SAMPLE: usize = 10_000;

async fn run(
    client: Client,
    mut req: DocRequest,
    tx: mpsc::UnboundedSender<Msg>,
    mut stopped: watch::Receiver<bool>,
) {
    let generation = req.generation;
    let say = |event| {
        let _ = tx.send(Msg::Document { generation, event });
    };
    let Some(limits) = Operation::Translate.limits() else {
        return;
    };
    let groups = req.options.calls(&req.targets);
    let widest = groups.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let ceiling = limits.max_element_chars.min(limits.max_request_chars / widest);
    let (kind, text) = (req.kind, req.text.clone());
    let Ok(doc) = tokio::task::spawn_blocking(move || Document::new(kind, &text, ceiling)).await else {
        return;
    };
    let doc = Arc::new(doc);
    // The parts known and those to send (each distinct text once); the
    // state's map is let go at once (the state keeps adding to its own).
    let prior = std::mem::take(&mut req.known);
    let mut known: HashMap<String, TranslateResult> = HashMap::new();
    let mut missing: Vec<String> = Vec::new();
    let mut listed = HashSet::new();
    for part in doc.parts() {
        match prior.get(part) {
            Some(r) => {
                known.insert(part.to_owned(), r.clone());
            }
            None if listed.insert(part) => missing.push(part.to_owned()),
            None => {}
        }
    }
    drop(prior);
    let markup = match (kind.html(), req.options.text_type) {
        (true, _) | (false, TextType::Html) => Markup::Html,
        _ => Markup::Plain,
    };
    let texts: Vec<&str> = missing.iter().map(String::as_str).collect();
    let plans: Vec<_> = groups
        .iter()
        .map(|g| batch::plan_markup(&texts, limits, g.len(), Oversize::Split, markup))
        .collect();
    let requests = plans.iter().map(|p| p.as_ref().map_or(0, |p| p.requests())).sum();
    say(DocEvent::Planned {
        requests,
        kept: Arc::new(known.clone()),
    });
    let detected = match (&req.from, missing.is_empty()) {
        (None, false) => detect(&client, &missing, &req).await,
        _ => None,
    };
    let from = req.from.clone().or_else(|| {
        detected
            .as_ref()
            .map(|(d, from)| from.clone().unwrap_or_else(|| d.language.clone()))
    });
    let mut metered = 0;
    let mut engines: HashMap<String, Engine> = HashMap::new();
    let mut stop = None;
    // Per missing part, the answer of each call group so far.
    let mut answers: Vec<Vec<Answer>> = vec![Vec::new(); missing.len()];
    'groups: for (group, plan) in groups.iter().zip(plans) {
        let plan = match plan {
            Ok(plan) => plan,
            Err(e) => {
                stop = Some(Stop::Failed(e.to_string()));
                break;
            }
        };
        let calls: Vec<_> = plan
            .batches
            .iter()
            .map(|b| {
                let first = b.pieces.first().map_or(0, |p| p.element);
                let last = b.pieces.last().map_or(0, |p| p.element);
                let texts: Vec<String> = missing[first..=last].to_vec();
                let mut call = req.options.apply(client.translate(texts), group);
                if let Some(f) = &from {
                    call = call.from(f);
                    if req.from.is_some() {
                        call = call.glossary(req.glossary.clone());
                    }
                }
                if kind.html() {
                    call = call.text_type(TextType::Html);
                }
                async move { (first, call.send().await) }
            })
            .collect();
        let mut replies = futures_util::stream::iter(calls).buffered(client.concurrency());
        loop {
            let next = tokio::select! {
                next = replies.next() => next,
                _ = stopped.wait_for(|s| *s) => {
                    stop = Some(Stop::Cancelled);
                    break 'groups;
                }
            };
            let Some((first, reply)) = next else { break };
            let mut reply = match reply {
                Ok(reply) => reply,
                Err(e) => {
                    stop = Some(Stop::Failed(e.to_string()));
                    break 'groups;
                }
            };
            let used = reply.metered_usage();
            metered += used;
            let results = std::mem::take(&mut reply.value);
            for t in group {
                if let Some(e) = reply.engine(t) {
                    let e = engines.get(t).map_or(e, |old| (*old).max(e));
                    engines.insert(t.clone(), e);
                }
            }
            let mut done = Vec::new();
            for (k, r) in results.into_iter().enumerate() {
                let i = first + k;
                let row_engines = r.translations.iter().map(|t| reply.engine(&t.to)).collect();
                answers[i].push((r, 0, row_engines));
                if answers[i].len() == groups.len() {
                    let (merged, _, _) = merge(std::mem::take(&mut answers[i]), &req.targets);
                    known.insert(missing[i].clone(), merged.clone());
                    done.push((missing[i].clone(), merged));
                }
            }
            say(DocEvent::Progress { parts: done });
        }
    }
    let engines: Vec<Option<Engine>> = req.targets.iter().map(|t| engines.get(t).copied()).collect();
    let detected = detected.map(|(d, _)| d);
    let (doc2, text, targets) = (Arc::clone(&doc), req.text.clone(), req.targets.clone());
    let assembled = tokio::task::spawn_blocking(move || {
        assemble(&doc2, &text, &known, &targets).map(|mut r| {
            r.detected_language = r.detected_language.or(detected);
            r
        })
    })
    .await;
    let result = match assembled {
        Ok(Ok(r)) => (r, metered, engines),
        Ok(Err(e)) => {
            let answer = (untranslated(&req.text, &req.targets), metered, engines);
            let why = Stop::Failed(format!("the parts could not be put together: {e}"));
            say(DocEvent::Stopped {
                text: req.text,
                result: answer,
                why,
            });
            return;
        }
        Err(_) => return,
    };
    match stop {
        None => {
            let _ = tx.send(Msg::Translated {
                generation,
                text: req.text,
                result: Ok(result),
            });
        }
        Some(why) => say(DocEvent::Stopped {
            text: req.text,
            result,
            why,
        }),
    }
}

/// The language of the parts to send (the start of their text, tags left
/// out), and the `from` to send them with (`suggestedFrom` where the
/// detected one cannot be translated; `None`: the service detects each).
async fn detect(
    client: &Client,
    parts: &[String],
    req: &DocRequest,
) -> Option<(DetectedLanguage, Option<String>)> {
    let mut sample = String::new();
    for part in parts {
        let plain = match req.kind {
            Kind::Plain => part.clone(),
            Kind::Html | Kind::Markdown => without_tags(part),
        };
        sample.push_str(&plain);
        sample.push('\n');
        if char_count(&sample) > DETECT_SAMPLE {
            break;
        }
    }
    let reply = client.detect(&[sample]).await.ok()?;
    let d = reply.value.into_iter().next()?;
    let from = match (&req.options.suggested_from, d.is_translation_supported) {
        (_, true) => Some(d.language.clone()),
        (Some(s), false) => Some(s.clone()),
        (None, false) => None,
    };
    Some((
        DetectedLanguage {
            language: d.language,
            score: d.score,
        },
        from,
    ))
}

/// `html` without its tags (for detection).
fn without_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The document's translation from the parts `known`; a part not known is
/// left as it is (a translation stopped before its end).
fn assemble(
    doc: &Document,
    text: &str,
    known: &HashMap<String, TranslateResult>,
    targets: &[String],
) -> Result<TranslateResult, String> {
    if doc.is_empty() {
        return Ok(untranslated(text, targets));
    }
    let results = doc
        .parts()
        .map(|p| known.get(p).cloned().unwrap_or_else(|| untranslated(p, targets)))
        .collect();
    doc.assemble(text, results)
}

/// `text` as its own translation into every target (nothing to translate,
/// or not translated yet).
fn untranslated(text: &str, targets: &[String]) -> TranslateResult {
    TranslateResult {
        detected_language: None,
        translations: targets
            .iter()
            .map(|to| Translation {
                text: text.to_owned(),
                to: to.clone(),
                transliteration: None,
                alignment: None,
                sent_len: None,
            })
            .collect(),
        source_text: None,
    }
}

#[cfg(test)]
#[path = "document_tests.rs"]
mod tests;
