//! The direct gloss between two languages with a dictionary between them:
//! the loop over a source's runs and words that asks [`choose`] for each word
//! or phrase and hands the choice to the [`Writer`], with the three holders
//! that reorder words — the [`postpose::Postposer`] (prepositions after their
//! noun phrase), the [`verb_final::VerbFinal`] (negated verbs at the clause's
//! end) and the [`adjective::Adjectives`] (an adjective before its noun into
//! English).

use std::ops::Range;

use super::{
    Link, Options, Run, adjective, choose, compound, copula, cues, merge, passthrough, postpose, verb_final,
    writer,
};
use crate::engine::dict::{Library, Pos};
use crate::engine::tokens::{Kind, Token, tokenize};
use writer::Writer;

/// Glosses `runs` of `src` from `from` into `to`: the text, its alignment, the
/// target's sentence cuts (UTF-16) and the target spans of copied words.
pub(super) fn direct(
    lib: &Library,
    src: &str,
    runs: &[Run],
    cuts: &[usize],
    (from, to): (&str, &str),
    opts: Options,
) -> (String, Vec<Link>, Vec<usize>, Vec<Range<usize>>) {
    let mut w = Writer::new(src, to, cuts, opts.html);
    // English capitalizes a title's words and names. Where the software
    // translations of the dev split keep those capitals, so does the gloss
    // (Turkish, Indonesian, Dutch, Portuguese, Spanish, Swedish, Greek,
    // Russian: +0.1 to +0.7 chrF); Finnish, French, Italian, Polish, Czech,
    // Bulgarian and Norwegian write titles in sentence case (Norwegian's +0.1
    // on dev was noise: its test split lost 0.5, `Fil System`), German
    // capitals are its nouns'.
    // Into English, a capital inside a sentence is a name's (`Северная
    // Каролина` → North Carolina), except in German.
    w.keep_capitals = (from == "en" && !matches!(to, "de" | "fi" | "fr" | "it" | "pl" | "cs" | "bg" | "nb"))
        || (to == "en" && from != "de");
    let mut copied = Vec::new();
    let mut prev_word: Option<(Range<usize>, Option<Pos>)> = None;
    let mut post = postpose::Postposer::new(from, to);
    let mut last = verb_final::VerbFinal::new(from, to);
    let mut adj = adjective::Adjectives::new(from, to);
    let mut cop = copula::Copula::new(from, to);
    // Whether a word of the current clause was read.
    let mut in_clause = false;
    for run in runs {
        adj.flush(&mut w);
        end_clause(&mut w, &mut post, &mut last, &mut cop);
        match run {
            Run::Keep(r) => {
                w.reach(r.start);
                w.keep(r.clone());
            }
            Run::Forced { phrase, translation } => {
                w.reach(phrase.start);
                w.word(phrase.clone(), translation, true);
            }
            Run::Text(r) => {
                let mut toks = tokens(src, r.clone());
                if writer::unspaced(from) {
                    toks = merge::inflections(lib, from, to, src, toks);
                    toks = compound::split_unknown(lib, from, to, src, toks);
                }
                // An English acronym among lower-case words is a name or a
                // placeholder (`TIFF`, `FILE`), not the word it spells.
                let acronyms = from == "en" && src[r.clone()].chars().any(char::is_lowercase);
                let mut i = 0;
                while i < toks.len() {
                    let t = &toks[i];
                    let line_break = t.kind == Kind::Space && src[t.range.clone()].contains('\n');
                    // Where a phrase ends: punctuation, a line break, a sentence's end.
                    let boundary = t.kind == Kind::Other || line_break || w.cuts_at(t.range.start);
                    let clause_end = boundary
                        && (t.kind != Kind::Other || verb_final::VerbFinal::ends_at(&src[t.range.clone()]));
                    if clause_end {
                        in_clause = false;
                    }
                    if (last.holding() || cop.holding()) && clause_end {
                        end_clause(&mut w, &mut post, &mut last, &mut cop);
                    }
                    if boundary {
                        adj.flush(&mut w);
                    }
                    if post.holding() && boundary {
                        post.flush(&mut w);
                    }
                    // A bracket opens an aside: the copula is said before it
                    // (and before the space that precedes it).
                    let aside = |k: usize| {
                        toks.get(k).is_some_and(|t| {
                            t.kind == Kind::Other && src[t.range.clone()].starts_with(['(', '['])
                        })
                    };
                    if aside(i) || (t.kind == Kind::Space && aside(i + 1)) {
                        if last.holding_adjective() {
                            last.flush(&mut w);
                        }
                        cop.flush(&mut w);
                    }
                    w.reach(t.range.start);
                    // A quoted placeholder is a word of its clause too (`' ' is …`).
                    let after_word = in_clause;
                    in_clause |= t.kind == Kind::Word || (t.kind == Kind::Other && !clause_end);
                    match t.kind {
                        Kind::Space => {
                            if line_break {
                                prev_word = None;
                            }
                            w.space(t.range.clone());
                        }
                        Kind::Other => {
                            prev_word = None;
                            w.punct(t.range.clone());
                        }
                        Kind::Word
                            if passthrough::copies(&src[t.range.clone()], from)
                                || (acronyms && passthrough::acronym(&src[t.range.clone()])) =>
                        {
                            prev_word = None;
                            let name = &src[t.range.clone()];
                            let target = adj.name_first(&mut w, &t.range, name).unwrap_or_else(|| {
                                adj.flush(&mut w);
                                w.word(t.range.clone(), name, true);
                                w.last_target()
                            });
                            copied.push(target);
                            post.after(&mut w);
                            last.object();
                        }
                        Kind::Word => {
                            if let Some((next, span)) =
                                last.open(&mut w, src, &toks, (i, prev_word.is_none(), after_word))
                            {
                                prev_word = Some((span, Some(Pos::Verb)));
                                i = next;
                                continue;
                            }
                            if let Some(next) = last.absorb(&mut w, src, &toks, i) {
                                i = next;
                                continue;
                            }
                            let cx = choose::Context {
                                lib,
                                from,
                                to,
                                src,
                                tokens: &toks,
                            };
                            let phrase = |k: usize| choose::choose(cx, k, None).end > k + 1;
                            if let Some(next) = cop.open(&mut w, (src, &toks), i, after_word, phrase) {
                                i = next;
                                continue;
                            }
                            let prev = prev_word.as_ref().map(|(r, pos)| (&src[r.clone()], *pos));
                            let c = choose::choose(cx, i, prev);
                            let span = t.range.start..toks[c.end - 1].range.end;
                            let text = c.text.map(|t| own_punctuation(t, &src[span.clone()]));
                            let text = match (text, opts.filter) {
                                (Some(t), Some(f)) => Some(f(&t)).filter(|t| !t.is_empty()),
                                (t, _) => t,
                            };
                            let word = &src[t.range.clone()];
                            post.before(&mut w, word);
                            let next_at = cues::next_word(src, &toks, c.end - 1);
                            let next = next_at.map(|(_, n)| n);
                            // The next word and, past a `the`, the one after
                            // it (a name: "Republic of the Congo").
                            let named = next_at.map(|(j, n)| {
                                if n.eq_ignore_ascii_case("the") {
                                    cues::next_word(src, &toks, j).map_or(n, |(_, m)| m)
                                } else {
                                    n
                                }
                            });
                            let en_pos = adj.pos(lib, word, text.as_deref());
                            match text {
                                // A word held is written later: spacing as
                                // after a word left out (no space opens a line).
                                Some(text)
                                    if c.end == i + 1
                                        && post.hold_head(&mut w, &span, &text, next, c.pos) =>
                                {
                                    w.drop_word(span.clone())
                                }
                                Some(text)
                                    if c.end == i + 1
                                        && post.hold(&mut w, word, &span, &text, next.zip(named)) =>
                                {
                                    w.drop_word(span.clone())
                                }
                                Some(text) if last.hold_verb(&span, &text) => w.drop_word(span.clone()),
                                Some(text) if c.end == i + 1 && adj.hold(&mut w, &span, &text, en_pos) => {}
                                Some(text) => {
                                    let text = adj.of_name(text);
                                    let moved = adj.before(&mut w, en_pos);
                                    let mark = w.mark();
                                    w.word(span.clone(), &text, false);
                                    post.written(&w, &span, &text, c.pos, mark);
                                    // The word moved after this one keeps the
                                    // dictionary's case: its source capital
                                    // was the sentence's (`Invalid packet` →
                                    // `Paquete inválido`).
                                    if let Some((span, moved)) = moved {
                                        w.word(span, &moved, true);
                                    }
                                    post.after(&mut w);
                                    last.object();
                                }
                                None => {
                                    adj.flush(&mut w);
                                    w.drop_word(span.clone());
                                }
                            }
                            prev_word = Some((span, c.pos));
                            i = c.end;
                            continue;
                        }
                    }
                    i += 1;
                }
            }
        }
    }
    adj.flush(&mut w);
    end_clause(&mut w, &mut post, &mut last, &mut cop);
    let (text, links, cuts) = w.finish();
    (text, links, cuts, copied)
}

/// A clause's end: the held preposition, then the held verb and its ending
/// (no object particle after a postposition), then the held copula.
fn end_clause(
    w: &mut Writer,
    post: &mut postpose::Postposer,
    last: &mut verb_final::VerbFinal,
    cop: &mut copula::Copula,
) {
    if post.holding() {
        last.postposed();
    }
    post.flush(w);
    last.flush(w);
    cop.flush(w);
}

/// The tokens of `src[range]`, where each URL, e-mail address or code-like run
/// ([`passthrough::spans`]) is one word, whatever the segmenter would make of it
/// (`copies` then holds it as code-like or foreign: it has `://`, `@`, `_`, …
/// — see the tests).
fn tokens(src: &str, range: Range<usize>) -> Vec<Token> {
    let mut out = Vec::new();
    let mut at = range.start;
    for span in passthrough::spans(src, range.clone()) {
        out.extend(tokenize(src, at..span.start));
        out.push(Token {
            kind: Kind::Word,
            range: span.clone(),
        });
        at = span.end;
    }
    out.extend(tokenize(src, at..range.end));
    out
}

/// A dictionary translation without the sentence punctuation its entry ends
/// with (`Thanks a lot` → `Vielen Dank!`) unless the source word or phrase has it
/// too: the source's own punctuation follows anyway (`Vielen Dank.`, not
/// `Vielen Dank!.`; `Guten Morgen!`, not `Guten Morgen!!`).
pub(super) fn own_punctuation(text: String, source: &str) -> String {
    const END: &[char] = &['.', '!', '?', '。', '！', '？', '…'];
    let source_end = source.chars().last().filter(|c| END.contains(c));
    let trimmed = text.trim_end_matches(|c| END.contains(&c) && Some(c) != source_end);
    if trimmed.trim().is_empty() {
        return text;
    }
    trimmed.trim_end().to_owned()
}
