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

use std::cmp::Ordering;
use std::fmt;

use crate::api::manage::ShareSynchronization;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CmpOp {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Func {
    Contains,
    StartsWith,
    EndsWith,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Operand {
    Field(Field),
    Lit(Value),
}

impl Operand {
    fn kind(&self) -> Kind {
        match self {
            Operand::Field(f) => f.kind(),
            Operand::Lit(v) => v.kind(),
        }
    }

    fn eval(&self, s: &ShareSynchronization) -> Value {
        match self {
            Operand::Field(f) => f.value(s),
            Operand::Lit(v) => v.clone(),
        }
    }
}

/// A parsed `$filter`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter(Node);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Or(Vec<Node>),
    And(Vec<Node>),
    Not(Box<Node>),
    Cmp(CmpOp, Box<(Operand, Operand)>),
    Call(Func, Box<(Operand, Operand)>),
    Const(bool),
}

impl Filter {
    /// Parses a `$filter` expression.
    pub fn parse(input: &str) -> Result<Filter, ODataError> {
        let tokens = lex(input)?;
        let mut p = Parser {
            tokens,
            at: 0,
            depth: 0,
            end: input.chars().count() + 1,
        };
        let f = p.or()?;
        match p.peek() {
            None => Ok(Filter(f)),
            Some(t) => err(
                t.pos,
                format!("unexpected {}; expected 'and', 'or' or the end", t.tok),
            ),
        }
    }

    /// Whether `s` matches.
    pub fn matches(&self, s: &ShareSynchronization) -> bool {
        self.0.matches(s)
    }
}

impl Node {
    fn matches(&self, s: &ShareSynchronization) -> bool {
        match self {
            Node::Or(v) => v.iter().any(|f| f.matches(s)),
            Node::And(v) => v.iter().all(|f| f.matches(s)),
            Node::Not(f) => !f.matches(s),
            Node::Const(b) => *b,
            Node::Cmp(op, pair) => compare(*op, &pair.0.eval(s), &pair.1.eval(s)),
            Node::Call(func, pair) => {
                let (Value::Str(hay), Value::Str(needle)) = (pair.0.eval(s), pair.1.eval(s)) else {
                    return false;
                };
                match func {
                    Func::Contains => hay.contains(&needle),
                    Func::StartsWith => hay.starts_with(&needle),
                    Func::EndsWith => hay.ends_with(&needle),
                }
            }
        }
    }
}

fn compare(op: CmpOp, a: &Value, b: &Value) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        _ => match a.partial(b) {
            None => false,
            Some(o) => match op {
                CmpOp::Gt => o == Ordering::Greater,
                CmpOp::Ge => o != Ordering::Less,
                CmpOp::Lt => o == Ordering::Less,
                _ => o != Ordering::Greater,
            },
        },
    }
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

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Int(i64),
    Time(i128),
    LParen,
    RParen,
    Comma,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "'{s}'"),
            Tok::Str(s) => write!(f, "the string '{}'", s.replace('\'', "''")),
            Tok::Int(n) => write!(f, "the number {n}"),
            Tok::Time(_) => write!(f, "a date-time"),
            Tok::LParen => write!(f, "'('"),
            Tok::RParen => write!(f, "')'"),
            Tok::Comma => write!(f, "','"),
        }
    }
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    /// 1-based character position.
    pos: usize,
}

fn lex(input: &str) -> Result<Vec<Token>, ODataError> {
    let chars: Vec<char> = input.chars().collect();
    if chars.len() > MAX_LEN {
        return err(
            MAX_LEN + 1,
            format!("the expression is longer than {MAX_LEN} characters"),
        );
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i + 1;
        let tok = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '(' => {
                i += 1;
                Tok::LParen
            }
            ')' => {
                i += 1;
                Tok::RParen
            }
            ',' => {
                i += 1;
                Tok::Comma
            }
            '\'' => {
                let (s, next) = string(&chars, i)?;
                i = next;
                Tok::Str(s)
            }
            c if c.is_ascii_digit() || c == '-' => {
                let start = i;
                i += 1;
                while i < chars.len()
                    && (chars[i].is_ascii_alphanumeric() || matches!(chars[i], ':' | '.' | '-' | '+'))
                {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if word.contains('T') && word.len() > 10 {
                    match parse_time(&word) {
                        Some(t) => Tok::Time(t),
                        None => return err(pos, format!("'{word}' is not an RFC 3339 date-time")),
                    }
                } else {
                    match word.parse::<i64>() {
                        Ok(n) => Tok::Int(n),
                        Err(_) => return err(pos, format!("'{word}' is not a number or a date-time")),
                    }
                }
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if matches!(word.as_str(), "datetime" | "datetimeoffset") && chars.get(i) == Some(&'\'') {
                    let (s, next) = string(&chars, i)?;
                    i = next;
                    match parse_time(&s) {
                        Some(t) => Tok::Time(t),
                        None => return err(pos, format!("{word}'{s}' is not an RFC 3339 date-time")),
                    }
                } else {
                    Tok::Ident(word)
                }
            }
            other => return err(pos, format!("unexpected character '{}'", other.escape_default())),
        };
        out.push(Token { tok, pos });
    }
    Ok(out)
}

/// A quoted string starting at `chars[start] == '\''`; `''` is a quote.
/// Returns the text and the index after the closing quote.
fn string(chars: &[char], start: usize) -> Result<(String, usize), ODataError> {
    let mut s = String::new();
    let mut i = start + 1;
    loop {
        match chars.get(i) {
            None => return err(start + 1, "unterminated string: a closing ' is missing"),
            Some('\'') if chars.get(i + 1) == Some(&'\'') => {
                s.push('\'');
                i += 2;
            }
            Some('\'') => return Ok((s, i + 1)),
            Some(c) => {
                s.push(*c);
                i += 1;
            }
        }
    }
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
    /// The position just past the input, for "expected ... at the end".
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn keyword(&self, word: &str) -> bool {
        matches!(self.peek(), Some(Token { tok: Tok::Ident(w), .. }) if w == word)
    }

    fn or(&mut self) -> Result<Node, ODataError> {
        let mut terms = vec![self.and()?];
        while self.keyword("or") {
            self.at += 1;
            terms.push(self.and()?);
        }
        Ok(if terms.len() == 1 {
            terms.remove(0)
        } else {
            Node::Or(terms)
        })
    }

    fn and(&mut self) -> Result<Node, ODataError> {
        let mut terms = vec![self.unary()?];
        while self.keyword("and") {
            self.at += 1;
            terms.push(self.unary()?);
        }
        Ok(if terms.len() == 1 {
            terms.remove(0)
        } else {
            Node::And(terms)
        })
    }

    fn nest(&mut self, pos: usize) -> Result<(), ODataError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(
                pos,
                format!("the expression nests deeper than {MAX_DEPTH} levels"),
            );
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<Node, ODataError> {
        let Some(t) = self.peek().cloned() else {
            return err(self.end, "expected an expression at the end");
        };
        match &t.tok {
            Tok::Ident(w) if w == "not" => {
                self.at += 1;
                self.nest(t.pos)?;
                let inner = self.unary()?;
                self.depth -= 1;
                Ok(Node::Not(Box::new(inner)))
            }
            Tok::LParen => {
                self.at += 1;
                self.nest(t.pos)?;
                let inner = self.or()?;
                self.depth -= 1;
                match self.next() {
                    Some(Token { tok: Tok::RParen, .. }) => Ok(inner),
                    Some(other) => err(
                        other.pos,
                        format!(
                            "expected ')' to close the '(' at position {}, found {}",
                            t.pos, other.tok
                        ),
                    ),
                    None => err(self.end, format!("the '(' at position {} is not closed", t.pos)),
                }
            }
            Tok::Ident(w) if matches!(self.tokens.get(self.at + 1), Some(Token { tok: Tok::LParen, .. })) => {
                let func = match w.as_str() {
                    "contains" => Func::Contains,
                    "startswith" => Func::StartsWith,
                    "endswith" => Func::EndsWith,
                    other => {
                        return err(
                            t.pos,
                            format!(
                                "unknown function '{other}'; the functions are contains, startswith and endswith"
                            ),
                        );
                    }
                };
                self.at += 2;
                let a = self.operand()?;
                self.expect(Tok::Comma, "','")?;
                let b = self.operand()?;
                self.expect(Tok::RParen, "')'")?;
                for (o, p) in [&a, &b] {
                    if o.kind() != Kind::Str {
                        return err(*p, format!("{w}() takes strings"));
                    }
                }
                Ok(Node::Call(func, Box::new((a.0, b.0))))
            }
            _ => self.comparison(),
        }
    }

    fn expect(&mut self, want: Tok, name: &str) -> Result<(), ODataError> {
        match self.next() {
            Some(t) if t.tok == want => Ok(()),
            Some(t) => err(t.pos, format!("expected {name}, found {}", t.tok)),
            None => err(self.end, format!("expected {name} at the end")),
        }
    }

    /// A field or a literal, with its position.
    fn operand(&mut self) -> Result<(Operand, usize), ODataError> {
        let Some(t) = self.next() else {
            return err(self.end, "expected a property or a value at the end");
        };
        let op = match t.tok {
            Tok::Ident(w) => match w.as_str() {
                "true" => Operand::Lit(Value::Bool(true)),
                "false" => Operand::Lit(Value::Bool(false)),
                "null" => Operand::Lit(Value::Null),
                "and" | "or" | "not" | "eq" | "ne" | "gt" | "ge" | "lt" | "le" => {
                    return err(t.pos, format!("expected a property or a value, found '{w}'"));
                }
                _ => Operand::Field(Field::lookup(&w, t.pos)?),
            },
            Tok::Str(s) => Operand::Lit(Value::Str(s)),
            Tok::Int(n) => Operand::Lit(Value::Int(n)),
            Tok::Time(n) => Operand::Lit(Value::Time(n)),
            other => return err(t.pos, format!("expected a property or a value, found {other}")),
        };
        Ok((op, t.pos))
    }

    fn comparison(&mut self) -> Result<Node, ODataError> {
        let (a, pa) = self.operand()?;
        let op = match self.peek() {
            Some(Token {
                tok: Tok::Ident(w), ..
            }) => match w.as_str() {
                "eq" => Some(CmpOp::Eq),
                "ne" => Some(CmpOp::Ne),
                "gt" => Some(CmpOp::Gt),
                "ge" => Some(CmpOp::Ge),
                "lt" => Some(CmpOp::Lt),
                "le" => Some(CmpOp::Le),
                _ => None,
            },
            _ => None,
        };
        let Some(op) = op else {
            if let Operand::Lit(Value::Bool(b)) = a {
                return Ok(Node::Const(b));
            }
            return match self.peek() {
                Some(t) => err(
                    t.pos,
                    format!("expected a comparison (eq, ne, gt, ge, lt, le), found {}", t.tok),
                ),
                None => err(
                    self.end,
                    "expected a comparison (eq, ne, gt, ge, lt, le) at the end",
                ),
            };
        };
        let op_pos = self.next().map_or(self.end, |t| t.pos);
        let (b, pb) = self.operand()?;
        let (ka, kb) = (a.kind(), b.kind());
        let (a, b) = (coerce(a, kb), coerce(b, ka));
        let (ka, kb) = (a.kind(), b.kind());
        if ka == Kind::Null || kb == Kind::Null {
            if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                return err(op_pos, "null can only be compared with eq or ne");
            }
        } else if ka != kb {
            return err(
                pb.max(pa),
                format!("cannot compare {} with {}", kind_name(ka), kind_name(kb)),
            );
        }
        Ok(Node::Cmp(op, Box::new((a, b))))
    }
}

/// A quoted string compared with a date-time field is read as a date-time.
fn coerce(this: Operand, other: Kind) -> Operand {
    match (&this, other) {
        (Operand::Lit(Value::Str(s)), Kind::Time) => {
            parse_time(s).map_or(this, |t| Operand::Lit(Value::Time(t)))
        }
        _ => this,
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Str => "a string",
        Kind::Int => "an integer",
        Kind::Time => "a date-time",
        Kind::Bool => "a boolean",
        Kind::Null => "null",
    }
}

#[cfg(test)]
#[path = "odata_tests.rs"]
mod tests;
