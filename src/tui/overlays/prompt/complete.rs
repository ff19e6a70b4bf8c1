//! Path completion for the file prompt, pure: the directory's entries come
//! from the executor (`runtime/files.rs` lists it), so no key waits on a
//! disk.
//!
//! The text typed is cut at its last `/` into the directory and the start
//! of a name. Tab completes the name as far as every entry starting with it
//! agrees (case sensitive, hidden entries only when the name starts with
//! `.`); a single directory gets its `/`, so the next Tab lists inside it;
//! several entries are listed under the line.

use std::path::PathBuf;

/// One entry of a directory: its name, and whether it is a directory.
pub type Listed = (String, bool);

/// What a Tab made of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The text, completed as far as the entries agree.
    pub text: String,
    /// The entries that still fit, when more than one (directories with `/`).
    pub candidates: Vec<String>,
}

/// The directory to list for `text` (`~` is `home`), as the executor reads
/// it: `.` for a bare name.
pub fn directory(text: &str, home: Option<&std::path::Path>) -> PathBuf {
    let dir = match text.rfind('/') {
        Some(0) => "/",
        Some(i) => &text[..i],
        None => ".",
    };
    expand(dir, home)
}

/// `~` and `~/…` made the home directory (a `~user` is left as it is).
pub fn expand(text: &str, home: Option<&std::path::Path>) -> PathBuf {
    match (text.strip_prefix('~'), home) {
        (Some(""), Some(home)) => home.to_path_buf(),
        (Some(rest), Some(home)) if rest.starts_with('/') => home.join(&rest[1..]),
        _ => PathBuf::from(text),
    }
}

/// `text` completed from the entries of its directory.
pub fn complete(text: &str, entries: &[Listed]) -> Completion {
    let cut = text.rfind('/').map_or(0, |i| i + 1);
    let (dir, start) = text.split_at(cut);
    let mut fits: Vec<&Listed> = entries
        .iter()
        .filter(|(name, _)| name.starts_with(start) && (start.starts_with('.') || !name.starts_with('.')))
        .collect();
    fits.sort();
    let shown = |(name, is_dir): &&Listed| match is_dir {
        true => format!("{name}/"),
        false => name.clone(),
    };
    match fits.as_slice() {
        [] => Completion {
            text: text.to_owned(),
            candidates: Vec::new(),
        },
        [one] => Completion {
            text: format!("{dir}{}", shown(one)),
            candidates: Vec::new(),
        },
        many => {
            let first = &many[0].0;
            let common = many.iter().fold(first.len(), |n, (name, _)| {
                let same = first
                    .char_indices()
                    .zip(name.chars())
                    .take_while(|((_, a), b)| a == b)
                    .last()
                    .map_or(0, |((i, a), _)| i + a.len_utf8());
                n.min(same)
            });
            Completion {
                text: format!("{dir}{}", &first[..common.max(start.len())]),
                candidates: many.iter().map(shown).collect(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn entries() -> Vec<Listed> {
        vec![
            ("notes.md".into(), false),
            ("notes.txt".into(), false),
            ("novel".into(), true),
            (".hidden".into(), false),
            ("Zeta.txt".into(), false),
        ]
    }

    #[test]
    fn tab_completes_as_far_as_the_entries_agree() {
        let c = complete("docs/no", &entries());
        assert_eq!(c.text, "docs/no");
        assert_eq!(c.candidates, ["notes.md", "notes.txt", "novel/"]);
        let c = complete("docs/not", &entries());
        assert_eq!((c.text.as_str(), c.candidates.len()), ("docs/notes.", 2));
        assert_eq!(
            complete("docs/nov", &entries()).text,
            "docs/novel/",
            "a directory gets its /"
        );
        assert_eq!(complete("Z", &entries()).text, "Zeta.txt");
        let none = complete("docs/q", &entries());
        assert_eq!((none.text.as_str(), none.candidates.len()), ("docs/q", 0));
        // Hidden entries only when asked for.
        assert!(
            !complete("", &entries())
                .candidates
                .contains(&".hidden".to_owned())
        );
        assert_eq!(complete(".h", &entries()).text, ".hidden");
    }

    #[test]
    fn the_directory_listed_and_the_home_directory() {
        let home = Path::new("/home/me");
        assert_eq!(directory("~/docs/no", Some(home)), Path::new("/home/me/docs"));
        assert_eq!(directory("~/no", Some(home)), Path::new("/home/me"));
        assert_eq!(directory("notes", Some(home)), Path::new("."));
        assert_eq!(directory("/etc", Some(home)), Path::new("/"));
        assert_eq!(expand("~", Some(home)), Path::new("/home/me"));
        assert_eq!(expand("~/a.md", Some(home)), Path::new("/home/me/a.md"));
        assert_eq!(expand("~bob/a.md", Some(home)), Path::new("~bob/a.md"));
        assert_eq!(expand("~/a.md", None), Path::new("~/a.md"));
    }
}
