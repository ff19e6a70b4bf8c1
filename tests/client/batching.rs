//! Limits handled transparently: batches within the documented limits,
//! results in input order, long elements split and stitched.

use glossa::api::Operation;
use glossa::api::model::ExampleElement;
use glossa::api::model::TranslateResult;
use glossa::api::params::{BreakSentenceParams, DictionaryParams, TransliterateParams};
use glossa::client::{Client, ClientError, Reply};

use crate::common::*;

/// Sentences of varied length, numbered so that order is visible.
pub fn sentences(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let filler = "and the quick brown fox jumps over the lazy dog ".repeat(i % 7);
            format!("Line {i} says hello {filler}to everyone.")
        })
        .collect()
}

/// Translates `texts` en → en into two targets (the identity, so every
/// result is checkable) and asserts that each element came back once, in its
/// place, in both targets.
pub async fn translate_twice_into_itself(c: &Client, texts: &[String]) -> Reply<Vec<TranslateResult>> {
    let r = c
        .translate(texts)
        .from("en")
        .to("en")
        .to("en")
        .send()
        .await
        .unwrap();
    assert_eq!(r.value.len(), texts.len(), "nothing lost");
    for (i, (t, res)) in texts.iter().zip(&r.value).enumerate() {
        assert_eq!(res.translations.len(), 2, "element {i}");
        for tr in &res.translations {
            assert_eq!(&tr.text, t, "element {i} in its place, once");
        }
    }
    r
}

#[tokio::test]
async fn many_elements_come_back_in_order() {
    let svc = start().await;
    let c = svc.client();
    let texts = sentences(3_000);
    let r = translate_twice_into_itself(&c, &texts).await;
    let chars: usize = texts.iter().map(|t| t.encode_utf16().count()).sum();
    let ideal = (chars * 2).div_ceil(50_000).max(3_000usize.div_ceil(1_000));
    assert!(
        r.requests.len() <= ideal + 1,
        "{} requests, ideal {ideal}",
        r.requests.len()
    );
    assert_eq!(c.requests_sent() as usize, r.requests.len());
    assert!(r.metered_usage() >= (chars * 2) as u64);
    // Every batch said it answered with the text itself (X-Glossa-Engine).
    assert!(r.requests.iter().all(|m| m.engines.len() == 2));
    assert_eq!(r.engine("en"), Some(glossa::api::engine::Engine::Same));
}

#[tokio::test]
async fn a_long_element_is_split_and_stitched() {
    let svc = start().await;
    let c = svc.client();
    let long: String = sentences(1_500).join(" ");
    let n = long.encode_utf16().count();
    assert!(n > 2 * 50_000, "{n}");
    let r = c
        .translate([long.as_str(), "Short one."])
        .from("en")
        .to("en")
        .include_alignment(true)
        .include_sentence_length(true)
        .send()
        .await
        .unwrap();
    assert!(r.requests.len() >= 3);
    let t = &r.value[0].translations[0];
    assert_eq!(t.text, long);
    let units: Vec<u16> = long.encode_utf16().collect();
    let proj = &t.alignment.as_ref().unwrap().proj;
    assert!(proj.entries().len() > 10_000);
    for e in proj.entries() {
        let (s, d) = (e.source(), e.target());
        assert_eq!(
            &units[*s.start() as usize..=*s.end() as usize],
            &units[*d.start() as usize..=*d.end() as usize],
            "identity alignment indexes the same words after stitching"
        );
    }
    let sl = t.sent_len.as_ref().unwrap();
    assert_eq!(sl.src_sent_len.iter().sum::<u32>() as usize, n);
    assert_eq!(sl.trans_sent_len.iter().sum::<u32>() as usize, n);
    assert_eq!(r.value[1].translations[0].text, "Short one.");
}

#[tokio::test]
async fn a_long_element_without_from_is_detected_once_not_per_piece() {
    // 1 MB class paste: English, then a long passage in Thai. Detected per
    // piece, the Thai pieces read as th, which the local engine cannot
    // translate from (400023 half-way); detected once, it is English.
    let svc = start().await;
    let c = svc.client();
    let english: String = sentences(1_500).join(" ");
    let thai = "สวัสดีครับ ยินดีที่ได้รู้จัก ".repeat(2_500);
    let long = format!("{english} {thai}");
    assert!(
        thai.encode_utf16().count() > 50_000,
        "at least one piece is all Thai"
    );
    let r = c
        .translate([long.as_str(), "Short one."])
        .to("en")
        .include_sentence_length(true)
        .send()
        .await
        .unwrap();
    let first = &r.value[0];
    assert_eq!(first.detected_language.as_ref().unwrap().language, "en");
    assert_eq!(first.translations[0].text, long, "every piece from en, into en");
    let sl = first.translations[0].sent_len.as_ref().unwrap();
    assert_eq!(
        sl.src_sent_len.iter().sum::<u32>() as usize,
        long.encode_utf16().count()
    );
    assert_eq!(r.value[1].translations[0].text, "Short one.");
    assert_eq!(r.value[1].detected_language.as_ref().unwrap().language, "en");
    let prefixed = |p: &str| {
        r.requests
            .iter()
            .filter(|m| m.request_id.as_deref().is_some_and(|id| id.starts_with(p)))
            .count()
    };
    assert_eq!(prefixed("DTCT."), 1, "one detect for the long element");
    assert!(prefixed("TRAN.") >= 3, "its pieces, then the short one");
}

#[tokio::test]
async fn other_operations_batch_too() {
    let svc = start().await;
    let c = svc.client();
    let texts = sentences(250);
    let d = c.detect(&texts).await.unwrap();
    assert_eq!(d.value.len(), 250);
    assert!(d.requests.len() >= 3, "100 elements per detect request");
    assert!(d.value.iter().all(|r| r.language == "en"));
    let b = c
        .break_sentence(&BreakSentenceParams::default(), &texts)
        .await
        .unwrap();
    for (t, r) in texts.iter().zip(&b.value) {
        assert_eq!(r.sent_len.iter().sum::<u32>() as usize, t.encode_utf16().count());
    }
    let words: Vec<String> = (0..25)
        .map(|i| ["Привет", "мир", "книга"][i % 3].to_owned())
        .collect();
    let params = TransliterateParams {
        language: "ru".into(),
        from_script: "Cyrl".into(),
        to_script: "Latn".into(),
    };
    let tl = c.transliterate(&params, &words).await.unwrap();
    assert_eq!(tl.value.len(), 25);
    assert_eq!(tl.requests.len(), 3, "10 elements per transliterate request");
    let one = c.transliterate(&params, &["Привет мир. "]).await.unwrap().value[0]
        .text
        .clone();
    let long_cyrillic = "Привет мир. ".repeat(300);
    let three = [long_cyrillic.as_str(); 3];
    let tl = c.transliterate(&params, &three).await.unwrap();
    assert!(tl.requests.len() >= 3, "5,000 characters per request");
    for r in &tl.value {
        assert_eq!(r.text, one.repeat(300), "pieces of 1,000 characters stitched");
    }
    let dict = DictionaryParams {
        from: "en".into(),
        to: "fi".into(),
    };
    let terms: Vec<&str> = ["cat", "dog", "house", "water"]
        .into_iter()
        .cycle()
        .take(23)
        .collect();
    let l = c.lookup(&dict, &terms).await.unwrap();
    assert_eq!(l.value.len(), 23);
    assert_eq!(l.requests.len(), 3);
    assert_eq!(l.value[22].normalized_source, "house");
    let pairs = vec![
        ExampleElement {
            text: "bank".into(),
            translation: "银行".into(),
        };
        12
    ];
    let zh = DictionaryParams {
        from: "en".into(),
        to: "zh-Hans".into(),
    };
    let ex = c.examples(&zh, &pairs).await.unwrap();
    assert_eq!((ex.value.len(), ex.requests.len()), (12, 2));
}

#[tokio::test]
async fn terms_too_long_are_refused_before_sending() {
    let svc = start().await;
    let c = svc.client();
    let dict = DictionaryParams {
        from: "en".into(),
        to: "fi".into(),
    };
    let long = "x".repeat(101);
    let err = c.lookup(&dict, &[long.as_str()]).await.unwrap_err();
    assert!(matches!(err, ClientError::Input(_)), "{err}");
    assert_eq!(c.requests_sent(), 0);
    assert!(Operation::DictionaryLookup.limits().is_some());
    let pairs = [
        ExampleElement {
            text: "bank".into(),
            translation: "pankki".into(),
        },
        ExampleElement {
            text: "bank".into(),
            translation: long.clone(),
        },
    ];
    let err = c.examples(&dict, &pairs).await.unwrap_err();
    assert!(
        matches!(&err, ClientError::Input(m) if m.starts_with("pair 1 ")),
        "{err}"
    );
    assert_eq!(c.requests_sent(), 0);
}

#[tokio::test]
async fn no_elements_no_requests() {
    let svc = start().await;
    let c = svc.client();
    let r = c.translate(Vec::<String>::new()).to("fi").send().await.unwrap();
    assert!(r.value.is_empty() && r.requests.is_empty());
    assert_eq!(c.requests_sent(), 0);
}

#[tokio::test]
async fn service_errors_surface_unchanged() {
    let svc = start().await;
    let c = svc.client();
    let err = c.translate(["hello"]).to("xx-nope").send().await.unwrap_err();
    let ClientError::Api(f) = &err else {
        panic!("{err}")
    };
    assert_eq!((f.status, f.code, f.attempts), (400, 400036, 1));
    assert!(f.request_id.as_deref().is_some_and(|id| id.starts_with("TRAN")));
    assert!(!f.client_trace_id.is_empty());
}

#[tokio::test]
async fn html_split_never_cuts_a_notranslate_span_open() {
    let svc = start().await;
    let c = svc.client();
    let span = r#"<span class="notranslate">Keep These Words. Exactly As They Are.</span>"#;
    let para = format!("<p>The cat sleeps. {span} The dog runs.</p>\n");
    let doc = para.repeat(2_000);
    let r = c
        .translate([doc.as_str()])
        .from("en")
        .to("fi")
        .text_type(glossa::api::params::TextType::Html)
        .send()
        .await
        .unwrap();
    assert!(r.requests.len() >= 4, "{}", r.requests.len());
    let out = &r.value[0].translations[0].text;
    assert_eq!(
        out.matches(span).count(),
        2_000,
        "every span arrives whole and untranslated"
    );
    assert_eq!(out.matches("<p>").count(), 2_000);
    assert!(out.contains("Kissa"), "the rest is translated");
}
