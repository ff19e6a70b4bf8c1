//! What the sandbox's ARM listings share (Data Share `Shares - List By
//! Account`, Compute `Virtual Machines - List`): the query parameters, the
//! `$skipToken` continuation and the absolute `nextLink` on the request's
//! host. Pages are small ([`PAGE_SIZE`]) so a client's paging is always
//! exercised against the few demo resources.
//!
//! A `$skipToken` is base64url of `{"o": offset, "l": listing}`: a token
//! of another listing, or one that does not decode, is refused (400
//! `InvalidSkipToken` in the API's error body) rather than read as page one.

use axum::http::{HeaderMap, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};

/// Items per page of the sandbox's resource listings.
pub const PAGE_SIZE: usize = 2;

/// The query parameters the listings read, names compared
/// case-insensitively; the first of a repeated one counts.
#[derive(Default, Debug)]
pub struct ListParams {
    pub api_version: Option<String>,
    pub skip_token: Option<String>,
    /// `$filter`, `$orderby`, `$expand` or any other `$` option sent (the
    /// sandbox evaluates none of them on these listings).
    pub unsupported: Option<String>,
}

impl ListParams {
    pub fn parse(query: Option<&str>) -> Self {
        let mut p = ListParams::default();
        for (k, v) in form_urlencoded::parse(query.unwrap_or("").as_bytes()) {
            let key = k.to_ascii_lowercase();
            let slot = match key.as_str() {
                "api-version" => &mut p.api_version,
                "$skiptoken" => &mut p.skip_token,
                "$filter" | "$orderby" | "$expand" | "$top" | "$select" if !v.trim().is_empty() => {
                    if p.unsupported.is_none() {
                        p.unsupported = Some(k.into_owned());
                    }
                    continue;
                }
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(v.into_owned());
            }
        }
        p
    }
}

#[derive(Serialize, Deserialize)]
struct Token {
    /// Offset of the next item.
    o: usize,
    /// Which listing (the path, lower-cased).
    l: String,
}

/// Why a `$skipToken` was refused.
pub const BAD_TOKEN: &str =
    "The $skipToken is not a continuation token of this listing; start the listing again without it.";

/// The offset a `$skipToken` carries for `listing`; `Err` for a token of
/// something else.
pub fn offset(skip_token: Option<&str>, listing: &str) -> Result<usize, ()> {
    match skip_token.map(str::trim) {
        None | Some("") => Ok(0),
        Some(t) => URL_SAFE_NO_PAD
            .decode(t.trim_end_matches('='))
            .ok()
            .and_then(|b| serde_json::from_slice::<Token>(&b).ok())
            .filter(|tok| tok.l == listing.to_ascii_lowercase())
            .map(|tok| tok.o)
            .ok_or(()),
    }
}

/// The page at `offset` of `items`, and the `nextLink` when more follow:
/// `http://{Host}{path}?api-version=…&$skipToken=…`.
pub fn page<T: Clone>(
    items: &[T],
    offset: usize,
    headers: &HeaderMap,
    path: &str,
    api_version: &str,
) -> (Vec<T>, Option<String>) {
    let page: Vec<T> = items.iter().skip(offset).take(PAGE_SIZE).cloned().collect();
    let next = offset.saturating_add(PAGE_SIZE);
    let link = (next < items.len()).then(|| {
        let token = Token {
            o: next,
            l: path.to_ascii_lowercase(),
        };
        let token = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&token).unwrap_or_default());
        let version: String = form_urlencoded::byte_serialize(api_version.as_bytes()).collect();
        format!(
            "http://{}{path}?api-version={version}&$skipToken={token}",
            host(headers)
        )
    });
    (page, link)
}

/// The request's `Host`, when it is a plain host[:port].
pub fn host(headers: &HeaderMap) -> &str {
    headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-.:[]".contains(c))
        })
        .unwrap_or("localhost")
}

/// A path segment as a URL writes it.
pub fn seg(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes())
        .collect::<String>()
        .replace('+', "%20")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_belong_to_their_listing() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, "127.0.0.1:7".parse().unwrap());
        let items = [1, 2, 3, 4, 5];
        let (first, link) = page(&items, 0, &headers, "/subscriptions/s/x", "2021-08-01");
        assert_eq!(first, [1, 2]);
        let link = link.unwrap();
        assert!(link.starts_with("http://127.0.0.1:7/subscriptions/s/x?api-version=2021-08-01&$skipToken="));
        let token = link.split("$skipToken=").nth(1).unwrap();
        assert_eq!(offset(Some(token), "/SUBSCRIPTIONS/s/x"), Ok(2));
        assert_eq!(offset(Some(token), "/subscriptions/s/y"), Err(()));
        assert_eq!(offset(Some("garbage"), "/subscriptions/s/x"), Err(()));
        assert_eq!(offset(None, "/x"), Ok(0));
        let (last, none) = page(&items, 4, &headers, "/x", "v");
        assert_eq!((last, none), (vec![5], None));
        let p = ListParams::parse(Some("API-VERSION=a&api-version=b&$filter=x&$SkipToken=t"));
        assert_eq!(
            (
                p.api_version.as_deref(),
                p.skip_token.as_deref(),
                p.unsupported.as_deref()
            ),
            (Some("a"), Some("t"), Some("$filter"))
        );
    }
}
