//! Another profile, chosen with `P`: resolved (off the loop: it may read the
//! keyring) and connected in the background; when the session is ready the
//! executor swaps the client, the Manage tab's setup and the session in, and
//! closes the old one.

use std::time::Instant;

use tokio::sync::mpsc;

use super::{Services, configure_manage, spawn_languages};
use crate::session::{LocalOptions, Observer, Session};
use crate::tui::State;
use crate::tui::effect::{Connected, Msg};
use crate::tui::manage_exec::ManageSetup;
use crate::tui::toast::Kind;

/// "local engine" or the endpoint.
pub(super) fn service_label(session: &Session) -> String {
    if session.is_local() {
        "local engine".to_owned()
    } else {
        session.client.endpoint().base().to_owned()
    }
}

/// Resolves profile `name` and connects in the background; the session
/// comes back as [`Msg::Connected`].
pub(super) fn spawn_switch(
    config: &crate::store::config::Config,
    name: String,
    tx: &mpsc::UnboundedSender<Msg>,
) {
    let tx = tx.clone();
    // Resolving may read the keyring: off the loop, as the connection is.
    let config = config.clone();
    tokio::spawn(async move {
        let resolved = tokio::task::spawn_blocking(move || {
            crate::session::profile::resolve_named(&config, &name).map(|r| (name, r))
        })
        .await;
        let (name, result) = match resolved {
            Ok(Ok((name, (args, workbench)))) => {
                let log_tx = tx.clone();
                let observer: Observer = Box::new(move |record| {
                    let _ = log_tx.send(Msg::Request(record.clone()));
                });
                let options = LocalOptions::kept(Some(workbench.time_scale));
                let session = Session::connect_with(&args, false, Some(observer), options).await;
                (name, session.map(|s| (s, workbench)).map_err(|f| f.message))
            }
            Ok(Err(f)) => (String::new(), Err(f.message)),
            Err(e) => (String::new(), Err(e.to_string())),
        };
        let _ = tx.send(Msg::Connected(Box::new(Connected {
            profile: name,
            result,
        })));
    });
}

/// A message: a new profile's session is swapped in here, the rest go to the state.
pub(super) fn receive(
    state: &mut State,
    services: &mut Services,
    msg: Msg,
    tx: &mpsc::UnboundedSender<Msg>,
) -> bool {
    let Msg::Connected(connected) = msg else {
        return state.message(msg);
    };
    let Connected { profile, result } = *connected;
    let now = Instant::now();
    let (session, workbench) = match result {
        Ok(r) => r,
        Err(e) => {
            let text = if profile.is_empty() {
                e
            } else {
                format!("Profile {profile}: {e}")
            };
            state.toasts.push(text, Kind::Error, now);
            return true;
        }
    };
    let setup = ManageSetup::new(&session, &workbench, tx);
    configure_manage(state, &workbench, &setup, services.store.as_ref());
    services.client = session.client.clone();
    services.manage = setup.exec;
    services.watches = setup.watches;
    state.switched_profile(profile, service_label(&session), now);
    if let Some(old) = services.session.replace(session) {
        tokio::spawn(old.close());
    }
    spawn_languages(&services.client, tx.clone());
    true
}
