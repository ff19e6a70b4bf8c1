use super::*;

fn paths() -> Paths {
    Paths {
        config: Some("/cfg/glossa/config.toml".into()),
        secrets: Some("/cfg/glossa/secrets.toml".into()),
    }
}

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(text, paths())
}

const FULL: &str = r#"
default = "work"

[profiles.local]
time_scale = 60.0

[profiles.work]
endpoint = "https://api.cognitive.microsofttranslator.com"
region = "westeurope"
auth = "token"
key_in_query = true
auth_url = "https://westeurope.api.cognitive.microsoft.com"
resource_id = "/subscriptions/x/resourceGroups/y/providers/Microsoft.CognitiveServices/accounts/z"
key = "secrets"
token = { env = "WORK_AAD_TOKEN" }
attempts = 3
deadline = 30
concurrency = 2

[profiles.work.management]
url = "https://management.azure.com"
lcs_url = "https://lcsapi.lcs.dynamics.com"
login_url = "https://login.microsoftonline.com"
token = "azure-cli"
subscription = "sub"
resource_group = "rg"
share_account = "acct"
share = "share"
project = "42"
sync_interval = 10

[profiles.kr]
endpoint = "https://custom.cognitiveservices.azure.com"
key = "keyring"
management = { token = "keyring" }
"#;

#[test]
fn every_setting_parses() {
    let c = parse(FULL).unwrap();
    assert!(c.found);
    assert_eq!(c.default.as_deref(), Some("work"));
    let w = c.profile("work").unwrap();
    assert_eq!(w.auth, Some(AuthMode::Token));
    assert_eq!(w.key, Some(SecretSource::Secrets));
    assert_eq!(w.token, Some(SecretSource::Env("WORK_AAD_TOKEN".into())));
    assert_eq!(
        (w.attempts, w.deadline, w.concurrency),
        (Some(3), Some(30), Some(2))
    );
    let m = w.management.as_ref().unwrap();
    assert_eq!(m.token, Some(TokenSetting::AzureCli));
    assert_eq!((m.project.as_deref(), m.sync_interval), (Some("42"), Some(10)));
    let k = c.profile("kr").unwrap();
    assert_eq!(k.key, Some(SecretSource::Keyring));
    let m = k.management.as_ref().unwrap();
    assert_eq!(m.token, Some(TokenSetting::Stored(SecretSource::Keyring)));
    assert_eq!(c.profile("local").unwrap().time_scale, Some(60.0));
}

#[test]
fn the_summary_lists_kinds_labels_and_the_default() {
    let c = parse(FULL).unwrap();
    let list = c.profiles();
    let names: Vec<_> = list.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["kr", "local", "work"]);
    let work = &list[2];
    assert_eq!(
        (work.kind, work.label.as_str()),
        ("remote", "api.cognitive.microsofttranslator.com")
    );
    assert!(work.is_default && !list[0].is_default);
    assert_eq!((list[1].kind, list[1].builtin), ("local", false));
}

#[test]
fn no_file_means_no_profiles_but_the_builtin_local() {
    let dir = std::env::temp_dir().join(format!("glossa-cfg-{}", uuid::Uuid::new_v4()));
    let c = Config::load_from(Paths {
        config: Some(dir.join("config.toml")),
        secrets: None,
    })
    .unwrap();
    assert!(!c.found && c.profiles.is_empty() && c.default.is_none());
    assert!(c.profile("local").unwrap().endpoint.is_none());
    let list = c.profiles();
    assert_eq!(list.len(), 1);
    assert!(list[0].builtin && list[0].name == "local");
    let e = c.profile("work").unwrap_err().to_string();
    assert!(
        e.contains("no profile \"work\"") && e.contains("known profiles: local"),
        "{e}"
    );
}

#[test]
fn unknown_keys_and_damage_are_errors_with_the_line() {
    let e = parse("[profiles.work]\nendpoint = \"https://x\"\nregoin = \"w\"\n").unwrap_err();
    let s = e.to_string();
    assert!(s.contains("config.toml:3:1") && s.contains("regoin"), "{s}");
    let e = parse("[profiles.work.management]\nurll = \"x\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains(":2:1") && e.contains("urll"), "{e}");
    let e = parse("default = \"work\"\n[profiles.work\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("config.toml:2:"), "{e}");
    let e = parse("[profiles.work]\nauth = \"magic\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains(":2:") && e.contains("magic"), "{e}");
    assert!(parse("\u{0}\u{1}garbage ===").is_err());
}

#[test]
fn a_default_must_name_a_profile() {
    let e = parse("default = \"wrok\"\n[profiles.work]\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no profile \"wrok\"") && e.contains("work, local"),
        "{e}"
    );
    // The built-in local engine can be the default.
    assert!(parse("default = \"local\"\n").is_ok());
}

#[test]
fn secrets_in_clear_are_refused_unless_the_profile_insists() {
    for (field, text) in [
        ("key", "key = { value = \"sk-123\" }"),
        ("token", "token = { value = \"sk-123\" }"),
        (
            "management_token",
            "management = { token = { value = \"sk-123\" } }",
        ),
    ] {
        let e = parse(&format!("[profiles.work]\n{text}\n"))
            .unwrap_err()
            .to_string();
        assert!(!e.contains("sk-123"), "{e}");
        assert!(
            e.contains(&format!("profile work: {field} is written in clear")),
            "{e}"
        );
        assert!(
            e.contains("/cfg/glossa/secrets.toml") && e.contains("glossa config set-secret work"),
            "{e}"
        );
        let c = parse(&format!(
            "[profiles.work]\nallow_plaintext_secrets = true\n{text}\n"
        ))
        .unwrap();
        assert!(!format!("{c:?}").contains("sk-123"), "Debug never shows it");
    }
}

#[test]
fn a_key_pasted_where_its_source_goes_is_never_repeated() {
    for text in [
        "key = \"0123456789abcdef\"",
        "key = 123456789",
        "token = 1.5",
        "key = { value = 987654321 }",
        "management = { token = \"0123456789abcdef\" }",
    ] {
        let e = parse(&format!(
            "[profiles.work]\nallow_plaintext_secrets = true\n{text}\n"
        ))
        .unwrap_err()
        .to_string();
        for leaked in ["0123456789abcdef", "123456789", "1.5", "987654321"] {
            assert!(!e.contains(leaked), "{text}: {e}");
        }
        assert!(e.contains(":3:"), "{e}");
    }
    let e = parse("[profiles.w]\nkey = { env = \"A\", value = \"b\" }\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("one entry"), "{e}");
    let e = parse("[profiles.w]\nkey = \"azure-cli\"\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a source"), "{e}");
}

#[test]
fn ranges_and_names_are_checked() {
    for (text, says) in [
        ("[profiles.w]\nattempts = 0", "attempts must be 1 to 100"),
        ("[profiles.w]\nconcurrency = 65", "concurrency must be 1 to 64"),
        ("[profiles.w]\ntime_scale = -1.0", "time_scale"),
        (
            "[profiles.w.management]\nsync_interval = 1",
            "sync_interval must be 2 to 3600",
        ),
        ("[profiles.\"a/b\"]", "a profile name is"),
    ] {
        let e = parse(text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn the_template_parses_and_changes_nothing() {
    let c = parse(TEMPLATE).unwrap();
    assert!(c.default.is_none());
    let names: Vec<_> = c.profiles.keys().collect();
    assert_eq!(names, ["local"]);
    assert!(c.profile("local").unwrap().time_scale.is_none());
}

#[test]
fn init_refuses_to_overwrite() {
    let dir = std::env::temp_dir().join(format!("glossa-cfg-{}", uuid::Uuid::new_v4()));
    let path = dir.join("sub").join("config.toml");
    write_template(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), TEMPLATE);
    let e = write_template(&path).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
    let _ = std::fs::remove_dir_all(dir);
}
