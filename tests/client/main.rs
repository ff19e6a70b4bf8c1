//! The client against the local service (and against small fake servers for
//! the failures the local service does not produce on demand).

mod auth;
mod batching;
mod chaos;
mod cli;
mod cli_data;
mod common;
mod config_cli;
mod faults;
mod glossary;
mod languages;
mod manage;
mod manage_bulk_cli;
mod manage_bulk_pty;
mod manage_lists;
mod manage_sandbox;
mod recorded;
mod sandbox_cli;
mod soak;
