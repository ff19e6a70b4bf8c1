//! The listings the Manage tab's pickers and the bulk migration read, as
//! types: Data Share `Shares - List By Account`, Compute `Virtual Machines -
//! List` (by resource group) and `Availability Sets - Get`. Wire names are
//! exact (camelCase, ARM's `type`, `nextLink`); every field but the list's
//! `value` is optional on the wire, as the REST specs have it. No IO.
//!
//! LCS offers no listing of a project's environments (api-facts §8: only
//! refresh and fetchstatus); the ids a profile used before come from the
//! store instead (`store::environments`).

use serde::{Deserialize, Serialize};

/// The api-versions the sandbox accepts for the Compute reads (VM list,
/// availability set), oldest first: the migrate versions and older ones SDKs
/// still send. The client reads with `COMPUTE_API_VERSION`, as it migrates.
pub const COMPUTE_READ_API_VERSIONS: [&str; 13] = [
    "2022-03-01",
    "2022-08-01",
    "2022-11-01",
    "2023-03-01",
    "2023-07-01",
    "2023-09-01",
    "2024-03-01",
    "2024-07-01",
    "2024-11-01",
    "2025-04-01",
    "2025-11-01",
    "2026-03-01",
    "2026-04-01",
];

/// `{ "id": ... }`: a reference to another resource.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubResource {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

impl SubResource {
    pub fn new(id: impl Into<String>) -> Self {
        Self { id: Some(id.into()) }
    }

    /// The last segment of the id (a VM's name in an availability set's list).
    pub fn name(&self) -> Option<&str> {
        self.id
            .as_deref()
            .and_then(|id| id.trim_end_matches('/').rsplit('/').next())
            .filter(|n| !n.is_empty())
    }
}

/// The properties of a data share.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShareProperties {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `CopyBased` or `InPlace`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisioning_state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_name: Option<String>,
}

/// A share resource (`Microsoft.DataShare/Shares`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default)]
    pub properties: ShareProperties,
}

/// A page of a listing: `value` is required, `nextLink` the next page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListPage<T> {
    pub value: Vec<T>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_link: Option<String>,
}

/// `hardwareProfile` of a VM.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HardwareProfile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vm_size: Option<String>,
}

/// The properties of a VM the pickers and the bulk migration read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VirtualMachineProperties {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vm_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hardware_profile: Option<HardwareProfile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub availability_set: Option<SubResource>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub virtual_machine_scale_set: Option<SubResource>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_fault_domain: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisioning_state: Option<String>,
}

/// A virtual machine (`Microsoft.Compute/virtualMachines`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VirtualMachine {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<String>,
    #[serde(default)]
    pub properties: VirtualMachineProperties,
}

impl VirtualMachine {
    /// The name of its availability set, if it is in one.
    pub fn availability_set_name(&self) -> Option<&str> {
        self.properties
            .availability_set
            .as_ref()
            .and_then(SubResource::name)
    }
}

/// `sku` of an availability set (`Aligned` for managed disks, `Classic`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sku {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// The properties of an availability set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilitySetProperties {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_fault_domain_count: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_update_domain_count: Option<i32>,
    #[serde(default)]
    pub virtual_machines: Vec<SubResource>,
}

/// An availability set (`Microsoft.Compute/availabilitySets`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvailabilitySet {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default)]
    pub name: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sku: Option<Sku>,
    #[serde(default)]
    pub properties: AvailabilitySetProperties,
}

impl AvailabilitySet {
    /// The names of its VMs, in the order the service listed them.
    pub fn vm_names(&self) -> Vec<String> {
        self.properties
            .virtual_machines
            .iter()
            .filter_map(SubResource::name)
            .map(str::to_owned)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_migrate_version_reads() {
        for v in crate::api::manage::COMPUTE_API_VERSIONS {
            assert!(COMPUTE_READ_API_VERSIONS.contains(&v), "{v}");
        }
    }

    #[test]
    fn wire_names_of_the_published_examples() {
        // Shares_ListByAccount and AvailabilitySets_Get examples, shortened.
        let page: ListPage<Share> = serde_json::from_str(
            r#"{"value":[{"id":"/subscriptions/s/resourceGroups/r/providers/Microsoft.DataShare/accounts/a/shares/Share1",
               "name":"Share1","type":"Microsoft.DataShare/Shares","properties":{"createdAt":"2018-11-14T04:47:52.9614956Z",
               "description":"share description","shareKind":"CopyBased","terms":"Confidential","provisioningState":"Succeeded",
               "userEmail":"john.smith@microsoft.com","userName":"John Smith"}}],"nextLink":"https://x/next"}"#,
        )
        .unwrap();
        assert_eq!(page.value[0].properties.share_kind.as_deref(), Some("CopyBased"));
        assert_eq!(page.next_link.as_deref(), Some("https://x/next"));
        let set: AvailabilitySet = serde_json::from_str(
            r#"{"name":"myAvailabilitySet","type":"Microsoft.Compute/availabilitySets","location":"westus",
               "sku":{"name":"Classic"},"properties":{"platformFaultDomainCount":2,"platformUpdateDomainCount":20,
               "virtualMachines":[{"id":"/subscriptions/s/resourceGroups/R/providers/Microsoft.Compute/virtualMachines/vm-a"}]}}"#,
        )
        .unwrap();
        assert_eq!(set.vm_names(), ["vm-a"]);
        let vm = VirtualMachine {
            name: "v".into(),
            properties: VirtualMachineProperties {
                availability_set: Some(SubResource::new("/x/availabilitySets/WEB-AVSET")),
                ..Default::default()
            },
            ..Default::default()
        };
        let text = serde_json::to_string(&vm).unwrap();
        assert!(
            text.contains(r#""availabilitySet":{"id":"/x/availabilitySets/WEB-AVSET"}"#),
            "{text}"
        );
        assert_eq!(vm.availability_set_name(), Some("WEB-AVSET"));
    }
}
