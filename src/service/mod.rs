//! The local service (axum): the eight translator operations at the root and
//! again under `/translator/text/v3.0/`, the token service at
//! `/sts/v1.0/issueToken`.
//!
//! Request flow: access log → `Connection: close` when the body is left
//! unread (unread.rs) → fault injection (`--chaos`, chaos.rs) → panic guard → route (404000 / 405000) →
//! `ops::*::handle` → `intake::receive` (auth, api-version, trace id,
//! content type, bounded body) → the operation's own validation → `engine`
//! → `reply` (X-RequestId, headers, JSON or the documented error body).

pub mod auth;
pub mod catalog;
mod catalog_translit;
pub mod chaos;
pub mod clock;
pub mod family;
pub mod intake;
pub mod manage;
pub mod ops;
pub mod reply;
pub mod server;
pub mod token;
mod unread;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{Method, Response, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::routing::{get, post};
use axum::{Extension, Router};

use self::auth::Endpoint;
use self::catalog::Catalog;
use self::chaos::{Chaos, ChaosConfig, Fault};
use self::clock::Clock;
use self::reply::{ApiError, Meta};
use self::token::TokenIssuer;
use crate::api::headers::REQUEST_ID;
use crate::api::{ErrorCode, ResourceId, Secret};

/// Where the custom-endpoint form of the translator operations is served.
pub const CUSTOM_ENDPOINT_PREFIX: &str = "/translator/text/v3.0";

/// How the service was started.
#[derive(Clone, Debug, Default)]
pub struct ServiceConfig {
    /// The subscription key; `None` accepts any non-empty key.
    pub key: Option<Secret>,
    /// Set for a regional / multi-service resource: keys must name it.
    pub region: Option<String>,
    /// The resource a directory-issued bearer token must name
    /// (`Ocp-Apim-ResourceId`); also the `azure-resource-id` of issued tokens.
    pub resource_id: Option<ResourceId>,
    /// Where state is kept across restarts (the token signing secret now).
    pub data_dir: Option<PathBuf>,
    pub clock: Clock,
    /// Fault injection (`--chaos`); `None` injects nothing.
    pub chaos: Option<ChaosConfig>,
    /// How much faster the management sandbox's clock runs (`--time-scale`;
    /// `None` is 1).
    pub time_scale: Option<f64>,
    /// Open the sandbox at the first management request instead of at start
    /// (the embedded service, which mostly translates).
    pub lazy_sandbox: bool,
    /// The connection cap and the header-read timeout.
    pub connections: server::Connections,
}

/// Shared by every request.
pub struct AppState {
    pub config: ServiceConfig,
    pub tokens: TokenIssuer,
    pub catalog: Catalog,
    /// The fault injector, when the service was started with one.
    pub chaos: Option<Chaos>,
    /// The management sandbox (SQLite under `data_dir`, else in memory).
    pub sandbox: crate::sandbox::LazySandbox,
}

impl AppState {
    pub fn new(config: ServiceConfig) -> std::io::Result<Self> {
        let tokens = match &config.data_dir {
            Some(dir) => TokenIssuer::persistent(dir, config.clock.clone())?,
            None => TokenIssuer::new(config.clock.clone()),
        }
        .for_resource(config.resource_id.as_ref());
        let sandbox = crate::sandbox::LazySandbox::new(
            config.data_dir.clone(),
            config.time_scale.unwrap_or(1.0),
            config.clock.clone(),
        );
        if !config.lazy_sandbox {
            sandbox.open_now().map_err(std::io::Error::other)?;
        }
        Ok(Self {
            tokens,
            sandbox,
            catalog: Catalog::from_engine(),
            chaos: config.chaos.as_ref().map(Chaos::new),
            config,
        })
    }
}

fn translator_routes() -> Router<Arc<AppState>> {
    use ops::*;
    Router::new()
        .route("/translate", post(translate::handle))
        .route("/languages", get(languages::handle))
        .route("/dictionary/lookup", post(dictionary::lookup))
        .route("/dictionary/examples", post(dictionary::examples))
        .route("/transliterate", post(transliterate::handle))
        .route("/breaksentence", post(breaksentence::handle))
        .route("/detect", post(detect::handle))
}

/// The whole service.
pub fn router(state: Arc<AppState>) -> Router {
    let mut app = Router::new()
        .merge(translator_routes())
        .nest(
            CUSTOM_ENDPOINT_PREFIX,
            translator_routes().layer(Extension(Endpoint::Custom)),
        )
        .route("/sts/v1.0/issueToken", post(ops::token::handle))
        .merge(manage::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(panicked));
    if state.chaos.is_some() {
        app = app.layer(middleware::from_fn_with_state(state.clone(), chaos::inject));
    }
    app.layer(middleware::from_fn(unread::close_if_unread))
        .layer(middleware::from_fn(access_log))
        .with_state(state)
}

async fn not_found(method: Method, uri: Uri) -> Response<Body> {
    family::error_response(StatusCode::NOT_FOUND, &method, &uri)
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response<Body> {
    family::error_response(StatusCode::METHOD_NOT_ALLOWED, &method, &uri)
}

fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    tracing::error!("a request handler panicked");
    ApiError::from(ErrorCode::Internal).into_response(&Meta::with_prefix("GLSA"))
}

/// One line per request: method, path (never the query, which may carry a
/// key), status, milliseconds, request id, and `chaos=<kind>` for an injected
/// fault (a reset logs the 200 head that was never sent).
async fn access_log(req: Request, next: Next) -> Response<Body> {
    let (method, path) = (req.method().clone(), req.uri().path().to_owned());
    let started = Instant::now();
    let resp = next.run(req).await;
    let id = resp
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    let fault = resp
        .extensions()
        .get::<Fault>()
        .map_or(String::new(), |f| format!(" chaos={}", f.name()));
    tracing::info!(
        target: "glossa::access",
        "{method} {path} {} {}ms {id}{fault}",
        resp.status().as_u16(),
        started.elapsed().as_millis()
    );
    resp
}

/// A running service.
pub struct Running {
    pub addr: SocketAddr,
    state: Arc<AppState>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// The base URL, e.g. `http://127.0.0.1:41234`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The fault injector (`--chaos`), to see what it injected.
    pub fn chaos(&self) -> Option<&Chaos> {
        self.state.chaos.as_ref()
    }

    /// Stops accepting, finishes the requests in flight.
    pub async fn stop(mut self) -> std::io::Result<()> {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        (&mut self.task).await.unwrap_or(Ok(()))
    }
}

/// Binds `addr` and serves in a background task.
pub async fn start(config: ServiceConfig, addr: SocketAddr) -> std::io::Result<Running> {
    let state = Arc::new(AppState::new(config)?);
    let listener = server::bind(addr)?;
    let addr = listener.local_addr()?;
    if let Some(chaos) = &state.chaos {
        tracing::info!(
            "chaos: failing {:.1}% of requests, seed {} (replay with --seed {}), slow answers wait {} ms",
            chaos.rate() * 100.0,
            chaos.seed(),
            chaos.seed(),
            chaos.delay().as_millis()
        );
    }
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let app = router(state.clone());
    let limits = state.config.connections;
    let task = tokio::spawn(server::serve(listener, app, limits, async {
        let _ = rx.await;
    }));
    Ok(Running {
        addr,
        state,
        shutdown: Some(tx),
        task,
    })
}
