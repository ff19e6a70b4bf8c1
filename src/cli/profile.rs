//! Profiles applied to the command line: a flag wins over its `GLOSSA_*`
//! environment variable, which wins over the chosen profile, which wins over
//! the built-in default.
//!
//! `main` loads the [`Config`] and calls [`resolve`], which fills the gaps of
//! the parsed [`Cli`] (the TUI's, a one-shot command's or a management
//! command's options) from the profile named by `--profile` / `GLOSSA_PROFILE`,
//! else the file's `default`. With neither, nothing changes: no file, no
//! profile, today's behaviour. Secrets are read from their source only when the
//! run needs them (a remote endpoint without a key given). [`report`] is the
//! same resolution, recorded setting by setting for `glossa config`. The
//! filling itself is `session::profile`'s, over the options as settings.

use clap::ArgMatches;
use clap::parser::ValueSource;

use super::{
    Cli, Command, EnvironmentsCommand, ManageArgs, MigrateCommand, RefreshCommand, ServiceArgs,
    SharesCommand, SyncsCommand, VmsCommand,
};
use crate::session::profile::Filler;
pub use crate::session::profile::Setting;
use crate::session::{Failure, WorkbenchSettings};
use crate::store::config::Config;

/// Why this profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Why {
    /// `--profile NAME`
    Flag,
    /// `GLOSSA_PROFILE`
    Env,
    /// The config file's `default`.
    FileDefault,
}

impl Why {
    pub fn describe(self) -> &'static str {
        match self {
            Why::Flag => "--profile",
            Why::Env => "GLOSSA_PROFILE",
            Why::FileDefault => "the config file's default",
        }
    }
}

/// The profile a run uses, and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Chosen {
    pub name: String,
    pub why: Why,
}

/// The profile asked for (checked to exist), if any.
pub fn choose(cli: &Cli, matches: &ArgMatches, config: &Config) -> Result<Option<Chosen>, Failure> {
    let chosen = match (&cli.profile, &config.default) {
        (Some(name), _) => {
            let why = match matches.value_source("profile") {
                Some(ValueSource::EnvVariable) => Why::Env,
                _ => Why::Flag,
            };
            Chosen {
                name: name.clone(),
                why,
            }
        }
        (None, Some(name)) => Chosen {
            name: name.clone(),
            why: Why::FileDefault,
        },
        (None, None) => return Ok(None),
    };
    config.profile(&chosen.name)?;
    Ok(Some(chosen))
}

/// Fills the gaps of `cli` from the chosen profile; returns that profile.
pub fn resolve(cli: &mut Cli, matches: &ArgMatches, config: &Config) -> Result<Option<Chosen>, Failure> {
    let Some(chosen) = choose(cli, matches, config)? else {
        return Ok(None);
    };
    let profile = config.profile(&chosen.name)?;
    let mut f = Filler::new(config, Some((&chosen.name, profile)), Some(matches), false);
    match &mut cli.command {
        None => {
            let (mut service, mut workbench) = (cli.service.settings(), cli.workbench.settings());
            f.service(&mut service)?;
            f.workbench(&mut workbench, service.endpoint.is_some())?;
            cli.service.set(service);
            cli.workbench.set(workbench);
        }
        Some(Command::Serve(_) | Command::Config(_)) => {}
        Some(c) if c.is_management() => manage(&mut f, c, &mut cli.workbench.time_scale)?,
        Some(c) => {
            if let Some(own) = service_args(c) {
                // The command's own options first, then those before its name.
                let mut merged = own.clone().or(&cli.service);
                let mut settings = merged.settings();
                f.service(&mut settings)?;
                merged.set(settings);
                *own = merged.clone();
                cli.service = merged;
            }
        }
    }
    Ok(Some(chosen))
}

/// What `glossa config show` prints.
#[derive(Debug, serde::Serialize)]
pub struct Report {
    pub config_file: Option<std::path::PathBuf>,
    pub config_found: bool,
    pub secrets_file: Option<std::path::PathBuf>,
    pub profile: Option<Chosen>,
    pub settings: Vec<Setting>,
    pub notes: Vec<String>,
}

/// The effective configuration of `glossa` (the workbench) with these
/// options, each setting with its source; secrets only as set or not.
pub fn report(cli: &Cli, matches: &ArgMatches, config: &Config) -> Result<Report, Failure> {
    let chosen = choose(cli, matches, config)?;
    let profile = match &chosen {
        Some(c) => Some((c.name.as_str(), config.profile(&c.name)?)),
        None => None,
    };
    let mut f = Filler::new(config, profile, Some(matches), true);
    let (mut service, mut workbench) = (cli.service.settings(), cli.workbench.settings());
    f.service(&mut service)?;
    f.workbench(&mut workbench, service.endpoint.is_some())?;
    let (settings, notes) = f.finish();
    Ok(Report {
        config_file: config.paths.config.clone(),
        config_found: config.found,
        secrets_file: config.paths.secrets.clone(),
        profile: chosen,
        settings,
        notes,
    })
}

/// A one-shot command's own service options.
fn service_args(c: &mut Command) -> Option<&mut ServiceArgs> {
    Some(match c {
        Command::Translate(a) => &mut a.service,
        Command::Languages(a) => &mut a.service,
        Command::Lookup(a) => &mut a.service,
        Command::Examples(a) => &mut a.service,
        Command::Transliterate(a) => &mut a.service,
        Command::Detect(a) => &mut a.service,
        Command::Breaksentence(a) => &mut a.service,
        Command::Token(a) => &mut a.service,
        _ => return None,
    })
}

/// The path options a management command has.
#[derive(Default)]
struct PathOptions<'a> {
    subscription: Option<&'a mut Option<String>>,
    resource_group: Option<&'a mut Option<String>>,
    account: Option<&'a mut Option<String>>,
    share: Option<&'a mut Option<String>>,
    project: Option<&'a mut Option<String>>,
}

/// The management commands: their endpoints, token and path options,
/// and the in-process sandbox's `time_scale` (the option before the command name).
fn manage(f: &mut Filler, c: &mut Command, time_scale: &mut f64) -> Result<(), Failure> {
    let (args, mut paths): (&mut ManageArgs, PathOptions) = match c {
        Command::Syncs(a) => match &mut a.command {
            SyncsCommand::List(l) => (
                &mut l.manage,
                PathOptions {
                    subscription: Some(&mut l.subscription),
                    resource_group: Some(&mut l.resource_group),
                    account: Some(&mut l.account),
                    share: Some(&mut l.share),
                    project: None,
                },
            ),
        },
        Command::Refresh(a) => match &mut a.command {
            RefreshCommand::Start(s) => (
                &mut s.manage,
                PathOptions {
                    project: Some(&mut s.project),
                    ..Default::default()
                },
            ),
            RefreshCommand::Status(s) => (
                &mut s.manage,
                PathOptions {
                    project: Some(&mut s.project),
                    ..Default::default()
                },
            ),
        },
        Command::Migrate(a) => match &mut a.command {
            MigrateCommand::Start(s) => (
                &mut s.manage,
                PathOptions {
                    subscription: Some(&mut s.subscription),
                    resource_group: Some(&mut s.resource_group),
                    ..Default::default()
                },
            ),
            MigrateCommand::Status(s) => (&mut s.manage, PathOptions::default()),
            MigrateCommand::Watch(s) => (&mut s.manage, PathOptions::default()),
        },
        Command::Shares(a) => match &mut a.command {
            SharesCommand::List(l) => (
                &mut l.manage,
                PathOptions {
                    subscription: Some(&mut l.subscription),
                    resource_group: Some(&mut l.resource_group),
                    account: Some(&mut l.account),
                    ..Default::default()
                },
            ),
        },
        Command::Vms(a) => match &mut a.command {
            VmsCommand::List(l) => (
                &mut l.manage,
                PathOptions {
                    subscription: Some(&mut l.subscription),
                    resource_group: Some(&mut l.resource_group),
                    ..Default::default()
                },
            ),
        },
        Command::Environments(a) => match &mut a.command {
            EnvironmentsCommand::List(l) => (
                &mut l.manage,
                PathOptions {
                    project: Some(&mut l.project),
                    ..Default::default()
                },
            ),
        },
        _ => return Ok(()),
    };
    let take = |o: &Option<&mut Option<String>>| o.as_ref().and_then(|v| (**v).clone());
    let mut w = WorkbenchSettings {
        management_url: args.management_url.clone(),
        lcs_url: args.lcs_url.clone(),
        management_token: args.token.clone(),
        login_url: args.login_url.clone(),
        subscription: take(&paths.subscription),
        resource_group: take(&paths.resource_group),
        share_account: take(&paths.account),
        share: take(&paths.share),
        project: take(&paths.project),
        time_scale: *time_scale,
        ..WorkbenchSettings::default()
    };
    f.workbench(&mut w, false)?;
    *time_scale = w.time_scale;
    args.management_url = w.management_url;
    args.lcs_url = w.lcs_url;
    args.token = w.management_token;
    args.login_url = w.login_url;
    args.sign_in = w.sign_in;
    let put = |slot: &mut Option<&mut Option<String>>, v: Option<String>| {
        if let Some(s) = slot {
            **s = v;
        }
    };
    put(&mut paths.subscription, w.subscription);
    put(&mut paths.resource_group, w.resource_group);
    put(&mut paths.account, w.share_account);
    put(&mut paths.share, w.share);
    put(&mut paths.project, w.project);
    Ok(())
}

#[cfg(test)]
#[path = "profile_tests.rs"]
mod tests;
