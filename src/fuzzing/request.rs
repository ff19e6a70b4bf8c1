//! Request bodies and queries of the local service's translator operations,
//! through the whole router (intake, parameters, body parsing, limits,
//! validation, the engine, the reply).
//!
//! Input: byte 0 picks the operation (low 3 bits), the custom-endpoint form
//! (bit 3) and the `Content-Type` (bits 4–5: JSON, JSON with a charset,
//! text/plain, none); byte 1 picks one of the operation's real queries, or
//! with its high bit set the query is read from the input up to the next 0xFF
//! (percent-encoded where a URI needs it). The rest is the body, as raw bytes.
//!
//! Checks: every answer is a documented one: never a 5xx (a panic in a
//! handler is a 500 from the panic guard, and aborts under libFuzzer);
//! an error is the JSON error body whose 6-digit code starts with the status;
//! a 200 answers a JSON array with one result per element of the body; every
//! answer has an `X-RequestId`.

use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use tower::ServiceExt;

use super::SEP;
use crate::api::body::{parse_example_elements, parse_text_elements};
use crate::api::headers::REQUEST_ID;
use crate::service::{AppState, CUSTOM_ENDPOINT_PREFIX, ServiceConfig, router};

/// The operations with a body: path and real queries (api-facts §4).
const ROUTES: [(&str, &[&str]); 6] = [
    (
        "/translate",
        &[
            "to=de",
            "from=en&to=fr&to=zh-Hans&includeAlignment=true&includeSentenceLength=true",
            "from=en&to=es&textType=html&profanityAction=Marked&profanityMarker=Tag",
            "to=zh-Hans&toScript=Latn",
            "to=zh-Hans&from=ar&fromScript=Latn&toScript=Latn",
            "from=en&to=fi&profanityAction=Deleted&includeSentenceLength=true",
        ],
    ),
    ("/detect", &[""]),
    (
        "/breaksentence",
        &["", "language=en", "language=zh-Hans&script=Hans"],
    ),
    (
        "/transliterate",
        &[
            "language=ja&fromScript=Jpan&toScript=Latn",
            "language=zh-Hans&fromScript=Hans&toScript=Latn",
            "language=th&fromScript=Thai&toScript=Latn",
            "language=sr-Latn&fromScript=Latn&toScript=Cyrl",
        ],
    ),
    (
        "/dictionary/lookup",
        &["from=en&to=fi", "from=zh-Hans&to=en", "from=en&to=es"],
    ),
    (
        "/dictionary/examples",
        &["from=zh-Hans&to=en", "from=en&to=zh-Hans"],
    ),
];

const CONTENT_TYPES: [Option<&str>; 4] = [
    Some("application/json"),
    Some("application/json; charset=UTF-8"),
    Some("text/plain"),
    None,
];

struct Harness {
    runtime: tokio::runtime::Runtime,
    router: Router,
}

fn harness() -> Option<&'static Harness> {
    static H: OnceLock<Option<Harness>> = OnceLock::new();
    H.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .ok()?;
        let config = ServiceConfig {
            lazy_sandbox: true,
            ..ServiceConfig::default()
        };
        let state = AppState::new(config).ok()?;
        Some(Harness {
            runtime,
            router: router(Arc::new(state)),
        })
    })
    .as_ref()
}

/// Runs one input; see the module docs.
pub fn request(data: &[u8]) {
    let (Some(&op), Some(&q)) = (data.first(), data.get(1)) else {
        return;
    };
    let (path, queries) = ROUTES[usize::from(op & 7) % ROUTES.len()];
    let mut rest = &data[2..];
    let query = if q & 0x80 != 0 {
        let end = rest.iter().position(|&b| b == SEP).unwrap_or(rest.len());
        let raw = encode(&rest[..end]);
        rest = rest.get(end + 1..).unwrap_or_default();
        raw
    } else {
        queries[usize::from(q) % queries.len()].to_owned()
    };
    let prefix = if op & 8 != 0 { CUSTOM_ENDPOINT_PREFIX } else { "" };
    let uri = format!("{prefix}{path}?api-version=3.0&{query}");
    let mut req = Request::post(uri).header("Ocp-Apim-Subscription-Key", "fuzz");
    if let Some(ct) = CONTENT_TYPES[usize::from(op >> 4) & 3] {
        req = req.header(header::CONTENT_TYPE, ct);
    }
    let Ok(req) = req.body(Body::from(rest.to_vec())) else {
        return; // not a request the client could send
    };
    let Some(h) = harness() else {
        panic!("the service did not start");
    };
    let (status, has_id, body) = h.runtime.block_on(async {
        let resp = match h.router.clone().oneshot(req).await {
            Ok(r) => r,
            Err(never) => match never {},
        };
        let (status, has_id) = (resp.status().as_u16(), resp.headers().contains_key(REQUEST_ID));
        let body = axum::body::to_bytes(resp.into_body(), usize::MAX).await;
        (status, has_id, body)
    });
    let body = body.unwrap_or_else(|e| panic!("{path}: unreadable answer: {e}"));
    assert!(
        status < 500,
        "{path}: {status} {}",
        String::from_utf8_lossy(&body)
    );
    assert!(has_id, "{path}: no X-RequestId");
    check_body(path, status, rest, &body);
}

fn check_body(path: &str, status: u16, sent: &[u8], body: &[u8]) {
    let json: serde_json::Value = serde_json::from_slice(body)
        .unwrap_or_else(|e| panic!("{path}: {status} with a body that is not JSON ({e})"));
    if status != 200 {
        let code = json["error"]["code"].as_u64().unwrap_or(0);
        assert_eq!(code / 1000, u64::from(status), "{path}: error body {json}");
        return;
    }
    let sent = match path {
        "/dictionary/examples" => parse_example_elements(sent).map(|v| v.len()),
        _ => parse_text_elements(sent).map(|v| v.len()),
    };
    let answered = json.as_array().map(Vec::len);
    assert_eq!(answered, sent.ok(), "{path}: elements answered / sent");
}

/// Bytes as a query string: URI characters as they are, others `%XX`.
fn encode(raw: &[u8]) -> String {
    let mut out = String::with_capacity(raw.len());
    for &b in raw {
        if b.is_ascii_alphanumeric() || b"-._~&=%+!$'()*,;:@/?".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
