//! The listings behind the Manage tab's pickers and the bulk migration, in
//! the sandbox at their real paths: Data Share `Shares - List By Account`,
//! Compute `Virtual Machines - List` and `Availability Sets - Get` — paging
//! by nextLink to the end, auth, api-versions, unknown resources, foreign
//! skip tokens, each in its API's error body, never a 5xx.

use glossa::api::Secret;
use glossa::api::manage::{CloudError, DataShareError};
use glossa::api::manage_list::{AvailabilitySet, ListPage, Share, VirtualMachine};
use glossa::service::ServiceConfig;
use reqwest::Response;

use crate::common::*;
use crate::manage_lcs::bearer;

const SUB: &str = "11111111-1111-1111-1111-111111111111";
const SHARES: &str = "/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo-rg/providers/Microsoft.DataShare/accounts/demo-account/shares";
const VMS: &str = "/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo-rg/providers/Microsoft.Compute/virtualMachines";
const AVSET: &str = "/subscriptions/11111111-1111-1111-1111-111111111111/resourceGroups/demo-rg/providers/Microsoft.Compute/availabilitySets/web-avset";

async fn svc() -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        time_scale: Some(60.0),
        ..ServiceConfig::default()
    })
    .await
}

async fn get(svc: &Svc, token: Option<&str>, url: &str) -> Response {
    let url = if url.starts_with("http") {
        url.to_owned()
    } else {
        format!("{}{url}", svc.url)
    };
    let mut req = svc.http.get(url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.unwrap()
}

async fn body<T: serde::de::DeserializeOwned>(resp: Response, status: u16) -> T {
    assert_eq!(resp.status(), status, "{:?}", resp.url().path());
    let text = resp.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Every page of a listing from `first`, following nextLink by GET.
async fn all_pages<T: serde::de::DeserializeOwned>(svc: &Svc, t: &str, first: &str) -> (Vec<T>, usize) {
    let (mut items, mut pages, mut next) = (Vec::new(), 0, Some(first.to_owned()));
    while let Some(url) = next.take() {
        let resp = get(svc, Some(t), &url).await;
        assert!(resp.headers().contains_key("x-ms-request-id"));
        assert!(
            resp.headers()
                .contains_key("x-ms-ratelimit-remaining-subscription-reads")
        );
        let page: ListPage<T> = body(resp, 200).await;
        items.extend(page.value);
        pages += 1;
        if let Some(link) = page.next_link {
            assert!(
                link.starts_with(&svc.url) && link.contains("$skipToken="),
                "{link}"
            );
            next = Some(link);
        }
        assert!(pages < 20, "the nextLink chain ends");
    }
    (items, pages)
}

#[tokio::test]
async fn shares_of_the_demo_account_come_in_pages() {
    let svc = svc().await;
    let t = bearer(&svc).await;
    for v in ["2019-11-01", "2020-09-01", "2021-08-01"] {
        let (shares, pages) = all_pages::<Share>(&svc, &t, &format!("{SHARES}?api-version={v}")).await;
        let names: Vec<_> = shares.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["empty-share", "hr-share", "sales-share"], "{v}");
        assert_eq!(pages, 2, "pages of two");
        let sales = &shares[2];
        assert_eq!(sales.kind.as_deref(), Some("Microsoft.DataShare/Shares"));
        assert_eq!(sales.properties.share_kind.as_deref(), Some("CopyBased"));
        assert!(sales.properties.created_at.is_some() && sales.properties.user_email.is_some());
    }
    // Names compare case-insensitively, as ARM's do.
    let upper = SHARES
        .replace("demo-rg", "DEMO-RG")
        .replace("demo-account", "Demo-Account");
    let (shares, _) = all_pages::<Share>(&svc, &t, &format!("{upper}?api-version=2021-08-01")).await;
    assert_eq!(shares.len(), 3);
}

#[tokio::test]
async fn shares_errors_are_data_share_errors() {
    let svc = svc().await;
    let t = bearer(&svc).await;
    let q = "?api-version=2021-08-01";
    for (token, url, status, code) in [
        (None, format!("{SHARES}{q}"), 401, "AuthenticationFailed"),
        (
            Some("not-a-token"),
            format!("{SHARES}{q}"),
            401,
            "AuthenticationFailed",
        ),
        (
            Some(t.as_str()),
            SHARES.to_owned(),
            400,
            "MissingApiVersionParameter",
        ),
        (
            Some(&t),
            format!("{SHARES}?api-version=2026-03-01"),
            400,
            "InvalidApiVersionParameter",
        ),
        (
            Some(&t),
            format!("{SHARES}{q}&$filter=name%20eq%20'x'"),
            400,
            "InvalidParameter",
        ),
        (
            Some(&t),
            format!("{SHARES}{q}&$skipToken=bm90LWEtdG9rZW4"),
            400,
            "InvalidSkipToken",
        ),
        (
            Some(&t),
            format!("{}{q}", SHARES.replace("demo-account", "nope")),
            404,
            "ResourceNotFound",
        ),
        (
            Some(&t),
            format!("{}{q}", SHARES.replace("demo-rg", "nope-rg")),
            404,
            "ResourceGroupNotFound",
        ),
        (
            Some(&t),
            format!("{}{q}", SHARES.replace(SUB, "sub-x")),
            404,
            "SubscriptionNotFound",
        ),
    ] {
        let resp = get(&svc, token, &url).await;
        if status == 401 {
            assert!(resp.headers().contains_key("www-authenticate"));
        }
        let e: DataShareError = body(resp, status).await;
        assert_eq!(e.error.code, code, "{url}");
        assert!(!e.error.message.is_empty());
    }
    // A skip token of another listing is refused, not read as page one.
    let first: ListPage<VirtualMachine> = body(
        get(&svc, Some(&t), &format!("{VMS}?api-version=2026-03-01")).await,
        200,
    )
    .await;
    let token = first
        .next_link
        .unwrap()
        .split("$skipToken=")
        .nth(1)
        .unwrap()
        .to_owned();
    let e: DataShareError = body(
        get(&svc, Some(&t), &format!("{SHARES}{q}&$skipToken={token}")).await,
        400,
    )
    .await;
    assert_eq!(e.error.code, "InvalidSkipToken");
    let resp = svc
        .http
        .post(format!("{}{SHARES}{q}", svc.url))
        .bearer_auth(&t)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 405, "the listing is a GET");
}

#[tokio::test]
async fn vms_of_the_group_come_in_pages_and_leave_the_set_when_migrated() {
    let svc = svc().await;
    let t = bearer(&svc).await;
    for v in ["2024-11-01", "2026-03-01", "2023-09-01"] {
        let (vms, pages) = all_pages::<VirtualMachine>(&svc, &t, &format!("{VMS}?api-version={v}")).await;
        let names: Vec<_> = vms.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["vm-web-1", "vm-web-2", "vm-web-3", "vm-web-4"], "{v}");
        assert_eq!(pages, 2);
        assert!(vms.iter().all(|v| v.availability_set_name() == Some("web-avset")));
        assert_eq!(
            vms[2]
                .properties
                .hardware_profile
                .as_ref()
                .unwrap()
                .vm_size
                .as_deref(),
            Some("Standard_D4s_v3")
        );
    }
    let set: AvailabilitySet = body(
        get(&svc, Some(&t), &format!("{AVSET}?api-version=2026-03-01")).await,
        200,
    )
    .await;
    assert_eq!(set.vm_names(), ["vm-web-1", "vm-web-2", "vm-web-3", "vm-web-4"]);
    assert_eq!(set.properties.platform_fault_domain_count, Some(3));
    assert_eq!(set.kind.as_deref(), Some("Microsoft.Compute/availabilitySets"));
    // vm-web-2 migrated: out of the set, in the scale set.
    let m = svc
        .http
        .post(format!(
            "{}/subscriptions/{SUB}/resourceGroups/demo-rg/providers/Microsoft.Compute/virtualMachines/vm-web-2/migrateToVirtualMachineScaleSet?api-version=2026-03-01",
            svc.url
        ))
        .bearer_auth(&t)
        .send()
        .await
        .unwrap();
    assert_eq!(m.status(), 202);
    svc.clock.advance(6);
    let upper = AVSET
        .replace("demo-rg", "DEMO-RG")
        .replace("web-avset", "WEB-AVSET");
    let set: AvailabilitySet = body(
        get(&svc, Some(&t), &format!("{upper}?api-version=2025-04-01")).await,
        200,
    )
    .await;
    assert_eq!(set.vm_names(), ["vm-web-1", "vm-web-3", "vm-web-4"]);
    let (vms, _) = all_pages::<VirtualMachine>(&svc, &t, &format!("{VMS}?api-version=2026-03-01")).await;
    assert!(
        vms[1].properties.virtual_machine_scale_set.is_some() && vms[1].availability_set_name().is_none()
    );
}

#[tokio::test]
async fn compute_read_errors_are_cloud_errors() {
    let svc = svc().await;
    let t = bearer(&svc).await;
    let q = "?api-version=2026-03-01";
    let long = "r".repeat(91);
    for (token, url, status, code) in [
        (None, format!("{VMS}{q}"), 401, "AuthenticationFailed"),
        (
            Some("not-a-token"),
            format!("{AVSET}{q}"),
            401,
            "AuthenticationFailed",
        ),
        (
            Some(t.as_str()),
            VMS.to_owned(),
            400,
            "MissingApiVersionParameter",
        ),
        (Some(&t), AVSET.to_owned(), 400, "MissingApiVersionParameter"),
        (
            Some(&t),
            format!("{VMS}?api-version=2021-08-01"),
            400,
            "InvalidApiVersionParameter",
        ),
        (
            Some(&t),
            format!("{AVSET}?api-version=1999-01-01"),
            400,
            "InvalidApiVersionParameter",
        ),
        (
            Some(&t),
            format!("{VMS}{q}&$skipToken=xyz"),
            400,
            "InvalidSkipToken",
        ),
        (Some(&t), format!("{VMS}{q}&$filter=x"), 400, "InvalidParameter"),
        (
            Some(&t),
            format!("{}{q}", VMS.replace("demo-rg", &long)),
            400,
            "InvalidParameter",
        ),
        (
            Some(&t),
            format!("{}{q}", VMS.replace("demo-rg", "nope-rg")),
            404,
            "ResourceGroupNotFound",
        ),
        (
            Some(&t),
            format!("{}{q}", VMS.replace(SUB, "sub-x")),
            404,
            "SubscriptionNotFound",
        ),
        (
            Some(&t),
            format!("{}{q}", AVSET.replace("web-avset", "nope")),
            404,
            "ResourceNotFound",
        ),
        (
            Some(&t),
            format!("{}{q}", AVSET.replace("demo-rg", "nope-rg")),
            404,
            "ResourceGroupNotFound",
        ),
        (
            Some(&t),
            format!("{}{q}", AVSET.replace("web-avset", "%FF")),
            400,
            "InvalidResourcePath",
        ),
    ] {
        let resp = get(&svc, token, &url).await;
        let e: CloudError = body(resp, status).await;
        assert_eq!(e.error.code, code, "{url}");
        assert!(!e.error.message.is_empty());
    }
    let resp = svc
        .http
        .delete(format!("{}{AVSET}{q}", svc.url))
        .bearer_auth(&t)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 405);
}

#[tokio::test]
async fn hostile_queries_and_paths_are_4xx_with_a_json_body() {
    let svc = svc().await;
    let t = bearer(&svc).await;
    let long = "x".repeat(5000);
    let mut urls = Vec::new();
    for (base, version) in [(SHARES, "2021-08-01"), (VMS, "2026-03-01"), (AVSET, "2026-03-01")] {
        for query in [
            format!("?api-version={long}"),
            "?api-version=".to_owned(),
            "?api-version=%00".to_owned(),
            "?api-version=%FF%FE".to_owned(),
            format!("?api-version={version}&$skipToken="),
            format!("?api-version={version}&$skipToken=%FF"),
            format!("?api-version={version}&$skipToken={long}"),
            format!("?api-version={version}&$skipToken=eyJvIjoxOH0"),
            format!("?api-version={version}&$skipToken=eyJvIjotMSwibCI6IngifQ"),
            format!("?api-version={version}&$filter=%27"),
            format!("?api-version={version}&$orderby=name%20desc"),
            format!("?api-version={version}&api-version=bad"),
            format!("?api-version=bad&api-version={version}"),
        ] {
            urls.push(format!("{base}{query}"));
        }
        urls.push(format!(
            "{}?api-version={version}",
            base.replace("demo-rg", "%FF")
        ));
        urls.push(format!("{}?api-version={version}", base.replace(SUB, &long)));
        urls.push(format!(
            "{}?api-version={version}",
            base.replace("demo-rg", "a%2Fb")
        ));
    }
    for url in urls {
        let resp = get(&svc, Some(&t), &url).await;
        let status = resp.status().as_u16();
        let body = resp.text().await.unwrap();
        assert!((200..500).contains(&status), "{status} for {url}: {body}");
        let v: serde_json::Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {url}: {body}"));
        if status >= 400 {
            assert!(v["error"]["code"].is_string(), "{url}: {body}");
        }
    }
}
