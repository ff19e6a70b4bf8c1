//! List synchronizations of a share (api-facts §6): a POST with no body, one
//! page per request, `nextLink` followed as is (re-POSTed, as the SDKs do).

use reqwest::Method;

use super::auth::Audience;
use super::error::ManageError;
use super::send::{Raw, Req, generic_failure};
use super::{ManageClient, ShareRef, join, seg};
use crate::api::manage::{
    DATA_SHARE_API_VERSION, DATA_SHARE_PROVIDER, DataShareError, ShareSynchronization,
    ShareSynchronizationList,
};

/// One page and the headers that came with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    pub list: ShareSynchronizationList,
    /// `x-ms-ratelimit-remaining-subscription-reads`.
    pub remaining_reads: Option<u64>,
    /// `x-ms-request-id`.
    pub request_id: Option<String>,
}

impl Page {
    pub fn items(&self) -> &[ShareSynchronization] {
        &self.list.value
    }

    pub fn next_link(&self) -> Option<&str> {
        self.list.next_link.as_deref()
    }
}

/// The pages of one listing, fetched on demand.
pub struct Pager {
    client: ManageClient,
    next: Option<String>,
    pages: usize,
}

/// At most this many pages, so a service that links a page to itself cannot
/// keep `all()` going for ever.
const MAX_PAGES: usize = 10_000;

impl Pager {
    /// The next page, or `None` after the last.
    pub async fn next_page(&mut self) -> Result<Option<Page>, ManageError> {
        let Some(url) = self.next.take() else {
            return Ok(None);
        };
        if self.pages >= MAX_PAGES {
            return Err(ManageError::Malformed {
                message: format!("more than {MAX_PAGES} pages; the nextLink chain does not end"),
                request_id: None,
            });
        }
        let raw = self
            .client
            .inner
            .send(&Req {
                op: "listSynchronizations",
                method: Method::POST,
                url,
                audience: Audience::Arm,
                headers: Vec::new(),
                body: None,
                idempotent: true,
            })
            .await?;
        let page = read_page(&raw)?;
        if let Some(link) = page.next_link().filter(|l| !l.is_empty()) {
            self.next = Some(self.client.same_origin("nextLink", link)?);
        }
        self.pages += 1;
        Ok(Some(page))
    }

    /// Every remaining page's items, in order, and the last page's headers.
    pub async fn all(&mut self) -> Result<(Vec<ShareSynchronization>, Option<Page>), ManageError> {
        let mut items = Vec::new();
        let mut last = None;
        while let Some(mut page) = self.next_page().await? {
            items.append(&mut page.list.value);
            last = Some(page);
        }
        Ok((items, last))
    }
}

fn read_page(raw: &Raw) -> Result<Page, ManageError> {
    if raw.status != 200 {
        return Err(match serde_json::from_slice::<DataShareError>(&raw.body) {
            Ok(error) => ManageError::DataShare {
                status: raw.status,
                error: Box::new(error),
                request_id: raw.request_id(),
            },
            Err(_) => generic_failure(raw),
        });
    }
    let list = serde_json::from_slice::<ShareSynchronizationList>(&raw.body).map_err(|e| {
        ManageError::Malformed {
            message: format!("not a synchronization list: {e}"),
            request_id: raw.request_id(),
        }
    })?;
    Ok(Page {
        list,
        remaining_reads: raw
            .header("x-ms-ratelimit-remaining-subscription-reads")
            .and_then(|v| v.trim().parse().ok()),
        request_id: raw.request_id(),
    })
}

impl ManageClient {
    /// The synchronizations of a share, page by page. Path parameters are
    /// checked here, before anything is sent.
    pub fn list_synchronizations(
        &self,
        share: &ShareRef,
        filter: Option<&str>,
        orderby: Option<&str>,
    ) -> Result<Pager, ManageError> {
        share.check()?;
        let mut url = join(
            &self.inner.management,
            &[
                "subscriptions",
                &seg(&share.subscription),
                "resourceGroups",
                &seg(&share.resource_group),
                "providers",
                DATA_SHARE_PROVIDER,
                "accounts",
                &seg(&share.account),
                "shares",
                &seg(&share.share),
                "listSynchronizations",
            ],
        );
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("api-version", DATA_SHARE_API_VERSION);
        if let Some(f) = filter {
            query.append_pair("$filter", f);
        }
        if let Some(o) = orderby {
            query.append_pair("$orderby", o);
        }
        url.push('?');
        url.push_str(&query.finish());
        Ok(Pager {
            client: self.clone(),
            next: Some(url),
            pages: 0,
        })
    }

    /// The pages from a `nextLink` an earlier page sent (a lazily loaded
    /// table asking for more); the link must stay on the management origin.
    pub fn synchronizations_from(&self, next_link: &str) -> Result<Pager, ManageError> {
        Ok(Pager {
            client: self.clone(),
            next: Some(self.same_origin("nextLink", next_link)?),
            pages: 0,
        })
    }

    /// A URL the service handed back (nextLink, Location), if it stays on
    /// the origin of the management URL or the LCS URL.
    pub(crate) fn same_origin(&self, what: &str, link: &str) -> Result<String, ManageError> {
        let url = reqwest::Url::parse(link.trim()).map_err(|_| ManageError::Malformed {
            message: format!("the {what} is not an absolute URL"),
            request_id: None,
        })?;
        let origin = url.origin();
        if origin != self.inner.management.origin() && origin != self.inner.lcs.origin() {
            return Err(ManageError::Input(format!(
                "the {what} points to {}, not to the management endpoint; refusing to send the token there",
                origin.ascii_serialization()
            )));
        }
        Ok(link.trim().to_owned())
    }
}
