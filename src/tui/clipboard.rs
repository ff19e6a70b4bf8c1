//! Copying to the clipboard from the workbench.
//!
//! Two ways to reach a clipboard, chosen once at start-up:
//! - the system clipboard through `arboard`, when one is reachable (a desktop session);
//! - OSC 52, an escape sequence asking the terminal to set *its* clipboard, which works over
//!   SSH and with no display server at all (see [`osc52`]).
//!
//! The OSC 52 bytes are *returned* (in [`Copied::escape`]), never printed here: ratatui owns
//! the terminal, and bytes written to stdout behind its back could interleave with a frame.
//! The app writes them through its backend with [`Copied::write_to`].

pub mod format;
pub mod osc52;

pub use format::{alignment_pairs, all_targets, focused_target, source_text};
pub use osc52::{Multiplexer, OSC52_MAX_BASE64, SCREEN_CHUNK, osc52_sequence};

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
