//! The command line (clap). `glossa` alone will open the TUI; `glossa serve`
//! runs the local service.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

use crate::api::ResourceId;
use crate::service::chaos::{self, ChaosConfig};

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
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the local Translator service (offline engine) for any client.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:5000")]
    pub addr: SocketAddr,
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
    /// Directory for state kept across restarts.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
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

impl ServeArgs {
    /// The fault injection asked for, if any.
    pub fn chaos_config(&self) -> Option<ChaosConfig> {
        self.chaos.map(|rate| ChaosConfig {
            rate,
            seed: self.seed,
            delay: Duration::from_millis(self.chaos_delay_ms),
        })
    }
}
