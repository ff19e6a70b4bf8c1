//! The command line (clap). `glossa` alone will open the TUI; `glossa serve`
//! runs the local service; the one-shot commands (`translate`, `lookup`, …)
//! call a Translator service through the client and print the answer
//! (`oneshot.rs` runs them, `human.rs` formats them for people).

pub mod config_cmd;
pub mod data;
mod data_args;
pub mod history;
mod human;
pub mod manage;
mod manage_args;
mod manage_bulk;
mod manage_conn;
mod manage_lists;
mod manage_out;
mod manage_view;
pub mod oneshot;
pub mod profile;
pub mod sandbox_cmd;
mod serve_args;
mod settings;
mod table_io;
pub mod themes;

use clap::{Args, Parser, Subcommand};

pub use self::config_cmd::{ConfigArgs, ConfigCommand};
pub use self::data_args::*;
pub use self::manage_args::*;
use self::serve_args::parse_time_scale;
pub use self::serve_args::{EXPOSED_KEY_MIN, ServeArgs};
use crate::api::Secret;
use crate::client::AuthMode;
use crate::client::manage::SignIn;
use crate::session::DEFAULT_SYNC_INTERVAL;

#[derive(Debug, Parser)]
#[command(
    name = "glossa",
    version,
    about = "A terminal workbench for the Translator Text API v3.0"
)]
pub struct Cli {
    /// Print the bundled data sets with their sources, licenses and authors, and exit.
    #[arg(long)]
    pub about: bool,
    /// The config file's profile to use (without it, the file's `default`, else the embedded
    /// local engine); `glossa config profiles` lists them.
    #[arg(long, global = true, env = "GLOSSA_PROFILE", value_name = "NAME")]
    pub profile: Option<String>,
    #[command(flatten)]
    pub service: ServiceArgs,
    #[command(flatten)]
    pub workbench: WorkbenchArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options of the workbench alone (`glossa` with no command): where its
/// Manage tab goes and how the embedded local service runs.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = "Workbench")]
pub struct WorkbenchArgs {
    /// The resource-management (ARM) base URL of the Manage tab; without it (and without
    /// --lcs-url) the local service's sandbox answers when no --endpoint is given, else
    /// https://management.azure.com.
    #[arg(long, value_name = "URL", env = "GLOSSA_MANAGEMENT_URL")]
    pub management_url: Option<String>,
    /// The LCS API base URL of the Manage tab [default: https://lcsapi.lcs.dynamics.com].
    #[arg(long, value_name = "URL", env = "GLOSSA_LCS_URL")]
    pub lcs_url: Option<String>,
    /// A bearer token for the management endpoints (prefer GLOSSA_MANAGEMENT_TOKEN); without
    /// it the Azure CLI is asked when installed, else the device code sign-in runs.
    #[arg(long, env = "GLOSSA_MANAGEMENT_TOKEN", hide_env_values = true)]
    pub management_token: Option<Secret>,
    /// The directory sign-in address for the device code flow [default: https://login.microsoftonline.com].
    #[arg(long, value_name = "URL")]
    pub login_url: Option<String>,
    /// Subscription of the Manage tab's share and VMs [local sandbox: 11111111-1111-1111-1111-111111111111].
    #[arg(long, value_name = "ID", env = "GLOSSA_SUBSCRIPTION")]
    pub subscription: Option<String>,
    /// Resource group of the share and VMs [local sandbox: demo-rg].
    #[arg(long, value_name = "NAME", env = "GLOSSA_RESOURCE_GROUP")]
    pub resource_group: Option<String>,
    /// Data share account [local sandbox: demo-account].
    #[arg(long, value_name = "NAME", env = "GLOSSA_SHARE_ACCOUNT")]
    pub share_account: Option<String>,
    /// Share whose synchronizations are listed [local sandbox: sales-share].
    #[arg(long, value_name = "NAME", env = "GLOSSA_SHARE")]
    pub share: Option<String>,
    /// LCS project id of the refresh form [local sandbox: 1234567].
    #[arg(long, value_name = "ID", env = "GLOSSA_LCS_PROJECT")]
    pub project: Option<String>,
    /// Seconds between auto-refreshes of the synchronizations list.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_SYNC_INTERVAL, value_parser = clap::value_parser!(u64).range(2..=3600))]
    pub sync_interval: u64,
    /// Run the embedded local service's sandbox clock N times faster (demos, tests).
    #[arg(long, value_name = "N", default_value_t = 1.0, value_parser = parse_time_scale)]
    pub time_scale: f64,
    /// The colour theme: dark, light, high-contrast, monochrome, a theme file's name in the
    /// config directory's themes/, or a theme file's path [default: the config file's
    /// `theme`, else dark]. NO_COLOR always wins; `glossa themes` lists them.
    #[arg(long, value_name = "NAME|PATH", env = "GLOSSA_THEME")]
    pub theme: Option<String>,
    /// A text file to open as the source; Ctrl+S saves each target next to it
    /// (`notes.txt` → `notes.ja.txt`). An .html or .htm file is translated as HTML.
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// The sign-in a profile asked for when there is no management token.
    #[arg(skip)]
    pub sign_in: Option<SignIn>,
}

/// How the client reaches a service: options of the TUI and of every
/// one-shot command (given before or after the command name).
#[derive(Clone, Debug, Default, Args)]
pub struct ServiceArgs {
    /// The Translator endpoint, e.g. https://api.cognitive.microsofttranslator.com or a
    /// custom endpoint; without one, a local service is started in-process.
    #[arg(long, env = "GLOSSA_ENDPOINT", value_name = "URL")]
    pub endpoint: Option<String>,
    /// Subscription key (prefer GLOSSA_KEY: a flag shows in `ps` and shell history).
    #[arg(long, env = "GLOSSA_KEY", hide_env_values = true)]
    pub key: Option<Secret>,
    /// A directory-issued bearer token, for --auth bearer (prefer GLOSSA_TOKEN).
    #[arg(long, env = "GLOSSA_TOKEN", hide_env_values = true)]
    pub token: Option<Secret>,
    /// Region of a regional or multi-service resource.
    #[arg(long, env = "GLOSSA_REGION")]
    pub region: Option<String>,
    /// key: the key on every request; token: the key exchanged for 10-minute tokens;
    /// bearer: a directory token (--token), with --resource-id against the global endpoint.
    #[arg(long, value_enum, value_name = "MODE")]
    pub auth: Option<AuthMode>,
    /// Send the key and region as Subscription-Key / Subscription-Region query parameters.
    #[arg(long)]
    pub key_in_query: bool,
    /// Base URL of the token service (default: Microsoft's global or regional one, or the endpoint's own).
    #[arg(long, value_name = "URL")]
    pub auth_url: Option<String>,
    /// Resource id for a directory bearer token (Ocp-Apim-ResourceId).
    #[arg(long, value_name = "ID")]
    pub resource_id: Option<String>,
    /// Print the service's JSON (one result per input element, in order).
    #[arg(long)]
    pub json: bool,
    /// Log every request (method, path, status, time, X-RequestId) to stderr.
    #[arg(long, short)]
    pub verbose: bool,
    /// Attempts per request, the first included [default: 6].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub attempts: Option<u32>,
    /// The most seconds one request may take, retries included [default: 120].
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub deadline: Option<u64>,
    /// Most requests on the wire at once [default: 4].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub concurrency: Option<u16>,
}

impl ServiceArgs {
    /// These options, with those given before the command name filling the gaps.
    pub fn or(self, top: &ServiceArgs) -> ServiceArgs {
        ServiceArgs {
            endpoint: self.endpoint.or_else(|| top.endpoint.clone()),
            key: self.key.or_else(|| top.key.clone()),
            token: self.token.or_else(|| top.token.clone()),
            region: self.region.or_else(|| top.region.clone()),
            auth: self.auth.or(top.auth),
            key_in_query: self.key_in_query || top.key_in_query,
            auth_url: self.auth_url.or_else(|| top.auth_url.clone()),
            resource_id: self.resource_id.or_else(|| top.resource_id.clone()),
            json: self.json || top.json,
            verbose: self.verbose || top.verbose,
            attempts: self.attempts.or(top.attempts),
            deadline: self.deadline.or(top.deadline),
            concurrency: self.concurrency.or(top.concurrency),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the local Translator service (offline engine) for any client.
    Serve(ServeArgs),
    /// Translate text into one or more languages.
    Translate(TranslateArgs),
    /// The languages of translation, transliteration and the dictionary.
    Languages(LanguagesArgs),
    /// Dictionary alternatives of words or short phrases.
    Lookup(LookupArgs),
    /// Example sentences of a term and its translation.
    Examples(ExamplesArgs),
    /// Convert text from one script to another.
    Transliterate(TransliterateArgs),
    /// Identify the language of text.
    Detect(DetectArgs),
    /// Translate whatever is copied, as it is copied (until Ctrl+C): one result per copy.
    WatchClipboard(WatchClipboardArgs),
    /// Sentence boundaries of text.
    Breaksentence(BreakSentenceArgs),
    /// An access token for the key (token service); printed only when piped or with --show.
    Token(TokenArgs),
    /// Data share synchronization runs (Azure Data Share).
    Syncs(SyncsArgs),
    /// Database refresh between two environments (LCS database movement).
    Refresh(RefreshArgs),
    /// Migrate a VM, or the VMs of an availability set, to a flexible scale set (Compute).
    Migrate(MigrateArgs),
    /// The shares of a Data Share account.
    Shares(SharesArgs),
    /// The VMs of a resource group or of an availability set (Compute).
    Vms(VmsArgs),
    /// LCS environment ids used before (LCS offers no listing).
    Environments(EnvironmentsArgs),
    /// Export the history, the glossary or the dictionary look-ups (CSV, TSV, JSON).
    Export(ExportArgs),
    /// Import a glossary from CSV, TSV or JSON.
    Import(ImportArgs),
    /// The glossary: forced translations per language pair (list, add, remove).
    Glossary(GlossaryArgs),
    /// The configuration: profiles, secrets, and where each setting comes from.
    Config(ConfigArgs),
    /// List or search the translations and look-ups recorded (newest first).
    History(history::HistoryArgs),
    /// The local service's kept state: where it is, and `reset` to start afresh.
    Sandbox(sandbox_cmd::SandboxArgs),
    /// The workbench's themes (built-in and the config directory's themes/*.toml), checked.
    Themes,
}

impl Command {
    /// `export`, `import` or `glossary`: the user's store, no service.
    pub fn is_data(&self) -> bool {
        matches!(
            self,
            Command::Export(_) | Command::Import(_) | Command::Glossary(_)
        )
    }

    /// `syncs`, `refresh`, `migrate`, `shares`, `vms` or `environments`.
    pub fn is_management(&self) -> bool {
        matches!(
            self,
            Command::Syncs(_)
                | Command::Refresh(_)
                | Command::Migrate(_)
                | Command::Shares(_)
                | Command::Vms(_)
                | Command::Environments(_)
        )
    }
}

/// Text from the arguments, or with `-` from stdin, one element per line.
#[derive(Debug, Args)]
pub struct TextArgs {
    /// The texts, one element each; `-` reads stdin, one element per line.
    #[arg(value_name = "TEXT", required = true)]
    pub text: Vec<String>,
}

#[derive(Debug, Args)]
pub struct DetectArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[command(flatten)]
    pub input: TextArgs,
}

#[derive(Debug, Args)]
pub struct TranslateArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[command(flatten)]
    pub langs: LangArgs,
    /// The text is HTML (markup kept).
    #[arg(long)]
    pub html: bool,
    /// A custom translator category id.
    #[arg(long)]
    pub category: Option<String>,
    #[arg(long, value_enum, default_value_t = Profanity::NoAction)]
    pub profanity_action: Profanity,
    #[arg(long, value_enum, default_value_t = Marker::Asterisk)]
    pub profanity_marker: Marker,
    /// Ask for the word alignment.
    #[arg(long)]
    pub alignment: bool,
    /// Ask for sentence lengths.
    #[arg(long)]
    pub sentence_length: bool,
    /// Fallback language when detection fails.
    #[arg(long, value_name = "LANG")]
    pub suggested_from: Option<String>,
    /// Script of the input text.
    #[arg(long, value_name = "SCRIPT")]
    pub from_script: Option<String>,
    /// Script of each target, in the order of --to (give one per target).
    #[arg(long, value_name = "SCRIPT")]
    pub to_script: Vec<String>,
    /// Fail instead of falling back to the general system when a category has no system.
    #[arg(long)]
    pub no_fallback: bool,
    /// Do not force the glossary's translations (applied with --from, as dynamic
    /// dictionary markup, unless --from-script is given).
    #[arg(long)]
    pub no_glossary: bool,
    /// Do not record this translation in the history (recorded only when stdout is a terminal).
    #[arg(long)]
    pub no_history: bool,
    /// Translate each target back into the source language and mark («…») the words
    /// that differ from the source (`--json`: a `roundTrip` field per target).
    #[arg(long)]
    pub round_trip: bool,
    #[command(flatten)]
    pub input: TextArgs,
}

#[derive(Args, Debug, Clone)]
pub struct WatchClipboardArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[command(flatten)]
    pub langs: LangArgs,
}

/// The languages of a translation, for `translate` and `watch-clipboard`.
#[derive(Args, Debug, Clone)]
pub struct LangArgs {
    /// Target language (repeat for several).
    #[arg(long, short, required = true, value_name = "LANG")]
    pub to: Vec<String>,
    /// Source language; without it the service detects it.
    #[arg(long, short, value_name = "LANG")]
    pub from: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Profanity {
    #[value(name = "NoAction")]
    NoAction,
    #[value(name = "Marked")]
    Marked,
    #[value(name = "Deleted")]
    Deleted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Marker {
    #[value(name = "Asterisk")]
    Asterisk,
    #[value(name = "Tag")]
    Tag,
}

#[derive(Debug, Args)]
pub struct LanguagesArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    /// Groups to list: translation, transliteration, dictionary (comma-separated; default all).
    #[arg(long, value_delimiter = ',')]
    pub scope: Vec<String>,
    /// Language of the names (Accept-Language), e.g. de.
    #[arg(long, value_name = "LANG")]
    pub accept_language: Option<String>,
    /// Ask the service even when the cached copy is younger than a day.
    #[arg(long)]
    pub fresh: bool,
}

#[derive(Debug, Args)]
pub struct LookupArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[arg(long, short, value_name = "LANG")]
    pub from: String,
    #[arg(long, short, value_name = "LANG")]
    pub to: String,
    /// Do not record the look-ups in the history (recorded only when stdout is a terminal).
    #[arg(long)]
    pub no_history: bool,
    #[command(flatten)]
    pub input: TextArgs,
}

#[derive(Debug, Args)]
pub struct ExamplesArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[arg(long, short, value_name = "LANG")]
    pub from: String,
    #[arg(long, short, value_name = "LANG")]
    pub to: String,
    /// TERM TRANSLATION pairs; `-` reads stdin lines of `term<TAB>translation`.
    #[arg(value_name = "TERM TRANSLATION", required = true)]
    pub pairs: Vec<String>,
}

#[derive(Debug, Args)]
pub struct TransliterateArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[arg(long, short, value_name = "LANG")]
    pub language: String,
    #[arg(long, value_name = "SCRIPT")]
    pub from_script: String,
    #[arg(long, value_name = "SCRIPT")]
    pub to_script: String,
    #[command(flatten)]
    pub input: TextArgs,
}

#[derive(Debug, Args)]
pub struct BreakSentenceArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    #[arg(long, short, value_name = "LANG")]
    pub language: Option<String>,
    #[arg(long, value_name = "SCRIPT")]
    pub script: Option<String>,
    #[command(flatten)]
    pub input: TextArgs,
}

#[derive(Debug, Args)]
pub struct TokenArgs {
    #[command(flatten)]
    pub service: ServiceArgs,
    /// Print the token even when stdout is a terminal.
    #[arg(long)]
    pub show: bool,
}
