//! A config profile applied to the settings: a value the command line gave
//! (a flag, or its `GLOSSA_*` environment variable) wins over the profile's,
//! which wins over the built-in default. [`Filler`] does it setting by
//! setting (and records each one's source for `glossa config`); `cli`
//! drives it over the parsed command line, the workbench's profile picker
//! through [`resolve_named`].

mod fill;

pub use self::fill::{Filler, Setting};
use super::{Failure, ServiceSettings, WorkbenchSettings};
use crate::store::config::Config;

/// Where the command line's value of an option came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Flag,
    Env,
    /// The command line's own default (the option was not given).
    Default,
}

/// What the command line gave, option by option (by its id).
pub trait Given {
    /// The source of option `id`'s value; `None` when it has none.
    fn source(&self, id: &str) -> Option<Source>;
}

/// One profile alone, as if `glossa --profile NAME` ran with no other option.
pub fn resolve_named(config: &Config, name: &str) -> Result<(ServiceSettings, WorkbenchSettings), Failure> {
    let profile = config.profile(name)?;
    let mut f = Filler::new(config, Some((name, profile)), None, false);
    let (mut service, mut workbench) = (ServiceSettings::default(), WorkbenchSettings::default());
    f.service(&mut service)?;
    f.workbench(&mut workbench, service.endpoint.is_some())?;
    Ok((service, workbench))
}
