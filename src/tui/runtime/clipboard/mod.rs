//! Copying to the clipboard from the workbench.
//!
//! Two ways to reach a clipboard, chosen once at start-up:
//! - the system clipboard through `arboard`, when one is reachable (a desktop session);
//! - OSC 52, an escape sequence asking the terminal to set *its* clipboard, which works over
//!   SSH and with no display server at all (see [`osc52`]). Inside tmux, whose defaults drop
//!   it, `tmux load-buffer -w -` is run instead ([`tmux`]); only when that fails is the plain
//!   sequence sent, and the toast says it needs `set -g set-clipboard on` rather than
//!   "Copied": a copy is called copied only when it is known to have worked.
//!
//! The OSC 52 bytes are *returned* (in [`Copied::escape`]), never printed here: ratatui owns
//! the terminal, and bytes written to stdout behind its back could interleave with a frame.
//! The app writes them through its backend with [`Copied::write_to`].
//!
//! The choice is made once ([`Clipboard::detect`], see `detect` for the rules and the
//! `GLOSSA_CLIPBOARD=system|osc52|off` override) and kept, as is arboard's handle. A copy
//! returns [`Copied`], whose `Display` is the toast, or a [`ClipboardError`] to show instead.

mod detect;
pub mod format;
pub mod osc52;
pub mod tmux;

use std::fmt;
use std::io::{self, Write};

use detect::{Preference, choose};

pub use detect::Platform;
pub use format::{alignment_pairs, all_targets, focused_target, source_text};
pub use osc52::{Multiplexer, OSC52_MAX_BASE64, SCREEN_CHUNK, osc52_sequence};
pub use tmux::{LoadBuffer, TmuxBuffer};

use crate::tui::widgets::toast::Kind;

/// Why nothing was copied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClipboardError {
    /// The text was empty (no translation yet, say): copying it would only clear the clipboard.
    #[error("nothing to copy")]
    Empty,
    /// `GLOSSA_CLIPBOARD=off`.
    #[error("copying is turned off (GLOSSA_CLIPBOARD=off)")]
    Disabled,
    /// The text is too large for one OSC 52 sequence. `system_error` says why the system
    /// clipboard was not used instead, when it was tried first.
    #[error("{}", too_large(*chars, *encoded, *limit, system_error.as_deref()))]
    TooLarge {
        chars: usize,
        encoded: usize,
        limit: usize,
        system_error: Option<String>,
    },
}

fn too_large(chars: usize, encoded: usize, limit: usize, system_error: Option<&str>) -> String {
    let prefix = system_error
        .map(|e| format!("the system clipboard failed ({e}) and "))
        .unwrap_or_default();
    format!(
        "{prefix}{chars} characters are too many for the terminal clipboard: \
         {encoded} bytes of base64, OSC 52 allows {limit}"
    )
}

/// Which clipboard received the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The desktop's clipboard, through arboard.
    System,
    /// The terminal's clipboard, through OSC 52.
    Osc52,
    /// tmux's paste buffer, through `tmux load-buffer -w -` (tmux passes it on to the
    /// terminal's clipboard when it can).
    TmuxBuffer,
    /// A plain OSC 52 sequence inside tmux, after `tmux load-buffer` failed: tmux acts on it
    /// only with `set-clipboard on`, so nobody knows whether it was copied.
    Osc52Unconfirmed,
}

impl Method {
    /// The end of a toast: "Copied 3 characters {where_to}".
    pub fn where_to(self) -> &'static str {
        match self {
            Self::System => "to the system clipboard",
            Self::Osc52 => "via OSC 52 (terminal clipboard)",
            Self::TmuxBuffer => "to tmux's buffer (and the terminal's clipboard if tmux can)",
            Self::Osc52Unconfirmed => "via OSC 52 — needs `set -g set-clipboard on` in tmux",
        }
    }

    /// Whether a copy this way is known to have worked.
    pub fn confirmed(self) -> bool {
        !matches!(self, Self::Osc52Unconfirmed)
    }
}

/// What a copy did; its `Display` is the toast ("Copied 42 characters to the system
/// clipboard").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub method: Method,
    /// Characters (Unicode scalar values) copied.
    pub chars: usize,
    /// Why the system clipboard was passed over at copy time, if it was.
    pub fallback: Option<String>,
    /// Why `tmux load-buffer` did not do it, when the plain OSC 52 was sent instead.
    pub tmux_error: Option<String>,
    /// Bytes the app must write to the terminal to finish the copy: the OSC 52 sequence,
    /// empty for the system clipboard.
    pub escape: Vec<u8>,
}

impl Copied {
    /// Writes [`Copied::escape`] (if any) and flushes: pass the terminal backend
    /// (`terminal.backend_mut()`), which is a `Write`, between two frames.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.escape.is_empty() {
            return Ok(());
        }
        out.write_all(&self.escape)?;
        out.flush()
    }

    /// The toast for a copy of `label` ("translation"), and its kind: "Copied" only when the
    /// copy is known to have worked.
    pub fn toast(&self, label: &str) -> (String, Kind) {
        if self.method.confirmed() {
            // "Copied the target: 7 characters via OSC 52", not "…: Copied 7 characters".
            let how = self.to_string();
            let how = how.strip_prefix("Copied ").unwrap_or(&how);
            (format!("Copied {label}: {how}"), Kind::Ok)
        } else {
            (format!("{label}: {self}"), Kind::Info)
        }
    }
}

impl fmt::Display for Copied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.chars == 1 {
            "character"
        } else {
            "characters"
        };
        let what = format!("{} {noun} {}", self.chars, self.method.where_to());
        let verb = if self.method.confirmed() { "copied" } else { "sent" };
        match &self.fallback {
            Some(e) => write!(f, "System clipboard failed ({e}); {verb} {what}")?,
            None if self.method.confirmed() => write!(f, "Copied {what}")?,
            None => write!(f, "{verb} {what}")?,
        }
        match &self.tmux_error {
            Some(e) => write!(f, " (tmux load-buffer failed: {e})"),
            None => Ok(()),
        }
    }
}

/// A system clipboard: arboard's in the app, a fake in tests.
pub trait SystemClipboard: Send {
    fn set_text(&mut self, text: &str) -> Result<(), String>;
}

impl SystemClipboard for arboard::Clipboard {
    fn set_text(&mut self, text: &str) -> Result<(), String> {
        arboard::Clipboard::set_text(self, text).map_err(|e| e.to_string())
    }
}

enum Backend {
    // Kept alive for the whole session: on X11 the owner of the selection serves it, so
    // dropping arboard's clipboard after each copy could lose the text.
    System(Box<dyn SystemClipboard>),
    Osc52,
    Off,
}

/// The clipboard the app copies to, chosen once by [`Clipboard::detect`].
pub struct Clipboard {
    backend: Backend,
    mux: Multiplexer,
    /// `tmux load-buffer`, tried before OSC 52 inside tmux.
    tmux: Option<Box<dyn TmuxBuffer>>,
    reason: String,
}

impl fmt::Debug for Clipboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Clipboard")
            .field("method", &self.method())
            .field("mux", &self.mux)
            .field("reason", &self.reason)
            .finish()
    }
}

impl Clipboard {
    /// Chooses from the process environment and opens arboard if that is the choice
    /// (a connection to the X server on Linux: do it once, at start-up).
    pub fn detect() -> Self {
        Self::detect_with(
            &|key| std::env::var(key).ok(),
            Platform::current(),
            || {
                arboard::Clipboard::new()
                    .map(|c| Box::new(c) as Box<dyn SystemClipboard>)
                    .map_err(|e| e.to_string())
            },
            Box::new(LoadBuffer),
        )
    }

    /// [`Clipboard::detect`] with the environment, the platform and the opening of the
    /// system clipboard and tmux's buffer given (tests; `open_system` is called only if the
    /// system clipboard is wanted, `tmux` kept only inside tmux). When the system clipboard
    /// fails to open, OSC 52 is used and [`Clipboard::reason`] says why.
    pub fn detect_with(
        env: &dyn Fn(&str) -> Option<String>,
        platform: Platform,
        open_system: impl FnOnce() -> Result<Box<dyn SystemClipboard>, String>,
        tmux: Box<dyn TmuxBuffer>,
    ) -> Self {
        let mux = Multiplexer::from_env(env);
        let (preference, mut reason) = choose(env, platform);
        let backend = match preference {
            Preference::Off => Backend::Off,
            Preference::Osc52 => Backend::Osc52,
            Preference::System => match open_system() {
                Ok(system) => Backend::System(system),
                Err(e) => {
                    reason = format!("{reason}, but the system clipboard is unavailable: {e}");
                    Backend::Osc52
                }
            },
        };
        tracing::debug!(method = ?backend_method(&backend), ?mux, %reason, "clipboard chosen");
        let tmux = (mux == Multiplexer::Tmux).then_some(tmux);
        Self {
            backend,
            mux,
            tmux,
            reason,
        }
    }

    /// Tries `tmux` (`tmux load-buffer` in the app) before OSC 52.
    pub fn with_tmux(mut self, tmux: Box<dyn TmuxBuffer>) -> Self {
        self.tmux = Some(tmux);
        self
    }

    /// Copies through `system`, falling back to OSC 52 wrapped for `mux`.
    pub fn with_system(system: Box<dyn SystemClipboard>, mux: Multiplexer) -> Self {
        Self::new(Backend::System(system), mux, "given a system clipboard")
    }

    /// Copies through OSC 52 only.
    pub fn osc52(mux: Multiplexer) -> Self {
        Self::new(Backend::Osc52, mux, "OSC 52 chosen")
    }

    /// Refuses every copy with [`ClipboardError::Disabled`].
    pub fn off() -> Self {
        Self::new(Backend::Off, Multiplexer::None, "turned off")
    }

    fn new(backend: Backend, mux: Multiplexer, reason: &str) -> Self {
        Self {
            backend,
            mux,
            tmux: None,
            reason: reason.to_owned(),
        }
    }

    /// The method a copy tries first; `None` when copying is off.
    pub fn method(&self) -> Option<Method> {
        backend_method(&self.backend)
    }

    /// The multiplexer OSC 52 sequences are wrapped for.
    pub fn multiplexer(&self) -> Multiplexer {
        self.mux
    }

    /// Why this method was chosen, for the log and the help screen.
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// Puts `text` on the clipboard. With OSC 52 the copy is complete only once the app has
    /// written [`Copied::escape`] to the terminal ([`Copied::write_to`]). A failing system
    /// clipboard falls back to the terminal's for this copy and says so in
    /// [`Copied::fallback`]; the next copy tries the system clipboard again (the failure may
    /// be passing). Inside tmux the terminal's clipboard is reached through `tmux
    /// load-buffer`, else a plain OSC 52 that tmux may or may not act on.
    pub fn copy(&mut self, text: &str) -> Result<Copied, ClipboardError> {
        if text.is_empty() {
            return Err(ClipboardError::Empty);
        }
        let chars = text.chars().count();
        let fallback = match &mut self.backend {
            Backend::Off => return Err(ClipboardError::Disabled),
            Backend::Osc52 => None,
            Backend::System(system) => match system.set_text(text) {
                Ok(()) => {
                    return Ok(Copied {
                        method: Method::System,
                        chars,
                        fallback: None,
                        tmux_error: None,
                        escape: Vec::new(),
                    });
                }
                Err(e) => {
                    tracing::warn!(error = %e, "system clipboard failed; falling back to OSC 52");
                    Some(e)
                }
            },
        };
        let tmux_error = match &mut self.tmux {
            Some(tmux) => match tmux.load(text) {
                Ok(()) => {
                    return Ok(Copied {
                        method: Method::TmuxBuffer,
                        chars,
                        fallback,
                        tmux_error: None,
                        escape: Vec::new(),
                    });
                }
                Err(e) => {
                    tracing::warn!(error = %e, "tmux load-buffer failed; sending OSC 52");
                    Some(e)
                }
            },
            None => None,
        };
        let escape = osc52_sequence(text, self.mux).map_err(|err| match err {
            ClipboardError::TooLarge {
                chars,
                encoded,
                limit,
                ..
            } => ClipboardError::TooLarge {
                chars,
                encoded,
                limit,
                system_error: fallback.clone(),
            },
            other => other,
        })?;
        let method = match self.mux {
            Multiplexer::Tmux => Method::Osc52Unconfirmed,
            _ => Method::Osc52,
        };
        Ok(Copied {
            method,
            chars,
            fallback,
            tmux_error,
            escape,
        })
    }
}

fn backend_method(backend: &Backend) -> Option<Method> {
    match backend {
        Backend::System(_) => Some(Method::System),
        Backend::Osc52 => Some(Method::Osc52),
        Backend::Off => None,
    }
}

#[cfg(test)]
mod tests;
