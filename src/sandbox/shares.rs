//! Data Share `Shares - List By Account` in the sandbox: the shares of an
//! account, as Share resources. The `shares` table holds the names; the
//! descriptive properties of the seeded shares are fixed here, and
//! `createdAt` is counted back from when the sandbox was seeded, so a
//! listing never changes between reads.

use rusqlite::{Connection, OptionalExtension, params};

use super::syncs::rfc3339;
use crate::api::manage::DATA_SHARE_PROVIDER;
use crate::api::manage_list::{Share, ShareProperties};

const DAY: i64 = 24 * 3600 * 1000;

/// (name, description, terms, days before the seed it was created)
const ABOUT: [(&str, &str, &str, i64); 3] = [
    (
        "sales-share",
        "Daily sales orders and invoices for the partners' analytics.",
        "For the recipient's internal analytics only; no redistribution.",
        120,
    ),
    (
        "hr-share",
        "Head count and office assignments, refreshed every six hours.",
        "Confidential: personal data under the data processing agreement.",
        90,
    ),
    ("empty-share", "A share with no datasets yet.", "", 7),
];

/// What the account path names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accounts {
    /// The account's shares (names as stored), in name order.
    Shares(Vec<Share>),
    NoSubscription,
    NoResourceGroup,
    NoAccount,
}

/// The shares of `account`; resource group and account compare
/// case-insensitively (as ARM names do), the subscription exactly.
pub fn list(conn: &Connection, sub: &str, group: &str, account: &str) -> rusqlite::Result<Accounts> {
    let count = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> rusqlite::Result<i64> {
        conn.query_row(sql, p, |r| r.get(0))
    };
    if count("SELECT count(*) FROM shares WHERE subscription = ?1", &[&sub])? == 0 {
        return Ok(Accounts::NoSubscription);
    }
    if count(
        "SELECT count(*) FROM shares WHERE subscription = ?1 AND resource_group = ?2",
        &[&sub, &group],
    )? == 0
    {
        return Ok(Accounts::NoResourceGroup);
    }
    let mut stmt = conn.prepare(
        "SELECT resource_group, account, share FROM shares
         WHERE subscription = ?1 AND resource_group = ?2 AND account = ?3 COLLATE NOCASE
         ORDER BY share COLLATE NOCASE",
    )?;
    let rows = stmt
        .query_map(params![sub, group, account], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if rows.is_empty() {
        return Ok(Accounts::NoAccount);
    }
    let seeded: i64 = conn
        .query_row("SELECT value FROM meta WHERE key = 'seeded'", [], |r| {
            r.get::<_, String>(0)
        })
        .optional()?
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    Ok(Accounts::Shares(
        rows.into_iter()
            .map(|(group, account, name)| share(sub, &group, &account, &name, seeded))
            .collect(),
    ))
}

fn share(sub: &str, group: &str, account: &str, name: &str, seeded_ms: i64) -> Share {
    let about = ABOUT.iter().find(|a| a.0.eq_ignore_ascii_case(name));
    let (description, terms, days) = about.map_or(("", "", 30), |a| (a.1, a.2, a.3));
    let text = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    Share {
        id: Some(format!(
            "/subscriptions/{sub}/resourceGroups/{group}/providers/{DATA_SHARE_PROVIDER}/accounts/{account}/shares/{name}"
        )),
        name: name.to_owned(),
        kind: Some("Microsoft.DataShare/Shares".into()),
        properties: ShareProperties {
            created_at: Some(rfc3339(seeded_ms - days * DAY, 0)),
            description: text(description),
            share_kind: Some("CopyBased".into()),
            provisioning_state: Some("Succeeded".into()),
            terms: text(terms),
            user_email: Some("data.admin@contoso.com".into()),
            user_name: Some("Contoso Data Admin".into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::sandbox::Sandbox;
    use crate::sandbox::syncs::{ACCOUNT, RESOURCE_GROUP, SUBSCRIPTION};

    #[test]
    fn the_demo_account_lists_its_three_shares_and_unknown_paths_say_what_is_missing() {
        let s = Sandbox::open(None, 1.0, Clock::manual(1_000_000)).unwrap();
        let found = s
            .with(|c| list(c, SUBSCRIPTION, "DEMO-RG", "Demo-Account"))
            .unwrap();
        let Accounts::Shares(shares) = found else {
            panic!("{found:?}")
        };
        let names: Vec<_> = shares.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["empty-share", "hr-share", "sales-share"]);
        assert!(shares[2].properties.created_at.as_deref().unwrap().ends_with('Z'));
        assert_eq!(shares[0].properties.terms, None);
        assert!(
            shares[2]
                .id
                .as_deref()
                .unwrap()
                .ends_with("/accounts/demo-account/shares/sales-share")
        );
        assert_eq!(
            s.with(|c| list(c, "nope", RESOURCE_GROUP, ACCOUNT)).unwrap(),
            Accounts::NoSubscription
        );
        assert_eq!(
            s.with(|c| list(c, SUBSCRIPTION, "other-rg", ACCOUNT)).unwrap(),
            Accounts::NoResourceGroup
        );
        assert_eq!(
            s.with(|c| list(c, SUBSCRIPTION, RESOURCE_GROUP, "other"))
                .unwrap(),
            Accounts::NoAccount
        );
    }
}
