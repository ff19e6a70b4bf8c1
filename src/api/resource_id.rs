//! Azure resource ids, as sent in `Ocp-Apim-ResourceId` with a
//! directory-issued bearer token against the global endpoint (spec §5):
//! `/subscriptions/<subscriptionId>/resourceGroups/<resourceGroupName>/providers/<provider_namespace>/accounts/<resourceName>/`.
//!
//! Azure compares resource ids without regard to case, so equality here is
//! ASCII case-insensitive, and the documented trailing slash may be missing
//! (or present) on either side.

use std::fmt;
use std::str::FromStr;

/// The fixed segments of the documented shape, each followed by a value.
const KEYWORDS: [&str; 4] = ["subscriptions", "resourceGroups", "providers", "accounts"];

/// A resource id of the documented shape, kept as it was given.
#[derive(Clone, Debug)]
pub struct ResourceId(String);

impl ResourceId {
    /// Parses a resource id; `None` unless it has the documented shape (every
    /// value non-empty visible ASCII).
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        let inner = s.strip_prefix('/')?;
        let inner = inner.strip_suffix('/').unwrap_or(inner);
        let segments: Vec<&str> = inner.split('/').collect();
        let [k1, _, k2, _, k3, _, k4, _] = segments.as_slice() else {
            return None;
        };
        let keywords_ok = [k1, k2, k3, k4]
            .iter()
            .zip(KEYWORDS)
            .all(|(k, expected)| k.eq_ignore_ascii_case(expected));
        let values_ok = segments.iter().skip(1).step_by(2).all(|v| is_value(v));
        (keywords_ok && values_ok).then(|| Self(s.to_owned()))
    }

    /// The id as it was given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Without the trailing slash, for comparison.
    fn key(&self) -> &str {
        self.0.strip_suffix('/').unwrap_or(&self.0)
    }
}

fn is_value(v: &str) -> bool {
    !v.is_empty() && v.bytes().all(|b| b.is_ascii_graphic())
}

impl PartialEq for ResourceId {
    fn eq(&self, other: &Self) -> bool {
        self.key().eq_ignore_ascii_case(other.key())
    }
}

impl Eq for ResourceId {}

impl fmt::Display for ResourceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for ResourceId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Self::parse(s).ok_or_else(|| {
            "expected /subscriptions/<id>/resourceGroups/<group>/providers/<namespace>/accounts/<name>/"
                .to_owned()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "/subscriptions/6f1e2d3c-0000-4a5b-9c8d-7e6f5a4b3c2d/resourceGroups/rg-text/providers/Microsoft.CognitiveServices/accounts/glossa-test/";

    #[test]
    fn the_documented_shape_parses() {
        assert_eq!(ResourceId::parse(ID).unwrap().as_str(), ID);
        assert!(ResourceId::parse(ID.trim_end_matches('/')).is_some());
        assert!(ResourceId::parse(&format!("  {ID} ")).is_some());
        assert!(ResourceId::parse(&ID.to_uppercase()).is_some());
    }

    #[test]
    fn other_shapes_do_not() {
        let bad = [
            "",
            "/",
            "subscriptions/s/resourceGroups/g/providers/p/accounts/a/",
            "/subscriptions/s/resourceGroups/g/providers/p/accounts/",
            "/subscriptions/s/resourceGroups/g/providers/p/accounts/a/extra/",
            "/subscriptions/s/resourceGroups/g/providers/p/workspaces/a/",
            "/subscriptions//resourceGroups/g/providers/p/accounts/a/",
            "/subscriptions/s s/resourceGroups/g/providers/p/accounts/a/",
            "/subscriptions/s/resourceGroups/g/providers/p/accounts/a//",
            "/subscriptions/s/resourceGroups/g/providers/p/accounts/ä/",
        ];
        for b in bad {
            assert!(ResourceId::parse(b).is_none(), "{b:?}");
        }
    }

    #[test]
    fn equality_ignores_case_and_the_trailing_slash() {
        let a = ResourceId::parse(ID).unwrap();
        let b = ResourceId::parse(&ID.to_lowercase()).unwrap();
        let c = ResourceId::parse(ID.trim_end_matches('/')).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        let other = ResourceId::parse(&ID.replace("glossa-test", "glossa-prod")).unwrap();
        assert_ne!(a, other);
        assert!("/nope".parse::<ResourceId>().is_err());
    }
}
