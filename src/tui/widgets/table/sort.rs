//! Sort keys: text (case-insensitive), numbers, times; a missing value sorts
//! last in either direction, so blanks never crowd the top.

use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq)]
pub enum SortKey {
    Text(String),
    Number(f64),
    /// Unix time in nanoseconds.
    Time(i128),
    None,
}

impl SortKey {
    /// Text compared without case.
    pub fn text(s: &str) -> Self {
        SortKey::Text(s.to_lowercase())
    }

    /// An RFC 3339 date-time, or [`SortKey::None`] if it does not parse.
    pub fn time(s: Option<&str>) -> Self {
        use time::format_description::well_known::Rfc3339;
        s.and_then(|s| time::OffsetDateTime::parse(s, &Rfc3339).ok())
            .map_or(SortKey::None, |t| SortKey::Time(t.unix_timestamp_nanos()))
    }
}

/// `a` against `b`, with `descending` flipping only the present values.
pub fn compare(a: &SortKey, b: &SortKey, descending: bool) -> Ordering {
    use SortKey::*;
    let ord = match (a, b) {
        (None, None) => return Ordering::Equal,
        (None, _) => return Ordering::Greater,
        (_, None) => return Ordering::Less,
        (Text(x), Text(y)) => x.cmp(y),
        (Number(x), Number(y)) => x.total_cmp(y),
        (Time(x), Time(y)) => x.cmp(y),
        // Mixed kinds in one column: a fixed order, so the sort stays total.
        _ => rank(a).cmp(&rank(b)),
    };
    if descending { ord.reverse() } else { ord }
}

fn rank(k: &SortKey) -> u8 {
    match k {
        SortKey::Number(_) => 0,
        SortKey::Time(_) => 1,
        SortKey::Text(_) => 2,
        SortKey::None => 3,
    }
}
