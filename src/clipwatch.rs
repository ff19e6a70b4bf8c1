//! Clipboard watch (the Translate tab's `W`, `glossa watch-clipboard`): text
//! copied in another program, noticed by polling the clipboard every
//! [`INTERVAL`]. A read is one request to the display server; when nothing
//! changed nothing else happens (the text is compared by hash, never kept or
//! logged). Glossa's own copies are marked and not read back as new.
//!
//! Where the clipboard cannot be read, [`open`] says why instead of pretending:
//! over SSH without a display the only clipboard at hand is the remote
//! machine's (OSC 52 can write the user's, never read it), and a Linux session
//! without a display server has none. Under Wayland (`WAYLAND_DISPLAY`) arboard
//! reads through the compositor's data-control protocol (its
//! `wayland-data-control` feature), else through XWayland's X11 clipboard. `GLOSSA_FAKE_CLIPBOARD=FILE` makes a file
//! the clipboard (the tests').

use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::time::Duration;

/// How often the clipboard is read while watching.
pub const INTERVAL: Duration = Duration::from_millis(500);

/// Something whose text can be read: arboard's clipboard, or a file in tests.
pub trait ClipboardRead: Send {
    /// The clipboard's text (empty when it holds none).
    fn read_text(&mut self) -> Result<String, String>;
}

impl ClipboardRead for arboard::Clipboard {
    fn read_text(&mut self) -> Result<String, String> {
        match self.get_text() {
            Ok(text) => Ok(text),
            // An image or nothing at all: no text to translate.
            Err(arboard::Error::ContentNotAvailable) => Ok(String::new()),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// A file standing for the clipboard (`GLOSSA_FAKE_CLIPBOARD`).
pub struct FileClipboard(pub PathBuf);

impl ClipboardRead for FileClipboard {
    fn read_text(&mut self) -> Result<String, String> {
        match std::fs::read_to_string(&self.0) {
            Ok(text) => Ok(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// The clipboard to watch, or why there is none to read (`env` looks a variable up).
pub fn open(env: &dyn Fn(&str) -> Option<String>) -> Result<Box<dyn ClipboardRead>, String> {
    if let Some(path) = env("GLOSSA_FAKE_CLIPBOARD").filter(|p| !p.is_empty()) {
        return Ok(Box::new(FileClipboard(path.into())));
    }
    let set = |key: &str| env(key).is_some_and(|v| !v.trim().is_empty());
    let display = set("DISPLAY") || set("WAYLAND_DISPLAY");
    let native = cfg!(any(target_os = "macos", target_os = "windows"));
    if !display && (set("SSH_CONNECTION") || set("SSH_TTY")) {
        return Err(
            "over SSH the clipboard of your own machine cannot be read (copies to it \
                    work through OSC 52, reading does not); run Glossa locally or forward X (ssh -X)"
                .into(),
        );
    }
    if !display && !native {
        return Err("no clipboard to read: DISPLAY and WAYLAND_DISPLAY are unset".into());
    }
    arboard::Clipboard::new()
        .map(|c| Box::new(c) as Box<dyn ClipboardRead>)
        .map_err(|e| format!("the clipboard cannot be opened: {e}"))
}

fn digest(text: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// Notices new clipboard text: what was there when watching began is not new,
/// nor is text Glossa put there itself.
pub struct Watcher {
    source: Box<dyn ClipboardRead>,
    last: Option<u64>,
}

impl Watcher {
    pub fn new(source: Box<dyn ClipboardRead>) -> Self {
        Self { source, last: None }
    }

    /// Takes what the clipboard holds now as known (not news), at once: text
    /// copied from the moment this returns is new.
    pub fn prime(&mut self) -> Result<(), String> {
        self.poll(None).map(|_| ())
    }

    /// Text copied since the last poll (blank text is not news); an error when the
    /// clipboard stopped answering. `own` is the hash of Glossa's last copy.
    pub fn poll(&mut self, own: Option<u64>) -> Result<Option<String>, String> {
        let text = self.source.read_text()?;
        let now = digest(&text);
        let first = self.last.is_none();
        if self.last.replace(now) == Some(now) || first || own == Some(now) || text.trim().is_empty() {
            return Ok(None);
        }
        // A copied line usually ends with its newline: not part of the text.
        Ok(Some(text.trim_end().to_owned()))
    }
}

/// The hash [`Watcher::poll`] compares Glossa's own copies by.
pub fn own_copy(text: &str) -> u64 {
    digest(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fake(std::sync::Arc<std::sync::Mutex<Result<String, String>>>);

    impl ClipboardRead for Fake {
        fn read_text(&mut self) -> Result<String, String> {
            self.0.lock().unwrap().clone()
        }
    }

    #[test]
    fn only_text_copied_after_the_start_and_not_by_glossa_is_new() {
        let board = std::sync::Arc::new(std::sync::Mutex::new(Ok("before".to_owned())));
        let set = |t: &str| *board.lock().unwrap() = Ok(t.to_owned());
        let mut w = Watcher::new(Box::new(Fake(board.clone())));
        assert_eq!(w.poll(None), Ok(None), "what was there before is not new");
        set("Guten Morgen");
        assert_eq!(w.poll(None), Ok(Some("Guten Morgen".into())));
        assert_eq!(w.poll(None), Ok(None), "unchanged");
        set("our own copy");
        assert_eq!(w.poll(Some(own_copy("our own copy"))), Ok(None));
        set("   ");
        assert_eq!(w.poll(None), Ok(None), "blank is not news");
        set("Guten Morgen");
        assert_eq!(
            w.poll(None),
            Ok(Some("Guten Morgen".into())),
            "copied again after another"
        );
        *board.lock().unwrap() = Err("the display went away".into());
        assert_eq!(w.poll(None), Err("the display went away".into()));
    }

    #[test]
    fn over_ssh_without_a_display_it_says_so() {
        let env = |k: &str| (k == "SSH_CONNECTION").then(|| "10.0.0.1 22 10.0.0.2 22".to_owned());
        let Err(why) = open(&env) else {
            panic!("a clipboard over SSH")
        };
        assert!(why.contains("over SSH"), "{why}");
    }

    #[test]
    fn a_fake_file_is_the_clipboard_in_tests() {
        let path = std::env::temp_dir().join(format!("glossa-clip-{}", std::process::id()));
        let p = path.to_string_lossy().into_owned();
        let env = move |k: &str| (k == "GLOSSA_FAKE_CLIPBOARD").then(|| p.clone());
        let mut w = Watcher::new(open(&env).expect("the fake opens"));
        assert_eq!(w.poll(None), Ok(None), "no file yet: empty");
        std::fs::write(&path, "Bonjour").unwrap();
        assert_eq!(w.poll(None), Ok(Some("Bonjour".into())));
        std::fs::remove_file(path).ok();
    }
}
