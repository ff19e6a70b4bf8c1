//! The portal's refresh validation rules (api-facts §8): why a refresh may
//! not start, as the LCS-style `ErrorMessage`.

use rusqlite::Connection;

use super::{Environment, environment, project_exists};

/// Why a refresh may not start: the LCS-style `ErrorMessage`.
pub type Refusal = String;

fn is_guid(s: &str) -> bool {
    uuid::Uuid::try_parse(s).is_ok()
}

/// The portal's refresh rules (api-facts §8), in this order: project,
/// environments, same environment, target kind (production, Tier-1), source
/// kind, tenant, geo (unless either database is Spartan-managed), platform
/// update > 20, release, Financial Reporting version, database size.
pub fn check(
    conn: &Connection,
    project: &str,
    source: &str,
    target: &str,
) -> rusqlite::Result<Result<(u64, Environment, Environment), Refusal>> {
    let Some(project_id) = project
        .parse::<u64>()
        .ok()
        .filter(|&p| project_exists(conn, p).unwrap_or(false))
    else {
        return Ok(Err(format!(
            "Project {project} was not found or you do not have access to it."
        )));
    };
    let mut envs = Vec::with_capacity(2);
    for (role, id) in [("Source", source), ("Target", target)] {
        if !is_guid(id) {
            return Ok(Err(format!(
                "{role} environment id '{id}' is not a valid environment id (a GUID is expected)."
            )));
        }
        match environment(conn, project_id, id)? {
            Some(env) => envs.push(env),
            None => {
                return Ok(Err(format!(
                    "{role} environment {id} was not found in project {project_id}."
                )));
            }
        }
    }
    let (Some(tgt), Some(src)) = (envs.pop(), envs.pop()) else {
        return Ok(Err("Source or target environment was not found.".into()));
    };
    Ok(rules(&src, &tgt).map(|()| (project_id, src, tgt)))
}

fn rules(src: &Environment, tgt: &Environment) -> Result<(), Refusal> {
    let fail = |m: String| Err(m);
    if src.id.eq_ignore_ascii_case(&tgt.id) {
        return fail("Source and target environments cannot be the same environment.".into());
    }
    match tgt.kind.as_str() {
        "Production" => {
            return fail(format!(
                "Target environment '{}' is a production environment. Database refresh into production is not supported; \
                 use the golden configuration flow (sandbox to production) in the LCS portal.",
                tgt.name
            ));
        }
        "CloudHosted" => {
            return fail(format!(
                "Target environment '{}' is a cloud-hosted (Tier-1) environment. Database refresh is only supported \
                 into sandbox (Tier-2 and higher) environments.",
                tgt.name
            ));
        }
        _ => {}
    }
    if src.kind == "CloudHosted" {
        return fail(format!(
            "Source environment '{}' is a cloud-hosted (Tier-1) environment. Only production and sandbox environments \
             can be the source of a database refresh.",
            src.name
        ));
    }
    if !src.tenant.eq_ignore_ascii_case(&tgt.tenant) {
        return fail("Source and target environments must belong to the same Microsoft Entra tenant.".into());
    }
    if src.geo != tgt.geo && !(src.spartan || tgt.spartan) {
        return fail(format!(
            "Source environment is in Azure geography '{}' and target environment in '{}'. Database refresh is only \
             supported within the same Azure geography.",
            src.geo, tgt.geo
        ));
    }
    for env in [src, tgt] {
        if env.platform_update <= 20 {
            return fail(format!(
                "Environment '{}' is on platform update {}. Database refresh requires platform update 21 or later.",
                env.name, env.platform_update
            ));
        }
    }
    if src.release != tgt.release {
        return fail(format!(
            "Source and target environments must be on the same application release (source {}, target {}).",
            src.release, tgt.release
        ));
    }
    if tgt.fr_version < src.fr_version {
        return fail(format!(
            "Target Financial Reporting version ({}) is lower than the source version ({}).",
            tgt.fr_version, src.fr_version
        ));
    }
    if src.db_size_gb > tgt.max_db_gb {
        return fail(format!(
            "Source database allocated capacity ({} GB) exceeds the maximum database capacity of target environment '{}' ({} GB).",
            src.db_size_gb, tgt.name, tgt.max_db_gb
        ));
    }
    Ok(())
}
