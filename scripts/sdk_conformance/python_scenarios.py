"""Translator v3.0 through azure-ai-translation-text 1.0.1, then the management scenarios
(python_mgmt.py). Run by scripts/sdk_conformance.sh, which sets the GLOSSA_* variables."""

import sys
import uuid

from azure.core.credentials import AzureKeyCredential
from azure.core.rest import HttpRequest
from azure.ai.translation.text import TextTranslationClient
from azure.ai.translation.text.models import (
    DictionaryExampleTextItem, InputTextItem, ProfanityAction, ProfanityMarker, TextType)

from harness import (A, B, COUNTS, INSECURE, KEY, REGION, RESOURCE_ID, Fail, IssueTokenCredential,
                     check, expect_error, hooks, run)
import python_mgmt

P = "py"
key_a = TextTranslationClient(credential=AzureKeyCredential(KEY), endpoint=A, **hooks())


def translate_one():
    r = key_a.translate(body=["I have a bank account."], to_language=["fi"], from_language="en",
                        client_trace_id=str(uuid.uuid4()))
    t = r[0].translations
    check(len(t) == 1 and t[0].to == "fi" and t[0].text, f"translations={t}")
    return f"to=[fi] (+ X-ClientTraceId) gives 1 translation ({t[0].text!r})"


def translate_many():
    r = key_a.translate(body=["Good morning"], to_language=["fi", "ja", "pl"], from_language="en")
    tos = [t.to for t in r[0].translations]
    check(tos == ["fi", "ja", "pl"], f"to of the translations: {tos}")
    return "to=[fi,ja,pl] gives 3 translations in order"


def translate_alignment():
    r = key_a.translate(body=["I have a bank account. It is new."], to_language=["fi"], from_language="en",
                        include_alignment=True, include_sentence_length=True)
    t = r[0].translations[0]
    check(t.alignment is not None and t.alignment.proj, f"alignment={t.alignment}")
    check(t.sent_len is not None and len(t.sent_len.src_sent_len) == 2, f"sentLen={t.sent_len}")
    return f"includeAlignment/includeSentenceLength: proj {t.alignment.proj[:30]!r}, srcSentLen {t.sent_len.src_sent_len}"


def translate_html():
    src = '<p>Hello <span class="notranslate">Glossa</span> world</p>'
    r = key_a.translate(body=[src], to_language=["fi"], from_language="en", text_type=TextType.HTML)
    text = r[0].translations[0].text
    check('<span class="notranslate">Glossa</span>' in text and text.startswith("<p>"), f"text={text!r}")
    return f"textType={TextType.HTML.value} keeps markup and notranslate: {text!r}"


def translate_profanity():
    r = key_a.translate(body=["This is shit."], to_language=["en"], from_language="en",
                        profanity_action=ProfanityAction.MARKED, profanity_marker=ProfanityMarker.TAG)
    text = r[0].translations[0].text
    check("<profanity>" in text, f"text={text!r}")
    r = key_a.translate(body=["This is shit."], to_language=["en"], from_language="en",
                        profanity_action=ProfanityAction.DELETED)
    deleted = r[0].translations[0].text
    check("shit" not in deleted, f"Deleted left {deleted!r}")
    return f"profanityAction Marked/Tag {text!r}, Deleted {deleted!r}"


def translate_autodetect():
    r = key_a.translate(body=["Good morning, how are you today?"], to_language=["fi"])
    d = r[0].detected_language
    check(d is not None and d.language == "en", f"detectedLanguage={d}")
    return f"no from: detectedLanguage {d.language} {d.score}"


def translate_to_script():
    r = key_a.translate(body=["Tokyo"], to_language=["ja"], from_language="en", to_script="Latn")
    tl = r[0].translations[0].transliteration
    check(tl is not None and tl.script == "Latn" and tl.text, f"transliteration={tl}")
    return f"toScript=Latn: {r[0].translations[0].text!r} / {tl.text!r}"


def translate_from_script():
    r = key_a.translate(body=["dobro utro"], to_language=["en"], from_language="bg", from_script="Latn")
    st = r[0].source_text
    check(st is not None and st.text, f"sourceText={st}")
    return f"fromScript=Latn: sourceText {st.text!r}, text {r[0].translations[0].text!r}"


def languages_scopes():
    out = []
    for scope in ("translation", "transliteration", "dictionary"):
        r = key_a.get_supported_languages(scope=scope, accept_language="de")
        groups = [g for g in ("translation", "transliteration", "dictionary") if getattr(r, g)]
        check(groups == [scope], f"scope={scope} gave groups {groups}")
        out.append(f"{scope} {len(getattr(r, scope))}")
    r = key_a.get_supported_languages(accept_language="de")
    check(r.translation and r.transliteration and r.dictionary, "no scope: not every group")
    fi = r.translation["fi"].name
    check(fi == "Finnisch", f"fi in de is {fi!r}")
    return f"{', '.join(out)}; all three without scope; Accept-Language de: fi = {fi}"


def dictionary_lookup():
    r = key_a.lookup_dictionary_entries(body=["fly"], from_language="en", to_language="fi")
    t = r[0].translations
    check(t and t[0].back_translations, f"translations={t}")
    return f"fly en→fi: {len(t)} translations, first {t[0].display_target!r} ({t[0].pos_tag})"


def dictionary_examples():
    body = [DictionaryExampleTextItem(text="bank", translation="银行")]
    r = key_a.lookup_dictionary_examples(body=body, from_language="en", to_language="zh-Hans")
    check(r[0].examples, f"examples={r[0].examples}")
    return f"bank/银行 en→zh-Hans: {len(r[0].examples)} examples"


def transliterate():
    r = key_a.transliterate(body=["東京"], language="ja", from_script="Jpan", to_script="Latn")
    check(r[0].script == "Latn" and r[0].text, f"result={r[0]}")
    return f"ja Jpan→Latn 東京 → {r[0].text!r}"


def breaksentence():
    r = key_a.find_sentence_boundaries(body=["How are you? I am fine."], language="en")
    check(r[0].sent_len == [13, 10], f"sentLen={r[0].sent_len}")
    r = key_a.find_sentence_boundaries(body=["How are you? I am fine."])
    check(r[0].detected_language and r[0].detected_language.language == "en", f"auto: {r[0]}")
    return "find_sentence_boundaries: sentLen [13, 10], autodetect en"


def detect():
    # 1.0.1 has no detect method: the client's own pipeline through send_request.
    req = HttpRequest("POST", "/detect", params={"api-version": "3.0"}, json=[{"text": "Bonjour tout le monde"}])
    resp = key_a.send_request(req, **hooks())
    resp.raise_for_status()
    body = resp.json()
    check(body[0]["language"] == "fr", f"body={body}")
    return f"send_request POST /detect: {body[0]['language']} {body[0]['score']}"


def auth_key_region():
    c = TextTranslationClient(credential=AzureKeyCredential(KEY), region=REGION, endpoint=B, **hooks())
    r = c.translate(body=["Hello"], to_language=["fi"], from_language="en")
    return f"AzureKeyCredential + region={REGION}: {r[0].translations[0].text!r}"


def auth_token():
    cred = IssueTokenCredential(A)
    c = TextTranslationClient(credential=cred, endpoint=A, **hooks())
    c.translate(body=["Hello"], to_language=["fi"], from_language="en", **INSECURE)
    c.translate(body=["World"], to_language=["fi"], from_language="en", **INSECURE)
    check(cred.calls == 1, f"token requested {cred.calls} times for 2 calls")
    return "TokenCredential (issueToken) at the root, token reused"


def auth_token_resource_id():
    c = TextTranslationClient(credential=IssueTokenCredential(B, REGION), endpoint=B,
                              resource_id=RESOURCE_ID, region=REGION, **hooks())
    r = c.translate(body=["Hello"], to_language=["fi"], from_language="en", **INSECURE)
    return f"TokenCredential + resource_id + region (Ocp-Apim-ResourceId): {r[0].translations[0].text!r}"


def custom_endpoint_key():
    # get_translation_endpoint() appends /translator/text/v3.0 only to hosts containing
    # "cognitiveservices"; any other endpoint is used as given, so we give the full path.
    c = TextTranslationClient(credential=AzureKeyCredential(KEY), endpoint=f"{A}/translator/text/v3.0", **hooks())
    r = c.translate(body=["Hello"], to_language=["fi"], from_language="en")
    return f"endpoint …/translator/text/v3.0 with a key: {r[0].translations[0].text!r}"


def custom_endpoint_token():
    c = TextTranslationClient(credential=IssueTokenCredential(B, REGION), endpoint=f"{B}/translator/text/v3.0",
                              **hooks())
    r = c.translate(body=["Hello"], to_language=["fi"], from_language="en", **INSECURE)
    return f"endpoint …/translator/text/v3.0, Authorization alone: {r[0].translations[0].text!r}"


def err_bad_target():
    return expect_error(lambda: key_a.translate(body=["Hello"], to_language=["xx-bogus"]), 400, 400036)


def err_bad_key():
    c = TextTranslationClient(credential=AzureKeyCredential("not-the-key"), endpoint=A, **hooks())
    return expect_error(lambda: c.translate(body=["Hello"], to_language=["fi"]), 401, 401000)


def err_missing_region():
    c = TextTranslationClient(credential=AzureKeyCredential(KEY), endpoint=B, **hooks())
    return expect_error(lambda: c.translate(body=["Hello"], to_language=["fi"]), 401, 401000)


def err_long_lookup():
    body = [InputTextItem(text="word " * 30)]
    return expect_error(lambda: key_a.lookup_dictionary_entries(body=body, from_language="en", to_language="fi"),
                        400, 400050)


SCENARIOS = [
    ("translate: one target", translate_one), ("translate: several targets", translate_many),
    ("translate: alignment + sentence length", translate_alignment), ("translate: textType html", translate_html),
    ("translate: profanity", translate_profanity), ("translate: autodetect", translate_autodetect),
    ("translate: toScript", translate_to_script), ("translate: fromScript", translate_from_script),
    ("languages: scopes + Accept-Language", languages_scopes), ("dictionary lookup", dictionary_lookup),
    ("dictionary examples", dictionary_examples), ("transliterate", transliterate),
    ("breaksentence", breaksentence), ("detect (send_request)", detect),
    ("auth: key + region", auth_key_region), ("auth: TokenCredential", auth_token),
    ("auth: TokenCredential + resource id", auth_token_resource_id),
    ("auth: custom endpoint + key", custom_endpoint_key), ("auth: custom endpoint + token", custom_endpoint_token),
    ("error: invalid target language", err_bad_target), ("error: bad key", err_bad_key),
    ("error: key without region on a regional resource", err_missing_region),
    ("error: over-long dictionary text", err_long_lookup),
]

if __name__ == "__main__":
    only = sys.argv[1:]
    for name, fn in SCENARIOS + python_mgmt.SCENARIOS:
        if not only or any(o in name for o in only):
            run(P, name, fn)
    sys.exit(1 if COUNTS["fail"] else 0)
