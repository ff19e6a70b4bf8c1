//! `POST /dictionary/lookup` and `POST /dictionary/examples`.
//!
//! Both take `from`/`to` from the dictionary scope: a `from` without any data
//! is 400035, a `to` that is not a language code 400036, a pair without data
//! 400023. Lookup answers from the engine's dictionaries (an unknown term is
//! an empty list); examples from the real sentence pairs it has (an empty list
//! for pairs and terms without any). Examples also serve a pair that has sentence
//! pairs but no dictionary installed (en ↔ de, [`examples::canonical_pair`]): the
//! terms come in the body. Both carry `X-Metered-Usage`: the
//! characters of the terms (and of their translations, for examples).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute_blocking, respond};
use crate::api::body::{check_example_limits, check_limits, parse_example_elements, parse_text_elements};
use crate::api::headers::METERED_USAGE;
use crate::api::limits::char_count;
use crate::api::model::{
    BackTranslation, DictionaryTranslation, Example, ExamplesResult, LookupResult, PosTag,
};
use crate::api::params::DictionaryParams;
use crate::api::{ErrorCode, Operation};
use crate::engine::dict::{self, Library, Pos};
use crate::engine::examples;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

/// Most example pairs returned for one (term, translation).
const MAX_EXAMPLES: usize = 15;

pub async fn lookup(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::DictionaryLookup, req, run_lookup).await
}

pub async fn examples(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::DictionaryExamples, req, run_examples).await
}

/// The canonical pair, or the error for a pair outside the dictionary scope.
fn pair(st: &AppState, params: &DictionaryParams) -> Result<(&'static str, &'static str), ApiError> {
    if let Some(pair) = st.catalog.dictionary_pair(&params.from, &params.to) {
        return Ok(pair);
    }
    if !st.catalog.dictionary_source(&params.from) {
        return Err(ApiError::with_detail(
            ErrorCode::InvalidFrom,
            format!("The local engine has no dictionary from {}.", params.from),
        ));
    }
    Err(ApiError::with_detail(
        ErrorCode::InvalidLanguagePair,
        format!(
            "The local engine has no dictionary from {} to {}.",
            params.from, params.to
        ),
    ))
}

async fn run_lookup(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = DictionaryParams::parse(intake.query())?;
    let texts = parse_text_elements(&intake.body)?;
    let limits = Operation::DictionaryLookup.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), 1)?;
    let (from, to) = pair(&st, &params)?;
    let metered: usize = texts.iter().map(|t| char_count(t)).sum();
    let results =
        compute_blocking(move || texts.iter().map(|t| lookup_one(from, to, t)).collect::<Vec<_>>()).await?;
    Ok(json(meta, &results, &[(METERED_USAGE, metered.to_string())]))
}

fn lookup_one(from: &str, to: &str, term: &str) -> LookupResult {
    let count = |source: &str, target: &str| examples::count(from, to, source, target);
    let l = dict::lookup(Library::global(), from, to, term, &count);
    LookupResult {
        normalized_source: l.normalized_source,
        display_source: l.display_source,
        translations: l
            .translations
            .into_iter()
            .map(|t| DictionaryTranslation {
                normalized_target: t.normalized_target,
                display_target: t.display_target,
                pos_tag: pos_tag(t.pos),
                confidence: t.confidence,
                prefix_word: t.prefix_word.to_owned(),
                back_translations: t
                    .back_translations
                    .into_iter()
                    .map(|b| BackTranslation {
                        normalized_text: b.normalized_text,
                        display_text: b.display_text,
                        num_examples: b.num_examples,
                        frequency_count: b.frequency_count,
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn pos_tag(pos: Pos) -> PosTag {
    match pos {
        Pos::Adj => PosTag::Adj,
        Pos::Adv => PosTag::Adv,
        Pos::Conj => PosTag::Conj,
        Pos::Det => PosTag::Det,
        Pos::Modal => PosTag::Modal,
        Pos::Noun => PosTag::Noun,
        Pos::Prep => PosTag::Prep,
        Pos::Pron => PosTag::Pron,
        Pos::Verb => PosTag::Verb,
        Pos::Other => PosTag::Other,
    }
}

async fn run_examples(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = DictionaryParams::parse(intake.query())?;
    let items = parse_example_elements(&intake.body)?;
    let limits = Operation::DictionaryExamples
        .limits()
        .ok_or(ErrorCode::Internal)?;
    check_example_limits(limits, &items)?;
    let (from, to) =
        pair(&st, &params).or_else(|e| examples::canonical_pair(&params.from, &params.to).ok_or(e))?;
    let metered: usize = items
        .iter()
        .map(|i| char_count(&i.text) + char_count(&i.translation))
        .sum();
    let results = compute_blocking(move || {
        items
            .iter()
            .map(|i| ExamplesResult {
                normalized_source: dict::normalize(&i.text),
                normalized_target: dict::normalize(&i.translation),
                examples: examples::find(from, to, &i.text, &i.translation, MAX_EXAMPLES)
                    .into_iter()
                    .map(|m| Example {
                        source_prefix: m.source_prefix,
                        source_term: m.source_term,
                        source_suffix: m.source_suffix,
                        target_prefix: m.target_prefix,
                        target_term: m.target_term,
                        target_suffix: m.target_suffix,
                    })
                    .collect(),
            })
            .collect::<Vec<_>>()
    })
    .await?;
    Ok(json(meta, &results, &[(METERED_USAGE, metered.to_string())]))
}
