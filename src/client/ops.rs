//! The operations as builders: set options, then `send()`.
//!
//! Each operation with a body goes through `run`: plan batches within the
//! operation's limits, send them (at most `concurrency` at once, results
//! kept in batch order), decode, and stitch one result per input element.

use bytes::Bytes;
use futures_util::{StreamExt, TryStreamExt};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::batch::{self, Markup, Oversize, Plan};
use super::transport::{Call, RawReply, ResponseMeta};
use super::{Client, ClientError, Reply};
use crate::api::Operation;
use crate::api::body::check_example_limits;
use crate::api::limits::char_count;
use crate::api::model::{
    BreakSentenceResult, DetectResult, ExampleElement, ExamplesResult, LookupResult, TranslateResult,
    Transliterated,
};
use crate::api::params::{
    BreakSentenceParams, DictionaryParams, ProfanityAction, ProfanityMarker, TextType, TranslateParams,
    TransliterateParams,
};

#[derive(Serialize)]
struct TextEl<'a> {
    #[serde(rename = "Text")]
    text: &'a str,
}

/// Decodes a JSON answer of `expected` elements.
fn decode<R: DeserializeOwned>(reply: &RawReply, expected: usize) -> Result<Vec<R>, ClientError> {
    let v: Vec<R> = serde_json::from_slice(&reply.body)
        .map_err(|e| reply.meta.malformed(format!("not the documented JSON: {e}")))?;
    if v.len() != expected {
        return Err(reply
            .meta
            .malformed(format!("{} results for {expected} elements", v.len())));
    }
    Ok(v)
}

impl Client {
    /// Sends `texts` as batches of `op`; returns each batch's results.
    async fn run<R: DeserializeOwned>(
        &self,
        op: Operation,
        query: Vec<(&'static str, String)>,
        texts: &[&str],
        multiplier: usize,
        markup: Markup,
    ) -> Result<(Plan, Vec<Vec<R>>, Vec<ResponseMeta>), ClientError> {
        let limits = op.limits().expect("operations with a body have limits");
        let plan = batch::plan_markup(texts, limits, multiplier, Oversize::for_operation(op), markup)
            .map_err(|e| ClientError::Input(e.to_string()))?;
        let bodies: Vec<(usize, Bytes)> = plan
            .batches
            .iter()
            .map(|b| {
                let els: Vec<TextEl> = b.texts(texts).into_iter().map(|text| TextEl { text }).collect();
                let body = serde_json::to_vec(&els).expect("strings serialize");
                (b.pieces.len(), Bytes::from(body))
            })
            .collect();
        let (results, metas) = self.send_all(op, &query, bodies).await?;
        Ok((plan, results, metas))
    }

    /// Sends prepared bodies in order, `concurrency` at a time.
    async fn send_all<R: DeserializeOwned>(
        &self,
        op: Operation,
        query: &[(&'static str, String)],
        bodies: Vec<(usize, Bytes)>,
    ) -> Result<(Vec<Vec<R>>, Vec<ResponseMeta>), ClientError> {
        let inner = &self.inner;
        let answers: Vec<(Vec<R>, ResponseMeta)> = futures_util::stream::iter(bodies)
            .map(|(count, body)| async move {
                let mut call = Call::new(op, query.to_vec());
                call.body = Some(body);
                let reply = inner.execute(&call).await?;
                Ok::<_, ClientError>((decode(&reply, count)?, reply.meta))
            })
            .buffered(inner.concurrency)
            .try_collect()
            .await?;
        Ok(answers.into_iter().unzip())
    }

    /// Translate `texts` (spec §4.1). Add targets with `.to(..)`.
    pub fn translate<S: Into<String>>(&self, texts: impl IntoIterator<Item = S>) -> Translate {
        Translate {
            client: self.clone(),
            texts: texts.into_iter().map(Into::into).collect(),
            params: TranslateParams::default(),
            glossary: Vec::new(),
        }
    }

    /// Transliterate `texts` of `language` from one script to another (spec §4.5).
    pub async fn transliterate<S: AsRef<str>>(
        &self,
        params: &TransliterateParams,
        texts: &[S],
    ) -> Result<Reply<Vec<Transliterated>>, ClientError> {
        let texts: Vec<&str> = texts.iter().map(AsRef::as_ref).collect();
        let (plan, results, requests) = self
            .run(
                Operation::Transliterate,
                params.to_query(),
                &texts,
                1,
                Markup::None,
            )
            .await?;
        let value = batch::stitch::transliterate(&plan, &texts, results).map_err(stitch_error)?;
        Ok(Reply { value, requests })
    }

    /// Sentence boundaries of `texts` (spec §4.6).
    pub async fn break_sentence<S: AsRef<str>>(
        &self,
        params: &BreakSentenceParams,
        texts: &[S],
    ) -> Result<Reply<Vec<BreakSentenceResult>>, ClientError> {
        let texts: Vec<&str> = texts.iter().map(AsRef::as_ref).collect();
        let (plan, results, requests) = self
            .run(
                Operation::BreakSentence,
                params.to_query(),
                &texts,
                1,
                Markup::None,
            )
            .await?;
        let value = batch::stitch::break_sentence(&plan, results).map_err(stitch_error)?;
        Ok(Reply { value, requests })
    }

    /// The language of each of `texts` (spec §4.7); an element longer than a
    /// request is judged by its first 50,000 characters.
    pub async fn detect<S: AsRef<str>>(&self, texts: &[S]) -> Result<Reply<Vec<DetectResult>>, ClientError> {
        let texts: Vec<&str> = texts.iter().map(AsRef::as_ref).collect();
        let (plan, results, requests) = self
            .run(Operation::Detect, Vec::new(), &texts, 1, Markup::None)
            .await?;
        let value = batch::stitch::detect(&plan, results).map_err(stitch_error)?;
        Ok(Reply { value, requests })
    }

    /// Dictionary alternatives of each term (spec §4.3).
    pub async fn lookup<S: AsRef<str>>(
        &self,
        params: &DictionaryParams,
        terms: &[S],
    ) -> Result<Reply<Vec<LookupResult>>, ClientError> {
        let texts: Vec<&str> = terms.iter().map(AsRef::as_ref).collect();
        let (plan, results, requests) = self
            .run(
                Operation::DictionaryLookup,
                params.to_query(),
                &texts,
                1,
                Markup::None,
            )
            .await?;
        let value = batch::stitch::in_order(&plan, results).map_err(stitch_error)?;
        Ok(Reply { value, requests })
    }

    /// Example sentences of (term, translation) pairs (spec §4.4).
    pub async fn examples(
        &self,
        params: &DictionaryParams,
        pairs: &[ExampleElement],
    ) -> Result<Reply<Vec<ExamplesResult>>, ClientError> {
        let limits = Operation::DictionaryExamples
            .limits()
            .expect("examples has limits");
        let mut bodies = Vec::new();
        let mut start = 0;
        while start < pairs.len() {
            let (mut end, mut chars) = (start, 0);
            while end < pairs.len() && end - start < limits.max_elements {
                let p = &pairs[end];
                // The service's own rule for one pair (each side within the element limit).
                if check_example_limits(limits, std::slice::from_ref(p)).is_err() {
                    return Err(ClientError::Input(format!(
                        "pair {end} is longer than {} characters; dictionary terms cannot be cut",
                        limits.max_element_chars
                    )));
                }
                let n = char_count(&p.text) + char_count(&p.translation);
                if end > start && chars + n > limits.max_request_chars {
                    break;
                }
                chars += n;
                end += 1;
            }
            let body = serde_json::to_vec(&pairs[start..end]).expect("strings serialize");
            bodies.push((end - start, Bytes::from(body)));
            start = end;
        }
        let (results, requests) = self
            .send_all(Operation::DictionaryExamples, &params.to_query(), bodies)
            .await?;
        Ok(Reply {
            value: results.into_iter().flatten().collect(),
            requests,
        })
    }

    /// An access token from the token service (token mode only: the key is
    /// exchanged at the auth URL). The token is a `Secret`.
    pub async fn issue_token(&self) -> Result<Reply<crate::api::Secret>, ClientError> {
        if !matches!(
            self.inner.auth,
            super::Auth::Token { .. } | super::Auth::Key { .. }
        ) {
            return Err(ClientError::Config(
                "a token is issued for a subscription key".into(),
            ));
        }
        let reply = self
            .inner
            .execute(&Call::new(Operation::IssueToken, Vec::new()))
            .await?;
        let token = super::transport::token_from_body(&reply)?;
        Ok(Reply {
            value: token,
            requests: vec![reply.meta],
        })
    }
}

fn stitch_error(e: batch::StitchError) -> ClientError {
    ClientError::Malformed {
        message: e.to_string(),
        request_id: None,
        client_trace_id: String::new(),
    }
}

/// A translate call being set up.
#[derive(Clone, Debug)]
pub struct Translate {
    pub(super) client: Client,
    pub(super) texts: Vec<String>,
    pub(super) params: TranslateParams,
    /// Forced translations, applied when `from` is given (`client::glossary`).
    pub(super) glossary: Vec<super::glossary::Rule>,
}

impl Translate {
    /// Adds a target language.
    pub fn to(mut self, language: impl Into<String>) -> Self {
        self.params.to.push(language.into());
        self
    }

    /// Adds a target language with the script to transliterate it into.
    pub fn to_script(mut self, language: impl Into<String>, script: impl Into<String>) -> Self {
        self.params.to.push(language.into());
        self.params.to_script.push(script.into());
        self
    }

    pub fn from(mut self, language: impl Into<String>) -> Self {
        self.params.from = Some(language.into());
        self
    }

    pub fn from_script(mut self, script: impl Into<String>) -> Self {
        self.params.from_script = Some(script.into());
        self
    }

    pub fn text_type(mut self, t: TextType) -> Self {
        self.params.text_type = t;
        self
    }

    pub fn category(mut self, category: impl Into<String>) -> Self {
        self.params.category = Some(category.into());
        self
    }

    pub fn profanity(mut self, action: ProfanityAction, marker: ProfanityMarker) -> Self {
        self.params.profanity_action = action;
        self.params.profanity_marker = marker;
        self
    }

    pub fn include_alignment(mut self, on: bool) -> Self {
        self.params.include_alignment = on;
        self
    }

    pub fn include_sentence_length(mut self, on: bool) -> Self {
        self.params.include_sentence_length = on;
        self
    }

    pub fn suggested_from(mut self, language: impl Into<String>) -> Self {
        self.params.suggested_from = Some(language.into());
        self
    }

    pub fn allow_fallback(mut self, on: bool) -> Self {
        self.params.allow_fallback = Some(on);
        self
    }

    /// Replaces every parameter at once (the TUI keeps a `TranslateParams`).
    pub fn params(mut self, params: TranslateParams) -> Self {
        self.params = params;
        self
    }

    /// Forces `rules`' translations (those of `from` → each target) through
    /// the dynamic dictionary markup; without `from` they are not used.
    pub fn glossary(mut self, rules: Vec<super::glossary::Rule>) -> Self {
        self.glossary = rules;
        self
    }

    /// Sends the call: one result per input text, in order.
    pub async fn send(self) -> Result<Reply<Vec<TranslateResult>>, ClientError> {
        if self.glossary.is_empty() || self.params.from.is_none() {
            return self.send_plain().await;
        }
        super::glossary::send(self).await
    }

    /// Sends the call as it is, glossary left out; an element cut into
    /// pieces without `from` is detected once (`client::autodetect`).
    pub(super) async fn send_plain(self) -> Result<Reply<Vec<TranslateResult>>, ClientError> {
        let cut = self.cut_without_from();
        if cut.is_empty() {
            self.send_planned().await
        } else {
            self.send_detected_once(cut).await
        }
    }

    /// Plans the batches, sends them and stitches the results.
    pub(super) async fn send_planned(self) -> Result<Reply<Vec<TranslateResult>>, ClientError> {
        let texts: Vec<&str> = self.texts.iter().map(String::as_str).collect();
        let targets = self.params.to.len();
        let markup = match self.params.text_type {
            TextType::Html => Markup::Html,
            TextType::Plain => Markup::Plain,
        };
        let (plan, results, requests) = self
            .client
            .run(
                Operation::Translate,
                self.params.to_query(),
                &texts,
                targets,
                markup,
            )
            .await?;
        let value = batch::stitch::translate(&plan, &texts, results).map_err(stitch_error)?;
        Ok(Reply { value, requests })
    }
}
