//! The OData subset that list synchronizations takes in `$filter` and
//! `$orderby`, parsed into a small tree and evaluated in Rust over
//! [`ShareSynchronization`]s (a share holds hundreds of rows, not millions).
//!
//! `$filter`: `eq ne gt ge lt le`, `and or not`, parentheses,
//! `contains(f,'x')`, `startswith(f,'x')`, `endswith(f,'x')`; literals
//! `'it''s'`, integers, `true`/`false`, `null`, date-times bare
//! (`2024-01-01T00:00:00Z`) or quoted (`datetime'...'`). Operands are the
//! wire names of the fields, case-sensitive. Types are checked when parsing:
//! a string field is compared with strings, `durationMs` with integers,
//! `startTime`/`endTime` with date-times (a quoted string that is one is
//! taken as one). A missing value is `null`: it equals `null`, and every
//! ordering comparison with it is false (as OData says).
//!
//! `$orderby`: `field [asc|desc]` separated by commas; nulls sort first.
//!
//! Hostile input is bounded: at most [`MAX_LEN`] characters, nesting
//! (parentheses and `not`) at most [`MAX_DEPTH`] deep, and `and`/`or` chains
//! are flat lists, so neither parsing, evaluating nor dropping recurses deeper.
//! Errors carry the 1-based character position where the problem is.
//!
//! Input → `odata/lexer.rs` (tokens with positions) → `odata/parser.rs`
//! (`$filter` into the tree of `odata/filter.rs`, which also evaluates it);
//! `$orderby` is read straight from the tokens here, next to the fields and
//! values.

mod filter;
mod lexer;
mod parser;

use std::cmp::Ordering;
use std::fmt;

use self::lexer::{Tok, Token, lex};
use crate::api::manage::ShareSynchronization;

pub use self::filter::Filter;

/// The longest `$filter` or `$orderby` taken, in characters.
pub const MAX_LEN: usize = 4096;
/// How deep parentheses and `not` may nest.
pub const MAX_DEPTH: usize = 32;

/// A parse error: where (1-based character position) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ODataError {
    pub position: usize,
    pub message: String,
}

impl fmt::Display for ODataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at position {})", self.message, self.position)
    }
}

impl std::error::Error for ODataError {}

fn err<T>(position: usize, message: impl Into<String>) -> Result<T, ODataError> {
    Err(ODataError {
        position,
        message: message.into(),
    })
}

/// The type of a field or literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Str,
    Int,
    Time,
    Bool,
    Null,
}

/// The fields of a synchronization, by wire name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    ConsumerEmail,
    ConsumerName,
    ConsumerTenantName,
    DurationMs,
    StartTime,
    EndTime,
    Message,
    Status,
    SynchronizationId,
    SynchronizationMode,
}

const FIELDS: [(&str, Field); 10] = [
    ("consumerEmail", Field::ConsumerEmail),
    ("consumerName", Field::ConsumerName),
    ("consumerTenantName", Field::ConsumerTenantName),
    ("durationMs", Field::DurationMs),
    ("startTime", Field::StartTime),
    ("endTime", Field::EndTime),
    ("message", Field::Message),
    ("status", Field::Status),
    ("synchronizationId", Field::SynchronizationId),
    ("synchronizationMode", Field::SynchronizationMode),
];

impl Field {
    fn lookup(name: &str, position: usize) -> Result<Field, ODataError> {
        if let Some((_, f)) = FIELDS.iter().find(|(n, _)| *n == name) {
            return Ok(*f);
        }
        let hint = FIELDS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map_or(String::new(), |(n, _)| {
                format!(" (names are case-sensitive: did you mean '{n}'?)")
            });
        let all: Vec<&str> = FIELDS.iter().map(|(n, _)| *n).collect();
        err(
            position,
            format!(
                "unknown property '{name}'{hint}; the properties are {}",
                all.join(", ")
            ),
        )
    }

    fn kind(self) -> Kind {
        match self {
            Field::DurationMs => Kind::Int,
            Field::StartTime | Field::EndTime => Kind::Time,
            _ => Kind::Str,
        }
    }

    /// The value of this field in `s`; a time that does not parse is null.
    pub fn value(self, s: &ShareSynchronization) -> Value {
        let text = |v: &Option<String>| v.clone().map_or(Value::Null, Value::Str);
        let time = |v: &Option<String>| v.as_deref().and_then(parse_time).map_or(Value::Null, Value::Time);
        match self {
            Field::ConsumerEmail => text(&s.consumer_email),
            Field::ConsumerName => text(&s.consumer_name),
            Field::ConsumerTenantName => text(&s.consumer_tenant_name),
            Field::DurationMs => s.duration_ms.map_or(Value::Null, |d| Value::Int(d.into())),
            Field::StartTime => time(&s.start_time),
            Field::EndTime => time(&s.end_time),
            Field::Message => text(&s.message),
            Field::Status => text(&s.status),
            Field::SynchronizationId => text(&s.synchronization_id),
            Field::SynchronizationMode => s
                .synchronization_mode
                .map_or(Value::Null, |m| Value::Str(m.as_str().into())),
        }
    }
}

/// A value of a field or a literal. Times are nanoseconds since the epoch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Time(i128),
}

impl Value {
    fn kind(&self) -> Kind {
        match self {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Bool,
            Value::Int(_) => Kind::Int,
            Value::Str(_) => Kind::Str,
            Value::Time(_) => Kind::Time,
        }
    }

    /// Total order for sorting: null first, then by value (values of one
    /// field always have one kind).
    fn sort_cmp(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Null, Value::Null) => Ordering::Equal,
            (Value::Null, _) => Ordering::Less,
            (_, Value::Null) => Ordering::Greater,
            _ => self.partial(other).unwrap_or(Ordering::Equal),
        }
    }

    /// The order of two non-null values of one kind.
    fn partial(&self, other: &Value) -> Option<Ordering> {
        match (self, other) {
            (Value::Bool(a), Value::Bool(b)) => Some(a.cmp(b)),
            (Value::Int(a), Value::Int(b)) => Some(a.cmp(b)),
            (Value::Str(a), Value::Str(b)) => Some(a.cmp(b)),
            (Value::Time(a), Value::Time(b)) => Some(a.cmp(b)),
            _ => None,
        }
    }
}

/// RFC 3339 to nanoseconds since the epoch.
pub fn parse_time(s: &str) -> Option<i128> {
    time::OffsetDateTime::parse(s, &time::format_description::well_known::Rfc3339)
        .ok()
        .map(|t| t.unix_timestamp_nanos())
}

/// A parsed `$orderby`: fields with their direction (true = descending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderBy(pub Vec<(Field, bool)>);

impl OrderBy {
    /// Parses `field [asc|desc], ...`.
    pub fn parse(input: &str) -> Result<OrderBy, ODataError> {
        let tokens = lex(input)?;
        let end = input.chars().count() + 1;
        let mut keys: Vec<(Field, bool)> = Vec::new();
        let mut it = tokens.iter().peekable();
        loop {
            let Some(t) = it.next() else {
                return err(end, "expected a property name");
            };
            let Tok::Ident(name) = &t.tok else {
                return err(t.pos, format!("expected a property name, found {}", t.tok));
            };
            let field = Field::lookup(name, t.pos)?;
            if keys.iter().any(|(f, _)| *f == field) {
                return err(t.pos, format!("'{name}' is ordered by twice"));
            }
            let mut desc = false;
            if let Some(Token {
                tok: Tok::Ident(dir),
                pos,
            }) = it.peek()
            {
                match dir.as_str() {
                    "asc" => {}
                    "desc" => desc = true,
                    other => return err(*pos, format!("expected 'asc', 'desc' or ',', found '{other}'")),
                }
                it.next();
            }
            keys.push((field, desc));
            match it.next() {
                None => return Ok(OrderBy(keys)),
                Some(Token { tok: Tok::Comma, .. }) => {}
                Some(t) => return err(t.pos, format!("expected ',' or the end, found {}", t.tok)),
            }
        }
    }

    /// Sorts `rows` by these keys, then by synchronizationId so that the
    /// order is total (paging relies on it).
    pub fn sort(&self, rows: &mut Vec<ShareSynchronization>) {
        let mut keyed: Vec<(Vec<Value>, ShareSynchronization)> = rows
            .drain(..)
            .map(|s| {
                let mut k: Vec<Value> = self.0.iter().map(|(f, _)| f.value(&s)).collect();
                k.push(Field::SynchronizationId.value(&s));
                (k, s)
            })
            .collect();
        keyed.sort_by(|(a, _), (b, _)| {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                let o = x.sort_cmp(y);
                let desc = self.0.get(i).is_some_and(|(_, d)| *d);
                let o = if desc { o.reverse() } else { o };
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        });
        rows.extend(keyed.into_iter().map(|(_, s)| s));
    }
}

#[cfg(test)]
mod tests;
