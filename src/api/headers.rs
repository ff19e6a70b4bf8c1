//! Header and query names of the contract (spec §4-5).

pub const SUBSCRIPTION_KEY: &str = "ocp-apim-subscription-key";
pub const SUBSCRIPTION_REGION: &str = "ocp-apim-subscription-region";
pub const RESOURCE_ID: &str = "ocp-apim-resourceid";
pub const CLIENT_TRACE_ID: &str = "x-clienttraceid";
pub const REQUEST_ID: &str = "x-requestid";
pub const METERED_USAGE: &str = "x-metered-usage";
pub const MT_SYSTEM: &str = "x-mt-system";

/// Query forms of the key, the region and the trace id.
pub const QUERY_KEY: &str = "Subscription-Key";
pub const QUERY_REGION: &str = "Subscription-Region";
pub const QUERY_TRACE_ID: &str = "ClientTraceId";

/// Glossa's own header on a translate answer (not the contract's): which
/// engine produced each target, one entry per target in target order
/// (`gloss,apertium,same`; see [`crate::api::engine`]). Azure does not send it.
pub const GLOSSA_ENGINE: &str = "x-glossa-engine";
