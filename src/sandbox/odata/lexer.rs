//! The lexer of `$filter` and `$orderby`: tokens with their 1-based
//! character positions; quoted strings (`''` is a quote), integers and
//! date-times (bare or `datetime'...'`) become literal tokens here.

use std::fmt;

use super::{MAX_LEN, ODataError, err, parse_time};

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
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
pub(super) struct Token {
    pub(super) tok: Tok,
    /// 1-based character position.
    pub(super) pos: usize,
}

pub(super) fn lex(input: &str) -> Result<Vec<Token>, ODataError> {
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
