//! The operations of the service and their request limits (api-facts §2, spec §8).
//!
//! Every character count is in UTF-16 code units: the real service is a .NET
//! service, where a string's length counts an emoji as two characters.

/// One operation of the text service.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    Translate,
    Languages,
    DictionaryLookup,
    DictionaryExamples,
    Transliterate,
    BreakSentence,
    Detect,
    IssueToken,
}

/// Size limits of one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most elements in the request array.
    pub max_elements: usize,
    /// Most characters in one element (for examples: in `Text`, and again in `Translation`).
    pub max_element_chars: usize,
    /// Most characters in the whole request; translate counts them once per target language.
    pub max_request_chars: usize,
}

impl Operation {
    /// Every operation.
    pub const ALL: [Operation; 8] = [
        Operation::Translate,
        Operation::Languages,
        Operation::DictionaryLookup,
        Operation::DictionaryExamples,
        Operation::Transliterate,
        Operation::BreakSentence,
        Operation::Detect,
        Operation::IssueToken,
    ];

    /// Path below the service base (the token path is below the auth base).
    pub const fn path(self) -> &'static str {
        match self {
            Operation::Translate => "/translate",
            Operation::Languages => "/languages",
            Operation::DictionaryLookup => "/dictionary/lookup",
            Operation::DictionaryExamples => "/dictionary/examples",
            Operation::Transliterate => "/transliterate",
            Operation::BreakSentence => "/breaksentence",
            Operation::Detect => "/detect",
            Operation::IssueToken => "/sts/v1.0/issueToken",
        }
    }

    /// Prefix of `X-RequestId` values, as in real responses (detect's was not
    /// observed; `DTCT.` is ours).
    pub const fn request_id_prefix(self) -> &'static str {
        match self {
            Operation::Translate => "TRAN",
            Operation::Languages => "LANG",
            Operation::DictionaryLookup => "DTLK",
            Operation::DictionaryExamples => "DTEX",
            Operation::Transliterate => "TLIT",
            Operation::BreakSentence => "BKST",
            Operation::Detect => "DTCT",
            Operation::IssueToken => "STS",
        }
    }

    /// The limits table. `None` for operations with no request body.
    ///
    /// Where sources disagree the contract wins: spec §8 gives transliterate
    /// 1,000 characters per element (service-limits.md says 5,000).
    pub const fn limits(self) -> Option<Limits> {
        let (max_elements, max_element_chars, max_request_chars) = match self {
            Operation::Translate => (1_000, 50_000, 50_000),
            Operation::Transliterate => (10, 1_000, 5_000),
            Operation::Detect => (100, 50_000, 50_000),
            Operation::BreakSentence => (100, 50_000, 50_000),
            Operation::DictionaryLookup => (10, 100, 1_000),
            Operation::DictionaryExamples => (10, 100, 2_000),
            Operation::Languages | Operation::IssueToken => return None,
        };
        Some(Limits {
            max_elements,
            max_element_chars,
            max_request_chars,
        })
    }

    /// Whether the operation needs credentials (all but languages).
    pub const fn requires_auth(self) -> bool {
        !matches!(self, Operation::Languages)
    }
}

/// Length of `s` as the service counts it: UTF-16 code units.
pub fn char_count(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Upper bound on a request body's bytes that can still be within `limits`.
///
/// JSON may escape every UTF-16 unit as `\uXXXX` (6 bytes); each element adds
/// its object syntax. Bodies past this bound are refused before they are read.
pub const fn max_body_bytes(limits: Limits) -> usize {
    let per_element_syntax = 64;
    limits.max_request_chars * 6 * 2 + limits.max_elements * per_element_syntax + 4096
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_counting() {
        assert_eq!(char_count("Hello"), 5);
        assert_eq!(char_count("😀"), 2);
        assert_eq!(char_count("银行"), 2);
    }

    #[test]
    fn table_matches_api_facts() {
        let t = Operation::Translate.limits().unwrap();
        assert_eq!(
            (t.max_elements, t.max_element_chars, t.max_request_chars),
            (1000, 50_000, 50_000)
        );
        let l = Operation::DictionaryLookup.limits().unwrap();
        assert_eq!((l.max_elements, l.max_element_chars), (10, 100));
        assert!(Operation::Languages.limits().is_none());
        assert!(!Operation::Languages.requires_auth());
        assert!(max_body_bytes(t) > 600_000);
    }
}
