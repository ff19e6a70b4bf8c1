//! The glossary reaches the request as dynamic dictionary markup: recorded
//! by a fake server (one request per distinct marked text, results back in
//! target order), and answered by the local service (the forced
//! translation in the result, the alignment in the original's offsets).

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::RawQuery;
use axum::routing::post;
use glossa::client::glossary::Rule;
use glossa::client::{Auth, Client, Endpoint};

use crate::common::*;

fn rule(to: &str, term: &str, translation: &str) -> Rule {
    Rule {
        from: "en".into(),
        to: to.into(),
        term: term.into(),
        translation: translation.into(),
        case_sensitive: false,
    }
}

/// Serves `/translate` echoing each element's text as its translation into
/// every `to` of the query; keeps (query, body) of each request.
async fn recorder() -> (String, Arc<Mutex<Vec<(String, String)>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let app = Router::new().route(
        "/translate",
        post(move |RawQuery(query): RawQuery, body: String| {
            let log = log.clone();
            async move {
                let query = query.unwrap_or_default();
                log.lock().unwrap().push((query.clone(), body.clone()));
                let targets: Vec<String> = form_urlencoded::parse(query.as_bytes())
                    .filter(|(k, _)| k == "to")
                    .map(|(_, v)| v.into_owned())
                    .collect();
                let elements: Vec<serde_json::Value> = serde_json::from_str(&body).unwrap();
                let results: Vec<serde_json::Value> = elements
                    .iter()
                    .map(|e| {
                        let text = e["Text"].as_str().unwrap_or_default();
                        let tr: Vec<_> = targets
                            .iter()
                            .map(|to| serde_json::json!({"text": format!("[{to}] {text}"), "to": to}))
                            .collect();
                        serde_json::json!({ "translations": tr })
                    })
                    .collect();
                let mut headers = axum::http::HeaderMap::new();
                headers.insert("content-type", "application/json".parse().unwrap());
                (headers, serde_json::to_string(&results).unwrap())
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, seen)
}

fn client(url: &str) -> Client {
    Client::builder(Endpoint::parse(url).unwrap())
        .auth(Auth::key("k"))
        .retry(fast_retries())
        .languages_cache(None)
        .build()
        .unwrap()
}

#[tokio::test]
async fn the_glossary_reaches_the_request_as_markup() {
    let (url, seen) = recorder().await;
    let rules = vec![
        rule("fr", "Glossa", "Glossa FR"),
        rule("ja", "Glossa", "グロッサ"),
        rule("de", "Zebra", "Zebra"), // no such term in the text
    ];
    let reply = client(&url)
        .translate(["I use Glossa \"daily\"."])
        .from("en")
        .to("de")
        .to("fr")
        .to("it")
        .to("ja")
        .glossary(rules.clone())
        .send()
        .await
        .unwrap();
    let mut requests = seen.lock().unwrap().clone();
    requests.sort();
    assert_eq!(
        requests.len(),
        3,
        "de and it share the plain request: {requests:?}"
    );
    let body = |to: &str| {
        let found = requests.iter().find(|(q, _)| q.contains(&format!("to={to}")));
        serde_json::from_str::<serde_json::Value>(&found.unwrap().1).unwrap()[0]["Text"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        body("fr"),
        "I use <mstrans:dictionary translation=\"Glossa FR\">Glossa</mstrans:dictionary> \"daily\"."
    );
    assert!(body("ja").contains("translation=\"グロッサ\">Glossa</mstrans:dictionary>"));
    assert_eq!(body("de"), "I use Glossa \"daily\".");
    let plain = requests.iter().find(|(q, _)| q.contains("to=de")).unwrap();
    assert!(
        plain.0.contains("to=it") && plain.0.contains("from=en"),
        "{plain:?}"
    );
    // The translations come back in the order asked.
    let order: Vec<&str> = reply.value[0]
        .translations
        .iter()
        .map(|t| t.to.as_str())
        .collect();
    assert_eq!(order, ["de", "fr", "it", "ja"]);
    assert_eq!(reply.requests.len(), 3);

    // Without a source language nothing is marked: one plain request.
    seen.lock().unwrap().clear();
    client(&url)
        .translate(["I use Glossa."])
        .to("fr")
        .glossary(rules)
        .send()
        .await
        .unwrap();
    let requests = seen.lock().unwrap().clone();
    assert_eq!(requests.len(), 1);
    assert!(!requests[0].1.contains("mstrans"), "{requests:?}");
}

#[tokio::test]
async fn the_local_service_forces_the_translation_and_offsets_stay_original() {
    let svc = start().await;
    let text = "I like Glossa. It works.";
    let reply = svc
        .client()
        .translate([text])
        .from("en")
        .to("fi")
        .to("ja")
        .include_alignment(true)
        .include_sentence_length(true)
        .glossary(vec![rule("fi", "glossa", "Glossa-sovellus")])
        .send()
        .await
        .unwrap();
    let fi = &reply.value[0].translations[0];
    let ja = &reply.value[0].translations[1];
    assert_eq!((fi.to.as_str(), ja.to.as_str()), ("fi", "ja"));
    // One request per group: each target's engine read from its own request.
    use glossa::api::engine::Engine;
    assert_eq!(reply.requests.len(), 2);
    assert_eq!(
        (reply.engine("fi"), reply.engine("ja")),
        (Some(Engine::Gloss), Some(Engine::Gloss))
    );
    assert_eq!(reply.engine("de"), None, "not a target");
    assert!(fi.text.contains("Glossa-sovellus"), "{}", fi.text);
    assert!(
        !ja.text.contains("sovellus") && !ja.text.contains("mstrans"),
        "{}",
        ja.text
    );
    // The forced phrase's entry is "Glossa" in the original text (7..=12), and
    // its target is the forced translation.
    let forced = fi
        .alignment
        .as_ref()
        .unwrap()
        .proj
        .entries()
        .iter()
        .find(|e| e.src_start == 7)
        .copied()
        .expect("an entry starts at Glossa");
    assert_eq!(forced.src_end, 12);
    let target: String = fi
        .text
        .encode_utf16()
        .skip(forced.tgt_start as usize)
        .take((forced.tgt_end - forced.tgt_start + 1) as usize)
        .map(|u| char::from_u32(u32::from(u)).unwrap_or('?'))
        .collect();
    assert_eq!(target, "Glossa-sovellus");
    // Sentence lengths add up to the original text, the same for both targets.
    let src = &fi.sent_len.as_ref().unwrap().src_sent_len;
    assert_eq!(src.iter().sum::<u32>() as usize, text.encode_utf16().count());
    assert_eq!(src, &ja.sent_len.as_ref().unwrap().src_sent_len);
    let every_entry_in_range = fi
        .alignment
        .as_ref()
        .unwrap()
        .proj
        .entries()
        .iter()
        .all(|e| (e.src_end as usize) < text.len());
    assert!(every_entry_in_range);
}
