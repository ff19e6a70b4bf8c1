//! The terminal's owner: start-up, the one event loop and the executor.
//!
//! One task (STYLE.md §1) runs a `select!` over crossterm's event stream,
//! the channel of replies ([`Msg`]), the next deadline (debounce or toast
//! expiry) and the quit signals. After an input it drains whatever else is
//! ready, then draws once; with nothing happening it sleeps and draws
//! nothing. Effects are carried out here: requests are spawned and come back
//! as messages; copies and saves are done inline (they are quick and need
//! the terminal or the state).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event, EventStream,
};
use futures_util::StreamExt;
use tokio::sync::mpsc;

use super::State;
mod switch;

use self::switch::{receive, service_label, spawn_switch};
use super::app::{Effect, Msg};
use super::clipboard::Clipboard;
use super::glossary::GlossaryEdit;
use super::history::exec as history;
use super::keymap::Keymap;
use super::manage_exec::{ManageExec, ManageSetup};
use super::prefs::Prefs;
use super::theme::Theme;
use super::toast::Kind;
use super::view;
use super::watch_store::WatchStore;
use crate::api::params::LanguagesParams;
use crate::cli::connect::{LocalOptions, Session};
use crate::cli::{ServiceArgs, WorkbenchArgs};
use crate::client::{Client, ClientError};
use crate::store::glossary::Upserted;
use crate::store::{Store, drafts};

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
}

/// Runs the workbench until the user quits.
pub fn run(args: &ServiceArgs, workbench: &WorkbenchArgs, profiles: Profiles) -> ExitCode {
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
        let observer: crate::cli::connect::Observer = Box::new(move |record| {
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
        );
        let mut terminal = ratatui::init();
        let guard = Modes::enable();
        view::decorate_editor(&mut state);
        let _ = terminal.draw(|f| view::draw(f, &state));
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
        configure_manage(&mut state, workbench, &setup, store.as_ref());
        let mut services = Services {
            client: session.client.clone(),
            session: Some(session),
            config: profiles.config,
            manage: setup.exec,
            store,
            watches: setup.watches,
        };
        let result = event_loop(&mut terminal, &mut services, state, tx, rx).await;
        drop(guard);
        ratatui::restore();
        let _ = std::io::stdout().flush();
        if let Some(session) = services.session.take() {
            session.close().await;
        }
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("glossa: terminal error: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// The user's store, with what an earlier version kept in files moved in;
/// in memory (nothing kept, and the user told why) when it cannot be opened.
fn open_store() -> (Option<Store>, Option<String>) {
    let path = Store::default_path();
    let opened = path.as_deref().map(Store::open);
    let (store, problem) = match opened {
        None => (Store::in_memory().ok(), None),
        Some(Ok(s)) => (Some(s), None),
        Some(Err(e)) => (
            Store::in_memory().ok(),
            Some(format!("{e} — nothing will be kept this run")),
        ),
    };
    let mut notes: Vec<String> = problem.into_iter().collect();
    if let Some(s) = store.as_ref().filter(|s| s.path().is_some()) {
        notes.extend(Prefs::legacy_path().and_then(|p| Prefs::import_legacy(s, &p)));
        notes
            .extend(super::watch_store::legacy_path().and_then(|p| super::watch_store::import_legacy(s, &p)));
    }
    (store, (!notes.is_empty()).then(|| notes.join("; ")))
}

/// The state at start: user keymap, remembered choices and draft, theme.
fn initial_state(service: String, store: Option<&Store>, problem: Option<String>) -> State {
    let mut state = State::new(service);
    state.theme = Theme::from_env();
    let mut notes: Vec<String> = problem.into_iter().collect();
    let (keymap, problem) = Keymap::load_or_defaults(Keymap::default_path().as_deref());
    state.keymap = keymap;
    if let Some(e) = problem {
        notes.push(format!("{e} — using the default keys"));
    }
    let (prefs, problem) = Prefs::load(store);
    notes.extend(problem);
    state.set_targets(prefs.targets);
    state.translate.from = prefs.from;
    state.translate.options = prefs.options;
    match store.map(|s| s.glossary(None)) {
        Some(Ok(entries)) => state.set_glossary(entries),
        Some(Err(e)) => notes.push(format!("glossary not loaded: {e}")),
        None => {}
    }
    match store.map(|s| s.draft(drafts::TRANSLATE)) {
        Some(Ok(Some(draft))) if !draft.text.is_empty() => {
            state.set_source(&draft.text, draft.cursor);
            state.draft_dirty = false;
            state.translate.edited(Instant::now());
            if let Some(store) = store {
                super::history::exec::resume(store, &mut state.recorder, &draft.text, Instant::now());
            }
        }
        Some(Err(e)) => notes.push(format!("draft not restored: {e}")),
        _ => {}
    }
    state.notice = (!notes.is_empty()).then(|| notes.join("; "));
    state
}

/// The Manage tab for this run: its share, intervals, the refresh form's
/// project, and the migrations an earlier run was watching.
fn configure_manage(state: &mut State, args: &WorkbenchArgs, setup: &ManageSetup, store: Option<&Store>) {
    use std::time::Duration;
    let target = &setup.exec.target;
    let mut tab = super::manage::ManageTab::new(
        target.share.clone().unwrap_or_else(|| "(no share)".into()),
        Duration::from_secs(args.sync_interval),
    );
    // LCS operations move in minutes; the sandbox's as fast as its clock.
    tab.timers.refresh_every = Duration::from_secs_f64((30.0 / setup.time_scale).max(1.0));
    if let Some(p) = &target.project
        && let Some(f) = tab.refresh.field_mut(super::manage::refresh::PROJECT)
    {
        f.set(p);
    }
    if let Some(store) = store {
        let (watched, problem) = setup.watches.load(store);
        tab.migrations.restore(watched);
        if let Some(p) = problem {
            state.notice = Some(p);
        }
    }
    state.manage = tab;
    state.manage_service = setup.label.clone();
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

async fn quit_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut hup)) = (signal(SignalKind::terminate()), signal(SignalKind::hangup()))
        else {
            return std::future::pending().await;
        };
        // In raw mode Ctrl+C is a key; SIGINT comes only from `kill`.
        let Ok(mut int) = signal(SignalKind::interrupt()) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = hup.recv() => {}
            _ = int.recv() => {}
        }
    }
    #[cfg(not(unix))]
    std::future::pending::<()>().await
}

/// One input, applied to the state; returns the effects.
fn apply(state: &mut State, event: Event) -> Vec<Effect> {
    let now = Instant::now();
    match event {
        Event::Key(key) => state.key(key, now),
        Event::Paste(text) => state.paste(&text, now),
        Event::Mouse(m) => state.mouse(m, now),
        _ => Vec::new(),
    }
}

async fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    services: &mut Services,
    mut state: State,
    tx: mpsc::UnboundedSender<Msg>,
    mut rx: mpsc::UnboundedReceiver<Msg>,
) -> std::io::Result<()> {
    let mut events = EventStream::new();
    let mut clipboard = Clipboard::detect();
    let signal = quit_signal();
    tokio::pin!(signal);
    spawn_languages(&services.client, tx.clone());
    view::decorate_editor(&mut state);
    terminal.draw(|f| view::draw(f, &state))?;
    loop {
        let due = state.next_due(Instant::now()).map(tokio::time::Instant::from_std);
        let mut redraw = true;
        let mut effects = tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => apply(&mut state, event),
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            },
            Some(msg) = rx.recv() => {
                redraw = receive(&mut state, services, msg, &tx);
                Vec::new()
            }
            () = async {
                match due {
                    Some(t) => tokio::time::sleep_until(t).await,
                    None => std::future::pending().await,
                }
            } => state.tick(Instant::now()),
            () = &mut signal => return Ok(()),
        };
        // Coalesce: take whatever else is ready before drawing once. Polled
        // with this task's own waker: crossterm's stream keeps the first
        // waker it is given while its reader thread waits, so a throwaway
        // one (`now_or_never`) would leave the loop asleep on the next key.
        while let Some(Ok(event)) = ready_event(&mut events).await {
            effects.extend(apply(&mut state, event));
            redraw = true;
        }
        while let Ok(msg) = rx.try_recv() {
            redraw |= receive(&mut state, services, msg, &tx);
        }
        effects.extend(state.take_effects());
        // Typing in the History view asks the store at every key: of one
        // batch only the last question matters (older answers are dropped).
        let last_search = effects
            .iter()
            .rposition(|e| matches!(e, Effect::SearchHistory(_)));
        for (i, effect) in effects.into_iter().enumerate() {
            if matches!(effect, Effect::SearchHistory(_)) && Some(i) != last_search {
                continue;
            }
            execute(&mut state, services, effect, &tx, &mut clipboard, terminal)?;
        }
        if state.manage.take_save()
            && let Some(store) = &services.store
            && let Err(e) = services.watches.save(store, state.manage.migrations.watched())
        {
            let text = format!("Watched migrations not saved: {e}");
            state.toasts.push(text, Kind::Error, Instant::now());
        }
        // Saved before the change is drawn: what the user has seen survives
        // the process being killed.
        if let Some(draft) = state.take_draft()
            && let Some(store) = &services.store
            && let Err(e) = store.save_draft(drafts::TRANSLATE, &draft)
        {
            state
                .toasts
                .push(format!("Draft not saved: {e}"), Kind::Error, Instant::now());
        }
        if state.quit {
            return Ok(());
        }
        if redraw {
            state.refresh_highlight();
            view::decorate_editor(&mut state);
            terminal.draw(|f| view::draw(f, &state))?;
        }
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

fn execute(
    state: &mut State,
    services: &Services,
    effect: Effect,
    tx: &mpsc::UnboundedSender<Msg>,
    clipboard: &mut Clipboard,
    terminal: &mut ratatui::DefaultTerminal,
) -> std::io::Result<()> {
    let now = Instant::now();
    match effect {
        Effect::Copy { label, text } => match clipboard.copy(&text) {
            Ok(copied) => {
                copied.write_to(terminal.backend_mut())?;
                state
                    .toasts
                    .push(format!("Copied {label}: {copied}"), Kind::Ok, now);
            }
            Err(e) => state.toasts.push(format!("Not copied: {e}"), Kind::Error, now),
        },
        Effect::SavePrefs => {
            let prefs = Prefs {
                targets: state.translate.targets.clone(),
                from: state.translate.from.clone(),
                options: state.translate.options.clone(),
            };
            if let Some(store) = &services.store
                && let Err(e) = prefs.save(store)
            {
                state
                    .toasts
                    .push(format!("Choice not saved: {e}"), Kind::Error, now);
            }
        }
        Effect::Translate { .. } => spawn_translate(&services.client, effect, tx.clone()),
        Effect::Glossary(edit) => glossary_edit(state, services.store.as_ref(), edit),
        effect @ (Effect::RecordHistory(_) | Effect::SearchHistory(_) | Effect::DeleteHistory { .. }) => {
            history::execute(state, services.store.as_ref(), effect);
        }
        Effect::Manage(outcome) => services.manage.execute(outcome, tx),
        Effect::SwitchProfile(name) => spawn_switch(&services.config, name, tx),
    }
    Ok(())
}

/// Writes a glossary change to the store at once, reloads the entries and
/// translates again; the toast says what happened.
fn glossary_edit(state: &mut State, store: Option<&Store>, edit: GlossaryEdit) {
    let now = Instant::now();
    let Some(store) = store else {
        state
            .toasts
            .push("Glossary: no store to keep it in", Kind::Error, now);
        return;
    };
    let done = match &edit {
        GlossaryEdit::Add(e) => store.glossary_upsert(e).map(|u| match u {
            Upserted::Added(_) => format!("Glossary: added “{}” ({}→{})", e.term, e.from, e.to),
            Upserted::Updated(_) => format!("Glossary: replaced “{}” ({}→{})", e.term, e.from, e.to),
            Upserted::Unchanged(_) => format!("Glossary: “{}” was already there", e.term),
        }),
        GlossaryEdit::Update(id, e) => store.glossary_update(*id, e).map(|found| match found {
            true => format!("Glossary: saved “{}”", e.term),
            false => "Glossary: that entry is gone".to_owned(),
        }),
        GlossaryEdit::Delete(id) => store.glossary_delete(*id).map(|_| "Glossary: deleted".to_owned()),
    };
    match done.and_then(|note| Ok((note, store.glossary(None)?))) {
        Ok((note, entries)) => {
            state.set_glossary(entries);
            state.toasts.push(note, Kind::Ok, now);
            state.translate.refresh(now);
        }
        Err(e) => state.toasts.push(format!("{e}"), Kind::Error, now),
    }
}

fn spawn_languages(client: &Client, tx: mpsc::UnboundedSender<Msg>) {
    let client = client.clone();
    tokio::spawn(async move {
        let reply = client.languages(&LanguagesParams::default()).await;
        let _ = tx.send(Msg::Languages(reply.map(|r| r.value.response)));
    });
}

/// Carries out a translation in the background; the reply comes back as a `Msg`.
fn spawn_translate(client: &Client, effect: Effect, tx: mpsc::UnboundedSender<Msg>) {
    let Effect::Translate {
        generation,
        text,
        from,
        targets,
        options,
        glossary,
    } = effect
    else {
        return;
    };
    let client = client.clone();
    tokio::spawn(async move {
        let mut call = options.apply(client.translate([text.as_str()]), &targets);
        if let Some(f) = from {
            call = call.from(f).glossary(glossary);
        }
        let result = call.send().await.and_then(|r| {
            let metered = r.metered_usage();
            let first = r
                .value
                .into_iter()
                .next()
                .ok_or_else(|| ClientError::Input("the service returned no result".into()))?;
            Ok((first, metered))
        });
        let _ = tx.send(Msg::Translated {
            generation,
            text,
            result,
        });
    });
}
