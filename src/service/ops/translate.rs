//! `POST /translate`.
//!
//! Validation: targets (400036), source and suggested source (400035),
//! scripts (400018 / 400004 / 400080), custom category without fallback
//! (400075), limits counting characters once per target (400050 / 400072 /
//! 400077).
//!
//! A text in its own language comes back unchanged, each word aligned with
//! itself; between two languages the engine's gloss translator answers (see
//! `gloss`). Headers: `X-Metered-Usage` (characters × targets), `X-MT-System`
//! (one entry per target).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute_blocking, gloss, respond, sent_len};
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::headers::{METERED_USAGE, MT_SYSTEM};
use crate::api::limits::char_count;
use crate::api::model::{Alignment, DetectedLanguage, SentLen, TranslateResult, Translation, Transliterated};
use crate::api::params::{TextType, TranslateParams};
use crate::api::{AlignmentEntry, ErrorCode, Operation, Projection};
use crate::engine;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Translate, req, run).await
}

/// Whether the gloss translator reads `language`.
fn st_translates(plan: &Plan, language: &str) -> bool {
    plan.translatable.iter().any(|l| l.eq_ignore_ascii_case(language))
}

/// A validated request: canonical codes.
struct Plan {
    translatable: Vec<&'static str>,
    params: TranslateParams,
    to: Vec<&'static str>,
    from: Option<&'static str>,
    suggested: Option<&'static str>,
}

async fn run(st: Arc<AppState>, intake: Intake, meta: &Meta) -> Result<Response<Body>, ApiError> {
    let params = TranslateParams::parse(intake.query())?;
    let texts = parse_text_elements(&intake.body)?;
    let plan = validate(&st, params)?;
    let limits = Operation::Translate.limits().ok_or(ErrorCode::Internal)?;
    check_limits(limits, texts.iter().map(String::as_str), plan.to.len())?;
    let metered: usize = texts.iter().map(|t| char_count(t)).sum::<usize>() * plan.to.len();
    let targets = plan.to.len();
    let results = compute_blocking(move || {
        texts
            .iter()
            .map(|t| translate_one(&plan, t))
            .collect::<Result<Vec<_>, ApiError>>()
    })
    .await??;
    let system = vec!["Team"; targets].join(",");
    Ok(json(
        meta,
        &results,
        &[(METERED_USAGE, metered.to_string()), (MT_SYSTEM, system)],
    ))
}

fn validate(st: &AppState, params: TranslateParams) -> Result<Plan, ApiError> {
    let to = params
        .to
        .iter()
        .map(|t| st.catalog.translation_code(t).ok_or(ErrorCode::InvalidTo))
        .collect::<Result<Vec<_>, _>>()?;
    let source = |code: &Option<String>| match code {
        None => Ok(None),
        Some(c) => st
            .catalog
            .translation_code(c)
            .map(Some)
            .ok_or(ErrorCode::InvalidFrom),
    };
    let from = source(&params.from)?;
    let suggested = source(&params.suggested_from)?;
    let is_default = |lang: &str, script: &str| {
        st.catalog
            .default_script(lang)
            .is_some_and(|d| d.eq_ignore_ascii_case(script))
    };
    if let (Some(script), Some(lang)) = (&params.from_script, from)
        && !is_default(lang, script)
        && !st.catalog.has_transliteration(lang)
    {
        return Err(ErrorCode::TransliterationUnsupported.into());
    }
    for (script, lang) in params.to_script.iter().zip(&to) {
        if !is_default(lang, script) {
            return Err(ApiError::with_detail(
                ErrorCode::TransliterationUnsupported,
                format!("The local engine cannot write {lang} in {script}."),
            ));
        }
    }
    if params.category.is_some() && params.allow_fallback == Some(false) {
        return Err(ErrorCode::InvalidCategoryPair.into());
    }
    Ok(Plan {
        translatable: engine::gloss::languages(engine::dict::Library::global()),
        params,
        to,
        from,
        suggested,
    })
}

fn translate_one(plan: &Plan, text: &str) -> Result<TranslateResult, ApiError> {
    let (source, detected) = match plan.from {
        Some(f) => (Some(f), None),
        None => match engine::detect::detect(text) {
            // A detected language the engine cannot translate from yields to the suggestion.
            Some(o) if st_translates(plan, o.best.language) || plan.suggested.is_none() => {
                (Some(o.best.language), Some((o.best.language, o.best.score)))
            }
            Some(o) => (plan.suggested, Some((o.best.language, o.best.score))),
            None => (plan.suggested, Some((plan.suggested.unwrap_or(plan.to[0]), 0.0))),
        },
    };
    let translations = plan
        .to
        .iter()
        .enumerate()
        .map(|(i, &to)| {
            let Some(src) = source.filter(|s| !s.eq_ignore_ascii_case(to)) else {
                return Ok(same_language(plan, i, to, text, source));
            };
            gloss::translate(&plan.params, text, src, to).ok_or_else(|| {
                ApiError::with_detail(
                    ErrorCode::InvalidLanguagePair,
                    format!("The local engine cannot translate from {src} to {to}."),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TranslateResult {
        detected_language: detected.map(|(language, score)| DetectedLanguage {
            language: language.to_owned(),
            score,
        }),
        translations,
        source_text: None,
    })
}

/// The translation of `text` into its own language: itself, each word aligned
/// with itself.
fn same_language(plan: &Plan, i: usize, to: &str, text: &str, source: Option<&str>) -> Translation {
    let p = &plan.params;
    let alignment = p.include_alignment.then(|| Alignment {
        proj: match p.text_type {
            TextType::Html => Projection::default(),
            TextType::Plain => identity_projection(text),
        },
    });
    let sent_len = p.include_sentence_length.then(|| {
        let lens = sent_len(text, source);
        SentLen {
            src_sent_len: lens.clone(),
            trans_sent_len: lens,
        }
    });
    let transliteration = p.to_script.get(i).map(|script| Transliterated {
        text: text.to_owned(),
        script: script.clone(),
    });
    Translation {
        text: text.to_owned(),
        to: to.to_owned(),
        transliteration,
        alignment,
        sent_len,
    }
}

fn identity_projection(text: &str) -> Projection {
    Projection(
        engine::tokens::word_spans(text)
            .into_iter()
            .filter(|(s, e)| e > s)
            .map(|(s, e)| {
                let (s, e) = (
                    u32::try_from(s).unwrap_or(u32::MAX),
                    u32::try_from(e - 1).unwrap_or(u32::MAX),
                );
                AlignmentEntry {
                    src_start: s,
                    src_end: e,
                    tgt_start: s,
                    tgt_end: e,
                }
            })
            .collect(),
    )
}
