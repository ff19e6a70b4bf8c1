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
//! (one entry per target, as the contract has it) and Glossa's own
//! `X-Glossa-Engine` (one entry per target: `gloss`, `apertium` or `same`,
//! the gloss winning when the texts of one request differ, so a client can
//! label a word-by-word gloss as such).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::Response;

use super::{compute_blocking, gloss, identity, respond};
use crate::api::body::{check_limits, parse_text_elements};
use crate::api::engine::Engine;
use crate::api::headers::{GLOSSA_ENGINE, METERED_USAGE, MT_SYSTEM};
use crate::api::limits::char_count;
use crate::api::model::{DetectedLanguage, SourceText, TranslateResult, Translation, Transliterated};
use crate::api::params::TranslateParams;
use crate::api::{ErrorCode, Operation};
use crate::engine;
use crate::engine::translit;
use crate::service::AppState;
use crate::service::intake::Intake;
use crate::service::reply::{ApiError, Meta, json};

pub async fn handle(State(st): State<Arc<AppState>>, req: Request) -> Response<Body> {
    respond(st, Operation::Translate, req, run).await
}

/// A validated request: canonical codes.
struct Plan {
    /// (the input's script, the source language's own) when they differ.
    source_script: Option<(String, String)>,
    /// Per target with a `toScript`: (the language's own script, the one asked for).
    target_scripts: Vec<(String, String)>,
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
    let answers = compute_blocking(move || {
        texts
            .iter()
            .map(|t| translate_one(&st, &plan, t))
            .collect::<Result<Vec<_>, ApiError>>()
    })
    .await??;
    let engines = engines_per_target(targets, answers.iter().map(|a| a.1.as_slice()));
    let results: Vec<TranslateResult> = answers.into_iter().map(|a| a.0).collect();
    let system = vec!["Team"; targets].join(",");
    Ok(json(
        meta,
        &results,
        &[
            (METERED_USAGE, metered.to_string()),
            (MT_SYSTEM, system),
            (GLOSSA_ENGINE, Engine::header(&engines)),
        ],
    ))
}

/// One engine per target over every text's: the gloss if any text was
/// glossed (a target partly word by word is labelled so), else Apertium,
/// else the text itself.
fn engines_per_target<'a>(targets: usize, per_text: impl Iterator<Item = &'a [Engine]>) -> Vec<Engine> {
    let mut out = vec![Engine::Same; targets];
    for engines in per_text {
        for (o, e) in out.iter_mut().zip(engines) {
            *o = (*o).max(*e);
        }
    }
    out
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
    let default = |lang: &str| st.catalog.default_script(lang).unwrap_or_default();
    // Input in another script than the language's own is converted first (sourceText).
    let mut source_script = None;
    if let (Some(script), Some(lang)) = (&params.from_script, from)
        && !is_default(lang, script)
    {
        if !translit::supports(lang, script, &default(lang)) {
            return Err(ApiError::with_detail(
                ErrorCode::TransliterationUnsupported,
                format!("The local engine cannot read {lang} written in {script}."),
            ));
        }
        source_script = Some((script.clone(), default(lang)));
    }
    let mut target_scripts = Vec::with_capacity(params.to_script.len());
    for (script, lang) in params.to_script.iter().zip(&to) {
        if !is_default(lang, script) && !translit::supports(lang, &default(lang), script) {
            return Err(ApiError::with_detail(
                ErrorCode::TransliterationUnsupported,
                format!("The local engine cannot write {lang} in {script}."),
            ));
        }
        target_scripts.push((default(lang), script.clone()));
    }
    // The engine has only the general system: a custom category falls back
    // to it unless the request forbids fallback.
    let custom = params
        .category
        .as_deref()
        .is_some_and(|c| !c.eq_ignore_ascii_case("general"));
    if custom && params.allow_fallback == Some(false) {
        return Err(ErrorCode::InvalidCategoryPair.into());
    }
    Ok(Plan {
        source_script,
        target_scripts,
        params,
        to,
        from,
        suggested,
    })
}

/// One text for every target, with the engine that produced each target.
fn translate_one(st: &AppState, plan: &Plan, text: &str) -> Result<(TranslateResult, Vec<Engine>), ApiError> {
    let source_text = match (&plan.source_script, plan.from) {
        (Some((script, own)), Some(lang)) => translit::transliterate(lang, script, own, text),
        _ => None,
    };
    let text = source_text.as_deref().unwrap_or(text);
    let (source, detected) = match plan.from {
        Some(f) => (Some(f), None),
        None => match engine::detect::detect(text) {
            // A detected language the engine cannot translate from yields to the suggestion.
            Some(o) if st.catalog.translation_code(o.best.language).is_some() || plan.suggested.is_none() => {
                (Some(o.best.language), Some((o.best.language, o.best.score)))
            }
            Some(o) => (plan.suggested, Some((o.best.language, o.best.score))),
            None => (plan.suggested, Some((plan.suggested.unwrap_or(plan.to[0]), 0.0))),
        },
    };
    let (translations, engines): (Vec<Translation>, Vec<Engine>) = plan
        .to
        .iter()
        .enumerate()
        .map(|(i, &to)| {
            let (mut t, engine) = match source.filter(|s| !s.eq_ignore_ascii_case(to)) {
                None => (identity::translate(&plan.params, to, text, source), Engine::Same),
                Some(src) => gloss::translate(&plan.params, text, (src, plan.from.is_some()), to)
                    .ok_or_else(|| {
                        ApiError::with_detail(
                            ErrorCode::InvalidLanguagePair,
                            format!("The local engine cannot translate from {src} to {to}."),
                        )
                    })?,
            };
            t.transliteration = plan
                .target_scripts
                .get(i)
                .map(|(own, script)| to_script(to, own, script, &t.text));
            Ok::<_, ApiError>((t, engine))
        })
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    let result = TranslateResult {
        detected_language: detected.map(|(language, score)| DetectedLanguage {
            language: language.to_owned(),
            score,
        }),
        translations,
        source_text: source_text.map(|text| SourceText { text }),
    };
    Ok((result, engines))
}

/// The translation written in `script` (validated: a script the engine
/// writes `to` in, from its own script `own`).
fn to_script(to: &str, own: &str, script: &str, text: &str) -> Transliterated {
    let text = if own.eq_ignore_ascii_case(script) {
        text.to_owned()
    } else {
        translit::transliterate(to, own, script, text).unwrap_or_else(|| text.to_owned())
    };
    Transliterated {
        text,
        script: script.to_owned(),
    }
}
