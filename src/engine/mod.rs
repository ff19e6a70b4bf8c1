//! tmp
pub mod detect;
pub mod langmap;
pub mod script;
pub mod segment;
pub mod text;
