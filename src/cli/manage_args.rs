//! The options of `glossa syncs`, `glossa refresh`, `glossa migrate` and the
//! listings `glossa shares | vms | environments`.

use clap::{Args, Subcommand};

use crate::api::Secret;

/// Where the management operations go and how to sign in.
#[derive(Clone, Debug, Args)]
pub struct ManageArgs {
    /// The resource-management (ARM) base URL, e.g. https://management.azure.com; without
    /// it (and without --lcs-url), a local service with its sandbox is started in-process.
    #[arg(long, value_name = "URL", env = "GLOSSA_MANAGEMENT_URL")]
    pub management_url: Option<String>,
    /// The LCS API base URL [default: https://lcsapi.lcs.dynamics.com].
    #[arg(long, value_name = "URL", env = "GLOSSA_LCS_URL")]
    pub lcs_url: Option<String>,
    /// A bearer token for the management endpoints (prefer GLOSSA_MANAGEMENT_TOKEN); without
    /// it the Azure CLI is asked when installed, else the device code sign-in runs.
    #[arg(long, env = "GLOSSA_MANAGEMENT_TOKEN", hide_env_values = true)]
    pub token: Option<Secret>,
    /// The directory sign-in address for the device code flow [default: https://login.microsoftonline.com].
    #[arg(long, value_name = "URL")]
    pub login_url: Option<String>,
    /// Print the service's JSON.
    #[arg(long)]
    pub json: bool,
    /// Log every request (method, operation, status, time, request id) to stderr.
    #[arg(long, short)]
    pub verbose: bool,
    /// The sign-in a profile asked for when there is no token.
    #[arg(skip)]
    pub sign_in: Option<crate::client::manage::SignIn>,
}

#[derive(Debug, Args)]
pub struct SyncsArgs {
    #[command(subcommand)]
    pub command: SyncsCommand,
}

#[derive(Debug, Subcommand)]
pub enum SyncsCommand {
    /// The synchronization runs of a data share (first page unless --all).
    List(SyncsListArgs),
}

#[derive(Debug, Args)]
pub struct SyncsListArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// Subscription id [local sandbox default: 11111111-1111-1111-1111-111111111111].
    #[arg(long, value_name = "ID")]
    pub subscription: Option<String>,
    /// Resource group [local sandbox default: demo-rg].
    #[arg(long, value_name = "NAME")]
    pub resource_group: Option<String>,
    /// Data share account [local sandbox default: demo-account].
    #[arg(long, value_name = "NAME")]
    pub account: Option<String>,
    /// Share [local sandbox default: sales-share].
    #[arg(long, value_name = "NAME")]
    pub share: Option<String>,
    /// OData filter, e.g. "consumerTenantName eq 'nda'".
    #[arg(long, value_name = "EXPR")]
    pub filter: Option<String>,
    /// OData ordering, e.g. durationMs.
    #[arg(long, value_name = "EXPR")]
    pub orderby: Option<String>,
    /// Follow nextLink to the last page.
    #[arg(long)]
    pub all: bool,
}

#[derive(Debug, Args)]
pub struct RefreshArgs {
    #[command(subcommand)]
    pub command: RefreshCommand,
}

#[derive(Debug, Subcommand)]
pub enum RefreshCommand {
    /// Start a database refresh from a source environment to a target environment.
    Start(RefreshStartArgs),
    /// The state of a refresh operation.
    Status(RefreshStatusArgs),
}

#[derive(Debug, Args)]
pub struct RefreshStartArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// LCS project id [local sandbox default: 1234567].
    #[arg(long, value_name = "ID")]
    pub project: Option<String>,
    /// Source environment id (GUID).
    #[arg(long, value_name = "GUID")]
    pub source: String,
    /// Target environment id (GUID).
    #[arg(long, value_name = "GUID")]
    pub target: String,
    /// Follow the operation (on the target environment) until it ends.
    #[arg(long)]
    pub watch: bool,
    /// Seconds between status requests with --watch.
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub interval: u64,
}

#[derive(Debug, Args)]
pub struct RefreshStatusArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// LCS project id [local sandbox default: 1234567].
    #[arg(long, value_name = "ID")]
    pub project: Option<String>,
    /// Environment id (GUID).
    #[arg(long, value_name = "GUID")]
    pub environment: String,
    /// The OperationActivityId that `refresh start` printed.
    #[arg(long, value_name = "ID")]
    pub activity: String,
    /// Follow the operation until it ends.
    #[arg(long)]
    pub watch: bool,
    /// Seconds between status requests with --watch.
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub interval: u64,
}

#[derive(Debug, Args)]
pub struct MigrateArgs {
    #[command(subcommand)]
    pub command: MigrateCommand,
}

#[derive(Debug, Subcommand)]
pub enum MigrateCommand {
    /// Start migrating a VM from an availability set to a flexible scale set.
    Start(MigrateStartArgs),
    /// Poll a migration by the Location that `migrate start` printed.
    Status(MigrateStatusArgs),
    /// Resume the stored bulk migrations (`migrate start --availability-set`) of this
    /// endpoint that have not ended, and follow them to the end.
    Watch(MigrateWatchArgs),
}

#[derive(Debug, Args)]
pub struct MigrateWatchArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// Only the bulk migration of this availability set.
    #[arg(long, value_name = "NAME")]
    pub availability_set: Option<String>,
    /// Show the stored bulk migrations (ended ones too) and exit, without polling.
    #[arg(long)]
    pub list: bool,
}

#[derive(Debug, Args)]
pub struct SharesArgs {
    #[command(subcommand)]
    pub command: SharesCommand,
}

#[derive(Debug, Subcommand)]
pub enum SharesCommand {
    /// The shares of a Data Share account (Shares - List By Account; every page).
    List(SharesListArgs),
}

#[derive(Debug, Args)]
pub struct SharesListArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// Subscription id [local sandbox default: 11111111-1111-1111-1111-111111111111].
    #[arg(long, value_name = "ID")]
    pub subscription: Option<String>,
    /// Resource group [local sandbox default: demo-rg].
    #[arg(long, value_name = "NAME")]
    pub resource_group: Option<String>,
    /// Data share account [local sandbox default: demo-account].
    #[arg(long, value_name = "NAME")]
    pub account: Option<String>,
}

#[derive(Debug, Args)]
pub struct VmsArgs {
    #[command(subcommand)]
    pub command: VmsCommand,
}

#[derive(Debug, Subcommand)]
pub enum VmsCommand {
    /// The VMs of a resource group (Virtual Machines - List), or of one availability set
    /// (Availability Sets - Get).
    List(VmsListArgs),
}

#[derive(Debug, Args)]
pub struct VmsListArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// Subscription id [local sandbox default: 11111111-1111-1111-1111-111111111111].
    #[arg(long, value_name = "ID")]
    pub subscription: Option<String>,
    /// Resource group [local sandbox default: demo-rg].
    #[arg(long, value_name = "NAME")]
    pub resource_group: Option<String>,
    /// Only the VMs of this availability set.
    #[arg(long, value_name = "NAME")]
    pub availability_set: Option<String>,
}

#[derive(Debug, Args)]
pub struct EnvironmentsArgs {
    #[command(subcommand)]
    pub command: EnvironmentsCommand,
}

#[derive(Debug, Subcommand)]
pub enum EnvironmentsCommand {
    /// The LCS environment ids this endpoint's refreshes used before (LCS has no listing
    /// API), most recent first; with the local sandbox also its demo environments.
    List(EnvironmentsListArgs),
}

#[derive(Debug, Args)]
pub struct EnvironmentsListArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// Only this LCS project's [local sandbox default: 1234567].
    #[arg(long, value_name = "ID")]
    pub project: Option<String>,
}

#[derive(Debug, Args)]
pub struct MigrateStartArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// Subscription id [local sandbox default: 11111111-1111-1111-1111-111111111111].
    #[arg(long, value_name = "ID")]
    pub subscription: Option<String>,
    /// Resource group (1 to 90 characters) [local sandbox default: demo-rg].
    #[arg(long, value_name = "NAME")]
    pub resource_group: Option<String>,
    /// The virtual machine; with --availability-set, the VMs of the set to migrate (repeat
    /// or separate by commas; default: every VM of the set).
    #[arg(
        long,
        value_name = "NAME",
        value_delimiter = ',',
        required_unless_present = "availability_set"
    )]
    pub vm: Vec<String>,
    /// Migrate the VMs of this availability set (all, or those of --vm), at most
    /// --max-parallel at once; stored, so `glossa migrate watch` resumes it after a restart.
    #[arg(long, value_name = "NAME")]
    pub availability_set: Option<String>,
    /// With --availability-set: how many migrations run at once.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub max_parallel: u16,
    /// Target zone.
    #[arg(long, value_name = "ZONE")]
    pub zone: Option<String>,
    /// Target VM size, e.g. Standard_D1_v2.
    #[arg(long, value_name = "SIZE")]
    pub size: Option<String>,
    /// Target fault domain.
    #[arg(long, value_name = "N")]
    pub fault_domain: Option<i32>,
    /// Follow the operation until it ends.
    #[arg(long)]
    pub watch: bool,
}

#[derive(Debug, Args)]
pub struct MigrateStatusArgs {
    #[command(flatten)]
    pub manage: ManageArgs,
    /// The Location URL of the operation.
    #[arg(long, value_name = "URL")]
    pub location: String,
    /// Follow the operation until it ends.
    #[arg(long)]
    pub watch: bool,
}
