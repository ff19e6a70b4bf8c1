//! Hear it: text spoken by `espeak-ng` (no audio library in the binary), one
//! utterance at a time, in the background. Asking again for what is being
//! spoken stops it; asking for something else stops the first and speaks the
//! second; quitting stops it. When `espeak-ng` is not installed the reply says
//! how to install it. `GLOSSA_ESPEAK` names another program taking the same
//! arguments (the tests' fake).

use std::ffi::OsString;
use std::io::Write;
use std::process::{Child, Command, Stdio};

use crate::tui::widgets::toast::Kind;

/// How to get `espeak-ng`, said when it is missing.
pub const INSTALL_HINT: &str = "espeak-ng is not installed: sudo apt install espeak-ng (Debian, Ubuntu), \
     sudo dnf install espeak-ng (Fedora), brew install espeak-ng (macOS)";

/// The speaking child process, if any, and what it says.
pub struct Speaker {
    program: OsString,
    speaking: Option<(Child, String)>,
}

impl Default for Speaker {
    fn default() -> Self {
        Self::with_program(std::env::var_os("GLOSSA_ESPEAK").unwrap_or_else(|| "espeak-ng".into()))
    }
}

/// espeak-ng's voice for a language code of the service (`zh-Hans` → `cmn`).
pub fn voice(language: &str) -> String {
    let lower = language.to_ascii_lowercase();
    match lower.as_str() {
        "zh-hans" | "zh-hant" | "zh" | "lzh" => "cmn".into(),
        "pt" | "pt-br" => "pt-br".into(),
        "pt-pt" => "pt".into(),
        "nb" | "no" | "nn" => "nb".into(),
        "sr-latn" | "sr-cyrl" => "sr".into(),
        "fil" => "tl".into(),
        other => other.split('-').next().unwrap_or(other).into(),
    }
}

impl Speaker {
    pub fn with_program(program: impl Into<OsString>) -> Self {
        Self {
            program: program.into(),
            speaking: None,
        }
    }

    /// Whether an utterance is still being spoken.
    fn busy(&mut self) -> bool {
        self.speaking
            .as_mut()
            .is_some_and(|(child, _)| matches!(child.try_wait(), Ok(None)))
    }

    fn stop(&mut self) {
        if let Some((mut child, _)) = self.speaking.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Speaks `text` in `language`, or stops when that is what is being spoken;
    /// the toast to show.
    pub fn speak(&mut self, text: &str, language: &str) -> Result<(String, Kind), String> {
        let same = self.speaking.as_ref().is_some_and(|(_, said)| said == text);
        if same && self.busy() {
            self.stop();
            return Ok(("Stopped speaking".into(), Kind::Ok));
        }
        self.stop();
        let voice = voice(language);
        let spawned = Command::new(&self.program)
            .args(["-v", &voice, "--stdin"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(INSTALL_HINT.into()),
            Err(e) => return Err(format!("cannot start {}: {e}", self.program.to_string_lossy())),
        };
        // Written off the loop: a long text fills the pipe before espeak-ng reads it.
        if let Some(mut stdin) = child.stdin.take() {
            let text = text.to_owned();
            std::thread::spawn(move || {
                let _ = stdin.write_all(text.as_bytes());
            });
        }
        self.speaking = Some((child, text.to_owned()));
        Ok((format!("Speaking ({voice})… the same key again stops"), Kind::Ok))
    }
}

impl Drop for Speaker {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voices_by_language() {
        assert_eq!(voice("zh-Hans"), "cmn");
        assert_eq!(voice("pt"), "pt-br");
        assert_eq!(voice("sr-Latn"), "sr");
        assert_eq!(voice("de"), "de");
        assert_eq!(voice("fr-CA"), "fr");
    }

    #[test]
    fn a_missing_program_says_how_to_install_espeak() {
        let mut s = Speaker::with_program("/nonexistent/espeak-ng-for-glossa-tests");
        assert_eq!(s.speak("Hallo", "de"), Err(INSTALL_HINT.to_owned()));
    }

    #[test]
    fn the_same_text_again_stops_it_and_other_text_replaces_it() {
        // `sleep` stands in for espeak-ng: it runs until stopped (its
        // arguments are not valid for it, so use a shell that ignores them).
        let dir = std::env::temp_dir().join(format!("glossa-speak-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fake = dir.join("espeak");
        std::fs::write(&fake, "#!/bin/sh\ncat >/dev/null\nsleep 30\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let mut s = Speaker::with_program(&fake);
        let (said, _) = s.speak("Hallo", "de").unwrap();
        assert!(said.starts_with("Speaking (de)"), "{said}");
        assert!(s.busy());
        let (said, _) = s.speak("Bonjour", "fr").unwrap();
        assert!(said.starts_with("Speaking (fr)"), "{said}");
        assert_eq!(s.speaking.as_ref().map(|(_, t)| t.as_str()), Some("Bonjour"));
        let (said, _) = s.speak("Bonjour", "fr").unwrap();
        assert_eq!(said, "Stopped speaking");
        assert!(!s.busy());
        std::fs::remove_dir_all(dir).ok();
    }
}
