//! The `$filter` parser: recursive descent over the lexer's tokens, with
//! `and`/`or` chains kept flat and nesting bounded by [`MAX_DEPTH`]; types
//! are checked here.

use super::filter::{CmpOp, Func, Node, Operand};
use super::lexer::{Tok, Token};
use super::{Field, Kind, MAX_DEPTH, ODataError, Value, err, parse_time};

pub(super) struct Parser {
    pub(super) tokens: Vec<Token>,
    pub(super) at: usize,
    pub(super) depth: usize,
    /// The position just past the input, for "expected ... at the end".
    pub(super) end: usize,
}

impl Parser {
    pub(super) fn peek(&self) -> Option<&Token> {
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

    pub(super) fn or(&mut self) -> Result<Node, ODataError> {
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
