//! The `glossa` binary: parses the command line and runs the chosen command.

use std::io::Write;
use std::process::ExitCode;

use clap::{ArgMatches, CommandFactory, FromArgMatches};
use glossa::api::Secret;
use glossa::cli::{Cli, Command, ServeArgs};
use glossa::service::{self, ServiceConfig};
use glossa::session::Failure;
use glossa::store::config::Config;

fn main() -> ExitCode {
    // The matches are kept: they say whether an option came from a flag, the
    // environment or clap's default (a profile fills only what was not given).
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if cli.about {
        print!("{}", glossa::about::text());
        return ExitCode::SUCCESS;
    }
    if let Some(Command::Config(args)) = &cli.command {
        return glossa::cli::config_cmd::run(args, &cli, &matches);
    }
    if let Some(Command::Sandbox(args)) = &cli.command {
        return glossa::cli::sandbox_cmd::run(args);
    }
    let mut profiles = glossa::tui::Profiles::default();
    if !matches!(cli.command, Some(Command::Serve(_))) {
        match apply_profile(&mut cli, &matches) {
            Ok(p) => profiles = p,
            Err(f) => {
                eprintln!("glossa: {}", f.message);
                return ExitCode::from(f.code);
            }
        }
    }
    match cli.command {
        Some(Command::Serve(args)) => run_serve(args),
        Some(Command::Themes) => {
            let dir = glossa::tui::widgets::theme::Catalog::default_dir();
            let wanted = glossa::tui::widgets::theme::Wanted::pick(
                cli.workbench.theme.as_deref(),
                profiles.config.theme.as_deref(),
            );
            glossa::cli::themes::run(dir.as_deref(), wanted.as_ref())
        }
        Some(command) if command.is_data() => glossa::cli::data::run(command),
        Some(Command::History(args)) => glossa::cli::history::run(args),
        Some(command) if command.is_management() => {
            init_logging("warn");
            glossa::cli::manage::run(command, cli.workbench.time_scale)
        }
        Some(command) => {
            init_logging("warn");
            glossa::cli::oneshot::run(command, &cli.service)
        }
        None => {
            init_logging_to_file();
            glossa::tui::run(&cli.service.settings(), &cli.workbench.settings(), profiles)
        }
    }
}

/// The config file's profile (`--profile`, `GLOSSA_PROFILE`, its `default`)
/// fills what the command line left open; a damaged file or an unknown
/// profile stops here (exit 2).
fn apply_profile(cli: &mut Cli, matches: &ArgMatches) -> Result<glossa::tui::Profiles, Failure> {
    let config = Config::load()?;
    let chosen = glossa::cli::profile::resolve(cli, matches, &config)?;
    Ok(glossa::tui::Profiles {
        active: chosen.map(|c| c.name),
        config,
    })
}

/// `GLOSSA_LOG`, else `default` (e.g. "info"). ICU4X reports each language
/// it has no localized variant name for (the catalog then falls back, as
/// intended) at warn level on every `/languages`: only its errors are shown
/// unless `GLOSSA_LOG` asks for them.
fn log_filter(default: &str) -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_env("GLOSSA_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(format!("{default},icu_provider=error")))
}

/// Logs to stderr at `default` level (the one-shot commands: warn, since
/// their output is the answer; `serve`: info, through its writer thread).
fn init_logging(default: &str) {
    init_logging_with(default, std::io::stderr);
}

/// As [`init_logging`], through `writer` (which ends on stderr).
fn init_logging_with<W>(default: &str, writer: W)
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt()
        .with_env_filter(log_filter(default))
        .with_writer(writer)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}

/// While the TUI runs nothing may be printed: logs go to
/// `$XDG_STATE_HOME/glossa/glossa.log` (or nowhere when that cannot be opened).
fn init_logging_to_file() {
    let Some(dir) = dirs::state_dir()
        .or_else(dirs::cache_dir)
        .map(|d| d.join("glossa"))
    else {
        return;
    };
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let Ok(file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("glossa.log"))
    else {
        return;
    };
    tracing_subscriber::fmt()
        .with_env_filter(log_filter("info"))
        .with_writer(std::sync::Mutex::new(file))
        .with_ansi(false)
        .init();
}

fn run_serve(args: ServeArgs) -> ExitCode {
    if let Err(e) = args.check() {
        eprintln!("glossa: {e}");
        return ExitCode::from(2);
    }
    // One access line per request: written by a thread of its own, so a
    // request never waits on stderr (a file or a pipe). Nothing is dropped
    // (the queue applies back-pressure when full); the guard flushes on exit.
    let (writer, _flush) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .thread_name("glossa-log")
        .finish(std::io::stderr());
    init_logging_with("info", writer);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("glossa: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let open = args.key.is_none();
    let config = ServiceConfig {
        chaos: args.chaos_config(),
        key: args.key.map(Secret::new),
        region: args.region,
        resource_id: args.resource_id,
        data_dir: args.data_dir,
        time_scale: Some(args.time_scale),
        ..ServiceConfig::default()
    };
    runtime.block_on(async move {
        let running = match service::start(config, args.addr).await {
            Ok(r) => r,
            Err(e) => {
                eprintln!("glossa: cannot listen on {}: {e}", args.addr);
                return ExitCode::FAILURE;
            }
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "listening on {}", running.url());
        let _ = out.flush();
        drop(out);
        if open {
            tracing::warn!("no --key given: any non-empty subscription key is accepted");
        }
        if !running.addr.ip().is_loopback() {
            tracing::warn!(
                "exposed on {}: reachable from the network; every route but /languages needs the key or a token",
                running.addr
            );
        }
        shutdown_signal().await;
        tracing::info!("shutting down");
        match running.stop().await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("glossa: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
