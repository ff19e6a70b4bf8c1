//! The words written last in a row, each with the output's point before it,
//! so that a rule can take them back and write them elsewhere: a Chinese
//! head noun's modifiers moved after the phrase `in` introduces
//! ([`super::postpose`]).

use std::ops::Range;

use super::writer::{Mark, Writer};

#[derive(Default)]
pub struct WordRun {
    words: Vec<(Range<usize>, String, Mark)>,
}

impl WordRun {
    /// A word was written for `span` (`text`; `before`: the output's point
    /// before it): kept in the run when `keep`, after the run's words when
    /// it follows them, else it starts a run; not kept, it ends the run.
    pub fn written(&mut self, w: &Writer, span: &Range<usize>, text: &str, keep: bool, before: Mark) {
        if !self.follows(w, span, before.written()) {
            self.words.clear();
        }
        if keep {
            self.words.push((span.clone(), text.to_owned(), before));
        } else {
            self.words.clear();
        }
    }

    /// Whether the word at `span`, with `written` words before it, comes
    /// right after the run: only spaces between them in the source, and
    /// nothing written since.
    pub fn follows(&self, w: &Writer, span: &Range<usize>, written: usize) -> bool {
        self.words.last().is_some_and(|(last, _, mark)| {
            mark.written() + 1 == written
                && last.end <= span.start
                && w.source(last.end..span.start).trim().is_empty()
        })
    }

    /// The run's words before the word at `span` (not yet written), taken
    /// back from the output; none when they do not come right before it.
    pub fn take(&mut self, w: &mut Writer, span: &Range<usize>) -> Vec<(Range<usize>, String)> {
        let follows = self.follows(w, span, w.written());
        let words = std::mem::take(&mut self.words);
        match words.first() {
            Some((_, _, mark)) if follows && w.truncate(*mark) => {
                words.into_iter().map(|(s, t, _)| (s, t)).collect()
            }
            _ => Vec::new(),
        }
    }
}
