//! What the CLI and the workbench share to reach a service: the settings
//! (plain structs; `cli` converts its clap options into them), a config
//! profile applied to them (`profile`), the [`Session`] (a client to the
//! given endpoint, or to the embedded local service started in-process:
//! `local`), and the management client's set-up (`manage`).
//!
//! `session` depends on `client`, `service` and `store`; `cli` and `tui` use
//! it, and it uses neither.

mod connect;
pub mod local;
pub mod manage;
pub mod profile;
mod settings;

pub use self::connect::{Failure, Observer, Session};
pub use self::local::{LocalOptions, LocalService};
pub use self::manage::ManageAccess;
pub use self::settings::{DEFAULT_SYNC_INTERVAL, ServiceSettings, WorkbenchSettings};
