//! The client reading real answers: responses of the Translator service recorded by the
//! official SDKs' tests (`tests/client/recorded/`, see its README), replayed to our client,
//! and crafted variants of what the SDKs accept (unknown fields, optional fields absent or
//! null, header names in any casing, error bodies labelled text/plain, string codes).
//!
//! The replay server writes the recorded answer byte for byte on a plain TCP socket, so the
//! header names reach the client in their recorded casing (an HTTP library on the server
//! side would lower-case them).

use std::sync::{Arc, Mutex};

use glossa::api::ErrorCode;
use glossa::api::languages::{Dir, Scope};
use glossa::api::model::{ExampleElement, PosTag};
use glossa::api::params::{
    BreakSentenceParams, DictionaryParams, LanguagesParams, ProfanityAction, ProfanityMarker, TextType,
    TransliterateParams,
};
use glossa::client::{ApiFailure, Auth, Client, ClientError, Endpoint, Reply};
use serde::Serialize;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::common::fast_retries;

mod crafted;
mod others;
mod translate;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/client/recorded");

/// One recorded (or crafted) answer.
struct Fixture {
    name: String,
    kind: String,
    status: u16,
    /// Names as recorded; a header recorded as a list is here once per value.
    headers: Vec<(String, String)>,
    body: String,
    /// The recorded request body, when there was one.
    request_body: Option<String>,
}

impl Fixture {
    fn load(name: &str) -> Self {
        let path = format!("{DIR}/{name}.json");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(
            v["source"].as_str().is_some_and(|s| !s.is_empty()),
            "{name}: names its source"
        );
        let mut headers = Vec::new();
        for (k, val) in v["headers"].as_object().expect("headers") {
            match val {
                Value::String(s) => headers.push((k.clone(), s.clone())),
                Value::Array(all) => {
                    for s in all {
                        headers.push((k.clone(), s.as_str().expect("header value").to_owned()));
                    }
                }
                other => panic!("{name}: header {k} is {other}"),
            }
        }
        Self {
            name: name.to_owned(),
            kind: v["kind"].as_str().expect("kind").to_owned(),
            status: v["status"].as_u64().expect("status") as u16,
            headers,
            body: v["body"].as_str().expect("body").to_owned(),
            request_body: v["request"]["body"].as_str().map(str::to_owned),
        }
    }

    /// A header's value, whatever the casing of its name.
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn request(&self) -> Vec<Value> {
        let body = self.request_body.as_deref().expect("a recorded request body");
        serde_json::from_str(body).expect("the request body is JSON")
    }

    /// The texts of the recorded request.
    fn texts(&self) -> Vec<String> {
        self.request()
            .iter()
            .map(|e| {
                e.get("text")
                    .or_else(|| e.get("Text"))
                    .and_then(Value::as_str)
                    .expect("text")
                    .to_owned()
            })
            .collect()
    }

    /// The (term, translation) pairs of a recorded examples request.
    fn pairs(&self) -> Vec<ExampleElement> {
        self.request()
            .into_iter()
            .map(|e| serde_json::from_value(e).expect("a pair"))
            .collect()
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).expect("the body is JSON")
    }

    /// The answer as it goes on the wire.
    fn wire(&self) -> Vec<u8> {
        const REPLACED: [&str; 4] = [
            "content-length",
            "content-encoding",
            "transfer-encoding",
            "connection",
        ];
        let reason = axum::http::StatusCode::from_u16(self.status)
            .ok()
            .and_then(|s| s.canonical_reason())
            .unwrap_or("Status");
        let mut head = format!("HTTP/1.1 {} {reason}\r\n", self.status);
        for (k, v) in &self.headers {
            if !REPLACED.iter().any(|r| k.eq_ignore_ascii_case(r)) {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", self.body.len()));
        let mut out = head.into_bytes();
        out.extend_from_slice(self.body.as_bytes());
        out
    }
}

/// A request the replay server received.
#[derive(Clone, Debug)]
struct Seen {
    method: String,
    /// Path and query.
    target: String,
    body: Vec<u8>,
}

impl Seen {
    fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or("")
    }

    fn query(&self) -> Vec<(String, String)> {
        let q = self.target.split_once('?').map_or("", |(_, q)| q);
        form_urlencoded::parse(q.as_bytes()).into_owned().collect()
    }

    /// The texts of a JSON body of `{"Text": ...}` elements.
    fn texts(&self) -> Vec<String> {
        let els: Vec<Value> = serde_json::from_slice(&self.body).expect("a JSON body");
        els.iter()
            .map(|e| e["Text"].as_str().expect("Text").to_owned())
            .collect()
    }
}

/// A server answering every request with one fixture.
struct Replay {
    url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Replay {
    async fn start(f: &Fixture) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let answer = Arc::new(f.wire());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = listener.accept().await {
                tokio::spawn(serve(sock, answer.clone(), log.clone()));
            }
        });
        Self { url, seen }
    }

    fn client(&self) -> Client {
        Client::builder(Endpoint::parse(&self.url).unwrap())
            .auth(Auth::key("k"))
            .retry(fast_retries())
            .languages_cache(None)
            .build()
            .unwrap()
    }

    /// The one request the client sent.
    fn only(&self) -> Seen {
        let seen = self.seen.lock().unwrap();
        assert_eq!(seen.len(), 1, "one request: {seen:?}");
        seen[0].clone()
    }
}

/// Reads requests (head, then a body of Content-Length bytes) and answers each with `answer`.
async fn serve(mut sock: TcpStream, answer: Arc<Vec<u8>>, seen: Arc<Mutex<Vec<Seen>>>) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let head_end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
            match sock.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
        let len = head
            .lines()
            .skip(1)
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
            .and_then(|(_, v)| v.trim().parse::<usize>().ok())
            .unwrap_or(0);
        while buf.len() < head_end + len {
            match sock.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        }
        let body = buf[head_end..head_end + len].to_vec();
        buf.drain(..head_end + len);
        let mut line = head.lines().next().unwrap_or("").split(' ');
        seen.lock().unwrap().push(Seen {
            method: line.next().unwrap_or("").to_owned(),
            target: line.next().unwrap_or("").to_owned(),
            body,
        });
        if sock.write_all(&answer).await.is_err() {
            return;
        }
    }
}

/// The metadata the client read from the fixture's headers, whatever their casing.
fn check_meta<T>(f: &Fixture, reply: &Reply<T>) {
    assert_eq!(reply.requests.len(), 1, "{}", f.name);
    let meta = &reply.requests[0];
    assert_eq!(meta.status, f.status, "{}", f.name);
    assert_eq!(meta.attempts, 1, "{}", f.name);
    assert_eq!(
        meta.request_id.as_deref(),
        Some(f.header("x-requestid").expect("the fixture has a request id")),
        "{}: X-RequestId",
        f.name
    );
    let metered = f.header("x-metered-usage").map(|v| v.parse::<u64>().unwrap());
    assert_eq!(meta.metered_usage, metered, "{}: X-Metered-Usage", f.name);
    assert_eq!(reply.metered_usage(), metered.unwrap_or(0), "{}", f.name);
    assert_eq!(
        meta.mt_system.as_deref(),
        f.header("x-mt-system"),
        "{}: X-MT-System",
        f.name
    );
}

/// The decoded value, serialized again, is the recorded body: nothing was lost or changed.
fn same_json<T: Serialize>(f: &Fixture, value: &T) {
    assert_eq!(
        serde_json::to_value(value).unwrap(),
        f.json(),
        "{}: decoded and re-encoded differs from the recorded body",
        f.name
    );
}

/// A recorded success read whole: its metadata, the value as recorded, and the
/// request with the recorded texts sent to `path`.
fn check_success<T: Serialize>(f: &Fixture, replay: &Replay, reply: &Reply<T>, path: &str) -> Seen {
    check_meta(f, reply);
    same_json(f, &reply.value);
    check_sent(f, replay, path)
}

/// The fixture `name` and a server answering with it.
async fn replayed(name: &str) -> (Fixture, Replay) {
    let f = Fixture::load(name);
    let replay = Replay::start(&f).await;
    (f, replay)
}

/// A request with the recorded texts went to `path`.
fn check_sent(f: &Fixture, replay: &Replay, path: &str) -> Seen {
    let seen = replay.only();
    assert_eq!(seen.method, "POST", "{}", f.name);
    assert_eq!(seen.path(), path, "{}", f.name);
    assert_eq!(
        seen.texts(),
        f.texts(),
        "{}: the recorded texts were sent",
        f.name
    );
    assert!(
        seen.query()
            .contains(&("api-version".to_owned(), "3.0".to_owned()))
    );
    seen
}

fn utf16_len(s: &str) -> u32 {
    s.encode_utf16().count() as u32
}

/// The failure a client call ended with.
fn api_failure<T: std::fmt::Debug>(f: &Fixture, r: Result<T, ClientError>) -> ApiFailure {
    match r {
        Err(ClientError::Api(a)) => *a,
        other => panic!("{}: expected an API error, got {other:?}", f.name),
    }
}

/// The languages call the fixture answers.
async fn languages(f: &Fixture, scope: Vec<Scope>) -> Reply<glossa::client::languages::Languages> {
    let replay = Replay::start(f).await;
    let params = LanguagesParams {
        scope,
        ..LanguagesParams::default()
    };
    let r = replay.client().languages(&params).await.unwrap();
    let seen = replay.only();
    assert_eq!((seen.method.as_str(), seen.path()), ("GET", "/languages"));
    assert_eq!(r.requests[0].request_id.as_deref(), f.header("x-requestid"));
    assert_eq!(r.value.etag.as_deref(), f.header("etag"), "{}: ETag", f.name);
    r
}

// ---------------------------------------------------------------- the fixtures themselves

/// Every fixture is used above, names its source and is well formed; recorded success
/// bodies are JSON.
#[test]
fn every_fixture_is_used_and_names_its_source() {
    let this = [
        include_str!("translate.rs"),
        include_str!("others.rs"),
        include_str!("crafted.rs"),
    ]
    .concat();
    let mut names = Vec::new();
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            names.push(path.file_stem().unwrap().to_str().unwrap().to_owned());
        }
    }
    names.sort();
    assert!(names.len() >= 25, "{names:?}");
    for name in &names {
        let f = Fixture::load(name);
        assert!(
            ["recorded", "reconstructed", "crafted"].contains(&f.kind.as_str()),
            "{name}: kind {}",
            f.kind
        );
        assert!(
            this.contains(&format!("load(\"{name}\")")) || this.contains(&format!("replayed(\"{name}\")")),
            "{name} is not used by a test"
        );
        if (200..300).contains(&f.status) {
            f.json();
            assert!(f.header("x-requestid").is_some(), "{name}: X-RequestId");
        }
    }
}
