//! The client against the local service (and against small fake servers for
//! the failures the local service does not produce on demand).

mod auth;
mod batching;
mod chaos;
mod cli;
mod common;
mod config_cli;
mod faults;
mod languages;
mod manage;
mod manage_sandbox;
