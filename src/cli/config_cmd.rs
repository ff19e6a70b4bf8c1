//! `glossa config`: the effective configuration (`show`, the default), the
//! profiles, storing a secret (`set-secret`), a template (`init`) and the
//! files' paths (`path`). Secrets are never printed, not even in part: a
//! setting that is one shows only as set, not set, not used or unavailable.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use clap::{ArgMatches, Args, Subcommand};

use super::Cli;
use super::profile::{self, Report};
use crate::api::Secret;
use crate::session::Failure;
use crate::store::config::{self as store, Config, Paths};
use crate::store::secrets::{SecretName, SecretsFile, keyring};

#[derive(Debug, Args)]
pub struct ConfigArgs {
    #[command(subcommand)]
    pub command: Option<ConfigCommand>,
}

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// The effective configuration (what `glossa config` alone prints): the files, the profile
    /// and why, every setting and where it comes from; secrets only as set or not set.
    Show(JsonArg),
    /// The profiles: the config file's and the built-in `local` (* marks the default).
    Profiles(JsonArg),
    /// Store a profile's key or token, read from stdin (no echo on a terminal), in the secrets
    /// file (created mode 0600) or, with --keyring, the OS keyring.
    SetSecret(SetSecretArgs),
    /// Write a commented config.toml to start from (never over an existing file).
    Init,
    /// The config and secrets files' paths.
    Path,
}

#[derive(Debug, Args)]
pub struct JsonArg {
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SetSecretArgs {
    /// The profile the secret belongs to.
    pub profile: String,
    /// key (subscription key), token (directory token) or management-token.
    #[arg(value_parser = parse_name)]
    pub name: SecretName,
    /// Store it in the OS keyring (service "glossa", user PROFILE/NAME) instead.
    #[arg(long)]
    pub keyring: bool,
}

fn parse_name(s: &str) -> Result<SecretName, String> {
    SecretName::parse(s).ok_or_else(|| format!("{s:?} is not key, token or management-token"))
}

/// Runs `glossa config …`; `cli` and `matches` give `--profile` and the other options shown.
pub fn run(args: &ConfigArgs, cli: &Cli, matches: &ArgMatches) -> ExitCode {
    match execute(args, cli, matches) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            ExitCode::SUCCESS
        }
        Err(f) => {
            eprintln!("glossa: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn execute(args: &ConfigArgs, cli: &Cli, matches: &ArgMatches) -> Result<String, Failure> {
    let paths = Paths::from_env();
    let show = |p: &Option<std::path::PathBuf>| {
        p.as_ref().map_or_else(
            || "(none: no config directory)".into(),
            |p| p.display().to_string(),
        )
    };
    match &args.command {
        None => show_config(cli, matches, cli.service.json),
        Some(ConfigCommand::Show(a)) => show_config(cli, matches, a.json || cli.service.json),
        Some(ConfigCommand::Profiles(a)) => profiles(&Config::load()?, a.json || cli.service.json),
        Some(ConfigCommand::SetSecret(a)) => set_secret(a, &paths),
        Some(ConfigCommand::Init) => {
            let path = paths
                .config
                .ok_or_else(|| Failure::usage("no config directory: set GLOSSA_CONFIG"))?;
            store::write_template(&path).map_err(|e| match e.kind() {
                std::io::ErrorKind::AlreadyExists => {
                    Failure::usage(format!("{} exists; not overwritten", path.display()))
                }
                _ => Failure::usage(format!("cannot write {}: {e}", path.display())),
            })?;
            Ok(format!("wrote {}\n", path.display()))
        }
        Some(ConfigCommand::Path) => Ok(format!(
            "config   {}\nsecrets  {}\n",
            show(&paths.config),
            show(&paths.secrets)
        )),
    }
}

fn show_config(cli: &Cli, matches: &ArgMatches, json: bool) -> Result<String, Failure> {
    let config = Config::load()?;
    let report = profile::report(cli, matches, &config)?;
    if json {
        return Ok(serde_json::to_string_pretty(&report).expect("a report serializes") + "\n");
    }
    Ok(human(&report))
}

fn human(r: &Report) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let path = |p: &Option<std::path::PathBuf>| {
        p.as_ref().map_or_else(
            || "(none: no config directory)".into(),
            |p| p.display().to_string(),
        )
    };
    let found = if r.config_found {
        ""
    } else {
        " (not found: no profiles)"
    };
    let _ = writeln!(s, "config file   {}{found}", path(&r.config_file));
    let _ = writeln!(
        s,
        "secrets file  {}{}",
        path(&r.secrets_file),
        secrets_state(r.secrets_file.as_deref())
    );
    let _ = match &r.profile {
        Some(c) => writeln!(s, "profile       {} ({})", c.name, c.why.describe()),
        None => writeln!(
            s,
            "profile       none (no --profile, GLOSSA_PROFILE or default): command line and defaults only"
        ),
    };
    let name_w = r.settings.iter().map(|x| x.name.len()).max().unwrap_or(0);
    let value_w = r
        .settings
        .iter()
        .map(|x| x.value.chars().count())
        .max()
        .unwrap_or(0)
        .min(48);
    let mut group = "";
    for x in &r.settings {
        if x.group != group {
            group = x.group;
            let _ = writeln!(s, "\n{group}");
        }
        let line = format!("  {:name_w$}  {:value_w$}  {}", x.name, x.value, x.source);
        let _ = writeln!(s, "{}", line.trim_end());
    }
    for n in &r.notes {
        let _ = writeln!(s, "\nnote: {n}");
    }
    s
}

/// ` (mode 0600)`, ` (not created yet)`.
fn secrets_state(path: Option<&std::path::Path>) -> String {
    let Some(meta) = path.and_then(|p| std::fs::metadata(p).ok()) else {
        return " (not created yet)".into();
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        format!(" (mode {:04o})", meta.permissions().mode() & 0o777)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        String::new()
    }
}

fn profiles(config: &Config, json: bool) -> Result<String, Failure> {
    let list = config.profiles();
    if json {
        return Ok(serde_json::to_string_pretty(&list).expect("profiles serialize") + "\n");
    }
    let w = list.iter().map(|p| p.name.len()).max().unwrap_or(0);
    Ok(list
        .iter()
        .map(|p| {
            let mark = if p.is_default { '*' } else { ' ' };
            let builtin = if p.builtin { " (built in)" } else { "" };
            format!("{mark} {:w$}  {:6}  {}{builtin}\n", p.name, p.kind, p.label)
        })
        .collect())
}

fn set_secret(a: &SetSecretArgs, paths: &Paths) -> Result<String, Failure> {
    if !store::valid_name(&a.profile) {
        return Err(Failure::usage(
            "a profile name is 1 to 64 letters, digits, '-', '_' or '.'",
        ));
    }
    let name = a.name.as_str();
    let value = read_value(&format!("{name} of profile {}: ", a.profile))?;
    let mut said = if a.keyring {
        keyring::set(&a.profile, a.name, &value).map_err(|e| Failure::usage(e.to_string()))?;
        format!(
            "stored in the OS keyring (service glossa, user {})",
            keyring::user(&a.profile, a.name)
        )
    } else {
        let path = paths
            .secrets
            .as_ref()
            .ok_or_else(|| Failure::usage("no config directory: set GLOSSA_SECRETS"))?;
        SecretsFile::new(path)
            .set(&a.profile, a.name, &value)
            .map_err(|e| Failure::usage(e.to_string()))?;
        format!("stored in {} (mode 0600)", path.display())
    };
    // Where the profile looks, when that is not where the secret went.
    let config = Config::load_from(paths.clone()).ok();
    let profile = config.as_ref().and_then(|c| c.profiles.get(&a.profile));
    let want = if a.keyring { "keyring" } else { "secrets" };
    match (config.is_some(), profile.map(|p| store::secret_source(p, a.name))) {
        (true, None) => said += &format!("; profile {} is not in the config file yet", a.profile),
        (_, Some(Some(src))) if src != want => {
            said += &format!(
                "; the profile reads its {name} from {src}: set {name} = \"{want}\" to use this one"
            );
        }
        (_, Some(None)) if a.keyring => {
            said += &format!("; set {name} = \"keyring\" in the profile to use it")
        }
        _ => {}
    }
    Ok(format!("{said}\n"))
}

/// One line from stdin, without echo when it is a terminal; the line end dropped.
fn read_value(prompt: &str) -> Result<Secret, Failure> {
    let line = if std::io::stdin().is_terminal() {
        rpassword::prompt_password(prompt)
            .map_err(|e| Failure::usage(format!("cannot read the terminal: {e}")))?
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| Failure::usage(format!("cannot read stdin: {e}")))?;
        line
    };
    let value = line.trim_end_matches(['\n', '\r']);
    if value.trim().is_empty() {
        return Err(Failure::usage("nothing to store: the value read was empty"));
    }
    Ok(Secret::new(value))
}
