//! Setting by setting: keep what the command line gave, else take the
//! profile's, else the default; record where each came from when reporting.
//!
//! A profile's credentials go only where the profile points: when the
//! endpoint (or a management URL) was given on the command line and differs
//! from the profile's, its key and tokens are not used — a default profile's
//! key must not follow a one-off `--endpoint` to another service.

mod secret;

use super::{Given, Source};
use crate::client::AuthMode;
use crate::client::manage::SignIn;
use crate::session::{Failure, ServiceSettings, WorkbenchSettings};
use crate::store::config::{Config, Profile, TokenSetting};
use crate::store::secrets::SecretName;

/// One setting as `glossa config` shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Setting {
    pub group: &'static str,
    pub name: &'static str,
    /// The value; for a secret only `set`, `not set`, `not used` or `unavailable`.
    pub value: String,
    /// `flag`, `env VAR`, `profile NAME`, `default`, a secret's store, or why not.
    pub source: String,
}

/// Whether a run needs a secret, or why not.
enum Need {
    Yes,
    No(&'static str),
}

/// Fills settings from a profile, setting by setting.
pub struct Filler<'a> {
    config: &'a Config,
    profile: Option<(&'a str, &'a Profile)>,
    given: Option<&'a dyn Given>,
    /// Reporting: every setting recorded, secrets read to say whether they are set.
    report: Option<Vec<Setting>>,
    notes: Vec<String>,
    group: &'static str,
}

impl<'a> Filler<'a> {
    pub fn new(
        config: &'a Config,
        profile: Option<(&'a str, &'a Profile)>,
        given: Option<&'a dyn Given>,
        reporting: bool,
    ) -> Self {
        Self {
            config,
            profile,
            given,
            report: reporting.then(Vec::new),
            notes: Vec::new(),
            group: "",
        }
    }

    pub fn finish(self) -> (Vec<Setting>, Vec<String>) {
        (self.report.unwrap_or_default(), self.notes)
    }

    fn record(&mut self, name: &'static str, value: impl Into<String>, source: impl Into<String>) {
        let group = self.group;
        if let Some(r) = &mut self.report {
            r.push(Setting {
                group,
                name,
                value: value.into(),
                source: source.into(),
            });
        }
    }

    /// `flag` or `env VAR` for an option the command line has a value for.
    fn given_source(&self, id: &str, env: Option<&str>) -> String {
        match (self.given.and_then(|m| m.source(id)), env) {
            (Some(Source::Env), Some(var)) => format!("env {var}"),
            (Some(Source::Default), _) => "default".into(),
            _ => "flag".into(),
        }
    }

    fn profile_source(&self) -> String {
        self.profile
            .map_or_else(String::new, |(n, _)| format!("profile {n}"))
    }

    /// An optional setting: given, else the profile's, else `default` (shown only).
    fn fill<T: Clone>(
        &mut self,
        id: &'static str,
        env: Option<&str>,
        slot: &mut Option<T>,
        from: Option<&T>,
        default: Option<&str>,
        show: impl Fn(&T) -> String,
    ) {
        let source = match (&*slot, from) {
            (Some(_), _) => self.given_source(id, env),
            (None, Some(v)) => {
                *slot = Some(v.clone());
                self.profile_source()
            }
            (None, None) => default.map_or_else(String::new, |_| "default".into()),
        };
        let value = slot.as_ref().map(show).or(default.map(str::to_owned));
        self.record(id, value.unwrap_or_else(|| "not set".into()), source);
    }

    /// A setting with a command-line default: the profile's replaces the default.
    fn fill_defaulted<T: Copy + ToString>(&mut self, id: &'static str, slot: &mut T, from: Option<T>) {
        let given = matches!(
            self.given.and_then(|m| m.source(id)),
            Some(Source::Flag | Source::Env)
        );
        let source = match from {
            _ if given => self.given_source(id, None),
            Some(v) => {
                *slot = v;
                self.profile_source()
            }
            None => "default".into(),
        };
        self.record(id, slot.to_string(), source);
    }

    /// The Translator options.
    pub fn service(&mut self, a: &mut ServiceSettings) -> Result<(), Failure> {
        self.group = "translator";
        let p = self.profile.map(|(_, p)| p);
        let given_endpoint = a.endpoint.clone();
        let s = String::clone;
        let local = "(embedded local engine)";
        self.fill(
            "endpoint",
            Some("GLOSSA_ENDPOINT"),
            &mut a.endpoint,
            p.and_then(|p| p.endpoint.as_ref()),
            Some(local),
            s,
        );
        let applies = given_endpoint.is_none() || p.is_some_and(|p| p.endpoint == given_endpoint);
        if !applies && let Some((name, _)) = self.profile {
            self.notes.push(format!(
                "the endpoint is not profile {name}'s: its key and token are not used"
            ));
        }
        self.fill(
            "region",
            Some("GLOSSA_REGION"),
            &mut a.region,
            p.and_then(|p| p.region.as_ref()),
            None,
            s,
        );
        let auth = |m: &AuthMode| format!("{m:?}").to_lowercase();
        self.fill(
            "auth",
            None,
            &mut a.auth,
            p.and_then(|p| p.auth.as_ref()),
            Some("key"),
            auth,
        );
        let in_query = p.and_then(|p| p.key_in_query);
        let (q, qs) = match (a.key_in_query, in_query) {
            (true, _) => (true, self.given_source("key_in_query", None)),
            (false, Some(v)) => (v, self.profile_source()),
            (false, None) => (false, "default".into()),
        };
        a.key_in_query = q;
        self.record("key_in_query", q.to_string(), qs);
        let token_service = Some("(the endpoint's token service)");
        self.fill(
            "auth_url",
            None,
            &mut a.auth_url,
            p.and_then(|p| p.auth_url.as_ref()),
            token_service,
            s,
        );
        self.fill(
            "resource_id",
            None,
            &mut a.resource_id,
            p.and_then(|p| p.resource_id.as_ref()),
            None,
            s,
        );
        let n = |v: &dyn ToString| v.to_string();
        self.fill(
            "attempts",
            None,
            &mut a.attempts,
            p.and_then(|p| p.attempts.as_ref()),
            Some("6"),
            |v| n(v),
        );
        self.fill(
            "deadline",
            None,
            &mut a.deadline,
            p.and_then(|p| p.deadline.as_ref()),
            Some("120"),
            |v| n(v),
        );
        let conc = p.and_then(|p| p.concurrency.as_ref());
        self.fill("concurrency", None, &mut a.concurrency, conc, Some("4"), |v| n(v));
        let (remote, bearer) = (a.endpoint.is_some(), a.auth == Some(AuthMode::Bearer));
        let not_local = "the embedded local engine makes its own";
        let key_need = match (remote, bearer) {
            (false, _) => Need::No(not_local),
            (true, true) => Need::No("auth bearer uses the token"),
            (true, false) => Need::Yes,
        };
        let token_need = match (remote, bearer) {
            (false, _) => Need::No(not_local),
            (true, false) => Need::No("only with auth bearer"),
            (true, true) => Need::Yes,
        };
        let (key, token) = (p.and_then(|p| p.key.as_ref()), p.and_then(|p| p.token.as_ref()));
        self.secret(
            "key",
            SecretName::Key,
            "GLOSSA_KEY",
            &mut a.key,
            key,
            applies,
            key_need,
        )?;
        self.secret(
            "token",
            SecretName::Token,
            "GLOSSA_TOKEN",
            &mut a.token,
            token,
            applies,
            token_need,
        )
    }

    /// The Manage tab's (and management commands') options; `translator_remote`:
    /// whether the workbench's translator is remote (then so is management).
    pub fn workbench(&mut self, w: &mut WorkbenchSettings, translator_remote: bool) -> Result<(), Failure> {
        self.group = "management";
        let p = self.profile.map(|(_, p)| p);
        let m = p.and_then(|p| p.management.as_ref());
        let given = (w.management_url.clone(), w.lcs_url.clone());
        let s = String::clone;
        let sandbox = (!translator_remote).then_some("(local sandbox)");
        let arm = sandbox.or(Some(crate::client::manage::MANAGEMENT_URL));
        let url = m.and_then(|m| m.url.as_ref());
        self.fill(
            "management_url",
            Some("GLOSSA_MANAGEMENT_URL"),
            &mut w.management_url,
            url,
            arm,
            s,
        );
        let lcs = sandbox.or(Some(crate::client::manage::LCS_URL));
        self.fill(
            "lcs_url",
            Some("GLOSSA_LCS_URL"),
            &mut w.lcs_url,
            m.and_then(|m| m.lcs_url.as_ref()),
            lcs,
            s,
        );
        let login = Some(crate::client::manage::auth::LOGIN_URL);
        self.fill(
            "login_url",
            None,
            &mut w.login_url,
            m.and_then(|m| m.login_url.as_ref()),
            login,
            s,
        );
        let same = |given: &Option<String>, own: Option<&String>| given.is_none() || given.as_ref() == own;
        let applies = same(&given.0, m.and_then(|m| m.url.as_ref()))
            && same(&given.1, m.and_then(|m| m.lcs_url.as_ref()));
        let remote = translator_remote || w.management_url.is_some() || w.lcs_url.is_some();
        let need = if remote {
            Need::Yes
        } else {
            Need::No("the local sandbox mints its own")
        };
        let token = m.and_then(|m| m.token.as_ref());
        match token {
            Some(TokenSetting::AzureCli | TokenSetting::DeviceCode)
                if w.management_token.is_none() && applies =>
            {
                let (sign_in, name) = match token {
                    Some(TokenSetting::AzureCli) => (SignIn::AzureCli, "azure-cli sign-in"),
                    _ => (SignIn::DeviceCode, "device-code sign-in"),
                };
                w.sign_in = Some(sign_in);
                let from = self.profile_source();
                self.record("management_token", name, from);
            }
            _ => {
                let source = match token {
                    Some(TokenSetting::Stored(s)) => Some(s),
                    _ => None,
                };
                let (which, env) = (SecretName::ManagementToken, "GLOSSA_MANAGEMENT_TOKEN");
                self.secret(
                    "management_token",
                    which,
                    env,
                    &mut w.management_token,
                    source,
                    applies,
                    need,
                )?;
            }
        }
        let demo = sandbox.map(|_| "(local sandbox's)");
        let v = |f: fn(&crate::store::config::Management) -> Option<&String>| m.and_then(f);
        self.fill(
            "subscription",
            Some("GLOSSA_SUBSCRIPTION"),
            &mut w.subscription,
            v(|m| m.subscription.as_ref()),
            demo,
            s,
        );
        let group = v(|m| m.resource_group.as_ref());
        self.fill(
            "resource_group",
            Some("GLOSSA_RESOURCE_GROUP"),
            &mut w.resource_group,
            group,
            demo,
            s,
        );
        let account = v(|m| m.share_account.as_ref());
        self.fill(
            "share_account",
            Some("GLOSSA_SHARE_ACCOUNT"),
            &mut w.share_account,
            account,
            demo,
            s,
        );
        self.fill(
            "share",
            Some("GLOSSA_SHARE"),
            &mut w.share,
            v(|m| m.share.as_ref()),
            demo,
            s,
        );
        self.fill(
            "project",
            Some("GLOSSA_LCS_PROJECT"),
            &mut w.project,
            v(|m| m.project.as_ref()),
            demo,
            s,
        );
        self.fill_defaulted(
            "sync_interval",
            &mut w.sync_interval,
            m.and_then(|m| m.sync_interval),
        );
        self.group = "local engine";
        self.fill_defaulted("time_scale", &mut w.time_scale, p.and_then(|p| p.time_scale));
        Ok(())
    }
}
