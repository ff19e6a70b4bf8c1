//! A parsed `$filter`: the expression tree and its evaluation over a
//! [`ShareSynchronization`].

use std::cmp::Ordering;

use super::lexer::lex;
use super::parser::Parser;
use super::{Field, Kind, ODataError, Value, err};
use crate::api::manage::ShareSynchronization;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CmpOp {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Func {
    Contains,
    StartsWith,
    EndsWith,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Operand {
    Field(Field),
    Lit(Value),
}

impl Operand {
    pub(super) fn kind(&self) -> Kind {
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
pub(super) enum Node {
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
