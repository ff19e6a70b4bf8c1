//! Glossa: a terminal workbench for the Translator Text API v3.0, and the
//! local service that answers it offline. See ARCHITECTURE.md for the map.

pub mod about;
pub mod api;
pub mod cli;
pub mod client;
pub mod clipwatch;
pub mod clock;
pub mod doc;
pub mod engine;
#[doc(hidden)]
pub mod fuzzing;
pub mod sandbox;
pub mod service;
pub mod session;
pub mod store;
pub mod tui;
