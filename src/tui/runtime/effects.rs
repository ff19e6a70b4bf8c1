//! Effects the loop hands off: glossary edits written to the store, and
//! the requests spawned in the background (languages, translations) whose
//! answers come back as messages.

use tokio::sync::mpsc;

use crate::api::model::ExampleElement;
use crate::api::params::LanguagesParams;
use crate::client::{Client, ClientError};
use crate::store::Store;
use crate::store::glossary::Upserted;
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::glossary::GlossaryEdit;
use crate::tui::tabs::dictionary::{DictReply, DictRequest};

/// Writes a glossary change to the store at once and reads the entries
/// back; the answer says what happened (the state then translates again).
pub(super) fn glossary_edit(store: Option<&Store>, edit: &GlossaryEdit) -> Msg {
    let Some(store) = store else {
        return Msg::GlossaryWritten(Err("Glossary: no store to keep it in".to_owned()));
    };
    let done = match edit {
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
    let written = done.and_then(|note| Ok((note, store.glossary(None)?)));
    Msg::GlossaryWritten(written.map_err(|e| e.to_string()))
}

pub(super) fn spawn_languages(client: &Client, tx: mpsc::UnboundedSender<Msg>) {
    let client = client.clone();
    tokio::spawn(async move {
        let reply = client.languages(&LanguagesParams::default()).await;
        let _ = tx.send(Msg::Languages(reply.map(|r| r.value.response)));
    });
}

/// Carries out a translation in the background; the reply comes back as a `Msg`.
pub(super) fn spawn_round_trip(client: &Client, effect: Effect, tx: mpsc::UnboundedSender<Msg>) {
    let Effect::RoundTrip {
        generation,
        source,
        from,
        result,
    } = effect
    else {
        return;
    };
    let client = client.clone();
    tokio::spawn(async move {
        let back =
            crate::client::round_trip::round_trips(&client, &[source], from.as_deref(), &[result]).await;
        let result = back
            .map(|mut all| all.pop().unwrap_or_default())
            .map_err(|e| e.to_string());
        let _ = tx.send(Msg::RoundTripped { generation, result });
    });
}

pub(super) fn spawn_translate(client: &Client, effect: Effect, tx: mpsc::UnboundedSender<Msg>) {
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
        // Usually one request; two when only some targets have a script.
        let result: Result<_, ClientError> = async {
            let mut parts = Vec::new();
            for group in options.calls(&targets) {
                let mut call = options.apply(client.translate([text.as_str()]), &group);
                if let Some(f) = &from {
                    call = call.from(f).glossary(glossary.clone());
                }
                let mut r = call.send().await?;
                let metered = r.metered_usage();
                let first = std::mem::take(&mut r.value)
                    .into_iter()
                    .next()
                    .ok_or_else(|| ClientError::Input("the service returned no result".into()))?;
                let engines = first.translations.iter().map(|t| r.engine(&t.to)).collect();
                parts.push((first, metered, engines));
            }
            Ok(crate::tui::tabs::translate::merge(parts, &targets))
        }
        .await;
        let _ = tx.send(Msg::Translated {
            generation,
            text,
            result,
        });
    });
}

/// Carries out a Dictionary tab request in the background; the answer comes
/// back as `Msg::Dictionary` with the request's id.
pub(super) fn spawn_dictionary(client: &Client, request: DictRequest, tx: mpsc::UnboundedSender<Msg>) {
    let client = client.clone();
    tokio::spawn(async move {
        let reply = match request {
            DictRequest::Lookup { id, pair, terms } => {
                let result = client.lookup(&pair.params(), &terms).await;
                DictReply::Lookup {
                    id,
                    result: result.map(|r| r.value).map_err(|e| e.to_string()),
                }
            }
            DictRequest::Examples {
                id,
                pair,
                term,
                translation,
            } => {
                let pairs = [ExampleElement {
                    text: term,
                    translation,
                }];
                let result = client.examples(&pair.params(), &pairs).await;
                DictReply::Examples {
                    id,
                    result: result.map(|r| r.value).map_err(|e| e.to_string()),
                }
            }
        };
        let _ = tx.send(Msg::Dictionary(reply));
    });
}
