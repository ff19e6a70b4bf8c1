//! Apertium (https://apertium.org), used as an external program when it is
//! installed: its language pairs join the translation scope and translate
//! better than the gloss. Modes are found in `/usr/share/apertium/modes`
//! (`eng-spa.mode` → en→es); `GLOSSA_APERTIUM` and `GLOSSA_APERTIUM_MODES`
//! name another program and modes directory.
//!
//! Text goes one sentence per line (Apertium keeps lines), so sentence
//! lengths stay exact; it gives no alignment.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::dict::library::iso3_code;
use super::segment;
use super::text::utf16_len;

/// Longest a translation may take before it counts as failed.
const TIMEOUT: Duration = Duration::from_secs(30);

/// The program and its modes.
pub struct Apertium {
    program: PathBuf,
    /// (from, to, mode name)
    modes: Vec<(&'static str, &'static str, String)>,
}

impl Apertium {
    /// The installed Apertium, if any (looked up once).
    pub fn global() -> Option<&'static Apertium> {
        static AP: OnceLock<Option<Apertium>> = OnceLock::new();
        AP.get_or_init(|| {
            let program =
                std::env::var_os("GLOSSA_APERTIUM").map_or_else(|| PathBuf::from("apertium"), PathBuf::from);
            let dir = std::env::var_os("GLOSSA_APERTIUM_MODES")
                .map_or_else(|| PathBuf::from("/usr/share/apertium/modes"), PathBuf::from);
            Apertium::find(program, &dir)
        })
        .as_ref()
    }

    /// Apertium with the modes of `dir`, if the program runs and there are any.
    pub fn find(program: PathBuf, dir: &Path) -> Option<Apertium> {
        let mut modes: Vec<(&'static str, &'static str, String)> = std::fs::read_dir(dir)
            .ok()?
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                let mode = name.strip_suffix(".mode")?;
                let (a, b) = mode.split_once('-')?;
                Some((iso3_code(a)?, iso3_code(b)?, mode.to_owned()))
            })
            .collect();
        modes.sort();
        modes.dedup_by(|x, y| x.0 == y.0 && x.1 == y.1);
        let runs = Command::new(&program)
            .arg("-h")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok();
        (runs && !modes.is_empty()).then_some(Apertium { program, modes })
    }

    /// Every (from, to) pair it translates.
    pub fn pairs(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.modes.iter().map(|(a, b, _)| (*a, *b))
    }

    pub fn has_pair(&self, from: &str, to: &str) -> bool {
        self.mode(from, to).is_some()
    }

    fn mode(&self, from: &str, to: &str) -> Option<&str> {
        self.modes
            .iter()
            .find(|(a, b, _)| a.eq_ignore_ascii_case(from) && b.eq_ignore_ascii_case(to))
            .map(|(_, _, m)| m.as_str())
    }

    /// Translates lines (none may contain a line break); `None` if the pair is
    /// unknown, the program fails or times out, or the lines do not come back one for one.
    pub fn translate_lines(&self, from: &str, to: &str, lines: &[&str]) -> Option<Vec<String>> {
        let mode = self.mode(from, to)?;
        let mut child = Command::new(&self.program)
            .args(["-u", mode])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = lines.join("\n") + "\n";
        let mut stdin = child.stdin.take()?;
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let mut stdout = child.stdout.take()?;
        let reader = std::thread::spawn(move || {
            let mut out = String::new();
            stdout.read_to_string(&mut out).map(|_| out)
        });
        let start = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => break,
                Ok(None) if start.elapsed() < TIMEOUT => std::thread::sleep(Duration::from_millis(5)),
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return None;
                }
            }
        }
        writer.join().ok()?.ok()?;
        let out = reader.join().ok()?.ok()?;
        let got: Vec<String> = out
            .trim_end_matches('\n')
            .split('\n')
            .map(|l| l.trim().to_owned())
            .collect();
        (got.len() == lines.len()).then_some(got)
    }
}

/// A plain text translated by Apertium, with (source, target) sentence
/// lengths in UTF-16 units.
pub struct Translated {
    pub text: String,
    pub sentences: Vec<(usize, usize)>,
}

impl Apertium {
    /// Translates plain text sentence by sentence; whitespace between
    /// sentences and line breaks are kept as they are.
    pub fn translate_text(&self, from: &str, to: &str, text: &str) -> Option<Translated> {
        let ranges = segment::sentence_byte_ranges(text, Some(from));
        // Each sentence: its lines (trimmed), and the whitespace around each line.
        let mut lines: Vec<&str> = Vec::new();
        let mut layout: Vec<Vec<(&str, &str, &str)>> = Vec::new();
        for &(a, b) in &ranges {
            let parts = text[a..b]
                .split_inclusive('\n')
                .map(|line| {
                    let core = line.trim();
                    let lead = &line[..line.len() - line.trim_start().len()];
                    let trail = &line[lead.len() + core.len()..];
                    (lead, core, trail)
                })
                .collect::<Vec<_>>();
            lines.extend(parts.iter().map(|p| p.1).filter(|c| !c.is_empty()));
            layout.push(parts);
        }
        let mut out_lines = if lines.is_empty() {
            Vec::new()
        } else {
            self.translate_lines(from, to, &lines)?
        }
        .into_iter();
        let mut out = String::with_capacity(text.len());
        let mut sentences = Vec::with_capacity(ranges.len());
        for (parts, &(a, b)) in layout.iter().zip(&ranges) {
            let start = utf16_len(&out);
            for (lead, core, trail) in parts {
                out.push_str(lead);
                if !core.is_empty() {
                    out.push_str(&out_lines.next()?);
                }
                out.push_str(trail);
            }
            sentences.push((utf16_len(&text[a..b]), utf16_len(&out) - start));
        }
        Some(Translated { text: out, sentences })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for apertium: upper-cases its input, one mode en→es.
    fn fake() -> (Apertium, PathBuf) {
        let dir = std::env::temp_dir().join(format!("glossa-apertium-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("modes")).unwrap();
        std::fs::write(dir.join("modes/eng-spa.mode"), "").unwrap();
        std::fs::write(dir.join("modes/spa-eng_US.mode"), "").unwrap();
        let program = dir.join("apertium");
        std::fs::write(&program, "#!/bin/sh\n[ \"$1\" = -h ] && exit 0\ntr a-z A-Z\n").unwrap();
        let mut perms = std::fs::metadata(&program).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&program, perms).unwrap();
        (Apertium::find(program, &dir.join("modes")).unwrap(), dir)
    }

    #[test]
    fn modes_and_lines() {
        let (ap, dir) = fake();
        assert_eq!(ap.pairs().collect::<Vec<_>>(), vec![("en", "es")]);
        assert!(ap.has_pair("EN", "es") && !ap.has_pair("es", "en"));
        let out = ap.translate_lines("en", "es", &["the bank.", "a dog"]).unwrap();
        assert_eq!(out, vec!["THE BANK.", "A DOG"]);
        assert!(ap.translate_lines("es", "en", &["x"]).is_none());
        let t = ap
            .translate_text("en", "es", "I have a dog.  The bank\nis closed.\n")
            .unwrap();
        assert_eq!(t.text, "I HAVE A DOG.  THE BANK\nIS CLOSED.\n");
        assert_eq!(t.sentences, vec![(15, 15), (20, 20)]);
        assert_eq!(ap.translate_text("en", "es", "").unwrap().text, "");
        assert!(Apertium::find(dir.join("missing"), &dir.join("modes")).is_none());
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn real_apertium_when_installed() {
        let Some(ap) = Apertium::find(PathBuf::from("apertium"), Path::new("/usr/share/apertium/modes"))
        else {
            eprintln!("apertium is not installed: skipped");
            return;
        };
        if !ap.has_pair("en", "es") {
            eprintln!("apertium-eng-spa is not installed: skipped");
            return;
        }
        let out = ap
            .translate_lines("en", "es", &["I have a dog.", "The bank is closed."])
            .unwrap();
        assert_eq!(out, vec!["Tengo un perro.", "El banco está cerrado."]);
    }
}
