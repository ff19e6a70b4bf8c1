//! One module per operation. Each `handle` runs the common intake, then its
//! own parsing and validation (documented codes), then the engine.

pub mod breaksentence;
pub mod detect;
pub mod dictionary;
mod gloss;
pub use gloss::translation_languages;
mod identity;
pub mod languages;
pub mod token;
pub mod translate;
pub mod transliterate;

use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::Response;

use super::AppState;
use super::intake::{Intake, receive};
use super::reply::{ApiError, Meta, finish};
use crate::api::Operation;

/// Requests whose body is larger than this run on the blocking pool, so a
/// 50,000-character detect does not stall other connections.
const INLINE_WORK_BYTES: usize = 16 * 1024;

/// Runs the intake, then `work`, and renders its result or error.
pub async fn respond<F>(st: Arc<AppState>, op: Operation, req: Request, work: F) -> Response<Body>
where
    F: AsyncFnOnce(Arc<AppState>, Intake, &Meta) -> Result<Response<Body>, ApiError>,
{
    let mut meta = Meta::new(op);
    let result = match receive(&st, op, req, &mut meta).await {
        Ok(intake) => work(st, intake, &meta).await,
        Err(e) => Err(e),
    };
    finish(&meta, result)
}

/// Sentence lengths (UTF-16 units) as the responses carry them.
pub fn sent_len(text: &str, language: Option<&str>) -> Vec<u32> {
    crate::engine::segment::sentence_lengths(text, language)
        .into_iter()
        .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
        .collect()
}

/// Runs engine work that may read a dictionary for the first time on the
/// blocking pool, whatever the size of the request.
pub async fn compute_blocking<T, F>(f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|_| ApiError::from(crate::api::ErrorCode::Internal))
}

/// Runs CPU-bound engine work inline for small requests, on the blocking
/// pool for large ones.
pub async fn compute<T, F>(body_len: usize, f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    if body_len <= INLINE_WORK_BYTES {
        return Ok(f());
    }
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|_| ApiError::from(crate::api::ErrorCode::Internal))
}
