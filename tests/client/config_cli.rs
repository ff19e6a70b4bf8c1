//! `glossa config` and profiles, as a person runs them: the real binary, in a
//! home of its own (every config, data and cache path points into a temporary
//! directory; the environment is cleared), so the developer's files are never
//! read. The rule checked throughout: a secret is never printed and never
//! lands in config.toml.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::*;

/// A temporary home: `config/glossa/config.toml`, `config/glossa/secrets.toml`.
struct Home(PathBuf);

impl Home {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("glossa-home-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        Home(dir)
    }

    fn config(&self) -> PathBuf {
        self.0.join("config").join("glossa").join("config.toml")
    }

    fn secrets(&self) -> PathBuf {
        self.0.join("config").join("glossa").join("secrets.toml")
    }

    fn write_config(&self, text: &str) {
        std::fs::create_dir_all(self.config().parent().unwrap()).unwrap();
        std::fs::write(self.config(), text).unwrap();
    }

    /// Runs glossa with only `env` beyond the home's paths (and PATH).
    fn run(&self, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_glossa"));
        cmd.args(args).env_clear();
        if let Some(path) = std::env::var_os("PATH") {
            cmd.env("PATH", path);
        }
        let home = |sub: &str| self.0.join(sub);
        cmd.env("HOME", home("home"))
            .env("XDG_CONFIG_HOME", home("config"))
            .env("XDG_DATA_HOME", home("data"))
            .env("XDG_CACHE_HOME", home("cache"))
            .env("XDG_STATE_HOME", home("state"))
            .env("GLOSSA_CONFIG", self.config())
            .env("GLOSSA_SECRETS", self.secrets());
        cmd.envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("the binary runs");
        let mut input = child.stdin.take().unwrap();
        // A command that does not read its input may exit before it is written.
        if let Err(e) = input.write_all(stdin.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        drop(input);
        child.wait_with_output().unwrap()
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn all(out: &Output) -> String {
    text(&out.stdout) + &text(&out.stderr)
}

#[cfg(unix)]
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

const WORK: &str = "default = \"work\"\n[profiles.work]\nendpoint = \"https://api.cognitive.microsofttranslator.com\"\nregion = \"westeurope\"\n";

#[test]
fn set_secret_stores_in_the_secrets_file_never_in_the_config() {
    let home = Home::new();
    let out = home.run(&["config", "init"], "", &[]);
    assert!(out.status.success(), "{}", all(&out));
    let again = home.run(&["config", "init"], "", &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("not overwritten"), "{}", all(&again));
    let out = home.run(&["config", "set-secret", "work", "key"], "sk-cli-4417\n", &[]);
    assert!(out.status.success(), "{}", all(&out));
    assert!(!all(&out).contains("sk-cli-4417"), "{}", all(&out));
    assert!(
        text(&out.stdout).contains("not in the config file yet"),
        "{}",
        all(&out)
    );
    let secrets = std::fs::read_to_string(home.secrets()).unwrap();
    assert!(
        secrets.contains("[profiles.work]") && secrets.contains("key = \"sk-cli-4417\""),
        "{secrets}"
    );
    assert!(
        !std::fs::read_to_string(home.config())
            .unwrap()
            .contains("sk-cli-4417")
    );
    #[cfg(unix)]
    assert_eq!(mode(&home.secrets()), 0o600);
    let out = home.run(&["config", "set-secret", "work", "password"], "x\n", &[]);
    assert_eq!(out.status.code(), Some(2));
    let out = home.run(&["config", "set-secret", "work", "key"], "\n", &[]);
    assert_eq!(out.status.code(), Some(2), "an empty value is refused");
}

#[test]
fn config_show_never_prints_a_key_from_the_secrets_file_or_the_env() {
    let home = Home::new();
    home.write_config(WORK);
    let out = home.run(&["config", "set-secret", "work", "key"], "sk-file-5521\n", &[]);
    assert!(out.status.success(), "{}", all(&out));
    let out = home.run(&["config"], "", &[]);
    assert!(out.status.success(), "{}", all(&out));
    let shown = all(&out);
    assert!(
        !shown.contains("sk-file-5521") && !shown.contains("sk-file"),
        "{shown}"
    );
    assert!(
        shown.contains("profile       work (the config file's default)"),
        "{shown}"
    );
    let key = shown
        .lines()
        .find(|l| l.trim_start().starts_with("key "))
        .unwrap();
    assert!(
        key.contains("set") && key.contains("secrets file (profile work)"),
        "{key}"
    );
    assert!(shown.contains("(mode 0600)") || cfg!(not(unix)), "{shown}");
    let env = [("GLOSSA_KEY", "sk-env-7730"), ("GLOSSA_REGION", "northeurope")];
    for args in [
        &["config"][..],
        &["config", "show", "--json"],
        &["--key", "sk-env-7730", "config"],
    ] {
        let out = home.run(args, "", &env);
        assert!(out.status.success(), "{}", all(&out));
        let shown = all(&out);
        assert!(
            !shown.contains("sk-env-7730") && !shown.contains("sk-file-5521"),
            "{shown}"
        );
        if args == ["config"] {
            let key = shown
                .lines()
                .find(|l| l.trim_start().starts_with("key "))
                .unwrap();
            assert!(key.contains("set") && key.contains("env GLOSSA_KEY"), "{key}");
            let region = shown
                .lines()
                .find(|l| l.trim_start().starts_with("region "))
                .unwrap();
            assert!(
                region.contains("northeurope") && region.contains("env GLOSSA_REGION"),
                "{region}"
            );
        }
        if args.contains(&"--json") {
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["profile"]["name"], "work");
        }
    }
    let out = home.run(&["config", "profiles"], "", &[]);
    assert_eq!(
        text(&out.stdout),
        "* work   remote  api.cognitive.microsofttranslator.com\n  local  local   embedded engine (built in)\n"
    );
}

#[test]
fn translate_through_a_profile_uses_its_key_from_the_secrets_file() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let svc = rt.block_on(start());
    let home = Home::new();
    home.write_config(&format!(
        "[profiles.here]\nendpoint = \"{}\"\nkey = \"secrets\"\n[profiles.wrong]\nendpoint = \"{}\"\n",
        svc.url, svc.url
    ));
    let out = home.run(&["config", "set-secret", "here", "key"], &format!("{KEY}\n"), &[]);
    assert!(out.status.success(), "{}", all(&out));
    let out = home.run(&["config", "set-secret", "wrong", "key"], "not-the-key\n", &[]);
    assert!(out.status.success(), "{}", all(&out));
    let args = ["translate", "--from", "en", "--to", "en", "Hello there."];
    let out = home.run(&[&["--profile", "here"][..], &args].concat(), "", &[]);
    assert!(out.status.success(), "{}", all(&out));
    assert_eq!(text(&out.stdout), "Hello there.\n");
    // GLOSSA_PROFILE, and --profile after the command name, work too.
    let out = home.run(&args, "", &[("GLOSSA_PROFILE", "here")]);
    assert!(out.status.success(), "{}", all(&out));
    let out = home.run(&[&args[..], &["--profile", "wrong"]].concat(), "", &[]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the service refuses the wrong key: {}",
        all(&out)
    );
    assert!(!all(&out).contains("not-the-key"));
    // A key given on the command line wins over the profile's.
    let out = home.run(
        &[&["--profile", "wrong", "--key", KEY][..], &args].concat(),
        "",
        &[],
    );
    assert!(out.status.success(), "{}", all(&out));
}

#[test]
fn profile_errors_exit_2_with_a_clear_line() {
    let home = Home::new();
    home.write_config(WORK);
    let out = home.run(&["--profile", "nope", "detect", "hi"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("no profile \"nope\"") && err.contains("known profiles: work, local"),
        "{err}"
    );
    home.write_config("[profiles.work]\nkey = { value = \"sk-clear-1\" }\n");
    let out = home.run(&["detect", "hi"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("written in clear") && err.contains("set-secret") && !err.contains("sk-clear-1"),
        "{err}"
    );
    home.write_config("[profiles.work\nendpoint = \"x\"\n");
    let out = home.run(&["config"], "", &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("config.toml:1:"), "{}", all(&out));
    // `config path` still answers with a damaged file.
    let out = home.run(&["config", "path"], "", &[]);
    assert!(
        out.status.success() && text(&out.stdout).contains("secrets.toml"),
        "{}",
        all(&out)
    );
}

#[test]
fn no_config_file_changes_nothing() {
    let home = Home::new();
    let out = home.run(
        &["translate", "--from", "en", "--to", "en", "Hello there."],
        "",
        &[],
    );
    assert!(out.status.success(), "{}", all(&out));
    assert_eq!(text(&out.stdout), "Hello there.\n");
    let out = home.run(&["config"], "", &[]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("(not found: no profiles)") && shown.contains("profile       none"),
        "{shown}"
    );
    assert!(shown.contains("(embedded local engine)"), "{shown}");
}

#[test]
fn the_keyring_is_said_to_be_unavailable_in_one_line() {
    if !cfg!(target_os = "linux") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some() {
        return; // a real keyring might ask the user to unlock it
    }
    let home = Home::new();
    let out = home.run(
        &["config", "set-secret", "work", "key", "--keyring"],
        "sk-kr-1\n",
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("glossa: no OS keyring available: ") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!err.contains("sk-kr-1"));
}
