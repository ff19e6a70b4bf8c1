//! Parsing request bodies into input elements, with the documented error code
//! for each way a body can be wrong, and the limit checks (api-facts §1-2).
//!
//! - not JSON, invalid UTF-8, lone surrogates, nesting past serde_json's depth
//!   limit, or not an array: 400074
//! - an element that is not an object: 400020
//! - a missing or non-string `Text` (any letter case): 400005; for examples a
//!   missing `Translation`: 400064
//! - too many elements 400072, an element too long 400050, the whole request
//!   too large 400077 (translate counts characters once per target)

use serde_json::Value;

use super::error::ErrorCode;
use super::limits::{Limits, char_count};
use super::model::ExampleElement;

/// The array's elements; an empty array has no text (400005).
fn elements(body: &[u8]) -> Result<Vec<Value>, ErrorCode> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Array(items)) if items.is_empty() => Err(ErrorCode::InvalidText),
        Ok(Value::Array(items)) => Ok(items),
        _ => Err(ErrorCode::InvalidJson),
    }
}

fn field(element: &Value, name: &str, missing: ErrorCode) -> Result<String, ErrorCode> {
    let Value::Object(map) = element else {
        return Err(ErrorCode::InvalidElement);
    };
    match map.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)) {
        Some((_, Value::String(s))) => Ok(s.clone()),
        _ => Err(missing),
    }
}

/// The texts of a `[{"Text": ...}, ...]` body.
pub fn parse_text_elements(body: &[u8]) -> Result<Vec<String>, ErrorCode> {
    let items = elements(body)?;
    items
        .iter()
        .map(|e| field(e, "Text", ErrorCode::InvalidText))
        .collect()
}

/// The elements of a dictionary examples body.
pub fn parse_example_elements(body: &[u8]) -> Result<Vec<ExampleElement>, ErrorCode> {
    let items = elements(body)?;
    items
        .iter()
        .map(|e| {
            Ok(ExampleElement {
                text: field(e, "Text", ErrorCode::InvalidText)?,
                translation: field(e, "Translation", ErrorCode::InvalidTranslation)?,
            })
        })
        .collect()
}

/// Checks element count, element length and request size. `multiplier` is the
/// number of target languages for translate, 1 otherwise.
pub fn check_limits<'a>(
    limits: Limits,
    texts: impl ExactSizeIterator<Item = &'a str>,
    multiplier: usize,
) -> Result<(), ErrorCode> {
    if texts.len() > limits.max_elements {
        return Err(ErrorCode::TooManyElements);
    }
    let mut total = 0usize;
    for text in texts {
        let n = char_count(text);
        if n > limits.max_element_chars {
            return Err(ErrorCode::TextTooLong);
        }
        total += n;
    }
    if total.saturating_mul(multiplier.max(1)) > limits.max_request_chars {
        return Err(ErrorCode::RequestTooLarge);
    }
    Ok(())
}

/// Limit check for examples: `Text` and `Translation` each within the element
/// limit; the request counts both.
pub fn check_example_limits(limits: Limits, items: &[ExampleElement]) -> Result<(), ErrorCode> {
    if items.len() > limits.max_elements {
        return Err(ErrorCode::TooManyElements);
    }
    let mut total = 0usize;
    for item in items {
        let (a, b) = (char_count(&item.text), char_count(&item.translation));
        if a > limits.max_element_chars || b > limits.max_element_chars {
            return Err(ErrorCode::TextTooLong);
        }
        total += a + b;
    }
    if total > limits.max_request_chars {
        return Err(ErrorCode::RequestTooLarge);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::limits::Operation;

    #[test]
    fn both_spellings_and_extra_fields() {
        let texts = parse_text_elements(br#"[{"Text":"a"},{"text":"b"},{"TEXT":"c","script":"Latn"}]"#);
        assert_eq!(texts.unwrap(), ["a", "b", "c"]);
    }

    #[test]
    fn malformed_bodies() {
        let cases: &[(&[u8], ErrorCode)] = &[
            (b"", ErrorCode::InvalidJson),
            (b"[{\"Text\":", ErrorCode::InvalidJson),
            (b"{\"Text\":\"a\"}", ErrorCode::InvalidJson),
            (b"[{\"Text\":\"\\ud800\"}]", ErrorCode::InvalidJson),
            (b"[{\"Text\":\"\xff\xfe\"}]", ErrorCode::InvalidJson),
            (b"[]", ErrorCode::InvalidText),
            (b"[\"a\"]", ErrorCode::InvalidElement),
            (b"[{\"Text\":1}]", ErrorCode::InvalidText),
            (b"[{\"Txt\":\"a\"}]", ErrorCode::InvalidText),
            (b"[{\"Text\":null}]", ErrorCode::InvalidText),
        ];
        for (body, code) in cases {
            assert_eq!(
                parse_text_elements(body).unwrap_err(),
                *code,
                "{}",
                String::from_utf8_lossy(body)
            );
        }
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(
            parse_text_elements(deep.as_bytes()).unwrap_err(),
            ErrorCode::InvalidJson
        );
    }

    #[test]
    fn example_elements() {
        let ok = parse_example_elements(br#"[{"text":"fly","translation":"volar"}]"#).unwrap();
        assert_eq!(ok[0].translation, "volar");
        assert_eq!(
            parse_example_elements(br#"[{"Text":"fly"}]"#).unwrap_err(),
            ErrorCode::InvalidTranslation
        );
    }

    #[test]
    fn limits_count_utf16_and_targets() {
        let l = Operation::Translate.limits().unwrap();
        let t = "x".repeat(20_000);
        assert!(check_limits(l, [t.as_str()].into_iter(), 2).is_ok());
        assert_eq!(
            check_limits(l, [t.as_str()].into_iter(), 3),
            Err(ErrorCode::RequestTooLarge)
        );
        let emoji = "😀".repeat(25_001); // 50,002 UTF-16 units
        assert_eq!(
            check_limits(l, [emoji.as_str()].into_iter(), 1),
            Err(ErrorCode::TextTooLong)
        );
        let many = vec!["a"; 1_001];
        assert_eq!(
            check_limits(l, many.into_iter(), 1),
            Err(ErrorCode::TooManyElements)
        );
        let d = Operation::DictionaryLookup.limits().unwrap();
        assert_eq!(
            check_limits(d, ["x".repeat(101).as_str()].into_iter(), 1),
            Err(ErrorCode::TextTooLong)
        );
    }
}
