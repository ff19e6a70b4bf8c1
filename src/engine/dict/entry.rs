//! One dictionary entry, read from the layout FreeDict's dictionaries use (and
//! the converted CC-CEDICT and EDICT follow):
//!
//! ```text
//! bank //bæŋk// /[beɪŋk]/ <n>        headword, pronunciations, <pos[, gender]>
//! 1. pankki, pelinhoitaja             a sense: its translations, comma-separated
//! controller of a card game           a note on the sense (a definition)
//! 2. säästöpossu
//! ```
//! An entry without numbers has one sense: its second line. Parenthesized
//! labels (`(slang) threesome`, `cat (esp. the domestic cat)`), cross-references
//! (`pankki 2.`) and gender marks (`Katze <fem>`) are taken off the translations.

use super::pos::{Gender, Pos};

/// A parsed entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub headword: String,
    pub pos: Pos,
    pub gender: Option<Gender>,
    pub senses: Vec<Sense>,
}

/// One sense: the translations it lists and its note.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sense {
    pub targets: Vec<Target>,
    pub note: String,
}

/// A translation as the dictionary displays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub text: String,
    pub gender: Option<Gender>,
    /// A weight set by inversion (from the rank in the entry that listed it);
    /// `None` for dictionary entries, weighed by position.
    pub rank: Option<usize>,
}

impl Entry {
    /// Parses an entry; `None` when it has no headword.
    pub fn parse(raw: &str) -> Option<Entry> {
        let mut lines = raw.lines();
        let head = lines.next()?.trim();
        let (headword, pos, gender) = parse_head(head);
        if headword.is_empty() {
            return None;
        }
        let mut senses: Vec<Sense> = Vec::new();
        for line in lines {
            let t = line.trim();
            if t.is_empty() || is_bare_number(t) {
                continue;
            }
            if let Some(rest) = numbered(t) {
                senses.push(Sense {
                    targets: split_targets(rest),
                    note: String::new(),
                });
            } else if let Some(sense) = senses.last_mut() {
                if !sense.note.is_empty() {
                    sense.note.push_str("; ");
                }
                sense.note.push_str(t);
            } else {
                senses.push(Sense {
                    targets: split_targets(t),
                    note: String::new(),
                });
            }
        }
        senses.retain(|s| !s.targets.is_empty());
        Some(Entry {
            headword: headword.to_owned(),
            pos,
            gender,
            senses,
        })
    }
}

/// `word /ipa/ <n, fem>` → (`word`, noun, feminine).
fn parse_head(head: &str) -> (&str, Pos, Option<Gender>) {
    let mut pos = Pos::Other;
    let mut gender = None;
    let mut rest = head;
    if let Some(open) = head.rfind(" <").filter(|_| head.ends_with('>')) {
        for tag in head[open + 2..head.len() - 1].split(',').map(str::trim) {
            if let Some(g) = Gender::from_tag(tag) {
                gender = Some(g);
            } else if let Some(p) = Pos::from_tag(tag) {
                pos = p;
            }
        }
        rest = &head[..open];
    }
    let end = [" /", " [", " <"]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
        .unwrap_or(rest.len());
    (rest[..end].trim(), pos, gender)
}

/// `3. text` → `text`.
fn numbered(line: &str) -> Option<&str> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| line[digits..].strip_prefix(". ")).flatten()
}

fn is_bare_number(line: &str) -> bool {
    line.strip_suffix('.')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Splits a translation line at commas outside brackets and cleans each part.
fn split_targets(line: &str) -> Vec<Target> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in line.char_indices() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' => depth -= 1,
            ',' | ';' if depth <= 0 => {
                out.extend(clean_target(&line[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.extend(clean_target(&line[start..]));
    out
}

/// Takes labels, cross-references and gender marks off one translation.
fn clean_target(part: &str) -> Option<Target> {
    let trimmed = part.trim();
    // A pronunciation (`/kˈɑːt/`) is not a translation.
    if trimmed.len() > 1 && trimmed.starts_with('/') && trimmed.ends_with('/') {
        return None;
    }
    // Grammar marks and labels anywhere (`Katze <fem>`, `tomography <n>CT`, `[med.]`):
    // gender kept, marks gone.
    let mut gender = None;
    let unmarked: String;
    let mut s = trimmed;
    if s.contains(['<', '[']) {
        let mut out = String::with_capacity(s.len());
        let mut rest = s;
        while let Some(open) = rest.find(['<', '[']) {
            let close = if rest[open..].starts_with('<') { '>' } else { ']' };
            let Some(len) = rest[open..].find(close) else {
                break;
            };
            out.push_str(&rest[..open]);
            let tags = &rest[open + 1..open + len];
            if close == '>' {
                gender = tags
                    .split(',')
                    .find_map(|t| Gender::from_tag(t.trim()))
                    .or(gender);
            }
            rest = &rest[open + len + 1..];
            if !out.is_empty() && !out.ends_with(' ') && !rest.is_empty() {
                out.push(' ');
            }
        }
        out.push_str(rest);
        unmarked = out.split_whitespace().collect::<Vec<_>>().join(" ");
        s = &unmarked;
    }
    loop {
        let before = s;
        if let Some(i) = s.rfind(' ').filter(|&i| is_bare_number(&s[i + 1..])) {
            s = s[..i].trim_end();
        }
        for (open, close) in [('(', ')'), ('[', ']')] {
            if let Some(end) = s.find(close).filter(|_| s.starts_with(open)) {
                s = s[end + 1..].trim_start();
            }
            if let Some(start) = s.rfind(open).filter(|&i| i > 0 && s.ends_with(close)) {
                s = s[..start].trim_end();
            }
        }
        if s == before {
            break;
        }
    }
    // Stress marks (WikDict writes Bulgarian и́мам) are not part of the written word.
    let text: String = if s.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)) {
        s.chars()
            .filter(|c| !matches!(c, '\u{300}' | '\u{301}'))
            .collect()
    } else {
        s.to_owned()
    };
    (!text.is_empty() && text.chars().any(char::is_alphanumeric)).then_some(Target {
        text,
        gender,
        rank: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(e: &Entry) -> Vec<Vec<&str>> {
        e.senses
            .iter()
            .map(|s| s.targets.iter().map(|t| t.text.as_str()).collect())
            .collect()
    }

    #[test]
    fn wikdict_numbered() {
        let raw = "bank //bæŋk// /[beɪŋk]/ <n>\n1. pankki, pelinhoitaja\ncontroller of a card game\n\
                   2. säästöpossu\ndevice\n5. pankki 2.\ninstitution\n 3.\nbranch office\n";
        let e = Entry::parse(raw).unwrap();
        assert_eq!(e.headword, "bank");
        assert_eq!(e.pos, Pos::Noun);
        assert_eq!(
            texts(&e),
            vec![
                vec!["pankki", "pelinhoitaja"],
                vec!["säästöpossu"],
                vec!["pankki"]
            ]
        );
        assert_eq!(e.senses[0].note, "controller of a card game");
        assert_eq!(e.senses[2].note, "institution; branch office");
    }

    #[test]
    fn unnumbered_and_labels() {
        let e = Entry::parse("kot /kɔt/ <n>\ncat, (slang) freshman\n(zoologia) Felis\n").unwrap();
        assert_eq!(texts(&e), vec![vec!["cat", "freshman"]]);
        assert_eq!(e.senses[0].note, "(zoologia) Felis");
        let e = Entry::parse(
            "猫 /ねこ/ <n>\n1. cat (esp. the domestic cat, Felis catus)\n2. live on (e.g. a salary)\n",
        )
        .unwrap();
        assert_eq!(texts(&e), vec![vec!["cat"], vec!["live on"]]);
    }

    #[test]
    fn gender_in_head_and_targets() {
        let e = Entry::parse("Katze [katsə] <n, fem>\ncat\n").unwrap();
        assert_eq!(
            (e.headword.as_str(), e.pos, e.gender),
            ("Katze", Pos::Noun, Some(Gender::Feminine))
        );
        let e = Entry::parse("Haus /haʊs/ <neut, n, sg>\n [adm.] establishment <n>, /haʊs/ , house <n>CT\n")
            .unwrap();
        assert_eq!((e.pos, e.gender), (Pos::Noun, Some(Gender::Neuter)));
        assert_eq!(texts(&e), vec![vec!["establishment", "house CT"]]);
        let e = Entry::parse("cat\nComputertomographie <fem> [med.] CT\n").unwrap();
        assert_eq!(e.senses[0].targets[0].text, "Computertomographie CT");
        let e = Entry::parse("have <v>\nи́мам, притежа́вам\n").unwrap();
        assert_eq!(texts(&e), vec![vec!["имам", "притежавам"]]);
        let e = Entry::parse("cat <n>\nKatze <fem>, Kater <masc>\n").unwrap();
        let g: Vec<_> = e.senses[0].targets.iter().map(|t| t.gender).collect();
        assert_eq!(g, vec![Some(Gender::Feminine), Some(Gender::Masculine)]);
    }

    #[test]
    fn odd_input_never_panics() {
        for raw in [
            "",
            "\n",
            " <",
            "<>",
            "x <",
            "a (b",
            "1.",
            "x\n1. \n2. ()\n",
            "x /\n(((",
            "é <n,>\n, ,\n",
        ] {
            let _ = Entry::parse(raw);
        }
        assert!(Entry::parse("").is_none());
        assert!(Entry::parse("word\n1. ()\n").unwrap().senses.is_empty());
    }
}
