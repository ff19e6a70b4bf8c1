"""Management sandbox through the official SDKs: azure-mgmt-datashare (listSynchronizations,
shares.list_by_account), azure-mgmt-compute (virtual_machines.list, availability_sets.get,
begin_migrate_to_vm_scale_set and its poller) and, since LCS has no SDK,
azure-core's PipelineClient with a bearer policy for the database-movement API."""

import time

from azure.core import PipelineClient
from azure.core.credentials import AccessToken
from azure.core.pipeline.policies import (BearerTokenCredentialPolicy, CustomHookPolicy, HeadersPolicy,
                                          RetryPolicy)
from azure.core.rest import HttpRequest
from azure.mgmt.compute import ComputeManagementClient
from azure.mgmt.compute.models import MigrateVMToVirtualMachineScaleSetInput
from azure.mgmt.datashare import DataShareManagementClient

from harness import A, INSECURE, IssueTokenCredential, check, expect_error, hooks, record

SUB = "11111111-1111-1111-1111-111111111111"
RG, ACCOUNT = "demo-rg", "demo-account"
ENV = "5362377c-0000-4000-8000-0000000000{}"
cred = IssueTokenCredential(A)


class BogusToken:
    def get_token(self, *scopes, **kwargs):
        return AccessToken("not-a-token", int(time.time()) + 600)


def datashare(api_version=None, credential=cred):
    kw = {"api_version": api_version} if api_version else {}
    return DataShareManagementClient(credential, SUB, base_url=A, **kw, **hooks())


def list_syncs(share, client=None, **kw):
    pages = (client or datashare()).shares.list_synchronizations(RG, ACCOUNT, share, **kw, **INSECURE).by_page()
    return [list(p) for p in pages]


def ds_all_pages():
    pages = list_syncs("sales-share")
    items = [s for p in pages for s in p]
    ids = {s.synchronization_id for s in items}
    check(len(items) >= 240 and len(ids) == len(items), f"{len(items)} items, {len(ids)} distinct")
    return f"sales-share: {len(items)} synchronizations in {len(pages)} pages, no duplicates"


def ds_filter_orderby():
    pages = list_syncs("sales-share", filter="status eq 'Failed'", orderby="durationMs desc")
    items = [s for p in pages for s in p]
    check(items and all(s.status == "Failed" for s in items), f"statuses {sorted({s.status for s in items})}")
    d = [s.duration_ms for s in items]
    check(d == sorted(d, reverse=True), "not in durationMs desc order")
    return f"$filter status eq 'Failed' + $orderby durationMs desc: {len(items)} in {len(pages)} page(s)"


def ds_filter_pages():
    pages = list_syncs("sales-share", filter="status eq 'Succeeded'", orderby="durationMs desc")
    items = [s for p in pages for s in p]
    d = [s.duration_ms for s in items]
    check(len(pages) > 1 and all(s.status == "Succeeded" for s in items), f"{len(pages)} pages")
    check(d == sorted(d, reverse=True), "not in durationMs desc order across pages")
    return f"$filter status eq 'Succeeded' + $orderby: {len(items)} in {len(pages)} pages, order kept"


def ds_small_shares():
    hr = [s for p in list_syncs("hr-share") for s in p]
    empty = [s for p in list_syncs("empty-share") for s in p]
    check(len(hr) >= 40 and not empty, f"hr-share {len(hr)}, empty-share {len(empty)}")
    return f"hr-share {len(hr)} in one page, empty-share none"


def ds_api_versions():
    out = []
    for v in ("2019-11-01", "2020-09-01", "2021-08-01"):
        n = len(list_syncs("hr-share", client=datashare(v))[0])
        out.append(f"{v}: {n}")
    return "api-version " + ", ".join(out) + " (the SDK's default is 2020-09-01)"


def ds_unknown_share():
    return expect_error(lambda: list_syncs("no-such-share"), 404, "ResourceNotFound")


def ds_bad_filter():
    return expect_error(lambda: list_syncs("sales-share", filter="status eq"), 400, "InvalidParameter")


def ds_bad_token():
    return expect_error(lambda: list_syncs("hr-share", client=datashare(credential=BogusToken())),
                        401, "AuthenticationFailed")


def ds_shares():
    pages = [list(p) for p in datashare().shares.list_by_account(RG, ACCOUNT, **INSECURE).by_page()]
    names = [s.name for p in pages for s in p]
    check(names == ["empty-share", "hr-share", "sales-share"] and len(pages) == 2, f"{names} in {len(pages)} pages")
    kinds = {s.share_kind for p in pages for s in p}
    check(kinds == {"CopyBased"}, f"share kinds {kinds}")
    return f"shares.list_by_account: {len(names)} shares in {len(pages)} pages (nextLink by GET)"


def ds_shares_unknown_account():
    return expect_error(lambda: list(datashare().shares.list_by_account(RG, "no-such-account", **INSECURE)),
                        404, "ResourceNotFound")


def ds_shares_bad_token():
    return expect_error(lambda: list(datashare(credential=BogusToken()).shares.list_by_account(RG, ACCOUNT, **INSECURE)),
                        401, "AuthenticationFailed")


def lcs(credential=cred):
    # No LCS SDK exists: azure-core's generic PipelineClient with a bearer policy, as a user would.
    policies = [HeadersPolicy({"x-ms-version": "2017-09-15"}),
                BearerTokenCredentialPolicy(credential, "https://lcsapi.lcs.dynamics.com/.default"),
                RetryPolicy(), CustomHookPolicy(raw_response_hook=record)]
    return PipelineClient(base_url=A, policies=policies)


def lcs_call(method, path, client=None):
    client = client or lcs()
    return client.send_request(HttpRequest(method, client.format_url(path)), **INSECURE)


def lcs_refresh_status():
    r = lcs_call("POST", f"/databasemovement/v1/refresh/project/1234567/source/{ENV.format('02')}/target/{ENV.format('03')}")
    body = r.json()
    check(r.status_code == 200 and body["IsSuccess"] is True and body["OperationActivityId"], f"{r.status_code} {body}")
    act = body["OperationActivityId"]
    s = lcs_call("GET", f"/databasemovement/v1/fetchstatus/project/1234567/environment/{ENV.format('03')}/operationactivity/{act}")
    sb = s.json()
    check(s.status_code == 200 and sb["IsSuccess"] and sb["OperationStatus"] in ("NotStarted", "InProgress"), f"{sb}")
    return f"refresh 02→03 IsSuccess, fetchstatus {sb['OperationStatus']}"


def lcs_refused():
    r = lcs_call("POST", f"/databasemovement/v1/refresh/project/1234567/source/{ENV.format('02')}/target/{ENV.format('01')}")
    body = r.json()
    check(r.status_code == 200 and body["IsSuccess"] is False and body["ErrorMessage"], f"{r.status_code} {body}")
    return f"refresh into production: 200 IsSuccess=false ({body['ErrorMessage'][:60]!r})"


def lcs_bad_token():
    r = lcs_call("POST", f"/databasemovement/v1/refresh/project/1234567/source/{ENV.format('02')}/target/{ENV.format('03')}",
                 client=lcs(BogusToken()))
    check(r.status_code == 401 and "Message" in r.json(), f"{r.status_code} {r.text()[:100]}")
    return "a bad token: 401 {Message}"


def compute():
    return ComputeManagementClient(cred, SUB, base_url=A, **hooks())


def cm_list_vms():
    pages = [list(p) for p in compute().virtual_machines.list(RG, **INSECURE).by_page()]
    vms = [v for p in pages for v in p]
    names = [v.name for v in vms]
    check(names == ["vm-web-1", "vm-web-2", "vm-web-3", "vm-web-4"] and len(pages) == 2, f"{names} in {len(pages)} pages")
    sets = {v.availability_set.id.rsplit("/", 1)[-1] for v in vms if v.availability_set}
    check(sets == {"web-avset"}, f"availability sets {sets}")
    return f"virtual_machines.list: {len(names)} VMs in {len(pages)} pages, all in web-avset"


def avset_vms():
    s = compute().availability_sets.get(RG, "web-avset", **INSECURE)
    return s, [r.id.rsplit("/", 1)[-1] for r in (s.virtual_machines or [])]


def cm_get_avset():
    s, vms = avset_vms()
    check(vms == ["vm-web-1", "vm-web-2", "vm-web-3", "vm-web-4"], f"{vms}")
    check(s.platform_fault_domain_count == 3 and s.sku.name == "Aligned", f"{s.platform_fault_domain_count} {s.sku}")
    return f"availability_sets.get web-avset: {', '.join(vms)}; {s.platform_fault_domain_count} fault domains"


def cm_avset_after():
    _, vms = avset_vms()
    check(vms == ["vm-web-4"], f"{vms}")
    return "after the migrations only the failed vm-web-4 is left in web-avset"


def cm_unknown_avset():
    return expect_error(lambda: compute().availability_sets.get(RG, "no-such-set", **INSECURE), 404, "ResourceNotFound")


def cm_list_bad_token():
    client = ComputeManagementClient(BogusToken(), SUB, base_url=A, **hooks())
    return expect_error(lambda: list(client.virtual_machines.list(RG, **INSECURE)), 401, "AuthenticationFailed")


def migrate(vm, params=None, **kw):
    return compute().virtual_machines.begin_migrate_to_vm_scale_set(RG, vm, params, **kw, **INSECURE)


def cm_migrate():
    params = MigrateVMToVirtualMachineScaleSetInput(target_zone="1", target_vm_size="Standard_D4s_v3")
    t0 = time.monotonic()
    poller = migrate("vm-web-2", params)
    check(poller.status() not in ("Succeeded", "Failed"), f"status right after start: {poller.status()}")
    poller.result(timeout=60)
    check(poller.status() == "Succeeded", f"final status {poller.status()}")
    return f"vm-web-2 (2026-04-01) followed to {poller.status()} in {time.monotonic() - t0:.1f}s"


def cm_migrate_old_api():
    poller = migrate("vm-web-3", {"targetFaultDomain": 2}, api_version="2024-11-01")
    poller.result(timeout=60)
    return f"vm-web-3 with api_version=2024-11-01: {poller.status()}"


def cm_failed():
    # The poller follows Azure-AsyncOperation, whose failed status is a 200 body with error.
    return expect_error(lambda: migrate("vm-web-4").result(timeout=60), None, "AllocationFailed")


def cm_busy():
    poller = migrate("vm-web-1")
    detail = expect_error(lambda: migrate("vm-web-1"), 409, "OperationNotAllowed")
    poller.result(timeout=60)
    return detail + "; the first one then Succeeded"


def cm_conflict():
    return expect_error(lambda: migrate("vm-web-2"), 409, "Conflict")


def cm_bad_zone():
    return expect_error(lambda: migrate("vm-web-1", MigrateVMToVirtualMachineScaleSetInput(target_zone="7")),
                        400, "InvalidParameter")


def cm_unknown_vm():
    return expect_error(lambda: migrate("vm-nope"), 404, "ResourceNotFound")


SCENARIOS = [
    ("datashare: every page", ds_all_pages), ("datashare: $filter + $orderby", ds_filter_orderby),
    ("datashare: $filter + $orderby across pages", ds_filter_pages),
    ("datashare: small and empty shares", ds_small_shares), ("datashare: api-versions", ds_api_versions),
    ("datashare error: unknown share", ds_unknown_share), ("datashare error: bad $filter", ds_bad_filter),
    ("datashare error: bad token", ds_bad_token),
    ("datashare: shares of an account", ds_shares), ("datashare error: shares of an unknown account", ds_shares_unknown_account),
    ("datashare error: shares with a bad token", ds_shares_bad_token),
    ("lcs: refresh + fetchstatus (PipelineClient)", lcs_refresh_status), ("lcs: refused refresh", lcs_refused),
    ("lcs error: bad token", lcs_bad_token),
    ("compute: VMs of the resource group", cm_list_vms), ("compute: availability set", cm_get_avset),
    ("compute error: unknown availability set", cm_unknown_avset), ("compute error: VM list with a bad token", cm_list_bad_token),
    ("compute: migrate followed to completion", cm_migrate), ("compute: api-version 2024-11-01", cm_migrate_old_api),
    ("compute error: failing migration", cm_failed), ("compute error: migration in progress", cm_busy),
    ("compute error: already migrated", cm_conflict), ("compute error: invalid zone", cm_bad_zone),
    ("compute error: unknown VM", cm_unknown_vm),
    ("compute: migrated VMs leave the availability set", cm_avset_after),
]
