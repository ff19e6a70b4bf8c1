//! The command line (clap). `glossa` alone will open the TUI; `glossa serve`
//! runs the local service.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

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
    /// Directory for state kept across restarts.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
}
