//! The real binary against its in-process sandbox at a high `--time-scale`:
//! the bulk migration of web-avset (3 succeeded, vm-web-4 failed with its
//! reason, exit 1, in seconds), a bulk resumed by `migrate watch` after the
//! first run ended, the single-VM `--watch` polling at the scaled
//! Retry-After, and the pickers' listings as tables and JSON.

use std::path::PathBuf;
use std::process::Output;
use std::time::{Duration, Instant};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh data directory: its own sandbox state and store.
fn data_dir() -> PathBuf {
    std::env::temp_dir().join(format!("glossa-bulk-cli-{}", uuid::Uuid::new_v4()))
}

fn run(data: &PathBuf, args: &[&str]) -> Output {
    crate::common::glossa_local()
        .args(args)
        .env("XDG_DATA_HOME", data)
        .output()
        .unwrap()
}

const REASON: &str = "AllocationFailed: Allocation failed. We do not have sufficient capacity for the requested VM size in this region. Read more about improving likelihood of allocation success at http://aka.ms/allocation-guidance (target vm-web-4)";

#[test]
fn the_whole_availability_set_at_600x_ends_in_seconds_with_three_succeeded_and_one_failed() {
    let data = data_dir();
    let t0 = Instant::now();
    let out = run(
        &data,
        &[
            "--time-scale",
            "600",
            "migrate",
            "start",
            "--availability-set",
            "web-avset",
            "--watch",
        ],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        t0.elapsed() < Duration::from_secs(30),
        "in seconds: {:?}",
        t0.elapsed()
    );
    assert_eq!(out.status.code(), Some(1), "a VM failed: {stdout}\n{stderr}");
    assert!(
        stdout.contains("web-avset: 4 of 4 done: 3 succeeded, 1 failed"),
        "{stdout}"
    );
    for vm in ["vm-web-1", "vm-web-2", "vm-web-3"] {
        assert!(stdout.contains(&format!("] {vm}  Succeeded")), "{vm}: {stdout}");
    }
    assert!(
        stdout.contains(&format!("vm-web-4  Failed: {REASON}")),
        "the full reason: {stdout}"
    );
    assert!(
        stdout.contains(&format!("vm-web-4  Failed     {REASON}")),
        "in the summary too: {stdout}"
    );
    assert!(stdout.contains("[4/4 done]"), "{stdout}");
    assert!(
        !stdout.contains("next look in 30s"),
        "Retry-After is scaled: {stdout}"
    );
    assert!(stderr.contains("1 of 4 migration(s) failed"), "{stderr}");

    // A second run takes what is left in the set: the failed vm-web-4.
    let out = run(
        &data,
        &[
            "--time-scale",
            "600",
            "migrate",
            "start",
            "--availability-set",
            "web-avset",
            "--watch",
            "--json",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let bulk: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(bulk["vms"].as_array().unwrap().len(), 1, "{bulk}");
    assert_eq!(bulk["vms"][0]["vm"], "vm-web-4");
    assert_eq!(bulk["vms"][0]["state"], "failed");
    assert_eq!(bulk["vms"][0]["reason"], REASON);
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn a_bulk_started_without_watch_is_resumed_by_migrate_watch() {
    let data = data_dir();
    let out = run(
        &data,
        &[
            "--time-scale",
            "600",
            "migrate",
            "start",
            "--availability-set",
            "WEB-AVSET",
            "--vm",
            "vm-web-2,vm-web-4",
            "--vm",
            "vm-web-3",
            "--max-parallel",
            "1",
        ],
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("migrating 3 VM(s) of web-avset: vm-web-2, vm-web-4, vm-web-3 (at most 1 at once)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 started, 2 waiting; follow with: glossa migrate watch"),
        "{stdout}"
    );
    // The store holds it; another run (another port) resumes it.
    let listed = run(&data, &["migrate", "watch", "--list", "--json"]);
    let stored: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(stored["value"][0]["vms"][0]["state"], "running", "{stored}");
    assert_eq!(stored["value"][0]["vms"][1]["state"], "pending");
    let out = run(&data, &["--time-scale", "600", "migrate", "watch"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("resuming the migration of web-avset (3 VMs)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("web-avset: 3 of 3 done: 2 succeeded, 1 failed"),
        "{stdout}"
    );
    assert!(stdout.contains(REASON));
    let again = run(&data, &["migrate", "watch"]);
    assert!(again.status.success());
    assert!(text(&again.stdout).contains("no bulk migration to resume"));
    let out = run(
        &data,
        &[
            "migrate",
            "start",
            "--availability-set",
            "web-avset",
            "--vm",
            "vm-nope",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "not in the set: usage");
    assert!(
        text(&out.stderr)
            .contains("vm-nope is not in availability set web-avset (its VMs: vm-web-1, vm-web-4)"),
        "{}",
        text(&out.stderr)
    );
    let out = run(
        &data,
        &["migrate", "start", "--vm", "vm-web-1", "--vm", "vm-web-2"],
    );
    assert_eq!(out.status.code(), Some(2), "several VMs need the set");
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn the_single_vm_watch_polls_at_the_scaled_retry_after() {
    let data = data_dir();
    let t0 = Instant::now();
    let out = run(
        &data,
        &[
            "--time-scale",
            "60",
            "migrate",
            "start",
            "--vm",
            "vm-web-1",
            "--watch",
        ],
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.starts_with("migration accepted"), "{stdout}");
    assert!(stdout.trim_end().ends_with("Succeeded"), "{stdout}");
    assert!(!stdout.contains("next look in 30s"), "{stdout}");
    assert!(stdout.contains("next look in 1s"), "{stdout}");
    assert!(t0.elapsed() < Duration::from_secs(30), "{:?}", t0.elapsed());
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn the_pickers_listings_as_tables_and_json() {
    let data = data_dir();
    let out = run(&data, &["shares", "list"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.starts_with("NAME "), "{stdout}");
    for name in [
        "empty-share",
        "hr-share",
        "sales-share",
        "3 share(s) in demo-account",
    ] {
        assert!(stdout.contains(name), "{stdout}");
    }
    let out = run(&data, &["shares", "list", "--json"]);
    let page: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(page["value"].as_array().unwrap().len(), 3, "every page joined");
    assert_eq!(page["value"][2]["type"], "Microsoft.DataShare/Shares");

    let out = run(&data, &["vms", "list"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("4 VM(s) in demo-rg") && stdout.contains("availability set web-avset"),
        "{stdout}"
    );
    let out = run(
        &data,
        &["vms", "list", "--availability-set", "web-avset", "--json"],
    );
    let set: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(set["properties"]["virtualMachines"].as_array().unwrap().len(), 4);
    assert_eq!(set["properties"]["platformFaultDomainCount"], 3);
    let out = run(&data, &["vms", "list", "--availability-set", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("ResourceNotFound"),
        "{}",
        text(&out.stderr)
    );

    // Environments: the sandbox's demo ones, then those a refresh used come first.
    let out = run(&data, &["environments", "list"]);
    assert!(
        text(&out.stdout).contains("sandbox demo"),
        "{}",
        text(&out.stdout)
    );
    let uat = "5362377c-0000-4000-8000-000000000002";
    let test = "5362377c-0000-4000-8000-000000000003";
    let out = run(&data, &["refresh", "start", "--source", uat, "--target", test]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&data, &["environments", "list", "--json"]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let value = list["value"].as_array().unwrap();
    let first_two: Vec<_> = value[..2]
        .iter()
        .map(|e| e["environmentId"].as_str().unwrap())
        .collect();
    assert!(first_two.contains(&uat) && first_two.contains(&test), "{list}");
    assert_eq!(value[0]["uses"], 1);
    assert_eq!(
        value.iter().filter(|e| e["environmentId"] == uat).count(),
        1,
        "not listed twice"
    );
    let out = run(
        &data,
        &["environments", "list", "--lcs-url", "https://lcs.example"],
    );
    assert!(out.status.success());
    assert!(
        text(&out.stdout).starts_with("ENVIRONMENT") && text(&out.stdout).contains("0 environment(s)"),
        "another endpoint's own list"
    );
    let _ = std::fs::remove_dir_all(data);
}
