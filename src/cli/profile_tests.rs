use clap::{CommandFactory, FromArgMatches};

use super::*;
use crate::api::Secret;
use crate::client::AuthMode;
use crate::session::profile::resolve_named;
use crate::store::config::Paths;
use crate::store::secrets::{SecretName, SecretsFile};

/// Parses as the binary does, with every `env` attribute removed: these tests
/// must not see the developer's GLOSSA_* variables (the CLI tests cover env).
fn parse(args: &[&str]) -> (Cli, ArgMatches) {
    fn no_env(c: clap::Command) -> clap::Command {
        let c = c.mut_args(|a| a.env(None::<&'static str>));
        let names: Vec<String> = c.get_subcommands().map(|s| s.get_name().to_owned()).collect();
        names.iter().fold(c, |c, n| c.mut_subcommand(n, no_env))
    }
    let argv = std::iter::once("glossa").chain(args.iter().copied());
    let m = no_env(Cli::command()).try_get_matches_from(argv).unwrap();
    (Cli::from_arg_matches(&m).unwrap(), m)
}

struct Dir(std::path::PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A config with `text` and a secrets file holding work's key `sk-work-1`.
fn config(text: &str) -> (Config, Dir) {
    let dir = std::env::temp_dir().join(format!("glossa-profile-{}", uuid::Uuid::new_v4()));
    let paths = Paths {
        config: Some(dir.join("config.toml")),
        secrets: Some(dir.join("secrets.toml")),
    };
    let secrets = SecretsFile::new(dir.join("secrets.toml"));
    secrets
        .set("work", SecretName::Key, &Secret::new("sk-work-1"))
        .unwrap();
    secrets
        .set("work", SecretName::ManagementToken, &Secret::new("mt-work-1"))
        .unwrap();
    (Config::parse(text, paths).unwrap(), Dir(dir))
}

const WORK: &str = r#"
default = "work"
[profiles.work]
endpoint = "https://api.cognitive.microsofttranslator.com"
region = "westeurope"
auth = "token"
attempts = 3
time_scale = 5.0
[profiles.work.management]
url = "https://management.azure.com"
token = "secrets"
subscription = "sub-1"
project = "42"
sync_interval = 10
[profiles.sandbox]
time_scale = 60.0
[profiles.envkey]
endpoint = "https://x.cognitiveservices.azure.com"
key = { env = "GLOSSA_TEST_SURELY_UNSET_VARIABLE" }
[profiles.nokey]
endpoint = "https://x.cognitiveservices.azure.com"
key = "secrets"
"#;

#[test]
fn without_a_profile_nothing_changes() {
    let (c, _d) = config("[profiles.work]\nendpoint = \"https://e\"\n");
    let (mut cli, m) = parse(&["--region", "r"]);
    let before = format!("{:?} {:?}", cli.service, cli.workbench);
    assert_eq!(resolve(&mut cli, &m, &c).unwrap(), None);
    assert_eq!(format!("{:?} {:?}", cli.service, cli.workbench), before);
}

#[test]
fn the_default_profile_fills_the_gaps_and_flags_win() {
    let (c, _d) = config(WORK);
    let (mut cli, m) = parse(&["--region", "northeurope", "--sync-interval", "99"]);
    let chosen = resolve(&mut cli, &m, &c).unwrap().unwrap();
    assert_eq!((chosen.name.as_str(), chosen.why), ("work", Why::FileDefault));
    let s = &cli.service;
    assert_eq!(
        s.endpoint.as_deref(),
        Some("https://api.cognitive.microsofttranslator.com")
    );
    assert_eq!(s.region.as_deref(), Some("northeurope"), "the flag wins");
    assert_eq!(
        (s.auth, s.attempts, s.deadline),
        (Some(AuthMode::Token), Some(3), None)
    );
    assert_eq!(s.key.as_ref().map(Secret::expose), Some("sk-work-1"));
    let w = &cli.workbench;
    assert_eq!(w.management_token.as_ref().map(Secret::expose), Some("mt-work-1"));
    assert_eq!(
        (w.subscription.as_deref(), w.project.as_deref()),
        (Some("sub-1"), Some("42"))
    );
    assert_eq!(
        (w.sync_interval, w.time_scale),
        (99, 5.0),
        "flag, then profile over the default"
    );
}

#[test]
fn a_flag_names_the_profile_and_unknown_names_list_the_known() {
    let (c, _d) = config(WORK);
    let (mut cli, m) = parse(&["--profile", "sandbox"]);
    let chosen = resolve(&mut cli, &m, &c).unwrap().unwrap();
    assert_eq!(chosen.why, Why::Flag);
    assert!(cli.service.endpoint.is_none());
    assert_eq!(
        (cli.workbench.time_scale, cli.workbench.sync_interval),
        (60.0, 30)
    );
    let (mut cli, m) = parse(&["translate", "--to", "fi", "x", "--profile", "wrok"]);
    let f = resolve(&mut cli, &m, &c).unwrap_err();
    assert_eq!(f.code, 2);
    assert!(
        f.message.contains("no profile \"wrok\"")
            && f.message.contains("envkey, nokey, sandbox, work, local"),
        "{}",
        f.message
    );
}

#[test]
fn a_local_profile_reads_no_secret() {
    let (c, d) = config(WORK);
    // An exposed secrets file would be refused, were it read.
    #[cfg(unix)]
    std::fs::set_permissions(
        d.0.join("secrets.toml"),
        std::os::unix::fs::PermissionsExt::from_mode(0o644),
    )
    .unwrap();
    let (mut cli, m) = parse(&["--profile", "sandbox"]);
    resolve(&mut cli, &m, &c).unwrap();
    assert!(cli.service.key.is_none() && cli.workbench.management_token.is_none());
    let (mut cli, m) = parse(&[]);
    let e = resolve(&mut cli, &m, &c).unwrap_err().message;
    assert!(e.contains("may be read by others"), "{e}");
}

#[test]
fn a_given_endpoint_keeps_the_profile_credentials_away() {
    let (c, _d) = config(WORK);
    let (mut cli, m) = parse(&["detect", "--endpoint", "http://127.0.0.1:9", "hi"]);
    resolve(&mut cli, &m, &c).unwrap();
    let Some(Command::Detect(a)) = &cli.command else {
        panic!()
    };
    assert_eq!(a.service.endpoint.as_deref(), Some("http://127.0.0.1:9"));
    assert_eq!(a.service.region.as_deref(), Some("westeurope"));
    assert!(
        a.service.key.is_none(),
        "work's key must not go to another endpoint"
    );
    let (cli, m) = parse(&["--endpoint", "http://127.0.0.1:9"]);
    let r = report(&cli, &m, &c).unwrap();
    assert!(
        r.notes.iter().any(|n| n.contains("not profile work's")),
        "{:?}",
        r.notes
    );
}

#[test]
fn a_source_that_has_nothing_is_an_error_saying_where_to_put_it() {
    let (c, _d) = config(WORK);
    let (mut cli, m) = parse(&["--profile", "envkey"]);
    let e = resolve(&mut cli, &m, &c).unwrap_err();
    assert_eq!(e.code, 2);
    assert!(
        e.message.contains("GLOSSA_TEST_SURELY_UNSET_VARIABLE is not set"),
        "{}",
        e.message
    );
    let (mut cli, m) = parse(&["--profile", "nokey", "languages"]);
    let e = resolve(&mut cli, &m, &c).unwrap_err().message;
    assert!(e.contains("glossa config set-secret nokey key"), "{e}");
    // A key on the command line needs no source.
    let (mut cli, m) = parse(&["--profile", "nokey", "--key", "k"]);
    resolve(&mut cli, &m, &c).unwrap();
}

#[test]
fn management_commands_take_the_profile_management_settings() {
    let text =
        format!("{WORK}\n[profiles.az.management]\nurl = \"https://arm.example\"\ntoken = \"azure-cli\"\n");
    let (c, _d) = config(&text);
    let (mut cli, m) = parse(&["syncs", "list", "--share", "s"]);
    resolve(&mut cli, &m, &c).unwrap();
    let Some(Command::Syncs(a)) = &cli.command else {
        panic!()
    };
    let SyncsCommand::List(l) = &a.command;
    assert_eq!(
        l.manage.management_url.as_deref(),
        Some("https://management.azure.com")
    );
    assert_eq!(l.manage.token.as_ref().map(Secret::expose), Some("mt-work-1"));
    assert_eq!(
        (l.subscription.as_deref(), l.share.as_deref()),
        (Some("sub-1"), Some("s"))
    );
    let (mut cli, m) = parse(&["--profile", "az", "migrate", "status", "--location", "https://x"]);
    resolve(&mut cli, &m, &c).unwrap();
    let Some(Command::Migrate(a)) = &cli.command else {
        panic!()
    };
    let MigrateCommand::Status(s) = &a.command else {
        panic!()
    };
    assert_eq!(s.manage.sign_in, Some(crate::client::manage::SignIn::AzureCli));
    assert!(s.manage.token.is_none());
}

#[test]
fn management_commands_take_the_time_scale_of_the_flag_else_the_profile() {
    let (c, _d) = config(WORK);
    let (mut cli, m) = parse(&["migrate", "watch"]);
    resolve(&mut cli, &m, &c).unwrap();
    assert_eq!(cli.workbench.time_scale, 5.0, "the profile's time_scale");
    let (mut cli, m) = parse(&["--time-scale", "600", "vms", "list"]);
    resolve(&mut cli, &m, &c).unwrap();
    assert_eq!(cli.workbench.time_scale, 600.0, "the flag wins");
    let Some(Command::Vms(a)) = &cli.command else {
        panic!()
    };
    let VmsCommand::List(l) = &a.command;
    assert_eq!(
        l.subscription.as_deref(),
        Some("sub-1"),
        "the new listings take the profile too"
    );
}

#[test]
fn the_report_says_where_each_setting_comes_from_and_never_a_secret() {
    let (c, _d) = config(WORK);
    let (cli, m) = parse(&["--region", "northeurope"]);
    let r = report(&cli, &m, &c).unwrap();
    let find = |n: &str| r.settings.iter().find(|s| s.name == n).unwrap().clone();
    let source = |n: &str| find(n).source;
    assert_eq!(source("region"), "flag");
    assert_eq!(source("endpoint"), "profile work");
    assert_eq!(
        (find("deadline").value, source("deadline")),
        ("120".to_owned(), "default".to_owned())
    );
    assert_eq!(
        (find("key").value, source("key")),
        ("set".to_owned(), "secrets file (profile work)".to_owned())
    );
    assert_eq!(find("token").value, "not used");
    assert_eq!(find("management_token").value, "set");
    let json = serde_json::to_string(&r).unwrap();
    assert!(
        !json.contains("sk-work-1") && !json.contains("mt-work-1"),
        "{json}"
    );
    assert!(!format!("{r:?}").contains("sk-work-1"));
}

#[test]
fn a_named_profile_resolves_alone() {
    let (c, _d) = config(WORK);
    let (s, w) = resolve_named(&c, "work").unwrap();
    assert_eq!(s.key.as_ref().map(Secret::expose), Some("sk-work-1"));
    assert_eq!((w.sync_interval, w.time_scale), (10, 5.0));
    let (s, w) = resolve_named(&c, "local").unwrap();
    assert!(s.endpoint.is_none() && w.management_url.is_none());
    assert!(resolve_named(&c, "nope").is_err());
}
