//! Compute reads in the sandbox: `Virtual Machines - List` of a resource
//! group and `Availability Sets - Get`, as of sandbox time.
//!
//! A VM whose migration has succeeded is no longer in its availability set:
//! it lists `virtualMachineScaleSet` (the flexible scale set `{set}-vmss`)
//! instead of `availabilitySet`, and the set's `virtualMachines` leave it
//! out — so a bulk migration run again takes only what is left (a failed
//! VM stays in its set). A VM being migrated is `Updating`.

use rusqlite::{Connection, params};

use super::compute::{Migration, MigrationState};
use crate::api::manage::COMPUTE_PROVIDER;
use crate::api::manage_list::{
    AvailabilitySet, AvailabilitySetProperties, HardwareProfile, Sku, SubResource, VirtualMachine,
    VirtualMachineProperties,
};

/// Fault and update domains of the sandbox's availability sets.
pub const FAULT_DOMAINS: i32 = 3;
pub const UPDATE_DOMAINS: i32 = 5;

/// What a resource-group path names.
#[derive(Clone, Debug, PartialEq)]
pub enum Group<T> {
    Found(T),
    NoSubscription,
    NoResourceGroup,
    /// The group exists; the resource in it does not.
    NoResource,
}

struct Row {
    group: String,
    name: String,
    location: String,
    set: Option<String>,
    size: String,
    zone: Option<String>,
    fault_domain: i32,
}

fn rows(conn: &Connection, sub: &str, group: &str) -> rusqlite::Result<Group<Vec<Row>>> {
    let subs: i64 = conn.query_row(
        "SELECT count(*) FROM vms WHERE lower(subscription) = lower(?1)",
        [sub],
        |r| r.get(0),
    )?;
    if subs == 0 {
        return Ok(Group::NoSubscription);
    }
    let mut stmt = conn.prepare(
        "SELECT resource_group, name, location, availability_set, size, zone, fault_domain FROM vms
         WHERE lower(subscription) = lower(?1) AND resource_group = ?2 ORDER BY name",
    )?;
    let rows = stmt
        .query_map(params![sub, group], |r| {
            Ok(Row {
                group: r.get(0)?,
                name: r.get(1)?,
                location: r.get(2)?,
                set: r.get(3)?,
                size: r.get(4)?,
                zone: r.get(5)?,
                fault_domain: r.get(6)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(if rows.is_empty() {
        Group::NoResourceGroup
    } else {
        Group::Found(rows)
    })
}

/// The migrations' states of a group's VMs now: (vm, state).
fn states(
    conn: &Connection,
    sub: &str,
    group: &str,
    now_ms: i64,
) -> rusqlite::Result<Vec<(String, MigrationState)>> {
    let mut stmt = conn.prepare(
        "SELECT id, subscription, vm, location, started_ms, run_ms, outcome, error_code, error_message
         FROM migrations WHERE lower(subscription) = lower(?1) AND resource_group = ?2",
    )?;
    let list = stmt
        .query_map(params![sub, group], |r| {
            Ok(Migration {
                id: r.get(0)?,
                subscription: r.get(1)?,
                vm: r.get(2)?,
                location: r.get(3)?,
                started_ms: r.get(4)?,
                run_ms: r.get(5)?,
                failed: r.get::<_, String>(6)? == "Failed",
                error_code: r.get(7)?,
                error_message: r.get(8)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(list
        .into_iter()
        .map(|m| {
            let state = m.state_at(now_ms).0;
            (m.vm, state)
        })
        .collect())
}

/// A stable `vmId` (a GUID) from the VM's subscription and name.
fn vm_id(sub: &str, name: &str) -> String {
    use sha2::{Digest, Sha256};
    let d = Sha256::new()
        .chain_update(sub.to_ascii_lowercase())
        .chain_update([0])
        .chain_update(name.to_ascii_lowercase())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&d[..16]);
    uuid::Builder::from_random_bytes(bytes).into_uuid().to_string()
}

fn id(sub: &str, group: &str, kind: &str, name: &str) -> String {
    format!("/subscriptions/{sub}/resourceGroups/{group}/providers/{COMPUTE_PROVIDER}/{kind}/{name}")
}

/// The VMs of a resource group now, by name.
pub fn vms(
    conn: &Connection,
    sub: &str,
    group: &str,
    now_ms: i64,
) -> rusqlite::Result<Group<Vec<VirtualMachine>>> {
    let rows = match rows(conn, sub, group)? {
        Group::Found(rows) => rows,
        Group::NoSubscription => return Ok(Group::NoSubscription),
        _ => return Ok(Group::NoResourceGroup),
    };
    let states = states(conn, sub, group, now_ms)?;
    let has = |vm: &str, s: MigrationState| {
        states
            .iter()
            .any(|(v, st)| v.eq_ignore_ascii_case(vm) && *st == s)
    };
    Ok(Group::Found(
        rows.into_iter()
            .map(|r| {
                let migrated = has(&r.name, MigrationState::Succeeded);
                let set = r.set.as_deref().map(|s| id(sub, &r.group, "availabilitySets", s));
                let vmss = r
                    .set
                    .as_deref()
                    .map(|s| id(sub, &r.group, "virtualMachineScaleSets", &format!("{s}-vmss")));
                VirtualMachine {
                    id: Some(id(sub, &r.group, "virtualMachines", &r.name)),
                    kind: Some(format!("{COMPUTE_PROVIDER}/virtualMachines")),
                    location: Some(r.location),
                    zones: r.zone.into_iter().collect(),
                    properties: VirtualMachineProperties {
                        vm_id: Some(vm_id(sub, &r.name)),
                        hardware_profile: Some(HardwareProfile {
                            vm_size: Some(r.size),
                        }),
                        availability_set: if migrated { None } else { set.map(SubResource::new) },
                        virtual_machine_scale_set: if migrated {
                            vmss.map(SubResource::new)
                        } else {
                            None
                        },
                        platform_fault_domain: Some(r.fault_domain),
                        provisioning_state: Some(
                            if has(&r.name, MigrationState::Running) {
                                "Updating"
                            } else {
                                "Succeeded"
                            }
                            .into(),
                        ),
                    },
                    name: r.name,
                }
            })
            .collect(),
    ))
}

/// The availability set `name` of a group now: its VMs are those still in it.
pub fn availability_set(
    conn: &Connection,
    sub: &str,
    group: &str,
    name: &str,
    now_ms: i64,
) -> rusqlite::Result<Group<AvailabilitySet>> {
    let vms = match vms(conn, sub, group, now_ms)? {
        Group::Found(vms) => vms,
        Group::NoSubscription => return Ok(Group::NoSubscription),
        _ => return Ok(Group::NoResourceGroup),
    };
    let rows = match rows(conn, sub, group)? {
        Group::Found(rows) => rows,
        _ => Vec::new(),
    };
    let Some(first) = rows
        .iter()
        .find(|r| r.set.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(name)))
    else {
        return Ok(Group::NoResource);
    };
    let set_name = first.set.clone().unwrap_or_default();
    let members = vms
        .iter()
        .filter(|v| {
            v.availability_set_name()
                .is_some_and(|s| s.eq_ignore_ascii_case(name))
        })
        .filter_map(|v| v.id.clone().map(SubResource::new))
        .collect();
    Ok(Group::Found(AvailabilitySet {
        id: Some(id(sub, &first.group, "availabilitySets", &set_name)),
        kind: Some(format!("{COMPUTE_PROVIDER}/availabilitySets")),
        location: Some(first.location.clone()),
        sku: Some(Sku {
            name: Some("Aligned".into()),
        }),
        properties: AvailabilitySetProperties {
            platform_fault_domain_count: Some(FAULT_DOMAINS),
            platform_update_domain_count: Some(UPDATE_DOMAINS),
            virtual_machines: members,
        },
        name: set_name,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::manage::MigrationInput;
    use crate::clock::Clock;
    use crate::sandbox::Sandbox;
    use crate::sandbox::compute::{AVAILABILITY_SET, RESOURCE_GROUP, SUBSCRIPTION, start};

    #[test]
    fn a_migrated_vm_leaves_its_availability_set_and_a_failed_one_stays() {
        let clock = Clock::manual(1_000_000);
        let s = Sandbox::open(None, 60.0, clock.clone()).unwrap();
        let set = |s: &Sandbox| match s
            .with(|c| availability_set(c, SUBSCRIPTION, "DEMO-RG", "WEB-AVSET", s.now_ms()))
            .unwrap()
        {
            Group::Found(set) => set,
            other => panic!("{other:?}"),
        };
        let before = set(&s);
        assert_eq!(before.name, AVAILABILITY_SET);
        assert_eq!(
            before.vm_names(),
            ["vm-web-1", "vm-web-2", "vm-web-3", "vm-web-4"]
        );
        assert_eq!(before.properties.platform_fault_domain_count, Some(3));
        let listed = |s: &Sandbox| match s
            .with(|c| vms(c, SUBSCRIPTION, RESOURCE_GROUP, s.now_ms()))
            .unwrap()
        {
            Group::Found(list) => list,
            other => panic!("{other:?}"),
        };
        for vm in ["vm-web-1", "vm-web-4"] {
            let now = s.now_ms();
            s.with(|c| {
                start(
                    c,
                    SUBSCRIPTION,
                    RESOURCE_GROUP,
                    vm,
                    &MigrationInput::default(),
                    now,
                )
            })
            .unwrap()
            .unwrap();
        }
        let list = listed(&s);
        assert_eq!(list[0].properties.provisioning_state.as_deref(), Some("Updating"));
        clock.advance(10); // 10 sandbox minutes: both done
        assert_eq!(set(&s).vm_names(), ["vm-web-2", "vm-web-3", "vm-web-4"]);
        let list = listed(&s);
        assert_eq!(list[0].availability_set_name(), None);
        assert!(list[0].properties.virtual_machine_scale_set.is_some());
        assert_eq!(list[3].availability_set_name(), Some(AVAILABILITY_SET));
        let missing = |sub: &str, group: &str, name: &str| {
            s.with(|c| availability_set(c, sub, group, name, 0)).unwrap()
        };
        assert_eq!(missing(SUBSCRIPTION, RESOURCE_GROUP, "nope"), Group::NoResource);
        assert_eq!(
            missing(SUBSCRIPTION, "nope-rg", "web-avset"),
            Group::NoResourceGroup
        );
        assert_eq!(
            missing("22222222-2222-2222-2222-222222222222", RESOURCE_GROUP, "x"),
            Group::NoSubscription
        );
    }
}
