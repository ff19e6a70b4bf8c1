//! `Connection: close` on an answer sent before its request's body was read
//! to the end: a body refused for its declared size, or one an operation
//! ignores (Data Share's list, LCS's refresh). The server cannot reuse such
//! a connection (the rest of the body is still on the way), and without the
//! header a keep-alive client would send its next request into a closing
//! socket and see a broken pipe instead of an answer.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, Response, header};
use axum::middleware::Next;
use http_body::{Frame, SizeHint};

/// A request body that records when it has been read to its end.
struct Watched {
    inner: Body,
    done: Arc<AtomicBool>,
}

impl http_body::Body for Watched {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(polled, Poll::Ready(None)) || self.inner.is_end_stream() {
            self.done.store(true, Ordering::Relaxed);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The middleware: watches the body, marks the answer if it was left unread.
pub async fn close_if_unread(req: Request, next: Next) -> Response<Body> {
    let (parts, body) = req.into_parts();
    let done = Arc::new(AtomicBool::new(http_body::Body::is_end_stream(&body)));
    let watched = Watched {
        inner: body,
        done: Arc::clone(&done),
    };
    let mut resp = next.run(Request::from_parts(parts, Body::new(watched))).await;
    if !done.load(Ordering::Relaxed) {
        resp.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    resp
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::routing::post;
    use tower::ServiceExt;

    use super::*;

    async fn connection(router: Router, body: &'static str) -> Option<String> {
        let req = Request::post("/").body(Body::from(body)).unwrap();
        let resp = router.oneshot(req).await.unwrap();
        resp.headers()
            .get(header::CONNECTION)
            .map(|v| v.to_str().unwrap().to_owned())
    }

    fn app(read: bool) -> Router {
        let handler = move |body: Body| async move {
            if read {
                let _ = axum::body::to_bytes(body, usize::MAX).await;
            }
            "ok"
        };
        Router::new()
            .route("/", post(handler))
            .layer(axum::middleware::from_fn(close_if_unread))
    }

    #[tokio::test]
    async fn an_unread_body_closes_the_connection_a_read_or_empty_one_does_not() {
        assert_eq!(connection(app(false), "ignored").await.as_deref(), Some("close"));
        assert_eq!(connection(app(true), "read").await, None);
        assert_eq!(connection(app(false), "").await, None);
    }
}
