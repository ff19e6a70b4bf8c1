//! Japanese words the segmenter cuts inside their conjugation (`使` `って`
//! `いま` `す`; `開` `け` `ま` `せん` `で` `した`): adjacent word pieces are
//! joined back into one word when the joined text, or a dictionary form it
//! inflects ([`lemma`]), is a headword — the longest such run first. Without
//! this, 使 alone is looked up (a "messenger") and the rest is copied.

use crate::engine::dict::Library;
use crate::engine::lemma;
use crate::engine::script::{Script, script_of};
use crate::engine::tokens::{Kind, Token};

/// Most pieces joined into one word.
const MAX_PIECES: usize = 8;

/// Whether a word, as it is or through a base form, is in the dictionary.
pub fn known(lib: &Library, from: &str, to: &str, word: &str) -> bool {
    lib.contains(from, to, word)
        || lemma::candidates(word, from)
            .iter()
            .any(|b| lib.contains(from, to, b))
}

/// The tokens with conjugated words joined (Japanese sources only).
pub fn inflections(lib: &Library, from: &str, to: &str, src: &str, tokens: Vec<Token>) -> Vec<Token> {
    if from != "ja" {
        return tokens;
    }
    let japanese = |t: &Token| {
        t.kind == Kind::Word
            && src[t.range.clone()].chars().all(|c| {
                matches!(
                    script_of(c),
                    Some(Script::Han | Script::Hiragana | Script::Katakana)
                )
            })
    };
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if !japanese(&tokens[i]) {
            out.push(tokens[i].clone());
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < tokens.len()
            && end - i < MAX_PIECES
            && japanese(&tokens[end])
            && tokens[end].range.start == tokens[end - 1].range.end
        {
            end += 1;
        }
        let joined = (i + 2..=end).rev().find(|&j| {
            known(
                lib,
                from,
                to,
                &src[tokens[i].range.start..tokens[j - 1].range.end],
            )
        });
        match joined {
            Some(j) => {
                out.push(Token {
                    kind: Kind::Word,
                    range: tokens[i].range.start..tokens[j - 1].range.end,
                });
                i = j;
            }
            None => {
                out.push(tokens[i].clone());
                i += 1;
            }
        }
    }
    out
}
