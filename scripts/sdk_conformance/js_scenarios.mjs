// Translator v3.0 through @azure-rest/ai-translation-text 1.0.1. Run by scripts/sdk_conformance.sh:
// node js_scenarios.mjs <folder with node_modules>; the GLOSSA_* variables name the services.
// The REST client's res.status is a string ("200"), as isUnexpected compares it.
// core-rest-pipeline refuses bearer tokens over http with no switch, so the token scenarios go
// through a TLS front (a self-signed certificate passed as the client's tlsOptions.ca), as a user
// puts TLS in front of a local emulator.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import crypto from "node:crypto";

const SDK = `${process.argv[2]}/node_modules/@azure-rest/ai-translation-text/dist/esm/index.js`;
const { default: createClient, isUnexpected, buildMultiCollection } = await import(SDK);
const env = process.env;
const [KEY, A, B, REGION, RESOURCE_ID] = [env.GLOSSA_SERVE_KEY, env.GLOSSA_A, env.GLOSSA_B, env.GLOSSA_REGION, env.GLOSSA_RESOURCE_ID];
const VERBOSE = env.GLOSSA_CONFORMANCE_VERBOSE === "1";
const SECRETS = [KEY];
const TRACE = [];
let passed = 0, failed = 0;

const redact = (s) => SECRETS.reduce((t, x) => t.split(x).join("<redacted>"), String(s));
class Fail extends Error {}
const check = (cond, msg) => { if (!cond) throw new Fail(msg); };

function tlsFront(upstream) {
  const tls = { key: fs.readFileSync(env.GLOSSA_TLS_KEY), cert: fs.readFileSync(env.GLOSSA_TLS_CERT) };
  const server = https.createServer(tls, (req, res) => {
    const up = http.request(upstream + req.url, { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers); r.pipe(res);
    });
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, url: `https://127.0.0.1:${server.address().port}` })));
}

const recorder = { name: "conformanceRecorder", async sendRequest(req, next) {
  const res = await next(req); TRACE.push(res); return res;
} };
const tlsOptions = { ca: fs.readFileSync(env.GLOSSA_TLS_CERT) };
function client(endpoint, credential, options = {}) {
  // allowInsecureConnection: core-rest-pipeline's switch for plain http (the local service).
  const c = createClient(endpoint, credential, { tlsOptions, allowInsecureConnection: endpoint.startsWith("http:"), ...options });
  c.pipeline.addPolicy(recorder);
  return c;
}

async function issueToken(base, region) {
  const headers = { "Ocp-Apim-Subscription-Key": KEY, ...(region ? { "Ocp-Apim-Subscription-Region": region } : {}) };
  const r = await fetch(`${base}/sts/v1.0/issueToken`, { method: "POST", headers });
  if (r.status !== 200) throw new Fail(`issueToken answered ${r.status}`);
  const token = (await r.text()).trim();
  SECRETS.push(token);
  return token;
}
const tokenCredential = (base, region) => {
  const cred = { calls: 0, async getToken() {
    cred.calls += 1; return { token: await issueToken(base, region), expiresOnTimestamp: Date.now() + 600_000 };
  } };
  return cred;
};

function ok(res, what) {
  if (isUnexpected(res) || Number(res.status) !== 200) {
    const e = res.body?.error;
    throw new Fail(`${what}: ${res.status} code=${e?.code} ${redact(e?.message ?? JSON.stringify(res.body)).slice(0, 140)}`);
  }
  return res.body;
}
async function expectError(promise, status, code) {
  const res = await promise;
  check(isUnexpected(res), `wanted ${status} ${code}, got ${res.status}`);
  const got = res.body?.error?.code;
  check(Number(res.status) === status && String(got) === String(code), `wanted ${status} ${code}, got ${res.status} code=${got} ${redact(res.body?.error?.message ?? "")}`);
  return `isUnexpected, ${res.status}, body.error.code ${JSON.stringify(got)}`;
}

function dump() {
  for (const res of TRACE.slice(-3)) {
    const q = res.request;
    const hdr = (h) => [...h].map(([k, v]) => `${k}: ${/key|authorization/i.test(k) ? "<redacted>" : redact(v)}`).join(", ");
    console.log(`      > ${q.method} ${redact(q.url)}\n      > ${hdr(q.headers)}`);
    if (q.body) console.log(`      > body: ${redact(q.body).slice(0, 300)}`);
    console.log(`      < ${res.status} ${hdr(res.headers)}\n      < body: ${redact(res.bodyAsText ?? "").slice(0, 300)}`);
  }
}

async function run(name, fn) {
  TRACE.length = 0;
  try {
    const detail = await fn();
    passed += 1; console.log(`PASS  js  ${name}${detail ? ` — ${detail}` : ""}`);
  } catch (e) {
    failed += 1; console.log(`FAIL  js  ${name} — ${e instanceof Fail ? "" : `${e.name}: `}${redact(e.message).slice(0, 220)}`);
    if (VERBOSE) dump();
  }
}

const frontA = await tlsFront(A), frontB = await tlsFront(B);
const keyA = client(A, { key: KEY });
const tr = (c, text, q, extra = {}) => c.path("/translate").post({ body: [{ text }], queryParameters: q, ...extra });

const S = [
  ["translate: one target", async () => {
    const b = ok(await tr(keyA, "I have a bank account.", { to: "fi", from: "en" }, { headers: { "X-ClientTraceId": crypto.randomUUID() } }), "translate");
    check(b[0].translations.length === 1 && b[0].translations[0].to === "fi", JSON.stringify(b));
    return `to=fi (+ X-ClientTraceId) gives 1 translation (${JSON.stringify(b[0].translations[0].text)})`;
  }],
  ["translate: several targets, comma list (the SDK's own tests)", async () => {
    const b = ok(await tr(keyA, "Good morning", { to: "fi,ja,pl", from: "en" }), "translate");
    const tos = b[0].translations.map((t) => t.to);
    check(tos.join() === "fi,ja,pl", `to: ${tos}`);
    return "to=fi,ja,pl gives 3 translations";
  }],
  ["translate: several targets, buildMultiCollection", async () => {
    const to = buildMultiCollection(["fi", "ja", "pl"], "to");
    const b = ok(await tr(keyA, "Good morning", { to, from: "en" }, { skipUrlEncoding: true }), "translate");
    check(b[0].translations.map((t) => t.to).join() === "fi,ja,pl", JSON.stringify(b));
    return "to=fi&to=ja&to=pl gives 3 translations";
  }],
  ["translate: alignment + sentence length", async () => {
    const b = ok(await tr(keyA, "I have a bank account. It is new.", { to: "fi", from: "en", includeAlignment: true, includeSentenceLength: true }), "translate");
    const t = b[0].translations[0];
    check(t.alignment?.proj && t.sentLen?.srcSentLen?.length === 2, JSON.stringify(t));
    return `proj ${JSON.stringify(t.alignment.proj.slice(0, 30))}, srcSentLen ${JSON.stringify(t.sentLen.srcSentLen)}`;
  }],
  ["translate: textType Html (the SDK's documented value)", async () => {
    const src = '<p>Hello <span class="notranslate">Glossa</span> world</p>';
    const b = ok(await tr(keyA, src, { to: "fi", from: "en", textType: "Html" }), "translate");
    const text = b[0].translations[0].text;
    check(text.includes('<span class="notranslate">Glossa</span>'), text);
    return `markup kept: ${JSON.stringify(text)}`;
  }],
  ["translate: profanity Marked/Tag", async () => {
    const b = ok(await tr(keyA, "This is shit.", { to: "en", from: "en", profanityAction: "Marked", profanityMarker: "Tag" }), "translate");
    check(b[0].translations[0].text.includes("<profanity>"), b[0].translations[0].text);
    return JSON.stringify(b[0].translations[0].text);
  }],
  ["translate: autodetect", async () => {
    const b = ok(await tr(keyA, "Good morning, how are you today?", { to: "fi" }), "translate");
    check(b[0].detectedLanguage?.language === "en", JSON.stringify(b[0]));
    return `detectedLanguage en ${b[0].detectedLanguage.score}`;
  }],
  ["translate: toScript / fromScript", async () => {
    const b = ok(await tr(keyA, "Tokyo", { to: "ja", from: "en", toScript: "Latn" }), "toScript");
    check(b[0].translations[0].transliteration?.script === "Latn", JSON.stringify(b[0]));
    const f = ok(await tr(keyA, "dobro utro", { to: "en", from: "bg", fromScript: "Latn" }), "fromScript");
    check(f[0].sourceText?.text, JSON.stringify(f[0]));
    return `toScript Latn ${JSON.stringify(b[0].translations[0].transliteration.text)}, sourceText ${JSON.stringify(f[0].sourceText.text)}`;
  }],
  ["languages: scopes + Accept-Language", async () => {
    for (const scope of ["translation", "transliteration", "dictionary"]) {
      const b = ok(await keyA.path("/languages").get({ queryParameters: { scope } }), "languages");
      check(Object.keys(b).join() === scope, `scope ${scope}: ${Object.keys(b)}`);
    }
    const b = ok(await keyA.path("/languages").get({ headers: { "Accept-Language": "de" } }), "languages");
    check(b.translation.fi.name === "Finnisch" && b.dictionary && b.transliteration, b.translation.fi.name);
    return `each scope alone, all three without; fi in de = ${b.translation.fi.name}`;
  }],
  ["dictionary lookup", async () => {
    const b = ok(await keyA.path("/dictionary/lookup").post({ body: [{ text: "fly" }], queryParameters: { from: "en", to: "fi" } }), "lookup");
    check(b[0].translations.length > 0, JSON.stringify(b));
    return `fly en→fi: ${b[0].translations.length} translations`;
  }],
  ["dictionary examples", async () => {
    const b = ok(await keyA.path("/dictionary/examples").post({ body: [{ text: "bank", translation: "银行" }], queryParameters: { from: "en", to: "zh-Hans" } }), "examples");
    check(b[0].examples.length > 0, JSON.stringify(b));
    return `bank/银行: ${b[0].examples.length} examples`;
  }],
  ["transliterate", async () => {
    const b = ok(await keyA.path("/transliterate").post({ body: [{ text: "東京" }], queryParameters: { language: "ja", fromScript: "Jpan", toScript: "Latn" } }), "transliterate");
    check(b[0].script === "Latn", JSON.stringify(b));
    return `ja Jpan→Latn: ${JSON.stringify(b[0].text)}`;
  }],
  ["breaksentence", async () => {
    const b = ok(await keyA.path("/breaksentence").post({ body: [{ text: "How are you? I am fine." }], queryParameters: { language: "en" } }), "breaksentence");
    check(JSON.stringify(b[0].sentLen) === "[13,10]", JSON.stringify(b));
    return "sentLen [13,10]";
  }],
  ["detect (path /detect, no typed route)", async () => {
    const res = await keyA.path("/detect").post({ body: [{ text: "Bonjour tout le monde" }] });
    check(Number(res.status) === 200 && res.body[0].language === "fr", `${res.status} ${JSON.stringify(res.body)}`);
    return `fr ${res.body[0].score}`;
  }],
  ["auth: {key, region}", async () => {
    const b = ok(await tr(client(B, { key: KEY, region: REGION }), "Hello", { to: "fi", from: "en" }), "translate");
    return `TranslatorCredential region ${REGION}: ${JSON.stringify(b[0].translations[0].text)}`;
  }],
  ["auth: TokenCredential (TLS front)", async () => {
    const cred = tokenCredential(A);
    const c = client(frontA.url, cred);
    ok(await tr(c, "Hello", { to: "fi", from: "en" }), "translate");
    ok(await tr(c, "World", { to: "fi", from: "en" }), "translate");
    check(cred.calls === 1, `token requested ${cred.calls} times`);
    return "issueToken token as Bearer, reused";
  }],
  ["auth: TranslatorTokenCredential (resource id + region)", async () => {
    const c = client(frontB.url, { tokenCredential: tokenCredential(B, REGION), azureResourceId: RESOURCE_ID, region: REGION });
    ok(await tr(c, "Hello", { to: "fi", from: "en" }), "translate");
    return "Bearer + Ocp-Apim-ResourceId + Ocp-Apim-Subscription-Region";
  }],
  ["auth: custom endpoint + key", async () => {
    ok(await tr(client(`${A}/translator/text/v3.0`, { key: KEY }), "Hello", { to: "fi", from: "en" }), "translate");
    return "endpoint …/translator/text/v3.0 used as given";
  }],
  ["auth: custom endpoint + token", async () => {
    ok(await tr(client(`${frontB.url}/translator/text/v3.0`, tokenCredential(B, REGION)), "Hello", { to: "fi", from: "en" }), "translate");
    return "Authorization alone under /translator/text/v3.0";
  }],
  ["error: invalid target language", () => expectError(tr(keyA, "Hello", { to: "xx-bogus" }), 400, 400036)],
  ["error: bad key", () => expectError(tr(client(A, { key: "not-the-key" }), "Hello", { to: "fi" }), 401, 401000)],
  ["error: key without region on a regional resource", () => expectError(tr(client(B, { key: KEY }), "Hello", { to: "fi" }), 401, 401000)],
  ["error: over-long dictionary text", () => expectError(keyA.path("/dictionary/lookup").post({ body: [{ text: "word ".repeat(30) }], queryParameters: { from: "en", to: "fi" } }), 400, 400050)],
];

const only = process.argv.slice(3);
for (const [name, fn] of S) if (!only.length || only.some((o) => name.includes(o))) await run(name, fn);
frontA.server.close(); frontB.server.close();
process.exit(failed ? 1 : 0);
