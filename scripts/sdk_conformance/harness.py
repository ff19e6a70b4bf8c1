"""Shared bits of the Python scenarios: the scenario runner, the exchange recorder and the
issueToken-backed TokenCredential. Secrets (the key, every token) are never printed."""

import os
import sys
import time
import urllib.request

from azure.core.credentials import AccessToken
from azure.core.exceptions import HttpResponseError

KEY = os.environ["GLOSSA_SERVE_KEY"]
A = os.environ["GLOSSA_A"]  # key only
B = os.environ["GLOSSA_B"]  # key + --region + --resource-id
REGION = os.environ["GLOSSA_REGION"]
RESOURCE_ID = os.environ["GLOSSA_RESOURCE_ID"]
VERBOSE = os.environ.get("GLOSSA_CONFORMANCE_VERBOSE") == "1"
SECRETS = [KEY]
SECRET_HEADERS = {"ocp-apim-subscription-key", "authorization"}
COUNTS = {"pass": 0, "fail": 0}
TRACE = []  # (request, response) of the current scenario


class Fail(Exception):
    """A scenario's own check failed."""


def check(cond, msg):
    if not cond:
        raise Fail(msg)


def redact(text):
    for s in SECRETS:
        text = text.replace(s, "<redacted>")
    return text


def record(pipeline_response):
    """raw_response_hook: keeps every exchange of the current scenario for a verbose FAIL."""
    TRACE.append((pipeline_response.http_request, pipeline_response.http_response))


def hooks():
    return {"raw_response_hook": record}


def _body(obj, limit=300):
    try:
        data = obj.text() if callable(getattr(obj, "text", None)) else obj.content
    except Exception:  # a streamed or unread body
        return "<not read>"
    if isinstance(data, bytes):
        data = data.decode("utf-8", "replace")
    data = "" if data is None else str(data)
    return redact(data[:limit] + ("…" if len(data) > limit else ""))


def _headers(h):
    return ", ".join(f"{k}: {'<redacted>' if k.lower() in SECRET_HEADERS else redact(str(v))}" for k, v in h.items())


def dump():
    for req, resp in TRACE[-4:]:
        print(f"      > {req.method} {redact(req.url)}")
        print(f"      > {_headers(req.headers)}")
        if req.method != "GET":
            print(f"      > body: {_body(req)}")
        print(f"      < {resp.status_code} {_headers(resp.headers)}")
        print(f"      < body: {_body(resp)}")


def describe(e):
    if isinstance(e, HttpResponseError):
        code = getattr(e.error, "code", None) if e.error else None
        msg = (getattr(e.error, "message", None) if e.error else None) or str(e.message)
        return f"{type(e).__name__} {e.status_code} code={code!r}: {redact(str(msg))[:160]}"
    return f"{type(e).__name__}: {redact(str(e))[:200]}"


def run(lang, name, fn):
    TRACE.clear()
    try:
        detail = fn()
        COUNTS["pass"] += 1
        print(f"PASS  {lang}  {name}" + (f" — {detail}" if detail else ""))
    except Exception as e:  # every failure is a FAIL line, never a crash
        COUNTS["fail"] += 1
        print(f"FAIL  {lang}  {name} — {describe(e)}")
        if VERBOSE:
            dump()
    sys.stdout.flush()


def expect_error(fn, status, code):
    """Calls fn, which must raise the SDK's HttpResponseError with this error code (and status,
    unless it is None)."""
    try:
        fn()
    except HttpResponseError as e:
        got = getattr(e.error, "code", None) if e.error else None
        check(status in (None, e.status_code) and str(got) == str(code),
              f"wanted {status} {code}, got {describe(e)}")
        return f"{type(e).__name__} {e.status_code} error.code={got!r}"
    raise Fail(f"wanted {status} {code}, the call succeeded")


def issue_token(base, region=None):
    req = urllib.request.Request(f"{base}/sts/v1.0/issueToken", data=b"", method="POST",
                                 headers={"Ocp-Apim-Subscription-Key": KEY})
    if region:
        req.add_header("Ocp-Apim-Subscription-Region", region)
    with urllib.request.urlopen(req, timeout=10) as r:
        token = r.read().decode().strip()
    SECRETS.append(token)
    return token


class IssueTokenCredential:
    """A TokenCredential whose tokens come from the service's own POST /sts/v1.0/issueToken
    (offline stand-ins for directory tokens, as the README says). Counts its calls."""

    def __init__(self, base, region=None):
        self.base, self.region, self.calls = base, region, 0

    def get_token(self, *scopes, **kwargs):
        self.calls += 1
        return AccessToken(issue_token(self.base, self.region), int(time.time()) + 600)


# azure-core refuses bearer tokens over plain http unless the call says enforce_https=False; a user
# pointing an SDK at a local emulator on http://127.0.0.1 (as with Azurite) passes it per call.
INSECURE = {"enforce_https": False}
