//! The terminal's owner: start-up, the one event loop and the executor.
//!
//! One task (STYLE.md §1) runs a `select!` over crossterm's event stream,
//! the channel of replies ([`Msg`]), the next deadline (debounce or toast
//! expiry) and the quit signals. After an input it drains whatever else is
//! ready, then draws once; with nothing happening it sleeps and draws
//! nothing. Every input goes through [`State::update`], replies included;
//! the effects it returns are carried out here without looking at the
//! state: requests are spawned, copies and saves done inline (they are quick
//! or need the terminal), and every result comes back as a [`Msg`].

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event, EventStream,
};
use futures_util::StreamExt;
use tokio::sync::mpsc;

use super::State;
mod clip_watch;
pub mod clipboard;
mod debug_panic;
mod document;
mod draft_writer;
mod effects;
mod execute;
mod files;
mod history_worker;
mod manage_bulk;
mod manage_exec;
pub mod prefs;
mod setup;
pub mod speech;
mod switch;
mod translit;
pub mod watch_store;

use self::draft_writer::DraftWriter;
use self::effects::spawn_languages;
use self::execute::run_batch;
use self::history_worker::HistoryWorker;
use self::setup::{initial_state, manage_config, open_store};
use self::switch::{service_label, swap_in};
use super::effect::{Effect, Input, Msg};
use super::overlays::history::exec::Ledger;
use super::runtime::clipboard::Clipboard;
use super::runtime::manage_exec::{ManageExec, ManageSetup};
use super::runtime::watch_store::WatchStore;
use super::view;
use crate::client::Client;
use crate::session::{LocalOptions, Observer, ServiceSettings, Session, WorkbenchSettings};
use crate::store::Store;
use crate::tui::widgets::theme::Wanted;

/// The config's profiles, for the workbench's profile picker (`P`).
#[derive(Default)]
pub struct Profiles {
    pub config: crate::store::config::Config,
    /// The profile this run started with.
    pub active: Option<String>,
}

/// What the executor works with.
struct Services {
    client: Client,
    /// The session `client` belongs to (replaced when another profile is chosen).
    session: Option<Session>,
    config: crate::store::config::Config,
    manage: ManageExec,
    /// The user's data (draft, choices, watches, history…); `None` when
    /// there is no data directory.
    store: Option<Store>,
    /// Which of the store's watch lists is this run's.
    watches: WatchStore,
    /// Writes the draft off the loop; `None` (a store in memory): inline.
    drafts: Option<DraftWriter>,
    /// Records and searches the history off the loop; `None`: inline,
    /// with this ledger.
    history: Option<HistoryWorker>,
    ledger: Ledger,
    /// Speaks text through espeak-ng (`S`).
    speaker: speech::Speaker,
    /// The clipboard watch, while on (`W`).
    clip_watch: Option<clip_watch::ClipWatch>,
    /// The translation in parts running (a long or Markdown text).
    documents: document::Running,
}

/// Runs the workbench until the user quits.
pub fn run(args: &ServiceSettings, workbench: &WorkbenchSettings, profiles: Profiles) -> ExitCode {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        eprintln!("glossa: the workbench needs a terminal; `glossa --help` lists the commands for scripts");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("glossa: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let (tx, rx) = mpsc::unbounded_channel::<Msg>();
        let log_tx = tx.clone();
        let observer: Observer = Box::new(move |record| {
            let _ = log_tx.send(Msg::Request(record.clone()));
        });
        // The first frame goes up before the service is reached (or the
        // local one started), so the window answers at once.
        let local = args.endpoint.is_none();
        let (store, problem) = open_store();
        let mut state = initial_state(
            if local {
                "starting the local engine…".to_owned()
            } else {
                "connecting…".to_owned()
            },
            store.as_ref(),
            problem,
            Wanted::pick(workbench.theme.as_deref(), profiles.config.theme.as_deref()).as_ref(),
            workbench.file.as_deref(),
        );
        let mut terminal = ratatui::init();
        let guard = Modes::enable();
        let _ = draw(&mut terminal, &mut state);
        let session = match Session::connect_with(
            args,
            false,
            Some(observer),
            LocalOptions::kept(Some(workbench.time_scale)),
        )
        .await
        {
            Ok(s) => s,
            Err(f) => {
                drop(guard);
                ratatui::restore();
                eprintln!("glossa: {}", f.message);
                return ExitCode::from(f.code);
            }
        };
        state.service = service_label(&session);
        state.profile = profiles.active;
        state.profiles = profiles.config.profiles();
        let setup = ManageSetup::new(&session, workbench, &tx);
        state.configure_manage(&manage_config(workbench, &setup, store.as_ref()));
        let path = store.as_ref().and_then(|s| s.path()).map(ToOwned::to_owned);
        let drafts = path.clone().and_then(|p| DraftWriter::spawn(p, tx.clone()));
        let history = path.and_then(|p| HistoryWorker::spawn(p, tx.clone()));
        let mut services = Services {
            client: session.client.clone(),
            session: Some(session),
            config: profiles.config,
            manage: setup.exec,
            store,
            watches: setup.watches,
            drafts,
            history,
            ledger: Ledger::default(),
            speaker: speech::Speaker::default(),
            clip_watch: None,
            documents: document::Running::default(),
        };
        let signal = quit_signal();
        tokio::pin!(signal);
        let mut result = event_loop(&mut terminal, &mut services, state, tx, rx, &mut signal).await;
        // A terminal that fails as a quit signal arrives (the read or write
        // broken by it, the pty hung up): the signal decides how we end. Its
        // delivery can lag the broken read on a loaded machine (200 ms was
        // seen to be too short with two builds running): a second at most,
        // paid only when the terminal failed.
        if result.is_err()
            && let Ok(signal) = tokio::time::timeout(std::time::Duration::from_secs(1), &mut signal).await
        {
            result = Ok(Some(signal));
        }
        drop(guard);
        ratatui::restore();
        let _ = std::io::stdout().flush();
        if let Some(session) = services.session.take() {
            session.close().await;
        }
        match result {
            Ok(None) => ExitCode::SUCCESS,
            // As a shell reports a process ended by a signal: 128 + its number.
            Ok(Some(signal)) => ExitCode::from(128 + signal),
            Err(e) => {
                eprintln!("glossa: terminal error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Mouse capture and bracketed paste, switched off again on drop and on a
/// panic (ratatui's own hook restores raw mode and the main screen).
struct Modes;

impl Modes {
    fn enable() -> Self {
        let _ = crossterm::execute!(std::io::stdout(), EnableBracketedPaste, EnableMouseCapture);
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = crossterm::execute!(
                std::io::stdout(),
                DisableMouseCapture,
                DisableBracketedPaste,
                crossterm::cursor::Show
            );
            previous(info);
        }));
        Modes
    }
}

impl Drop for Modes {
    fn drop(&mut self) {
        let _ = crossterm::execute!(
            std::io::stdout(),
            DisableMouseCapture,
            DisableBracketedPaste,
            crossterm::cursor::Show
        );
    }
}

/// The number of the signal that asks the workbench to quit. The handlers
/// are installed here, at the call, not at the future's first poll: the event
/// loop's `select!` may poll a ready key first on every turn, and a signal
/// sent before the handler exists was missed (the tests' SIGQUIT/SIGHUP then
/// ended the workbench as a terminal error, status 1, now and then).
fn quit_signal() -> impl std::future::Future<Output = u8> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        // In raw mode Ctrl+C and Ctrl+\ are keys; SIGINT and SIGQUIT come
        // only from `kill`.
        let handlers = (
            signal(SignalKind::terminate()),
            signal(SignalKind::hangup()),
            signal(SignalKind::interrupt()),
            signal(SignalKind::quit()),
        );
        async move {
            let (Ok(mut term), Ok(mut hup), Ok(mut int), Ok(mut quit)) = handlers else {
                return std::future::pending().await;
            };
            tokio::select! {
                _ = term.recv() => 15,
                _ = hup.recv() => 1,
                _ = int.recv() => 2,
                _ = quit.recv() => 3,
            }
        }
    }
    #[cfg(not(unix))]
    std::future::pending::<u8>()
}

/// A terminal event as the state's input (a resize is only a redraw).
fn input(event: Event) -> Option<Input> {
    debug_panic::check(&event);
    match event {
        Event::Key(key) => Some(Input::Key(key)),
        Event::Paste(text) => Some(Input::Paste(text)),
        Event::Mouse(m) => Some(Input::Mouse(m)),
        _ => None,
    }
}

/// Applies `input` (stamped now); returns whether the screen may change.
fn apply(state: &mut State, input: Input, effects: &mut Vec<Effect>) -> bool {
    let redraw = state.redraws(&input);
    effects.extend(state.update(input, Instant::now()));
    redraw
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    services: &mut Services,
    mut state: State,
    tx: mpsc::UnboundedSender<Msg>,
    mut rx: mpsc::UnboundedReceiver<Msg>,
    signal: &mut std::pin::Pin<&mut impl std::future::Future<Output = u8>>,
) -> std::io::Result<Option<u8>> {
    let mut events = EventStream::new();
    let mut clipboard = Clipboard::detect();
    spawn_languages(&services.client, tx.clone());
    draw(terminal, &mut state)?;
    loop {
        let due = state.next_due(Instant::now()).map(tokio::time::Instant::from_std);
        let mut effects = Vec::new();
        let mut redraw = tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => match input(event) {
                    Some(input) => apply(&mut state, input, &mut effects),
                    None => true,
                },
                // A read interrupted by a signal (SIGQUIT, SIGTERM…) is no
                // failure: the signal's own branch ends the loop with its number.
                Some(Err(e)) if e.kind() == std::io::ErrorKind::Interrupted => false,
                Some(Err(e)) => return Err(e),
                None => return Ok(None),
            },
            Some(msg) = rx.recv() => {
                let msg = swapped(services, msg, &tx);
                apply(&mut state, Input::Msg(msg), &mut effects)
            }
            () = async {
                match due {
                    Some(t) => tokio::time::sleep_until(t).await,
                    None => std::future::pending().await,
                }
            } => apply(&mut state, Input::Tick, &mut effects),
            signal = signal.as_mut() => return Ok(Some(signal)),
        };
        // Coalesce: take whatever else is ready before drawing once. Polled
        // with this task's own waker: crossterm's stream keeps the first
        // waker it is given while its reader thread waits, so a throwaway
        // one (`now_or_never`) would leave the loop asleep on the next key.
        while let Some(Ok(event)) = ready_event(&mut events).await {
            redraw |= input(event).is_none_or(|i| apply(&mut state, i, &mut effects));
        }
        // Replies, then the effects; what the effects answer at once (a
        // copy, a save, the draft's commit within its short wait) is applied
        // before the frame too.
        loop {
            while let Ok(msg) = rx.try_recv() {
                let msg = swapped(services, msg, &tx);
                redraw |= apply(&mut state, Input::Msg(msg), &mut effects);
            }
            if effects.is_empty() {
                break;
            }
            run_batch(
                std::mem::take(&mut effects),
                services,
                &tx,
                &mut clipboard,
                terminal,
            )?;
        }
        if state.quit {
            return Ok(None);
        }
        if redraw {
            draw(terminal, &mut state)?;
        }
    }
}

/// Draws a frame from the state and hands its layout back to it.
fn draw(terminal: &mut ratatui::DefaultTerminal, state: &mut State) -> std::io::Result<()> {
    let mut feedback = None;
    terminal.draw(|f| feedback = Some(view::draw(f, state)))?;
    if let Some(feedback) = feedback {
        state.update(Input::Drawn(feedback), Instant::now());
    }
    Ok(())
}

/// A reply as the state should hear it: a profile's new session is swapped
/// in first.
fn swapped(services: &mut Services, msg: Msg, tx: &mpsc::UnboundedSender<Msg>) -> Msg {
    match msg {
        Msg::Connected(connected) => swap_in(services, connected, tx),
        msg => msg,
    }
}

/// The next event if one is ready now, without waiting.
async fn ready_event(events: &mut EventStream) -> Option<std::io::Result<Event>> {
    std::future::poll_fn(|cx| match events.poll_next_unpin(cx) {
        std::task::Poll::Ready(e) => std::task::Poll::Ready(e),
        std::task::Poll::Pending => std::task::Poll::Ready(None),
    })
    .await
}
