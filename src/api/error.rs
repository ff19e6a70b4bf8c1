//! The Translator error body and the catalogue of 6-digit error codes.
//!
//! A code is the 3-digit HTTP status followed by a 3-digit sub-code
//! (api-facts §1). The body is `{"error":{"code":400036,"message":"..."}}` with
//! `code` a JSON number; the token service answers with a *string* code
//! (`"401"`), so deserialization accepts both.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

macro_rules! error_codes {
    ($($name:ident = $code:literal, $msg:literal;)*) => {
        /// Every documented Translator error code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorCode { $($name),* }

        impl ErrorCode {
            /// All codes, in catalogue order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$name),*];

            /// The 6-digit code, e.g. `400036`.
            pub const fn code(self) -> u32 {
                match self { $(ErrorCode::$name => $code),* }
            }

            /// The documented message.
            pub const fn message(self) -> &'static str {
                match self { $(ErrorCode::$name => $msg),* }
            }
        }
    };
}

error_codes! {
    InvalidRequest = 400000, "One of the request inputs isn't valid.";
    InvalidScope = 400001, "The \"scope\" parameter is invalid.";
    InvalidCategory = 400002, "The \"category\" parameter is invalid.";
    InvalidLanguage = 400003, "A language specifier is missing or invalid.";
    InvalidToScript = 400004, "A target script specifier (\"To script\") is missing or invalid.";
    InvalidText = 400005, "An input text is missing or invalid.";
    InvalidLanguageScript = 400006, "The combination of language and script isn't valid.";
    InvalidFromScript = 400018, "A source script specifier (\"From script\") is missing or invalid.";
    UnsupportedLanguage = 400019, "One of the specified languages isn't supported.";
    InvalidElement = 400020, "One of the elements in the array of input text isn't valid.";
    InvalidApiVersion = 400021, "The API version parameter is missing or invalid.";
    InvalidLanguagePair = 400023, "One of the specified language pair isn't valid.";
    InvalidFrom = 400035, "The source language (\"From\" field) isn't valid.";
    InvalidTo = 400036, "The target language (\"To\" field) is missing or invalid.";
    InvalidOptions = 400042, "One of the options specified (\"Options\" field) isn't valid.";
    InvalidClientTraceId = 400043, "The client trace ID (ClientTraceId field or X-ClientTraceId header) is missing or invalid.";
    TextTooLong = 400050, "The input text is too long.";
    InvalidTranslation = 400064, "The \"translation\" parameter is missing or invalid.";
    ToScriptCountMismatch = 400070, "The number of target scripts (ToScript parameter) doesn't match the number of target languages (To parameter).";
    InvalidTextType = 400071, "The value isn't valid for TextType.";
    TooManyElements = 400072, "The array of input text has too many elements.";
    InvalidScript = 400073, "The script parameter isn't valid.";
    InvalidJson = 400074, "The body of the request isn't valid JSON.";
    InvalidCategoryPair = 400075, "The language pair and category combination isn't valid.";
    RequestTooLarge = 400077, "The maximum request size is exceeded.";
    CustomSystemMissing = 400079, "The custom system requested for translation between from and to language doesn't exist.";
    TransliterationUnsupported = 400080, "Transliteration isn't supported for the language or script.";
    Unauthorized = 401000, "The request isn't authorized because credentials are missing or invalid.";
    SpeechCredentials = 401015, "The credentials provided are for the Speech API. This request requires credentials for the Text API. Use a subscription to Translator.";
    Forbidden = 403000, "The operation isn't allowed.";
    QuotaExceeded = 403001, "The operation isn't allowed because the subscription exceeded its free quota.";
    NotFound = 404000, "The requested resource was not found.";
    MethodNotAllowed = 405000, "The request method isn't supported for the requested resource.";
    SystemPreparing = 408001, "The translation system requested is being prepared. Retry in a few minutes.";
    RequestTimeout = 408002, "Request timed out waiting on incoming stream.";
    UriTooLong = 414000, "The request URI is too long.";
    UnsupportedMediaType = 415000, "The Content-Type header is missing or invalid.";
    HeadersTooLarge = 431000, "The request header fields are too large.";
    TooManyRequests = 429000, "The server rejected the request because the client has exceeded request limits.";
    TooManyRequestsQuota = 429001, "The server rejected the request because the client has exceeded request limits.";
    TooManyRequestsRate = 429002, "The server rejected the request because the client has exceeded request limits.";
    Internal = 500000, "An unexpected error occurred. If the error persists, report it with date/time of error, request identifier from response header X-RequestId, and client identifier from request header X-ClientTraceId.";
    Unavailable = 503000, "Service is temporarily unavailable. Retry.";
}

impl ErrorCode {
    /// The HTTP status the code belongs to (its first three digits).
    pub const fn status(self) -> u16 {
        (self.code() / 1000) as u16
    }

    /// Looks a 6-digit code up in the catalogue.
    pub fn from_code(code: u32) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.code() == code)
    }

    /// The error body for this code with its documented message.
    pub fn body(self) -> ErrorBody {
        ErrorBody::new(self.code(), self.message())
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code(), self.message())
    }
}

/// `{"error": {...}}`
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// The inner object of an error body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorDetail {
    /// 6-digit code; a short status such as `401` when the token service sent a string.
    #[serde(deserialize_with = "number_or_string")]
    pub code: u32,
    pub message: String,
}

impl ErrorBody {
    pub fn new(code: u32, message: impl Into<String>) -> Self {
        Self {
            error: ErrorDetail {
                code,
                message: message.into(),
            },
        }
    }

    /// The catalogued code, when the body carries one.
    pub fn known_code(&self) -> Option<ErrorCode> {
        ErrorCode::from_code(self.error.code)
    }
}

fn number_or_string<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Num(u32),
        Str(String),
    }
    match Raw::deserialize(d)? {
        Raw::Num(n) => Ok(n),
        Raw::Str(s) => s.trim().parse().map_err(serde::de::Error::custom),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_statuses_match() {
        let mut seen = std::collections::HashSet::new();
        for c in ErrorCode::ALL {
            assert!(seen.insert(c.code()), "duplicate {c}");
            assert!((100_000..=599_999).contains(&c.code()));
            assert_eq!(u32::from(c.status()), c.code() / 1000);
        }
        assert_eq!(ErrorCode::InvalidTo.status(), 400);
        assert_eq!(ErrorCode::from_code(401000), Some(ErrorCode::Unauthorized));
    }

    #[test]
    fn real_401_body_round_trips() {
        let raw = r#"{"error":{"code":401000,"message":"The request is not authorized because credentials are missing or invalid."}}"#;
        let body: ErrorBody = serde_json::from_str(raw).unwrap();
        assert_eq!(body.known_code(), Some(ErrorCode::Unauthorized));
        assert_eq!(serde_json::to_string(&body).unwrap(), raw);
    }

    #[test]
    fn token_service_string_code_is_accepted() {
        let raw = r#"{"error":{"code":"401","message":"Access denied due to invalid subscription key or wrong API endpoint."}}"#;
        let body: ErrorBody = serde_json::from_str(raw).unwrap();
        assert_eq!(body.error.code, 401);
        assert_eq!(body.known_code(), None);
    }
}
