//! Ranking a word's dictionary candidates for running text: the preferred
//! part of speech, the dictionary's weight leaning on how common the target
//! word is, and the sense software text uses ([`super::senses`]), whose
//! proposed word may replace the dictionary's choice.

use super::choose::Choice;
use crate::engine::dict::{Candidate, Library, Pos, candidates, normalize};

/// The best alternative: the heaviest of the preferred parts of speech, else the heaviest.
pub(super) fn best(lib: &Library, from: &str, to: &str, key: &str, prefer: &[Pos], end: usize) -> Choice {
    pick(
        lib,
        (from, to),
        key,
        &candidates(lib, from, to, key).1,
        prefer,
        end,
    )
}

/// How far a candidate's score in software text ([`super::senses`], 0 to 1)
/// multiplies its weight: `1 + SENSE_WEIGHT × score`. Learned on one half of
/// the `dev` split and scored on the other (`scripts/bench_chrf.py --split
/// dev-b`): weights 0, 1, 3, 10, 30, 100 gave a mean chrF of 37.3, 39.0, 39.9,
/// 40.3, 40.5, 40.6 over 40 directions; past 30 the table decides alone.
const SENSE_WEIGHT: f64 = 30.0;

/// How often, against a piece of it, a whole word must be used to replace
/// the piece (see [`pick`]).
const WHOLE: f64 = 0.5;

/// The least Dice of a proposed word that replaces a dictionary's choice.
pub(super) const MIN_OVERRIDE: f64 = 0.4;

/// [`best`] among candidates already looked up, weighted by the sense table.
pub(super) fn pick(
    lib: &Library,
    (from, to): (&str, &str),
    key: &str,
    cands: &[Candidate],
    prefer: &[Pos],
    end: usize,
) -> Choice {
    let senses = super::senses::of(from, to, key);
    let scored: Vec<(f64, &Candidate)> = cands
        .iter()
        .map(|c| {
            let sense = senses.score(&c.display);
            (in_text(lib, to, c) * (1.0 + SENSE_WEIGHT * sense), c)
        })
        .collect();
    let heaviest = |keep: &dyn Fn(&Candidate) -> bool| {
        scored
            .iter()
            .filter(|(_, c)| keep(c))
            .reduce(|best, x| if x.0 > best.0 { x } else { best })
            .map(|(_, c)| *c)
    };
    let pick = prefer
        .iter()
        .find_map(|p| heaviest(&|c: &Candidate| c.pos == *p))
        .or_else(|| heaviest(&|_: &Candidate| true));
    // Into Chinese or Japanese, a word the table scores high may be a piece
    // of a word the messages use whole (`证` of `证书`, `创` of `创建`): every
    // use of the whole word is one of the piece too. The whole word wins when
    // it is used at least half as often (dev-b en→zh-Hans 30.5 → 32.2, en→ja
    // 35.5 → 35.7; any share from 0.3 to 0.6 gave the same).
    let unspaced = super::writer::unspaced(to);
    let piece_score = pick.map_or(0.0, |c| senses.score(&c.display));
    let is_whole = |whole: &str, piece: &str, score: f64| {
        unspaced
            && piece_score > 0.0
            && whole != piece
            && whole.contains(piece)
            && score >= WHOLE * piece_score
    };
    let whole = pick.and_then(|c| {
        cands
            .iter()
            .filter(|d| is_whole(&d.display, &c.display, senses.score(&d.display)))
            .max_by(|a, b| senses.score(&a.display).total_cmp(&senses.score(&b.display)))
    });
    let pick = whole.or(pick);
    if let (None, Some(c), Some((dice, text))) = (whole, pick, senses.learned())
        && is_whole(text, &c.display, dice)
    {
        return Choice {
            end,
            text: Some(text.to_owned()),
            pos: Some(c.pos),
        };
    }
    // The translation the messages propose beats the dictionary's choice when
    // it is more strongly attested (its Dice above the choice's sense score;
    // tuned like SENSE_WEIGHT, dev-b mean 40.5 → 44.4 with the proposed words):
    // `invalid` → zh `无效`, not `病秧子`, a sickly person. Not for a verb the
    // words beside it call for (`Repeat this password`, `cannot open`): the
    // proposed word is often the noun of a button's label (ru `Повторов`).
    if let Some((dice, text)) = senses.learned()
        && dice >= MIN_OVERRIDE
        && pick.is_none_or(|c| {
            !(prefer.first() == Some(&Pos::Verb) && c.pos == Pos::Verb) && senses.score(&c.display) < dice
        })
    {
        // A proposed word that is a piece of a candidate the table scores at
        // least as high is the segmenter's cut of it (ja `せん` of `ません`):
        // the whole word.
        let whole = cands
            .iter()
            .filter(|c| c.display != text && c.display.contains(text) && senses.score(&c.display) >= dice)
            .max_by(|a, b| senses.score(&a.display).total_cmp(&senses.score(&b.display)));
        if let Some(c) = whole {
            return Choice {
                end,
                text: Some(c.display.clone()),
                pos: Some(c.pos),
            };
        }
        return Choice {
            end,
            text: Some(text.to_owned()),
            pos: pick.map(|c| c.pos),
        };
    }
    Choice {
        end,
        text: Some(pick.map_or_else(|| key.to_owned(), |c| c.display.clone())),
        pos: pick.map(|c| c.pos),
    }
}

/// How well a candidate serves in running text: its confidence, leaning
/// further on how common the target word is than a look-up does (by the
/// square root of the look-up's frequency factor; chosen on the dev split of
/// `scripts/bench_chrf.py`, where exponents 0, 0.5, 1 and 2 gave a mean chrF of
/// 31.7, 31.8, 31.9 and 31.8 but 1 and 2 lost directions over 35).
fn in_text(lib: &Library, to: &str, c: &Candidate) -> f64 {
    let f = lib.frequency(to, &normalize(&c.display));
    c.weight * (1.0 + f64::from(f).ln_1p()).sqrt()
}
