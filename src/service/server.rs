//! The connection layer under the router: what `axum::serve` does, plus what a
//! service open to any client needs (hyper's HTTP/1.1 server, tokio):
//!
//! - a listen backlog of [`BACKLOG`] (the kernel's default 128 delayed
//!   connects by ~1 s at 500 concurrent clients);
//! - a header-read timeout ([`Connections::header_timeout`]): a request head
//!   must be complete that long after the connection opens or after the
//!   previous answer, so a half-sent request or an idle keep-alive connection
//!   is closed then (hyper's timer starts whenever it waits for a head);
//! - a cap on open connections ([`Connections::max`]): one more is answered
//!   503 with its API family's JSON body and `Retry-After: 1`, then closed;
//! - the errors hyper answers by itself before any handler runs (400 for a
//!   malformed request, 414 for a URI over 64 KiB, 431 for more than
//!   [`MAX_HEADERS`] headers or a head over hyper's buffer) carry the
//!   documented JSON body of the request's family ([`guard::Guarded`]);
//! - graceful shutdown: stop accepting, finish the requests in flight.

mod guard;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::Semaphore;

use super::family::Family;

/// The listen backlog.
pub const BACKLOG: u32 = 1024;

/// The most headers a request may carry (hyper's default is 100).
pub const MAX_HEADERS: usize = 200;

/// How many refusals (503 at the cap) may be written at once; beyond that a
/// connection over the cap is closed without an answer.
const MAX_REFUSING: usize = 256;

/// Limits on the connections the service keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connections {
    /// Open connections at most; the next is refused with 503.
    pub max: usize,
    /// How long a request head may take (and a keep-alive connection may idle).
    pub header_timeout: Duration,
}

impl Default for Connections {
    fn default() -> Self {
        Self {
            max: 1000,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// Binds `addr` with a backlog of [`BACKLOG`].
pub fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets the
/// connections finish their requests.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Connections,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max));
    let refusing = Arc::new(Semaphore::new(MAX_REFUSING));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_headers(MAX_HEADERS)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of descriptors and the like: wait instead of spinning.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let Ok(permit) = open.clone().try_acquire_owned() else {
            if let Ok(slot) = refusing.clone().try_acquire_owned() {
                tokio::spawn(async move {
                    refuse(stream).await;
                    drop(slot);
                });
            }
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let conn = http.serve_connection(TokioIo::new(guard::Guarded::new(stream)), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!("connection: {e}");
            }
            drop(permit);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// A connection over the cap: its request's family read from what arrives in
/// a moment, a 503 in that family's body, then closed.
async fn refuse(mut stream: TcpStream) {
    let mut head = [0u8; 512];
    let n = tokio::time::timeout(Duration::from_millis(200), stream.read(&mut head))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or(0);
    let family = Family::of(guard::request_path(&head[..n]));
    let body = family.body(StatusCode::SERVICE_UNAVAILABLE, "the request");
    let reply = [
        format!(
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\n\
             retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes(),
        body,
    ]
    .concat();
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(&reply).await?;
        stream.shutdown().await?;
        // Read what is left so the close is not a reset that loses the answer.
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        std::io::Result::Ok(())
    })
    .await;
}
