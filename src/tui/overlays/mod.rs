//! What opens over a tab and takes the keys first: the help, the request
//! log, the language pickers, the options popup, the glossary, the History
//! view and a word's alternatives.

pub mod alternatives;
pub mod glossary;
pub mod help;
pub mod history;
pub mod log;
pub mod options;
pub mod picker;
