//! The service's clock is the crate's injectable clock (`crate::clock`).

pub use crate::clock::Clock;
