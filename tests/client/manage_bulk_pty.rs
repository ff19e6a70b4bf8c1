//! The bulk migration's live view on a terminal: the real binary in a
//! pseudo-terminal at --time-scale 60, its output read through a vt100
//! screen. The block is redrawn in place (one header on the screen, not
//! one per change) and ends with every VM's state and vm-web-4's whole reason.

use std::io::Read;
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const ROWS: u16 = 40;
const COLS: u16 = 100;

#[test]
fn the_live_block_is_redrawn_in_place_and_ends_with_every_state() {
    let data = std::env::temp_dir().join(format!("glossa-bulk-pty-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&data).unwrap();
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_glossa"));
    cmd.args([
        "--time-scale",
        "60",
        "migrate",
        "start",
        "--availability-set",
        "web-avset",
        "--max-parallel",
        "3",
        "--watch",
    ]);
    cmd.env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        cmd.env("PATH", path);
    }
    cmd.env("TERM", "xterm-256color");
    cmd.env("LANG", "C.UTF-8");
    cmd.env("XDG_DATA_HOME", &data);
    cmd.env("XDG_CONFIG_HOME", data.join("config"));
    cmd.env("HOME", &data);
    cmd.env("GLOSSA_CONFIG", "/nonexistent/glossa/config.toml");
    cmd.cwd(&data);
    let mut child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let reading = std::thread::spawn(move || {
        let mut raw = Vec::new();
        let _ = reader.read_to_end(&mut raw);
        raw
    });
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "the migration ends");
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(pair.master);
    let raw = reading.join().unwrap();
    assert_eq!(status.exit_code(), 1, "vm-web-4 failed");
    let mut parser = vt100::Parser::new(
        std::num::NonZeroU16::new(ROWS).unwrap(),
        std::num::NonZeroU16::new(COLS).unwrap(),
        0,
    );
    parser.process(&raw);
    let screen = parser.screen().contents();
    let text = String::from_utf8_lossy(&raw);
    assert!(
        text.matches(" done — ").count() > 2,
        "drawn more than once: {text}"
    );
    assert_eq!(
        screen.matches(" done — ").count(),
        1,
        "redrawn in place:\n{screen}"
    );
    assert!(
        screen.contains("web-avset: 4 of 4 done — 3 succeeded, 1 failed"),
        "{screen}"
    );
    for vm in ["vm-web-1", "vm-web-2", "vm-web-3"] {
        assert!(
            screen.contains(&format!("{vm}  [##########]  Succeeded")),
            "{screen}"
        );
    }
    let flat: String = screen.split('\n').collect::<Vec<_>>().join("");
    assert!(
        flat.contains("(target vm-web-4)") && flat.contains("http://aka.ms/allocation-guidance"),
        "the whole reason, wrapped by the terminal:\n{screen}"
    );
    assert!(screen.contains("1 of 4 migration(s) failed"), "{screen}");
    let _ = std::fs::remove_dir_all(data);
}
