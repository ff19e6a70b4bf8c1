//! The contract as types: requests, responses, error codes, limits. No IO.
//!
//! Shared by `client` (which serializes requests and parses responses) and
//! `service` (which does the reverse), so both sides agree by construction.

pub mod alignment;
pub mod body;
pub mod engine;
pub mod error;
pub mod headers;
pub mod languages;
pub mod limits;
pub mod manage;
pub mod manage_list;
pub mod model;
pub mod params;
pub mod resource_id;
pub mod secret;

pub use alignment::{AlignmentEntry, Projection};
pub use error::{ErrorBody, ErrorCode};
pub use limits::{Limits, Operation};
pub use resource_id::ResourceId;
pub use secret::Secret;

#[cfg(test)]
mod samples_tests;
