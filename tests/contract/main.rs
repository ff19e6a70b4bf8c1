//! Contract tests over real HTTP: a service started in the test (or the real
//! binary, in `cli`), a plain HTTP client, every success shape and every
//! documented error.

mod auth;
mod chaos;
mod cli;
mod common;
mod connections;
mod dictionary;
mod exposure;
mod first_start;
mod gloss;
mod headers;
mod hostile;
mod hostile_inputs;
mod leniency;
mod manage_compute;
mod manage_lcs;
mod manage_lists;
mod manage_malformed;
mod manage_syncs;
mod operations;
#[path = "../support/served.rs"]
mod served;
mod transliterate;
mod validation;
