//! The listings the pickers and the bulk migration read: Data Share
//! `Shares - List By Account`, Compute `Virtual Machines - List` (by
//! resource group) and `Availability Sets - Get`. GETs with the same token,
//! retries and origin rule as the seed operations; the lists come a page at
//! a time ([`ListPager`]), `nextLink` followed by GET as the SDKs do, and
//! never to another origin. Errors are read in each API's own body
//! (DataShareError, CloudError).

use std::marker::PhantomData;

use reqwest::Method;
use serde::de::DeserializeOwned;

use super::auth::Audience;
use super::error::ManageError;
use super::migrate::cloud_failure;
use super::send::{Raw, Req, generic_failure};
use super::{ManageClient, join, seg};
use crate::api::manage::{
    COMPUTE_API_VERSION, COMPUTE_PROVIDER, DATA_SHARE_API_VERSION, DATA_SHARE_PROVIDER, DataShareError,
    check_non_empty, check_resource_group,
};
use crate::api::manage_list::{AvailabilitySet, ListPage, Share, VirtualMachine};

/// A Data Share account: the path of its shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRef {
    pub subscription: String,
    pub resource_group: String,
    pub account: String,
}

/// A resource group: the path of its VMs and availability sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRef {
    pub subscription: String,
    pub resource_group: String,
}

impl GroupRef {
    fn check(&self) -> Result<(), ManageError> {
        check_non_empty("subscriptionId", &self.subscription)
            .and_then(|()| check_resource_group(&self.resource_group))
            .map_err(ManageError::Input)
    }

    fn url(&self, client: &ManageClient, tail: &[&str]) -> String {
        let mut segments = vec![
            "subscriptions".to_owned(),
            seg(self.subscription.trim()),
            "resourceGroups".into(),
            seg(&self.resource_group),
            "providers".into(),
        ];
        segments.extend(tail.iter().map(|s| (*s).to_owned()));
        let refs: Vec<&str> = segments.iter().map(String::as_str).collect();
        join(&client.inner.management, &refs)
    }
}

/// Which error body a listing's failures come in.
#[derive(Clone, Copy, Debug)]
enum Body {
    DataShare,
    Cloud,
}

fn failure(body: Body, raw: &Raw) -> ManageError {
    match body {
        Body::Cloud => cloud_failure(raw),
        Body::DataShare => match serde_json::from_slice::<DataShareError>(&raw.body) {
            Ok(error) if !error.error.code.is_empty() => ManageError::DataShare {
                status: raw.status,
                error: Box::new(error),
                request_id: raw.request_id(),
            },
            _ => generic_failure(raw),
        },
    }
}

/// At most this many pages, so a service that links a page to itself cannot
/// keep `all()` going for ever.
const MAX_PAGES: usize = 1_000;

/// The pages of one listing, fetched on demand.
pub struct ListPager<T> {
    client: ManageClient,
    op: &'static str,
    body: Body,
    next: Option<String>,
    pages: usize,
    item: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> ListPager<T> {
    /// The next page, or `None` after the last.
    pub async fn next_page(&mut self) -> Result<Option<ListPage<T>>, ManageError> {
        let Some(url) = self.next.take() else {
            return Ok(None);
        };
        if self.pages >= MAX_PAGES {
            return Err(ManageError::Malformed {
                message: format!("more than {MAX_PAGES} pages; the nextLink chain does not end"),
                request_id: None,
            });
        }
        let raw = self.client.get(self.op, url).await?;
        if raw.status != 200 {
            return Err(failure(self.body, &raw));
        }
        let page = serde_json::from_slice::<ListPage<T>>(&raw.body).map_err(|e| ManageError::Malformed {
            message: format!("not a {} page: {e}", self.op),
            request_id: raw.request_id(),
        })?;
        if let Some(link) = page.next_link.as_deref().filter(|l| !l.is_empty()) {
            self.next = Some(self.client.same_origin("nextLink", link)?);
        }
        self.pages += 1;
        Ok(Some(page))
    }

    /// Every remaining item, in order.
    pub async fn all(&mut self) -> Result<Vec<T>, ManageError> {
        let mut items = Vec::new();
        while let Some(mut page) = self.next_page().await? {
            items.append(&mut page.value);
        }
        Ok(items)
    }

    /// The address of the page `next_page` would fetch (a picker that loads
    /// lazily keeps it and resumes with [`ManageClient::shares_from`] /
    /// [`ManageClient::vms_from`]).
    pub fn next_link(&self) -> Option<&str> {
        self.next.as_deref()
    }
}

impl ManageClient {
    /// One idempotent GET on the resource-management API.
    pub(super) async fn get(&self, op: &'static str, url: String) -> Result<Raw, ManageError> {
        self.inner
            .send(&Req {
                op,
                method: Method::GET,
                url,
                audience: Audience::Arm,
                headers: Vec::new(),
                body: None,
                idempotent: true,
            })
            .await
    }

    fn pager<T>(&self, op: &'static str, body: Body, url: String) -> ListPager<T> {
        ListPager {
            client: self.clone(),
            op,
            body,
            next: Some(url),
            pages: 0,
            item: PhantomData,
        }
    }

    /// The shares of a Data Share account (`Shares - List By Account`),
    /// page by page. Path parameters are checked before anything is sent.
    pub fn list_shares(&self, account: &AccountRef) -> Result<ListPager<Share>, ManageError> {
        check_non_empty("subscriptionId", &account.subscription)
            .and_then(|()| check_resource_group(&account.resource_group))
            .and_then(|()| check_non_empty("accountName", &account.account))
            .map_err(ManageError::Input)?;
        let group = GroupRef {
            subscription: account.subscription.clone(),
            resource_group: account.resource_group.clone(),
        };
        let url = group.url(
            self,
            &[DATA_SHARE_PROVIDER, "accounts", &seg(&account.account), "shares"],
        ) + "?api-version="
            + DATA_SHARE_API_VERSION;
        Ok(self.pager("shares", Body::DataShare, url))
    }

    /// The pages of shares from a `nextLink` an earlier page sent.
    pub fn shares_from(&self, next_link: &str) -> Result<ListPager<Share>, ManageError> {
        let url = self.same_origin("nextLink", next_link)?;
        Ok(self.pager("shares", Body::DataShare, url))
    }

    /// The VMs of a resource group (`Virtual Machines - List`), page by page.
    pub fn list_vms(&self, group: &GroupRef) -> Result<ListPager<VirtualMachine>, ManageError> {
        group.check()?;
        let url =
            group.url(self, &[COMPUTE_PROVIDER, "virtualMachines"]) + "?api-version=" + COMPUTE_API_VERSION;
        Ok(self.pager("virtualMachines", Body::Cloud, url))
    }

    /// The pages of VMs from a `nextLink` an earlier page sent.
    pub fn vms_from(&self, next_link: &str) -> Result<ListPager<VirtualMachine>, ManageError> {
        let url = self.same_origin("nextLink", next_link)?;
        Ok(self.pager("virtualMachines", Body::Cloud, url))
    }

    /// An availability set (`Availability Sets - Get`): its VMs are
    /// `properties.virtualMachines` ([`AvailabilitySet::vm_names`]).
    pub async fn availability_set(
        &self,
        group: &GroupRef,
        name: &str,
    ) -> Result<AvailabilitySet, ManageError> {
        group.check()?;
        check_non_empty("availabilitySetName", name).map_err(ManageError::Input)?;
        let url = group.url(self, &[COMPUTE_PROVIDER, "availabilitySets", &seg(name)])
            + "?api-version="
            + COMPUTE_API_VERSION;
        let raw = self.get("availabilitySets", url).await?;
        if raw.status != 200 {
            return Err(cloud_failure(&raw));
        }
        serde_json::from_slice(&raw.body).map_err(|e| ManageError::Malformed {
            message: format!("not an availability set: {e}"),
            request_id: raw.request_id(),
        })
    }
}
