//! Writing the target text: spacing for the target's writing system,
//! punctuation in its forms, capitals at sentence starts, and the record of
//! which source span produced which target span (UTF-16 units) and where each
//! source sentence ends in the target.

use std::ops::Range;

use super::Link;
use crate::engine::text::utf16_len;

/// A word written with a capital and then lower case only (`System`, not
/// `DNS` or `iPhone`, which pass through).
fn title_word(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(char::is_uppercase)
        && chars.clone().any(char::is_lowercase)
        && !chars.any(char::is_uppercase)
}

/// Languages written without spaces between words.
pub fn unspaced(language: &str) -> bool {
    matches!(
        language.split('-').next(),
        Some("ja" | "zh" | "th" | "lo" | "km" | "my" | "yue" | "lzh")
    )
}

/// The comma, semicolon and question mark of the Arabic script (Arabic,
/// Persian, Urdu), which its software translations write (the dev split's
/// Arabic references: `،` 12 times, `,` never; `؛` 5, `؟` 1), and their Latin
/// forms elsewhere.
const ARABIC_PUNCT: &[(char, char)] = &[(',', '،'), (';', '؛'), ('?', '؟')];

/// Full-width punctuation of Chinese and Japanese, and the ASCII for it. Where
/// the human translations of software messages (the gettext catalogues the chrF
/// benchmark reads) keep the ASCII form, so does the gloss: Japanese writes its
/// colons, parentheses, `!`, `?` and `;` in ASCII (99 of 99 colons in the dev
/// split), Chinese its parentheses (14 of 21).
const CJK_PUNCT: &[(char, char, char)] = &[
    // (ascii, ja, zh)
    (',', '、', '，'),
    ('.', '。', '。'),
    ('?', '?', '？'),
    ('!', '!', '！'),
    (':', ':', '：'),
    (';', ';', '；'),
    ('(', '(', '('),
    (')', ')', ')'),
];

/// Full-width forms the table above writes as ASCII, turned back for ja and zh.
const FULL_WIDTH: &[(char, char)] = &[
    ('？', '?'),
    ('！', '!'),
    ('：', ':'),
    ('；', ';'),
    ('（', '('),
    ('）', ')'),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Word,
    Punct(char),
    Space,
}

/// A point of a [`Writer`]'s output.
#[derive(Clone, Copy)]
pub struct Mark {
    out: usize,
    units: usize,
    links: usize,
    last: Last,
    sentence_start: bool,
}

impl Mark {
    /// How many words (links) were written before it.
    pub fn written(&self) -> usize {
        self.links
    }
}

pub struct Writer<'a> {
    /// Escape translated text for html.
    html: bool,
    src: &'a str,
    to: &'a str,
    pub out: String,
    units: usize,
    pub links: Vec<Link>,
    last: Last,
    pending_space: Option<Range<usize>>,
    sentence_start: bool,
    /// Whether any source token other than whitespace has been seen.
    any: bool,
    /// A word was just left out: the space after it goes too unless a word precedes.
    after_drop: bool,
    /// The sentence's first word was left out and was capitalized.
    cap_next: bool,
    /// Source byte offsets where sentences end, and the target length at each.
    cuts: &'a [usize],
    pub tgt_cuts: Vec<usize>,
    /// A (byte, unit) point of the source for incremental UTF-16 offsets.
    mark: (usize, usize),
    /// A capitalized word inside a sentence gives its translation a capital
    /// (title-case English: `D-Bus System Services` → tr `Sistem Hizmetleri`).
    pub keep_capitals: bool,
}

impl<'a> Writer<'a> {
    pub fn new(src: &'a str, to: &'a str, cuts: &'a [usize], html: bool) -> Self {
        Writer {
            html,
            src,
            to,
            out: String::new(),
            units: 0,
            links: Vec::new(),
            last: Last::Nothing,
            pending_space: None,
            sentence_start: true,
            any: false,
            cap_next: false,
            after_drop: false,
            cuts,
            tgt_cuts: Vec::new(),
            keep_capitals: false,
            mark: (0, 0),
        }
    }

    /// The UTF-16 offset of a source byte offset.
    fn src_units(&mut self, byte: usize) -> usize {
        if byte < self.mark.0 {
            self.mark = (0, 0);
        }
        let gap = self.src.get(self.mark.0..byte).map_or(0, utf16_len);
        self.mark = (byte, self.mark.1 + gap);
        self.mark.1
    }

    fn push(&mut self, s: &str) {
        self.out.push_str(s);
        self.units += utf16_len(s);
    }

    /// A space before the next word when the target is spaced and the text
    /// ends with other than a space (a held verb written after a closing
    /// quote: `फ़ाइल ' ' पहचान …`, not `' 'पहचान`).
    pub fn separate(&mut self) {
        if !unspaced(self.to) && !self.out.is_empty() && !self.out.ends_with(char::is_whitespace) {
            self.push(" ");
            self.last = Last::Space;
        }
    }

    /// Whether [`Self::reach`] at `at` closes a sentence.
    pub fn cuts_at(&self, at: usize) -> bool {
        self.cuts.get(self.tgt_cuts.len()).is_some_and(|&cut| cut <= at)
    }

    /// Called before anything at source byte `at`: closes the sentences that end there.
    pub fn reach(&mut self, at: usize) {
        while self.tgt_cuts.len() < self.cuts.len() && self.cuts[self.tgt_cuts.len()] <= at {
            self.flush_space();
            self.tgt_cuts.push(self.units);
            self.sentence_start = true;
        }
    }

    /// Source whitespace: held until the next thing written decides its fate.
    pub fn space(&mut self, range: Range<usize>) {
        // After a word left out, one space of the two around it is enough.
        if self.after_drop
            && (self.pending_space.is_some() || self.last != Last::Word)
            && !self.src[range.clone()].contains('\n')
        {
            return;
        }
        self.pending_space = match self.pending_space.take() {
            Some(held) if held.end == range.start => Some(held.start..range.end),
            Some(held) if self.src[held.clone()].contains('\n') => Some(held),
            _ => Some(range),
        };
    }

    fn flush_space(&mut self) {
        self.flush_space_before("");
    }

    /// [`Self::flush_space`] before `next`: into a language written without
    /// spaces, a space stays between two words of a spaced script (`New
    /// York` copied into Japanese is not `NewYork`).
    fn flush_space_before(&mut self, next: &str) {
        let Some(range) = self.pending_space.take() else {
            return;
        };
        let s = &self.src[range];
        let spaced = |c: Option<char>| c.is_some_and(crate::engine::script::is_spaced_word_char);
        let emit = if s.contains('\n') {
            true
        } else if unspaced(self.to) {
            spaced(self.out.chars().next_back()) && spaced(next.chars().next())
        } else if !self.any {
            true
        } else {
            !self.out.is_empty() && !self.out.ends_with(char::is_whitespace)
        };
        if emit {
            let s = s.to_owned();
            self.push(&s);
            self.last = Last::Space;
        }
    }

    /// A translated word or phrase for the source span `src`; `verbatim` text
    /// (a forced translation) is written exactly as given.
    pub fn word(&mut self, src: Range<usize>, text: &str, verbatim: bool) {
        self.after_drop = false;
        self.flush_space_before(text);
        if !unspaced(self.to) {
            let glue = match self.last {
                Last::Word => true,
                Last::Punct(c) => ",.;:!?)".contains(c),
                _ => false,
            };
            if glue {
                self.push(" ");
            }
        }
        let source = &self.src[src.clone()];
        let capital = !verbatim
            && ((self.sentence_start
                && (self.cap_next
                    || source
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_uppercase() || !c.is_lowercase())))
                || (self.keep_capitals
                    && !self.sentence_start
                    && title_word(source)
                    && !self.src[..src.start].ends_with(char::is_alphanumeric)));
        self.cap_next = false;
        // A phrase of title words (`Service Type`) gives each of its words a capital.
        let title = !verbatim
            && self.keep_capitals
            && source.contains(' ')
            && source.split_whitespace().all(title_word)
            && !self.src[..src.start].ends_with(char::is_alphanumeric);
        let text = if title {
            text.split(' ')
                .map(|w| capitalize(self.to, w))
                .collect::<Vec<_>>()
                .join(" ")
        } else if capital {
            capitalize(self.to, text)
        } else {
            text.to_owned()
        };
        let text = if self.html { escape(&text) } else { text };
        let start = self.units;
        self.push(&text);
        let (s, e) = (self.src_units(src.start), self.src_units(src.end));
        if self.units > start {
            self.links.push(Link {
                src: s..e,
                tgt: start..self.units,
            });
        }
        self.sentence_start = false;
        self.any = true;
        self.last = Last::Word;
    }

    /// Where the output is now, to come back to ([`Self::truncate`]).
    pub fn mark(&self) -> Mark {
        Mark {
            out: self.out.len(),
            units: self.units,
            links: self.links.len(),
            last: self.last,
            sentence_start: self.sentence_start,
        }
    }

    /// Takes back what was written since `m` (words to be written again,
    /// elsewhere); `false`, and nothing taken, when a sentence ended since.
    pub fn truncate(&mut self, m: Mark) -> bool {
        if self.tgt_cuts.last().is_some_and(|&c| c > m.units) || m.out > self.out.len() {
            return false;
        }
        self.out.truncate(m.out);
        self.units = m.units;
        self.links.truncate(m.links);
        self.last = m.last;
        self.sentence_start = m.sentence_start;
        true
    }

    /// How many words (links) were written.
    pub fn written(&self) -> usize {
        self.links.len()
    }

    /// The target span of the last word written (empty when it wrote nothing).
    pub fn last_target(&self) -> Range<usize> {
        match (self.last, self.links.last()) {
            (Last::Word, Some(l)) => l.tgt.clone(),
            _ => self.units..self.units,
        }
    }

    /// Whether the text written so far ends with one of `chars`.
    pub fn ends_with(&self, chars: &[char]) -> bool {
        self.out.ends_with(chars)
    }

    /// The source text of a span.
    pub fn source(&self, src: Range<usize>) -> &str {
        &self.src[src]
    }

    /// A source word with no counterpart (an English article, a particle).
    pub fn drop_word(&mut self, src: Range<usize>) {
        self.after_drop = true;
        if self.sentence_start && self.src[src].chars().next().is_some_and(char::is_uppercase) {
            self.cap_next = true;
        }
        self.any = true;
    }

    /// Punctuation and symbols, in the target's forms.
    pub fn punct(&mut self, range: Range<usize>) {
        let source = &self.src[range.clone()];
        let lang = self.to.split('-').next().unwrap_or("");
        // A full stop ends a sentence only after a word and before a space or the
        // end: `VERSION .`, `.except`, `file...` and `0.5` keep theirs.
        let before = self.src[..range.start].chars().next_back();
        let after = self.src[range.end..].chars().next();
        let full_stop = source == "."
            && before.is_some_and(|c| !c.is_whitespace() && c != '.')
            && after.is_none_or(|c| c.is_whitespace() || "\"')]»”’」』".contains(c));
        let mut text = String::with_capacity(source.len());
        for c in source.chars() {
            let mapped = if matches!(lang, "ja" | "zh") && c == '.' && !full_stop {
                None
            } else {
                CJK_PUNCT
                    .iter()
                    .find_map(|&(a, ja, zh)| match lang {
                        "ja" => (c == a || c == zh).then_some(ja),
                        "zh" => (c == a || c == ja).then_some(zh),
                        _ => (c == ja || c == zh).then_some(a),
                    })
                    .filter(|&m| m != c)
                    .or_else(|| FULL_WIDTH.iter().find(|&&(f, _)| f == c).map(|&(_, a)| a))
                    .or_else(|| {
                        ARABIC_PUNCT.iter().find_map(|&(a, ar)| match lang {
                            "ar" | "fa" | "ur" => (c == a).then_some(ar),
                            _ => (c == ar).then_some(a),
                        })
                    })
                    .filter(|&m| m != c)
            };
            text.push(mapped.unwrap_or(c));
        }
        // Before punctuation, a space left by a word left out goes too ("an asshole." → "an.").
        if unspaced(self.to) || std::mem::take(&mut self.after_drop) {
            self.pending_space = self
                .pending_space
                .take()
                .filter(|r| self.src[r.clone()].contains('\n'));
        }
        self.flush_space();
        self.push(&text);
        self.any = true;
        self.last = text.chars().last().map_or(Last::Nothing, Last::Punct);
    }

    /// Text copied as it is (markup, content not to translate).
    pub fn keep(&mut self, range: Range<usize>) {
        self.after_drop = false;
        self.flush_space();
        let s = self.src[range].to_owned();
        self.push(&s);
        self.any = true;
        self.last = Last::Nothing;
    }

    /// Ends the text: trailing whitespace and the last sentences.
    pub fn finish(mut self) -> (String, Vec<Link>, Vec<usize>) {
        self.flush_space();
        while self.tgt_cuts.len() < self.cuts.len() {
            self.tgt_cuts.push(self.units);
        }
        (self.out, self.links, self.tgt_cuts)
    }
}

/// Text safe inside html: `&`, `<` and `>` as references.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The text with its first letter in upper case; Turkish and Azerbaijani
/// dotted `i` becomes `İ` (`içinde` → `İçinde`, not `Içinde`).
fn capitalize(to: &str, text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some('i') if matches!(to, "tr" | "az") => std::iter::once('İ').chain(chars).collect(),
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text.to_owned(),
    }
}
