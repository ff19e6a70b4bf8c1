//! The glossary on translate: forced translations per language pair, sent
//! as the dynamic dictionary markup (spec §4.1,
//! `<mstrans:dictionary translation="…">phrase</mstrans:dictionary>`).
//!
//! It lives in the client because the workbench and the one-shot
//! `glossa translate` both send through it, and because it needs the same
//! markup parser the client's batching uses (`engine::markup`) to leave
//! existing markup alone; `api` stays free of that. The store keeps the
//! entries (`store::glossary`) and hands them over as [`Rule`]s.
//!
//! ```text
//! Translate::glossary(rules).send()
//!   │ group::Plan::new — per target, mark::mark the texts with the rules of
//!   │                    (from, target); targets with the same marked texts
//!   │                    share a request (no match: the plain request)
//!   │ one translate call per group, at once (each batched as usual)
//!   │ Plan::assemble    — translations back in target order; proj and
//!   ▼                    srcSentLen mapped from the marked text to the original
//! Reply { value: one TranslateResult per text, requests: every request's meta }
//! ```
//!
//! Markup is sent only when the source language is given: the spec requires
//! `from` with the dynamic dictionary (no detection), and the dictionary is
//! case-sensitive on the service's side — case-insensitive rules are matched
//! here and the phrase sent as it appears in the text.
//!
//! What `proj` and `sentLen` count with markup in the input: the spec defines
//! them as character indexes of the input text, and the local engine (the
//! gloss translator over `engine::markup` pieces, `service/ops/gloss.rs`)
//! reports them in UTF-16 units of the text *as sent*: the tags take up
//! units, a forced phrase's entry spans the phrase between its tags, and
//! `srcSentLen` counts the tags in the sentence that holds them.
//! [`group::remap`] maps those positions back with the marked text's
//! [`OffsetMap`], so callers see offsets into the text they gave.

pub mod group;
pub mod mark;
#[cfg(test)]
mod tests;

pub use group::{AssembleError, Group, Plan};
pub use mark::{Marked, MarkedTerm, OffsetMap, mark};

use super::ops::Translate;
use super::{ClientError, Reply};
use crate::api::model::TranslateResult;

/// A forced translation of a term for one language pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub from: String,
    pub to: String,
    pub term: String,
    pub translation: String,
    /// Match the term only as written.
    pub case_sensitive: bool,
}

impl Rule {
    /// Whether the rule is for `from` → `to` (codes in any case).
    pub fn applies(&self, from: &str, to: &str) -> bool {
        self.from.eq_ignore_ascii_case(from) && self.to.eq_ignore_ascii_case(to)
    }
}

/// Sends `call` as its glossary plan says: one call per group, all at once.
pub(super) async fn send(call: Translate) -> Result<Reply<Vec<TranslateResult>>, ClientError> {
    let texts: Vec<&str> = call.texts.iter().map(String::as_str).collect();
    let html = call.params.text_type == crate::api::params::TextType::Html;
    let plan = Plan::new(
        &texts,
        call.params.from.as_deref(),
        &call.params.to,
        &call.glossary,
        html,
    );
    if plan.is_plain() {
        return call.send_plain().await;
    }
    let scripts = &call.params.to_script;
    let calls = plan.groups.iter().map(|g| {
        let mut c = call.clone();
        c.glossary.clear();
        c.texts = g.bodies();
        c.params.to = g.targets.iter().map(|&i| call.params.to[i].clone()).collect();
        // One toScript per target (else the service's own 400070 says so).
        if scripts.len() == call.params.to.len() {
            c.params.to_script = g.targets.iter().map(|&i| scripts[i].clone()).collect();
        }
        c.send_plain()
    });
    let replies = futures_util::future::try_join_all(calls).await?;
    let mut requests = Vec::new();
    let mut answers = Vec::with_capacity(replies.len());
    for r in replies {
        requests.extend(r.requests);
        answers.push(r.value);
    }
    let value = plan.assemble(answers).map_err(|e| ClientError::Malformed {
        message: e.to_string(),
        request_id: None,
        client_trace_id: String::new(),
    })?;
    Ok(Reply { value, requests })
}
