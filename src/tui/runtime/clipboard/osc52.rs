//! OSC 52: asking the terminal to put text on the clipboard.
//!
//! `ESC ] 52 ; c ; <base64 of the UTF-8 text> BEL` sets the clipboard of the terminal the
//! user sits at, which is what makes copying work over SSH and without a display server.
//! Base64 also makes any control character in the text harmless.
//!
//! Multiplexers:
//! - tmux (`TMUX` set): the plain sequence, which tmux acts on (its buffer and the outer
//!   terminal's clipboard) with `set -g set-clipboard on`. Its DCS passthrough is not used:
//!   tmux 3.3+ drops it unless `allow-passthrough` is on. The clipboard tries `tmux
//!   load-buffer` first (`super::tmux`), which works with tmux's defaults.
//! - GNU screen (`STY` set, `TERM` starting with `screen`): screen caps the length of a DCS
//!   string (256 bytes in the oldest versions still shipped), so the sequence is cut into
//!   chunks of [`SCREEN_CHUNK`] bytes, each sent as `ESC P <chunk> ESC \`.
//!
//! Many terminals cap OSC 52 (xterm and others drop longer sequences without a word), so a
//! payload above [`OSC52_MAX_BASE64`] bytes of base64 is refused with an error rather than
//! sent to be truncated or ignored silently.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use super::ClipboardError;

/// The largest base64 payload sent in one OSC 52 sequence (about 75,000 bytes of UTF-8 text).
pub const OSC52_MAX_BASE64: usize = 100_000;

/// Bytes of the OSC 52 sequence per DCS string under GNU screen: its oldest limit of 256
/// bytes minus the 4 bytes of `ESC P` and `ESC \`.
pub const SCREEN_CHUNK: usize = 252;

const BEL: u8 = 0x07;

/// The terminal multiplexer between us and the terminal, which decides the wrapping.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Multiplexer {
    #[default]
    None,
    Tmux,
    Screen,
}

impl Multiplexer {
    /// Reads `TMUX`, `STY` and `TERM` through `env` (the process environment in the app,
    /// a map in tests). tmux wins when both are set: it is the innermost one that sets
    /// `TMUX` for its panes.
    pub fn from_env(env: &dyn Fn(&str) -> Option<String>) -> Self {
        let set = |key: &str| env(key).is_some_and(|v| !v.is_empty());
        if set("TMUX") {
            Self::Tmux
        } else if set("STY") && env("TERM").is_some_and(|t| t.starts_with("screen")) {
            Self::Screen
        } else {
            Self::None
        }
    }
}

/// The bytes that put `text` on the terminal's clipboard, wrapped for `mux`.
///
/// Nothing is written here: the app writes the bytes through its terminal backend, so
/// they never race ratatui's own output on stdout.
pub fn osc52_sequence(text: &str, mux: Multiplexer) -> Result<Vec<u8>, ClipboardError> {
    let encoded = base64::encoded_len(text.len(), true).unwrap_or(usize::MAX);
    if encoded > OSC52_MAX_BASE64 {
        return Err(ClipboardError::TooLarge {
            chars: text.chars().count(),
            encoded,
            limit: OSC52_MAX_BASE64,
            system_error: None,
        });
    }
    let mut seq = Vec::with_capacity(encoded + 8);
    seq.extend_from_slice(b"\x1b]52;c;");
    seq.extend_from_slice(STANDARD.encode(text).as_bytes());
    seq.push(BEL);
    Ok(match mux {
        Multiplexer::None | Multiplexer::Tmux => seq,
        Multiplexer::Screen => screen_chunks(&seq),
    })
}

fn screen_chunks(seq: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(seq.len() + seq.len() / SCREEN_CHUNK * 4 + 4);
    for chunk in seq.chunks(SCREEN_CHUNK) {
        out.extend_from_slice(b"\x1bP");
        out.extend_from_slice(chunk);
        out.extend_from_slice(b"\x1b\\");
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |key| map.get(key).cloned()
    }

    #[test]
    fn plain_sequence_is_exact() {
        let seq = osc52_sequence("hi", Multiplexer::None).unwrap();
        assert_eq!(seq, b"\x1b]52;c;aGk=\x07");
    }

    #[test]
    fn non_ascii_is_base64_of_utf8() {
        let seq = osc52_sequence("päivää 😀 我", Multiplexer::None).unwrap();
        assert_eq!(seq, b"\x1b]52;c;cMOkaXbDpMOkIPCfmIAg5oiR\x07");
    }

    #[test]
    fn control_characters_travel_inside_base64() {
        let seq = osc52_sequence("a\x1b\x07\n", Multiplexer::None).unwrap();
        assert_eq!(seq, b"\x1b]52;c;YRsHCg==\x07");
    }

    #[test]
    fn tmux_gets_the_plain_sequence() {
        let seq = osc52_sequence("hi", Multiplexer::Tmux).unwrap();
        assert_eq!(seq, b"\x1b]52;c;aGk=\x07");
    }

    #[test]
    fn screen_cuts_into_dcs_chunks() {
        // 300 bytes of text -> 400 of base64 -> a 408-byte sequence: chunks of 252 + 156.
        let text = "x".repeat(300);
        let seq = osc52_sequence(&text, Multiplexer::Screen).unwrap();
        let inner = osc52_sequence(&text, Multiplexer::None).unwrap();
        assert_eq!(inner.len(), 408);
        let mut expected = b"\x1bP".to_vec();
        expected.extend_from_slice(&inner[..252]);
        expected.extend_from_slice(b"\x1b\\\x1bP");
        expected.extend_from_slice(&inner[252..]);
        expected.extend_from_slice(b"\x1b\\");
        assert_eq!(seq, expected);
        let short = osc52_sequence("hi", Multiplexer::Screen).unwrap();
        assert_eq!(short, b"\x1bP\x1b]52;c;aGk=\x07\x1b\\");
    }

    #[test]
    fn payload_over_the_limit_is_refused() {
        // 75,000 bytes encode to exactly 100,000 bytes of base64: still allowed.
        assert!(osc52_sequence(&"a".repeat(75_000), Multiplexer::None).is_ok());
        let err = osc52_sequence(&"ä".repeat(37_501), Multiplexer::None).unwrap_err();
        assert_eq!(
            err,
            ClipboardError::TooLarge {
                chars: 37_501,
                encoded: 100_004,
                limit: OSC52_MAX_BASE64,
                system_error: None,
            }
        );
        assert!(err.to_string().contains("100000"), "{err}");
    }

    #[test]
    fn multiplexer_from_env() {
        let detect = |pairs: &[(&str, &str)]| Multiplexer::from_env(&env_of(pairs));
        assert_eq!(detect(&[]), Multiplexer::None);
        assert_eq!(
            detect(&[("TMUX", "/tmp/tmux-1000/default,1,0")]),
            Multiplexer::Tmux
        );
        assert_eq!(detect(&[("TMUX", "")]), Multiplexer::None);
        assert_eq!(
            detect(&[("STY", "123.pts-0"), ("TERM", "screen.xterm-256color")]),
            Multiplexer::Screen
        );
        assert_eq!(
            detect(&[("STY", "123.pts-0"), ("TERM", "xterm")]),
            Multiplexer::None
        );
        assert_eq!(
            detect(&[("TMUX", "x"), ("STY", "1"), ("TERM", "screen")]),
            Multiplexer::Tmux
        );
    }
}
