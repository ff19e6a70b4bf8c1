//! [`Guarded`]: a connection's socket as hyper sees it, which gives the
//! answers hyper writes by itself a body.
//!
//! When hyper cannot parse a request it writes a bare head (`400`, `414`,
//! `431` with `content-length: 0`) and closes; no handler runs, so nothing
//! else could give it the documented JSON body. The wrapper recognises that
//! head (a status of those three and no body: no answer of ours is ever an
//! empty 400/414/431) and sends in its place the same head with the body of
//! the request's family, read from the first bytes of the request it
//! answers. It offers no vectored writes, so hyper hands it each answer's
//! head as one buffer.

use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::service::family::Family;

/// How much of a request's start is kept to tell its family.
const SNIFF: usize = 512;

pub struct Guarded<T> {
    inner: T,
    /// The first bytes read since the last answer was written.
    sniff: Vec<u8>,
    /// A replacement answer still to be written, and how much of it is.
    pending: Vec<u8>,
    sent: usize,
}

impl<T> Guarded<T> {
    pub fn new(inner: T) -> Self {
        Self {
            inner,
            sniff: Vec::new(),
            pending: Vec::new(),
            sent: 0,
        }
    }
}

/// The path of a request line (`GET /path?query HTTP/1.1`), or "" when the
/// bytes are no request line.
pub fn request_path(head: &[u8]) -> &str {
    let line = head.split(|b| *b == b'\r' || *b == b'\n').next().unwrap_or(&[]);
    let target = line.split(|b| *b == b' ').nth(1).unwrap_or(&[]);
    let path = target.split(|b| *b == b'?').next().unwrap_or(&[]);
    std::str::from_utf8(path).unwrap_or("")
}

/// The answer to send instead of `head`, when `head` is one of hyper's bare
/// error heads.
pub fn with_body(head: &[u8], request: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let rest = text
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| text.strip_prefix("HTTP/1.0 "))?;
    let status = match rest.get(..3)? {
        "400" => StatusCode::BAD_REQUEST,
        "414" => StatusCode::URI_TOO_LONG,
        "431" => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        _ => return None,
    };
    let lines: Vec<&str> = text.strip_suffix("\r\n\r\n")?.split("\r\n").collect();
    if !lines.iter().any(|l| l.eq_ignore_ascii_case("content-length: 0")) {
        return None;
    }
    let body = Family::of(request_path(request)).body(status, "the request");
    let mut out = String::new();
    for line in &lines {
        let name = line.split(':').next().unwrap_or("").trim();
        if !(name.eq_ignore_ascii_case("content-length") || name.eq_ignore_ascii_case("connection")) {
            out.push_str(line);
            out.push_str("\r\n");
        }
    }
    out.push_str("content-type: application/json; charset=utf-8\r\nconnection: close\r\n");
    out.push_str(&format!("content-length: {}\r\n\r\n", body.len()));
    Some([out.into_bytes(), body].concat())
}

impl<T: AsyncWrite + Unpin> Guarded<T> {
    /// Writes what is pending; ready once nothing is.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Guarded<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.inner).poll_read(cx, buf))?;
        if this.sniff.len() < SNIFF {
            let new = &buf.filled()[before..];
            let take = new.len().min(SNIFF - this.sniff.len());
            this.sniff.extend_from_slice(&new[..take]);
        }
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Guarded<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        if let Some(answer) = with_body(buf, &this.sniff) {
            this.sniff.clear();
            this.pending = answer;
            // Taken whole: what the socket does not take now, flush writes.
            if let Poll::Ready(Err(e)) = this.drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        this.sniff.clear();
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypers_bare_error_heads_get_the_familys_body() {
        let head = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = with_body(head, b"POST /translate?api-version=3.0 HTTP/1.1\r\n").unwrap();
        let text = String::from_utf8(out).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "));
        assert!(head.contains("date: x") && head.contains("connection: close"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["error"]["code"], 431000);
        let out = with_body(
            b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n",
            b"GET /subscriptions/aaaa",
        )
        .unwrap();
        assert!(String::from_utf8(out).unwrap().contains("\"RequestUriTooLong\""));
    }

    #[test]
    fn other_answers_pass_unchanged() {
        for head in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 52\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}",
            b"HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n",
        ] {
            assert_eq!(with_body(head, b"GET / HTTP/1.1"), None);
        }
    }

    #[test]
    fn request_paths() {
        assert_eq!(request_path(b"GET /a/b?x=1 HTTP/1.1\r\nHost: h"), "/a/b");
        assert_eq!(request_path(b"\xff\xfe"), "");
        assert_eq!(request_path(b""), "");
    }
}
