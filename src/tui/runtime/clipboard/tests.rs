//! Choosing the method from an injected environment, and copying with a fake system
//! clipboard: no display, no process environment touched.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::*;
use crate::tui::widgets::toast::Kind;

fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + use<> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |key| map.get(key).cloned()
}

/// A system clipboard that records what it was given, or fails with `error`.
struct Fake {
    error: Option<String>,
    got: Arc<Mutex<Vec<String>>>,
}

impl SystemClipboard for Fake {
    fn set_text(&mut self, text: &str) -> Result<(), String> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => {
                self.got.lock().unwrap().push(text.to_owned());
                Ok(())
            }
        }
    }
}

fn fake(error: Option<&str>) -> (Box<dyn SystemClipboard>, Arc<Mutex<Vec<String>>>) {
    let got = Arc::new(Mutex::new(Vec::new()));
    let system = Fake {
        error: error.map(str::to_owned),
        got: Arc::clone(&got),
    };
    (Box::new(system), got)
}

/// `tmux load-buffer -w -` that records the texts it was given, or fails with `error`.
struct FakeTmux {
    error: Option<String>,
    got: Arc<Mutex<Vec<String>>>,
}

impl TmuxBuffer for FakeTmux {
    fn load(&mut self, text: &str) -> Result<(), String> {
        self.got.lock().unwrap().push(text.to_owned());
        self.error.clone().map_or(Ok(()), Err)
    }
}

fn fake_tmux(error: Option<&str>) -> (Box<dyn TmuxBuffer>, Arc<Mutex<Vec<String>>>) {
    let got = Arc::new(Mutex::new(Vec::new()));
    let tmux = FakeTmux {
        error: error.map(str::to_owned),
        got: Arc::clone(&got),
    };
    (Box::new(tmux), got)
}

/// Detects with `pairs` as the environment; also reports whether arboard was opened.
fn detect(pairs: &[(&str, &str)], platform: Platform, opens: bool) -> (Clipboard, bool) {
    let opened = Cell::new(false);
    let clipboard = Clipboard::detect_with(
        &env_of(pairs),
        platform,
        || {
            opened.set(true);
            if opens {
                Ok(fake(None).0)
            } else {
                Err("X server unreachable".to_owned())
            }
        },
        fake_tmux(None).0,
    );
    (clipboard, opened.get())
}

#[test]
fn override_selects_the_method() {
    let linux = Platform::DisplayServer;
    let (c, opened) = detect(&[("GLOSSA_CLIPBOARD", "off"), ("DISPLAY", ":0")], linux, true);
    assert_eq!((c.method(), opened), (None, false));
    let (c, opened) = detect(&[("GLOSSA_CLIPBOARD", "osc52"), ("DISPLAY", ":0")], linux, true);
    assert_eq!((c.method(), opened), (Some(Method::Osc52), false));
    assert_eq!(c.reason(), "GLOSSA_CLIPBOARD=osc52");
    // `system` skips the display check but still needs arboard to open.
    let (c, opened) = detect(&[("GLOSSA_CLIPBOARD", "System")], linux, true);
    assert_eq!((c.method(), opened), (Some(Method::System), true));
    let (c, _) = detect(&[("GLOSSA_CLIPBOARD", "system")], linux, false);
    assert_eq!(c.method(), Some(Method::Osc52));
    assert!(c.reason().contains("X server unreachable"), "{}", c.reason());
    // An unknown value is ignored: automatic choice.
    let (c, _) = detect(&[("GLOSSA_CLIPBOARD", "xclip"), ("DISPLAY", ":0")], linux, true);
    assert_eq!(c.method(), Some(Method::System));
}

#[test]
fn automatic_choice_on_display_server_platforms() {
    let linux = Platform::DisplayServer;
    let (c, opened) = detect(&[("DISPLAY", ":0")], linux, true);
    assert_eq!((c.method(), opened), (Some(Method::System), true));
    assert_eq!(c.reason(), "display found");
    // Wayland: arboard's data-control clipboard (X11 through XWayland where the compositor
    // lacks the protocol); when neither opens, OSC 52.
    let (c, opened) = detect(&[("WAYLAND_DISPLAY", "wayland-0")], linux, true);
    assert_eq!((c.method(), opened), (Some(Method::System), true));
    assert!(c.reason().starts_with("Wayland display found"), "{}", c.reason());
    let (c, opened) = detect(&[("WAYLAND_DISPLAY", "wayland-0")], linux, false);
    assert_eq!((c.method(), opened), (Some(Method::Osc52), true));
    let (c, opened) = detect(&[("DISPLAY", "")], linux, true);
    assert_eq!((c.method(), opened), (Some(Method::Osc52), false));
    // X forwarding over SSH: the display is the user's own.
    let ssh_x = [
        ("SSH_CONNECTION", "10.0.0.1 5 10.0.0.2 22"),
        ("DISPLAY", "localhost:10.0"),
    ];
    assert_eq!(detect(&ssh_x, linux, true).0.method(), Some(Method::System));
    let (c, opened) = detect(&[("SSH_TTY", "/dev/pts/1")], linux, true);
    assert_eq!((c.method(), opened), (Some(Method::Osc52), false));
    assert_eq!(c.reason(), "SSH session without a display");
}

#[test]
fn automatic_choice_on_native_platforms() {
    let mac = Platform::Native;
    assert_eq!(detect(&[], mac, true).0.method(), Some(Method::System));
    let ssh = [("SSH_CONNECTION", "10.0.0.1 5 10.0.0.2 22")];
    let (c, opened) = detect(&ssh, mac, true);
    assert_eq!((c.method(), opened), (Some(Method::Osc52), false));
}

#[test]
fn multiplexer_comes_from_the_same_environment() {
    let (c, _) = detect(&[("TMUX", "/tmp/tmux-1000/default,1,0")], Platform::Native, true);
    assert_eq!(c.multiplexer(), Multiplexer::Tmux);
}

#[test]
fn system_copy_reports_characters_and_writes_nothing() {
    let (system, got) = fake(None);
    let mut c = Clipboard::with_system(system, Multiplexer::None);
    let copied = c.copy("😀 我 ok").unwrap();
    assert_eq!(copied.method, Method::System);
    assert_eq!(copied.chars, 6);
    assert!(copied.escape.is_empty());
    assert_eq!(copied.to_string(), "Copied 6 characters to the system clipboard");
    assert_eq!(*got.lock().unwrap(), vec!["😀 我 ok".to_owned()]);
    let mut out = Vec::new();
    copied.write_to(&mut out).unwrap();
    assert!(out.is_empty());
}

#[test]
fn failing_system_clipboard_falls_back_to_osc52_and_says_so() {
    let (system, _) = fake(Some("selection owner gone"));
    let mut c = Clipboard::with_system(system, Multiplexer::Screen);
    let copied = c.copy("hi").unwrap();
    assert_eq!(copied.method, Method::Osc52);
    assert_eq!(copied.escape, b"\x1bP\x1b]52;c;aGk=\x07\x1b\\");
    assert_eq!(
        copied.to_string(),
        "System clipboard failed (selection owner gone); \
         copied 2 characters via OSC 52 (terminal clipboard)"
    );
    // Still the system clipboard first next time.
    assert_eq!(c.method(), Some(Method::System));
}

#[test]
fn osc52_copy_is_written_through_the_given_writer() {
    let mut c = Clipboard::osc52(Multiplexer::None);
    let copied = c.copy("ä").unwrap();
    assert_eq!(
        copied.to_string(),
        "Copied 1 character via OSC 52 (terminal clipboard)"
    );
    let mut out = Vec::new();
    copied.write_to(&mut out).unwrap();
    assert_eq!(out, b"\x1b]52;c;w6Q=\x07");
}

#[test]
fn too_large_after_a_system_failure_names_both() {
    let (system, _) = fake(Some("no owner"));
    let mut c = Clipboard::with_system(system, Multiplexer::None);
    let err = c.copy(&"a".repeat(75_001)).unwrap_err();
    assert!(matches!(
        &err,
        ClipboardError::TooLarge { system_error: Some(e), encoded: 100_004, .. } if e == "no owner"
    ));
    assert_eq!(
        err.to_string(),
        "the system clipboard failed (no owner) and 75001 characters are too many for the \
         terminal clipboard: 100004 bytes of base64, OSC 52 allows 100000"
    );
}

#[test]
fn off_and_empty_are_errors() {
    assert_eq!(Clipboard::off().copy("x"), Err(ClipboardError::Disabled));
    let mut c = Clipboard::osc52(Multiplexer::None);
    assert_eq!(c.copy(""), Err(ClipboardError::Empty));
}

const TMUX: (&str, &str) = ("TMUX", "/tmp/tmux-1000/default,1,0");

#[test]
fn inside_tmux_the_text_goes_to_tmux_load_buffer_and_is_copied() {
    let (tmux, got) = fake_tmux(None);
    let no_display = [TMUX];
    let mut c = Clipboard::detect_with(
        &env_of(&no_display),
        Platform::DisplayServer,
        || Err("not wanted".to_owned()),
        tmux,
    );
    let copied = c.copy("päivää").unwrap();
    assert_eq!(*got.lock().unwrap(), vec!["päivää".to_owned()]);
    assert_eq!(copied.method, Method::TmuxBuffer);
    assert!(copied.escape.is_empty(), "nothing for the terminal: tmux did it");
    let (toast, kind) = copied.toast("translation");
    assert_eq!(
        toast,
        "Copied translation: 6 characters to tmux's buffer \
         (and the terminal's clipboard if tmux can)"
    );
    assert_eq!(kind, Kind::Ok);
}

#[test]
fn when_tmux_load_buffer_fails_plain_osc52_is_sent_and_not_called_copied() {
    let (tmux, got) = fake_tmux(Some("exit status 1: unknown flag -w"));
    let mut c = Clipboard::osc52(Multiplexer::Tmux).with_tmux(tmux);
    let copied = c.copy("hi").unwrap();
    assert_eq!(got.lock().unwrap().len(), 1, "tmux was tried first");
    assert_eq!(copied.method, Method::Osc52Unconfirmed);
    // Unwrapped: tmux forwards a plain OSC 52 with `set-clipboard on`, and
    // drops the DCS passthrough unless `allow-passthrough` is on.
    assert_eq!(copied.escape, b"\x1b]52;c;aGk=\x07");
    let (toast, kind) = copied.toast("translation");
    assert!(!toast.contains("Copied") && !toast.contains("copied"), "{toast}");
    assert_eq!(
        toast,
        "translation: sent 2 characters via OSC 52 — needs `set -g set-clipboard on` in tmux \
         (tmux load-buffer failed: exit status 1: unknown flag -w)"
    );
    assert_eq!(kind, Kind::Info);
}

#[test]
fn a_failing_system_clipboard_in_tmux_goes_to_tmux_next() {
    let (system, _) = fake(Some("selection owner gone"));
    let (tmux, got) = fake_tmux(None);
    let mut c = Clipboard::with_system(system, Multiplexer::Tmux).with_tmux(tmux);
    let copied = c.copy("hi").unwrap();
    assert_eq!(copied.method, Method::TmuxBuffer);
    assert_eq!(*got.lock().unwrap(), vec!["hi".to_owned()]);
    assert_eq!(
        copied.to_string(),
        "System clipboard failed (selection owner gone); copied 2 characters to tmux's \
         buffer (and the terminal's clipboard if tmux can)"
    );
}

#[test]
fn outside_tmux_the_tmux_command_is_never_run() {
    let (tmux, got) = fake_tmux(None);
    let mut c = Clipboard::detect_with(
        &env_of(&[("SSH_TTY", "/dev/pts/1")]),
        Platform::DisplayServer,
        || Err("not wanted".to_owned()),
        tmux,
    );
    let copied = c.copy("hi").unwrap();
    assert!(got.lock().unwrap().is_empty());
    assert_eq!(copied.method, Method::Osc52);
    assert_eq!(copied.toast("translation").1, Kind::Ok);
}
