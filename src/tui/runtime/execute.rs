//! The executor: carries out the effects an update returned, one batch at
//! a time, without seeing the state — requests spawned, copies written
//! through the terminal's backend, the store written (draft, choices,
//! watches, history, glossary), a profile switched; every result comes back
//! to the state as a [`Msg`].

use tokio::sync::mpsc;

use super::Services;
use super::clipboard::Clipboard;
use super::draft_writer;
use super::effects::{glossary_edit, spawn_dictionary, spawn_round_trip, spawn_translate};
use super::switch::spawn_switch;
use super::translit;
use crate::store::drafts;
use crate::tui::effect::{Effect, Msg};

/// Carries out one batch of effects. Typing in the History view asks the
/// store at every key: of one batch only the last question matters (older
/// answers are dropped).
pub(super) fn run_batch(
    effects: Vec<Effect>,
    services: &mut Services,
    tx: &mpsc::UnboundedSender<Msg>,
    clipboard: &mut Clipboard,
    terminal: &mut ratatui::DefaultTerminal,
) -> std::io::Result<()> {
    let last_search = effects
        .iter()
        .rposition(|e| matches!(e, Effect::SearchHistory(_)));
    for (i, effect) in effects.into_iter().enumerate() {
        if matches!(effect, Effect::SearchHistory(_)) && Some(i) != last_search {
            continue;
        }
        execute(services, effect, tx, clipboard, terminal)?;
    }
    Ok(())
}

/// Carries out one effect; what it gives back comes to the state as a
/// [`Msg`] (through `tx`, at once or when a spawned task ends).
fn execute(
    services: &mut Services,
    effect: Effect,
    tx: &mpsc::UnboundedSender<Msg>,
    clipboard: &mut Clipboard,
    terminal: &mut ratatui::DefaultTerminal,
) -> std::io::Result<()> {
    let say = |msg: Msg| {
        let _ = tx.send(msg);
    };
    match effect {
        Effect::Copy { label, text } => {
            if let Some(watch) = &services.clip_watch {
                watch.copied(&text);
            }
            let result = match clipboard.copy(&text) {
                Ok(copied) => {
                    copied.write_to(terminal.backend_mut())?;
                    Ok(copied.toast(label))
                }
                Err(e) => Err(e.to_string()),
            };
            say(Msg::Copied(result));
        }
        Effect::SaveFiles(files) => say(Msg::Saved(super::files::write_all(&files))),
        Effect::SaveTheme(value) => {
            if let Err(e) = super::files::remember_theme(&mut services.config, value) {
                say(Msg::NotSaved(format!("Theme not remembered: {e}")));
            }
        }
        Effect::WatchClipboard(on) => {
            services.clip_watch = on
                .then(|| super::clip_watch::ClipWatch::start(tx.clone()))
                .flatten();
        }
        Effect::Speak { text, language } => say(Msg::Spoken(services.speaker.speak(&text, &language))),
        Effect::SavePrefs(prefs) => {
            if let Some(store) = &services.store
                && let Err(e) = prefs.save(store)
            {
                say(Msg::NotSaved(format!("Choice not saved: {e}")));
            }
        }
        Effect::SaveDraft { seq, draft } => match (&services.drafts, &services.store) {
            // Handed to the writer, and waited for briefly: committed in
            // time, its answer is drawn in the same frame (no "saving…").
            (Some(writer), _) => {
                writer.save(seq, draft);
                writer.wait_saved(seq, draft_writer::WAIT);
            }
            (None, Some(store)) => {
                let error = store.save_draft(drafts::TRANSLATE, &draft).err();
                let error = error.map(|e| e.to_string());
                say(Msg::DraftSaved { seq, error });
            }
            (None, None) => {}
        },
        Effect::SaveWatches {
            migrations,
            refreshes,
            bulks,
        } => {
            if let Some(store) = &services.store {
                if let Err(e) = services.watches.save(store, &migrations) {
                    say(Msg::NotSaved(format!("Watched migrations not saved: {e}")));
                }
                if let Err(e) = services.watches.save_refreshes(store, &refreshes) {
                    say(Msg::NotSaved(format!("Followed refreshes not saved: {e}")));
                }
                if let Err(e) = services.watches.save_bulks(store, &bulks) {
                    say(Msg::NotSaved(format!("Bulk migrations not saved: {e}")));
                }
            }
        }
        Effect::Translate { .. } => {
            // A short text now: a translation in parts still running is for an older one.
            services.documents.cancel(None);
            spawn_translate(&services.client, effect, tx.clone());
        }
        Effect::TranslateDocument(request) => {
            services.documents.start(&services.client, *request, tx.clone())
        }
        Effect::CancelDocument(generation) => services.documents.cancel(Some(generation)),
        Effect::ReadFile(text) => {
            let tx = tx.clone();
            tokio::task::spawn_blocking(move || {
                let result = super::files::read_typed(&text);
                let _ = tx.send(Msg::FileRead { text, result });
            });
        }
        Effect::ListDir(text) => {
            let tx = tx.clone();
            tokio::task::spawn_blocking(move || {
                let entries = super::files::list_typed(&text);
                let _ = tx.send(Msg::Listed { text, entries });
            });
        }
        Effect::RoundTrip { .. } => spawn_round_trip(&services.client, effect, tx.clone()),
        Effect::Glossary(edit) => say(glossary_edit(services.store.as_ref(), &edit)),
        Effect::Dictionary(request) => spawn_dictionary(&services.client, request, tx.clone()),
        effect @ (Effect::RecordHistory(_)
        | Effect::RecordLookup(_)
        | Effect::SearchHistory(_)
        | Effect::DeleteHistory { .. }) => match &services.history {
            Some(worker) => worker.submit(effect),
            None => {
                if let Some(reply) = services.ledger.run(services.store.as_ref(), effect) {
                    say(Msg::History(reply));
                }
            }
        },
        Effect::Manage(crate::tui::tabs::manage::ManageOutcome::ListEnvironments { project, field }) => {
            say(Msg::Manage(services.manage.environments(
                services.store.as_ref(),
                &project,
                field,
            )));
        }
        // The environments a refresh names are remembered for the pickers
        // (the CLI's `environments list` reads the same).
        Effect::Manage(crate::tui::tabs::manage::ManageOutcome::Refresh(r)) => {
            if let Some(store) = &services.store {
                let (key, project) = (&services.manage.lcs_key, r.project_id.to_string());
                for (env, role) in [(&r.source, "source"), (&r.target, "target")] {
                    let _ = store.remember_environment(key, &project, env, role);
                }
            }
            let outcome = crate::tui::tabs::manage::ManageOutcome::Refresh(r);
            services.manage.execute(outcome, tx);
        }
        // The share whose syncs are shown changes for the executor too.
        Effect::Manage(crate::tui::tabs::manage::ManageOutcome::UseShare(share)) => {
            services.manage.target.share = Some(share);
        }
        Effect::Manage(outcome) => services.manage.execute(outcome, tx),
        Effect::SwitchProfile(name) => spawn_switch(&services.config, name, tx),
        Effect::Translit(request) => translit::spawn(&services.client, request, tx.clone()),
    }
    Ok(())
}
