//! `glossa serve`: its options, and the rule that keeps the local service on
//! loopback unless it is exposed on purpose, with a key.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::api::ResourceId;
use crate::service::chaos::{self, ChaosConfig};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port. Loopback only unless
    /// --expose is given (with a --key).
    #[arg(long, default_value = "127.0.0.1:5000")]
    pub addr: SocketAddr,
    /// Allow --addr beyond loopback (another interface, 0.0.0.0, ::). Needs
    /// --key: an exposed service never takes just any key.
    #[arg(long)]
    pub expose: bool,
    /// Subscription key clients must present. Without one, any non-empty key
    /// is accepted. Prefer the environment variable: a flag shows in `ps`.
    #[arg(long, env = "GLOSSA_SERVE_KEY", hide_env_values = true)]
    pub key: Option<String>,
    /// Act as a regional / multi-service resource: keys must come with this region.
    #[arg(long)]
    pub region: Option<String>,
    /// The resource id directory-issued bearer tokens must name in
    /// Ocp-Apim-ResourceId: /subscriptions/<id>/resourceGroups/<group>/providers/<namespace>/accounts/<name>/
    #[arg(long, value_name = "ID")]
    pub resource_id: Option<ResourceId>,
    /// Directory for state kept across restarts (the token secret and the
    /// management sandbox's SQLite database); without it, state is in memory.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Run the management sandbox's clock N times faster (demos, tests).
    #[arg(long, value_name = "N", default_value_t = 1.0, value_parser = parse_time_scale)]
    pub time_scale: f64,
    /// Fail this fraction (0 to 1) of requests with a retryable fault: 429, 503,
    /// 500, a dropped connection or a slow answer, chosen uniformly.
    #[arg(long, value_name = "RATE", value_parser = chaos::parse_rate, allow_negative_numbers = true)]
    pub chaos: Option<f64>,
    /// Seed of the fault sequence (with --chaos); without it one is drawn and logged.
    #[arg(long, value_name = "N", requires = "chaos")]
    pub seed: Option<u64>,
    /// How long a slow answer waits, in milliseconds (with --chaos).
    #[arg(long, value_name = "MS", requires = "chaos", default_value_t = chaos::DEFAULT_DELAY_MS)]
    pub chaos_delay_ms: u64,
}

pub(crate) fn parse_time_scale(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1_000_000.0 => Ok(v),
        _ => Err(format!(
            "{s:?} is not a time scale (a number above 0, at most 1000000)"
        )),
    }
}

/// The shortest key an exposed service accepts (an Azure key has 32 characters).
pub const EXPOSED_KEY_MIN: usize = 16;

impl ServeArgs {
    /// A key given is not empty or only spaces (a client could never match
    /// it, or every client would: both are mistakes). Loopback by default:
    /// another address needs `--expose` and a key of at least
    /// [`EXPOSED_KEY_MIN`] characters. The message never quotes the key.
    pub fn check(&self) -> Result<(), String> {
        if self.key.as_deref().is_some_and(|k| k.trim().is_empty()) {
            return Err(
                "the key given by --key or GLOSSA_SERVE_KEY is empty or only spaces: \
                 give a real key, or neither to accept any non-empty key"
                    .into(),
            );
        }
        if self.addr.ip().is_loopback() {
            return Ok(());
        }
        let addr = self.addr;
        if !self.expose {
            return Err(format!(
                "{addr} is not a loopback address: listening there exposes the service to the network; \
                 add --expose and a --key (GLOSSA_SERVE_KEY) to mean it, or use 127.0.0.1"
            ));
        }
        match self.key.as_deref().map(str::trim) {
            None | Some("") => Err(format!(
                "--expose on {addr} needs a --key (or GLOSSA_SERVE_KEY): without one any key would be accepted"
            )),
            Some(k) if k.chars().count() < EXPOSED_KEY_MIN => Err(format!(
                "--expose needs a key of at least {EXPOSED_KEY_MIN} characters (the one given is shorter)"
            )),
            Some(_) => Ok(()),
        }
    }

    /// The fault injection asked for, if any.
    pub fn chaos_config(&self) -> Option<ChaosConfig> {
        self.chaos.map(|rate| ChaosConfig {
            rate,
            seed: self.seed,
            delay: Duration::from_millis(self.chaos_delay_ms),
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::cli::{Cli, Command};

    #[test]
    fn a_file_opens_the_workbench_on_it_and_commands_stay_commands() {
        let cli = Cli::try_parse_from(["glossa", "notes.txt"]).expect("parses");
        assert!(cli.command.is_none());
        assert_eq!(
            cli.workbench.file.as_deref(),
            Some(std::path::Path::new("notes.txt"))
        );
        let cli = Cli::try_parse_from(["glossa", "translate", "-t", "de", "x"]).expect("parses");
        assert!(
            matches!(cli.command, Some(Command::Translate(_))),
            "{:?}",
            cli.command
        );
        assert!(cli.workbench.file.is_none());
    }

    fn serve(args: &[&str]) -> super::ServeArgs {
        let argv = ["glossa", "serve"].iter().chain(args);
        match Cli::try_parse_from(argv).expect("parses").command {
            Some(Command::Serve(a)) => a,
            other => panic!("not serve: {other:?}"),
        }
    }

    #[test]
    fn loopback_needs_nothing_more() {
        for addr in ["127.0.0.1:0", "127.1.2.3:5000", "[::1]:5000"] {
            assert_eq!(serve(&["--addr", addr]).check(), Ok(()), "{addr}");
        }
        assert_eq!(serve(&[]).check(), Ok(()), "the default");
    }

    #[test]
    fn an_empty_or_blank_key_is_refused_at_start() {
        for key in ["", " ", "\t  "] {
            let e = serve(&["--key", key]).check().unwrap_err();
            assert!(
                e.contains("empty or only spaces") && e.contains("GLOSSA_SERVE_KEY"),
                "{e}"
            );
        }
        assert_eq!(serve(&["--key", " k "]).check(), Ok(()));
    }

    #[test]
    fn any_other_address_needs_expose_and_a_long_enough_key() {
        let key = "0123456789abcdef0123456789abcdef";
        for addr in ["0.0.0.0:5000", "[::]:5000", "192.168.1.20:5000"] {
            let e = serve(&["--addr", addr]).check().unwrap_err();
            assert!(e.contains("--expose") && e.contains("loopback"), "{e}");
            let e = serve(&["--addr", addr, "--expose"]).check().unwrap_err();
            assert!(e.contains("needs a --key"), "{e}");
            let e = serve(&["--addr", addr, "--expose", "--key", "  "])
                .check()
                .unwrap_err();
            assert!(e.contains("empty or only spaces"), "{e}");
            let short = "short-key-1234";
            let e = serve(&["--addr", addr, "--expose", "--key", short])
                .check()
                .unwrap_err();
            assert!(e.contains("at least 16") && !e.contains(short), "{e}");
            let ok = serve(&["--addr", addr, "--expose", "--key", key]).check();
            assert_eq!(ok, Ok(()), "{addr}");
        }
    }
}
