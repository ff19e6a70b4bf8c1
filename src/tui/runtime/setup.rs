//! The workbench's start: the store opened (earlier versions' files moved
//! in), the state with the remembered choices and the draft, and the
//! Manage tab configured for this run's endpoint.

use std::time::Instant;

use crate::session::WorkbenchSettings;
use crate::store::{Store, drafts};
use crate::tui::State;
use crate::tui::keymap::Keymap;
use crate::tui::runtime::manage_exec::ManageSetup;
use crate::tui::runtime::prefs::Prefs;
use crate::tui::tabs::dictionary::{MAX_RECENT, Pair, Recent};
use crate::tui::tabs::manage::ManageConfig;
use crate::tui::widgets::theme::{self, Catalog, Wanted};

/// The user's store, with what an earlier version kept in files moved in;
/// in memory (nothing kept, and the user told why) when it cannot be opened.
pub(super) fn open_store() -> (Option<Store>, Option<String>) {
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
        notes.extend(
            crate::tui::runtime::watch_store::legacy_path()
                .and_then(|p| crate::tui::runtime::watch_store::import_legacy(s, &p)),
        );
    }
    (store, (!notes.is_empty()).then(|| notes.join("; ")))
}

/// The state at start: user keymap, remembered choices and draft, theme.
pub(super) fn initial_state(
    service: String,
    store: Option<&Store>,
    problem: Option<String>,
    theme: Option<&Wanted>,
    file: Option<&std::path::Path>,
) -> State {
    let mut state = State::new(service);
    state.translate.draft.keeps = store.is_some();
    let mut notes: Vec<String> = problem.into_iter().collect();
    let no_color = theme::no_color(std::env::var_os("NO_COLOR").as_deref());
    let start = Catalog::start(Catalog::default_dir().as_deref(), theme, no_color);
    state.set_themes(start.catalog);
    notes.extend(start.refused.map(|e| format!("{e} — using the dark theme")));
    notes.extend(start.left_out.iter().map(|e| format!("{e} — left out")));
    let (keymap, problem) = Keymap::load_or_defaults(Keymap::default_path().as_deref());
    state.keymap = keymap;
    if let Some(e) = problem {
        notes.push(format!("{e} — using the default keys"));
    }
    let (prefs, problem) = Prefs::load(store);
    notes.extend(problem);
    let first = prefs.targets.first().map_or("ja", String::as_str);
    state.dictionary.pair = prefs.dictionary.clone().unwrap_or_else(|| Pair::new("en", first));
    match store.map(|s| s.recent_lookups(MAX_RECENT)) {
        Some(Ok(rows)) => {
            state.dictionary.recent = rows
                .into_iter()
                .map(|l| Recent {
                    term: l.term,
                    pair: Pair::new(l.from, l.to),
                    found: l.found,
                })
                .collect();
        }
        Some(Err(e)) => notes.push(format!("look-ups not loaded: {e}")),
        None => {}
    }
    state.set_targets(prefs.targets);
    state.translate.from = prefs.from;
    state.translate.options = prefs.options;
    match store.map(|s| s.glossary(None)) {
        Some(Ok(entries)) => state.translate.set_glossary(entries),
        Some(Err(e)) => notes.push(format!("glossary not loaded: {e}")),
        None => {}
    }
    match store.map(|s| s.draft(drafts::TRANSLATE)) {
        Some(Ok(Some(draft))) if !draft.text.is_empty() => {
            state.translate.set_source(&draft.text, draft.cursor);
            state.translate.draft.dirty = false;
            state.translate.edited(Instant::now());
            if let Some(store) = store {
                crate::tui::overlays::history::exec::resume(
                    store,
                    &mut state.translate.recorder,
                    &draft.text,
                    Instant::now(),
                );
            }
        }
        Some(Err(e)) => notes.push(format!("draft not restored: {e}")),
        _ => {}
    }
    // A file named on the command line wins over the draft.
    if let Some(file) = file {
        match super::files::read_source(file) {
            Ok(text) => state.translate.open_file(file, &text, Instant::now()),
            Err(e) => notes.push(e),
        }
    }
    state.notice = (!notes.is_empty()).then(|| notes.join("; "));
    state
}

/// The Manage tab's configuration for this run's service: its share,
/// intervals, the refresh form's project, and the migrations an earlier run
/// was watching (read from the store).
pub(super) fn manage_config(
    args: &WorkbenchSettings,
    setup: &ManageSetup,
    store: Option<&Store>,
) -> ManageConfig {
    use std::time::Duration;
    let target = &setup.exec.target;
    let (watched, problem) = match store {
        Some(store) => setup.watches.load(store),
        None => (Vec::new(), None),
    };
    let (refreshes, refresh_problem) = match store {
        Some(store) => setup.watches.load_refreshes(store),
        None => (Vec::new(), None),
    };
    let (bulks, bulk_problem) = match store {
        Some(store) => setup.watches.load_bulks(store),
        None => (Vec::new(), None),
    };
    ManageConfig {
        label: setup.label.clone(),
        share: target.share.clone().unwrap_or_else(|| "(no share)".into()),
        sync_interval: Duration::from_secs(args.sync_interval),
        // LCS operations move in minutes; the sandbox's as fast as its clock.
        refresh_every: Duration::from_secs_f64((30.0 / setup.time_scale).max(1.0)),
        project: target.project.clone(),
        watched,
        refreshes,
        bulks,
        problem: problem.or(refresh_problem).or(bulk_problem),
    }
}
