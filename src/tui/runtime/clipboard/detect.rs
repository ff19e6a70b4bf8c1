//! Choosing how to copy, once, from the environment (a pure function of it).
//!
//! `GLOSSA_CLIPBOARD=system|osc52|off` decides when set. Otherwise:
//! - Linux and the BSDs reach a clipboard only through a display server, so the system
//!   clipboard is tried when `DISPLAY` or `WAYLAND_DISPLAY` is set. arboard is built with
//!   its `wayland-data-control` feature: with `WAYLAND_DISPLAY` set it talks to the
//!   compositor natively (the wlr/ext data-control protocol: sway, Hyprland, KDE, wlroots
//!   compositors), and where the compositor lacks that protocol (GNOME) it falls back to
//!   X11 through XWayland's `DISPLAY`; with neither it fails to open and ends on OSC 52;
//! - macOS and Windows always have one, except that over SSH it is the *remote* machine's,
//!   which is not what the user at the keyboard wants;
//! - an SSH session (`SSH_CONNECTION` or `SSH_TTY`) without a display therefore uses OSC 52
//!   everywhere; with one (X forwarding) the forwarded clipboard is the user's own.
//!
//! The environment comes in as a lookup function so tests never touch the process's.

/// How the platform provides a system clipboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// Linux and the BSDs: only through a display server.
    DisplayServer,
    /// macOS and Windows: part of the user's session.
    Native,
}

impl Platform {
    /// The platform this binary was built for.
    pub fn current() -> Self {
        if cfg!(any(target_os = "macos", target_os = "windows")) {
            Self::Native
        } else {
            Self::DisplayServer
        }
    }
}

/// What the environment asks for, before the system clipboard is tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Preference {
    System,
    Osc52,
    Off,
}

/// The preference and a reason a person can read (shown by `Clipboard::reason`).
pub(super) fn choose(env: &dyn Fn(&str) -> Option<String>, platform: Platform) -> (Preference, String) {
    let set = |key: &str| env(key).is_some_and(|v| !v.trim().is_empty());
    if let Some(value) = env("GLOSSA_CLIPBOARD") {
        match value.trim().to_ascii_lowercase().as_str() {
            "system" => return (Preference::System, "GLOSSA_CLIPBOARD=system".into()),
            "osc52" => return (Preference::Osc52, "GLOSSA_CLIPBOARD=osc52".into()),
            "off" => return (Preference::Off, "GLOSSA_CLIPBOARD=off".into()),
            "" => {}
            other => {
                tracing::warn!(value = other, "GLOSSA_CLIPBOARD is not system|osc52|off; ignored")
            }
        }
    }
    let display = set("DISPLAY") || set("WAYLAND_DISPLAY");
    let ssh = set("SSH_CONNECTION") || set("SSH_TTY");
    match (platform, display, ssh) {
        (_, false, true) => (Preference::Osc52, "SSH session without a display".into()),
        (Platform::DisplayServer, false, false) => (
            Preference::Osc52,
            "no display (DISPLAY and WAYLAND_DISPLAY unset)".into(),
        ),
        (Platform::DisplayServer, true, _) if set("WAYLAND_DISPLAY") => (
            Preference::System,
            "Wayland display found (data-control, else XWayland)".into(),
        ),
        (Platform::DisplayServer, true, _) => (Preference::System, "display found".into()),
        (Platform::Native, _, _) => (Preference::System, "desktop session".into()),
    }
}
