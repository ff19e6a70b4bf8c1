use super::*;

fn pairs(q: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(q.as_bytes()).into_owned().collect()
}

fn translate(q: &str) -> Result<TranslateParams, ErrorCode> {
    TranslateParams::parse(Query(&pairs(q)))
}

#[test]
fn api_version_must_be_3_0() {
    assert!(Query(&pairs("api-version=3.0")).check_api_version().is_ok());
    assert!(Query(&pairs("API-Version=3.0")).check_api_version().is_ok());
    for bad in ["", "api-version=2.0", "api-version=", "api-version=3"] {
        assert_eq!(
            Query(&pairs(bad)).check_api_version(),
            Err(ErrorCode::InvalidApiVersion),
            "{bad}"
        );
    }
}

#[test]
fn translate_repeated_to_and_options() {
    let p = translate(
        "to=de&to=zh-Hans&from=en&textType=HTML&includeAlignment=true&includeSentenceLength=True\
         &profanityAction=Marked&profanityMarker=Tag&toScript=Latn&toScript=Latn&category=general&allowFallback=false",
    )
    .unwrap();
    assert_eq!(p.to, ["de", "zh-Hans"]);
    assert_eq!(p.from.as_deref(), Some("en"));
    assert_eq!(p.text_type, TextType::Html);
    assert!(p.include_alignment && p.include_sentence_length);
    assert_eq!(p.profanity_action, ProfanityAction::Marked);
    assert_eq!(p.profanity_marker, ProfanityMarker::Tag);
    assert_eq!(p.to_script, ["Latn", "Latn"]);
    assert_eq!(p.category, None, "general is the default system");
    assert_eq!(p.allow_fallback, Some(false));
}

#[test]
fn translate_to_comma_separated_repeated_or_both() {
    // The JS SDK sends `to=cs,es,de`; repeating `to` keeps working; both mix.
    assert_eq!(translate("to=ja,zh-Hans").unwrap().to, ["ja", "zh-Hans"]);
    assert_eq!(translate("to=ja%2Czh-Hans").unwrap().to, ["ja", "zh-Hans"]);
    assert_eq!(
        translate("to=ja,zh-Hans&to=fi").unwrap().to,
        ["ja", "zh-Hans", "fi"]
    );
    assert_eq!(translate("TO=ja, fi").unwrap().to, ["ja", "fi"]);
    let p = translate("to=ja,zh-Hans&toScript=Latn,Latn").unwrap();
    assert_eq!(p.to_script, ["Latn", "Latn"]);
    for bad in ["to=ja,", "to=,ja", "to=ja,,fi", "to=ja&to="] {
        assert_eq!(translate(bad), Err(ErrorCode::InvalidTo), "{bad}");
    }
    assert_eq!(
        translate("to=ja,fi&toScript=Latn"),
        Err(ErrorCode::ToScriptCountMismatch)
    );
}

#[test]
fn translate_errors_have_documented_codes() {
    assert_eq!(translate("from=en"), Err(ErrorCode::InvalidTo));
    assert_eq!(
        translate("to=de&to=fr&toScript=Latn"),
        Err(ErrorCode::ToScriptCountMismatch)
    );
    assert_eq!(
        translate("to=de&toScript=Latin1"),
        Err(ErrorCode::InvalidToScript)
    );
    assert_eq!(translate("to=de&fromScript=L"), Err(ErrorCode::InvalidFromScript));
    assert_eq!(translate("to=de&textType=xml"), Err(ErrorCode::InvalidTextType));
    assert_eq!(translate("to=de&category=a%20b"), Err(ErrorCode::InvalidCategory));
    assert_eq!(
        translate("to=de&includeAlignment=yes"),
        Err(ErrorCode::InvalidRequest)
    );
    assert_eq!(
        translate("to=de&profanityAction=Hide"),
        Err(ErrorCode::InvalidRequest)
    );
}

#[test]
fn translate_query_round_trips() {
    let q = "to=de&to=fr&from=en&category=abc-TECH&suggestedFrom=en&fromScript=Latn&textType=html\
             &profanityAction=Deleted&profanityMarker=Tag&includeAlignment=true&includeSentenceLength=true\
             &toScript=Latn&toScript=Cyrl&allowFallback=false";
    let p = translate(q).unwrap();
    let back: Vec<(String, String)> = p.to_query().into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
    assert_eq!(TranslateParams::parse(Query(&back)).unwrap(), p);
    assert_eq!(
        translate("to=de").unwrap().to_query(),
        vec![("to", "de".to_owned())]
    );
}

#[test]
fn dictionary_transliterate_breaksentence() {
    let d = DictionaryParams::parse(Query(&pairs("from=en&to=es"))).unwrap();
    assert_eq!((d.from.as_str(), d.to.as_str()), ("en", "es"));
    assert_eq!(
        DictionaryParams::parse(Query(&pairs("to=es"))),
        Err(ErrorCode::InvalidFrom)
    );
    assert_eq!(
        DictionaryParams::parse(Query(&pairs("from=en"))),
        Err(ErrorCode::InvalidTo)
    );

    let t = TransliterateParams::parse(Query(&pairs("language=ja&fromScript=Jpan&toScript=Latn"))).unwrap();
    assert_eq!(t.to_query()[2], ("toScript", "Latn".to_owned()));
    let tl = |q| TransliterateParams::parse(Query(&pairs(q)));
    assert_eq!(
        tl("fromScript=Jpan&toScript=Latn"),
        Err(ErrorCode::InvalidLanguage)
    );
    assert_eq!(tl("language=ja&toScript=Latn"), Err(ErrorCode::InvalidFromScript));
    assert_eq!(
        tl("language=ja&fromScript=Jpan&toScript=1234"),
        Err(ErrorCode::InvalidToScript)
    );

    let b = BreakSentenceParams::parse(Query(&pairs("language=en&script=Latn"))).unwrap();
    assert_eq!(b.to_query().len(), 2);
    assert_eq!(
        BreakSentenceParams::parse(Query(&pairs("script=L4tn"))),
        Err(ErrorCode::InvalidScript)
    );
}

#[test]
fn client_trace_id_is_a_guid() {
    assert!(parse_client_trace_id("6f1b2b7e-8a5c-4a36-9e1f-0c9d3c2b1a00").is_ok());
    assert!(parse_client_trace_id("{6f1b2b7e-8a5c-4a36-9e1f-0c9d3c2b1a00}").is_ok());
    assert_eq!(
        parse_client_trace_id("not-a-guid"),
        Err(ErrorCode::InvalidClientTraceId)
    );
}
