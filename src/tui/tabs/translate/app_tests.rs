//! A 400023 of auto-detection becomes [`Loading::Undetectable`].

use std::time::Instant;

use super::*;
use crate::tui::effect::Msg;

fn api_error(code: u32) -> ClientError {
    ClientError::Api(Box::new(crate::client::error::ApiFailure {
        status: (code / 1000) as u16,
        code,
        message: "The local engine cannot translate from da to ja.".into(),
        request_id: None,
        client_trace_id: "t".into(),
        retry_after: None,
        attempts: 1,
    }))
}

#[test]
fn an_untranslatable_detection_says_what_was_detected() {
    let danish = "Jeg elsker musik, og jeg læser bøger hver dag.";
    let mut t = Translate::new(vec!["ja".into()]);
    let t0 = Instant::now();
    t.edited(t0);
    assert_eq!(t.tick_text(t0 + DEBOUNCE, danish).len(), 1);
    let failed = |t: &mut Translate, code| {
        let generation = t.generation;
        t.message(Msg::Translated {
            generation,
            text: danish.into(),
            result: Err(api_error(code)),
        })
    };
    assert!(failed(&mut t, 400023));
    match &t.loading {
        Loading::Undetectable {
            language,
            score,
            error,
        } => {
            assert_eq!(language, "da");
            assert!(*score > 0.0 && *score <= 1.0);
            assert!(error.contains("400023"), "{error}");
        }
        other => panic!("{other:?}"),
    }
    // Another error, or a source the user chose, stays a plain failure.
    failed(&mut t, 400036);
    assert!(matches!(t.loading, Loading::Failed(_)));
    t.from = Some("da".into());
    failed(&mut t, 400023);
    assert!(matches!(t.loading, Loading::Failed(_)));
}
