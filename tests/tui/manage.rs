//! The Manage tab end to end, on the embedded local service's sandbox with
//! its clock sped up: a migration started from the form runs to the end,
//! and a watched one is resumed by the next start.

use crate::pty::{Key, Pty, TIMEOUT};
use crate::workbench::started_args;

/// Leaves the editor and opens the Manage tab's Migrations view.
pub fn to_migrations(pty: &mut Pty) {
    pty.leave_editor();
    pty.type_str("4");
    pty.wait_for(
        "the Syncs view with the sandbox's first page",
        |s| s.contains("Synchronizations of sales-share") && s.contains("page 1 loaded"),
        TIMEOUT,
    );
    pty.type_str("V");
    pty.wait_for(
        "the Migrations view",
        |s| s.contains("Migrate a VM to a scale set"),
        TIMEOUT,
    );
}

/// Starts migrating `vm` from the form and waits until it is watched.
fn migrate(pty: &mut Pty, vm: &str) {
    pty.send_key(Key::Enter);
    pty.type_str(vm);
    pty.send_key(Key::Enter);
    pty.wait_for(
        "the migration accepted and watched",
        |s| s.contains(&format!("{vm}  running")) || s.contains(&format!("{vm}  succeeded")),
        TIMEOUT,
    );
}

#[test]
fn a_migration_started_in_the_manage_tab_runs_to_completion() {
    // 5 sandbox minutes at 120×: 2.5 s, polled every second.
    let mut pty = started_args(&["--time-scale", "120"], &[]);
    to_migrations(&mut pty);
    migrate(&mut pty, "vm-web-1");
    pty.wait_for(
        "a progress percentage from the operation status",
        |s| {
            s.lines().any(|l| {
                l.split_whitespace()
                    .filter_map(|w| w.strip_suffix('%')?.parse::<f64>().ok())
                    .any(|p| p > 0.0 && p < 100.0)
            })
        },
        TIMEOUT,
    );
    pty.wait_for(
        "the migration polled to its end",
        |s| s.contains("vm-web-1  succeeded") && s.contains("done"),
        TIMEOUT,
    );
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);
}

#[test]
fn a_watched_migration_is_resumed_by_the_next_start() {
    let data = std::env::temp_dir().join(format!("glossa-tui-watch-{}", uuid::Uuid::new_v4()));
    let data_dir = data.to_string_lossy().into_owned();
    let env = [("XDG_DATA_HOME", data_dir.as_str())];
    // At real speed the migration takes 5 minutes: it is still running at quit.
    let mut pty = started_args(&[], &env);
    to_migrations(&mut pty);
    migrate(&mut pty, "vm-web-2");
    assert!(pty.screen_text().contains("vm-web-2  running"));
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0);

    // The next start (a new port, its sandbox kept, its clock fast) lists
    // it again; polling it now (r on the list) finds it done.
    let mut again = started_args(&["--time-scale", "100000"], &env);
    to_migrations(&mut again);
    again.wait_for("the stored watch", |s| s.contains("vm-web-2  running"), TIMEOUT);
    // Past the five fields: the watched list.
    for _ in 0..5 {
        again.send_key(Key::Tab);
    }
    again.type_str("r");
    again.wait_for(
        "the resumed migration polled to its end",
        |s| s.contains("vm-web-2  succeeded"),
        TIMEOUT,
    );
    again.send_key(Key::CtrlC);
    assert_eq!(again.wait_exit(TIMEOUT), 0);
    let _ = std::fs::remove_dir_all(data);
}
