//! Translate without `from` when an element is too long for one request.
//!
//! Cut into pieces, such an element would be detected piece by piece by the
//! service, and a piece in another script (a long paste that ends in a quote,
//! a code block, a list of names) can be taken for another language: a
//! different language per piece, or one the target cannot be reached from
//! (400023), failing the call half-way. So the client detects such an element
//! once (detect reads its first 50,000 characters), then sends all its pieces
//! with `from` set to that language, and reports it as the element's
//! `detectedLanguage`, as the service would for the element sent whole. Where
//! the detected language cannot be translated, `suggestedFrom` (if given) is
//! used instead, as the service does when detection fails.
//!
//! Elements that fit in one request go as before, autodetected by the service.

use super::batch::{self, Markup, Oversize};
use super::ops::Translate;
use super::{ClientError, Reply};
use crate::api::Operation;
use crate::api::model::{DetectedLanguage, TranslateResult};
use crate::api::params::TextType;

impl Translate {
    /// The indexes of the elements the plan cuts into pieces, when `from` is
    /// left to detection (empty otherwise).
    pub(super) fn cut_without_from(&self) -> Vec<usize> {
        if self.params.from.is_some() {
            return Vec::new();
        }
        let texts: Vec<&str> = self.texts.iter().map(String::as_str).collect();
        let markup = match self.params.text_type {
            TextType::Html => Markup::Html,
            TextType::Plain => Markup::Plain,
        };
        let Some(limits) = Operation::Translate.limits() else {
            return Vec::new();
        };
        // A plan that cannot be made is reported by the send itself.
        let Ok(plan) = batch::plan_markup(&texts, limits, self.params.to.len(), Oversize::Split, markup)
        else {
            return Vec::new();
        };
        (0..texts.len())
            .filter(|&i| plan.pieces_per_element.get(i).is_some_and(|&n| n > 1))
            .collect()
    }

    /// Detects the `cut` elements once, translates each with its language as
    /// `from` and the others as they are; one result per input, in order.
    pub(super) async fn send_detected_once(
        self,
        cut: Vec<usize>,
    ) -> Result<Reply<Vec<TranslateResult>>, ClientError> {
        let long: Vec<&str> = cut.iter().map(|&i| self.texts[i].as_str()).collect();
        let detected = self.client.detect(&long).await?;
        let mut requests = detected.requests;
        let mut results: Vec<Option<TranslateResult>> = vec![None; self.texts.len()];
        let whole: Vec<usize> = (0..self.texts.len()).filter(|i| !cut.contains(i)).collect();
        if !whole.is_empty() {
            let mut rest = self.clone();
            rest.texts = whole.iter().map(|&i| self.texts[i].clone()).collect();
            let reply = rest.send_planned().await?;
            requests.extend(reply.requests);
            for (&i, r) in whole.iter().zip(reply.value) {
                results[i] = Some(r);
            }
        }
        for (&i, d) in cut.iter().zip(&detected.value) {
            let mut one = self.clone();
            one.texts = vec![self.texts[i].clone()];
            let from = match &self.params.suggested_from {
                Some(s) if !d.is_translation_supported => s.clone(),
                _ => d.language.clone(),
            };
            one.params.from = Some(from);
            let reply = one.send_planned().await?;
            requests.extend(reply.requests);
            results[i] = reply.value.into_iter().next().map(|mut r| {
                r.detected_language = Some(DetectedLanguage {
                    language: d.language.clone(),
                    score: d.score,
                });
                r
            });
        }
        let value = results
            .into_iter()
            .map(|r| r.ok_or_else(|| ClientError::Input("a translation is missing".into())))
            .collect::<Result<_, _>>()?;
        Ok(Reply { value, requests })
    }
}
