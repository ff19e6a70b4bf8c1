//! Another profile, chosen with `P`: resolved (off the loop: it may read the
//! keyring) and connected in the background; when the session is ready the
//! executor swaps the client, the Manage tab's setup and the session in,
//! closes the old one, and tells the state ([`Msg::Switched`]).

use tokio::sync::mpsc;

use super::{Services, manage_config, spawn_languages};
use crate::session::{LocalOptions, Observer, Session};
use crate::tui::effect::{Connected, Msg, Switched};
use crate::tui::runtime::manage_exec::ManageSetup;

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

/// A profile's session came back: swapped in (the client, the Manage
/// tab's set-up, the session; the old one closed) and described to the
/// state as [`Msg::Switched`]. A failure goes to the state as it came.
pub(super) fn swap_in(
    services: &mut Services,
    connected: Box<Connected>,
    tx: &mpsc::UnboundedSender<Msg>,
) -> Msg {
    let Connected { profile, result } = *connected;
    let (session, workbench) = match result {
        Ok(r) => r,
        Err(e) => {
            let result = Err(e);
            return Msg::Connected(Box::new(Connected { profile, result }));
        }
    };
    let setup = ManageSetup::new(&session, &workbench, tx);
    let manage = manage_config(&workbench, &setup, services.store.as_ref());
    services.client = session.client.clone();
    services.manage = setup.exec;
    services.watches = setup.watches;
    let service = service_label(&session);
    if let Some(old) = services.session.replace(session) {
        tokio::spawn(old.close());
    }
    spawn_languages(&services.client, tx.clone());
    Msg::Switched(Box::new(Switched {
        profile,
        service,
        manage,
    }))
}
