#!/usr/bin/env python3
"""The table of scripts/bench.sh: one row per measure, Glossa beside its
reference where there is one, the ratio glossa ÷ reference, and the goal.

Reads WORK/numbers.txt (`BENCH key value unit` lines from the benches and
scripts), criterion's WORK/criterion/*/new/{benchmark,estimates}.json (the
median), WORK/skipped.txt and WORK/others.txt; prints Markdown.

Usage: bench_report.py WORK QUICK(0|1)
"""

import datetime
import glob
import json
import os
import platform
import re
import subprocess
import sys

WORK, QUICK = sys.argv[1], sys.argv[2] == "1"

NUMBERS = {}
for line in open(os.path.join(WORK, "numbers.txt"), encoding="utf-8"):
    parts = line.split()
    if len(parts) >= 3 and parts[0] == "BENCH":
        try:
            NUMBERS[parts[1]] = float(parts[2])
        except ValueError:
            pass

CRIT = {}  # full id -> median, ns
for bench in glob.glob(os.path.join(WORK, "criterion", "**", "new", "benchmark.json"), recursive=True):
    full_id = json.load(open(bench))["full_id"]
    estimates = json.load(open(os.path.join(os.path.dirname(bench), "estimates.json")))
    CRIT[full_id] = estimates["median"]["point_estimate"]


def bench_order(full_id):
    """Where criterion ran `full_id` in its bench's log (the bench's own order)."""
    return ORDER.get(full_id, len(ORDER))


ORDER = {}
for log in sorted(glob.glob(os.path.join(WORK, "*.log"))):
    for m in re.finditer(r"^Benchmarking (\S+): Analyzing", open(log, encoding="utf-8").read(), re.M):
        ORDER.setdefault(m.group(1), len(ORDER))


def num(key):
    return NUMBERS.get(key)


def ms(key):
    """A number in ms, as ns."""
    v = num(key)
    return None if v is None else v * 1e6


def secs(key):
    """A number in seconds, as ns."""
    v = num(key)
    return None if v is None else v * 1e9


def time_text(ns):
    if ns == 0:
        return "0"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def rate_text(v):
    return f"{v / 1000:.1f}k req/s" if v >= 1000 else f"{v:.0f} req/s"


TEXT = {
    "time": time_text,
    "rate": rate_text,
    "mib": lambda v: f"{v:.1f} MiB",
    "count": lambda v: f"{v:.0f}",
    "bytes": lambda v: f"{v:.0f} B",
}

ROWS = []


def section(title):
    ROWS.append((f"**{title}**", "", "", "", ""))


def row(measure, value, ref=None, kind="time", goal=None, ref_text=None):
    """goal: (op, threshold, text) with the threshold in the row's unit."""
    if value is None:
        return
    show = TEXT[kind]
    ratio = f"{value / ref:.2f}×" if ref else "—"
    if ref is None:
        reference = ref_text or "—"
    else:
        reference = f"{show(ref)}" + (f" ({ref_text})" if ref_text else "")
    if goal:
        op, limit, text = goal
        ok = value <= limit if op == "<=" else value >= limit
        goal_text = f"{text} {'✓' if ok else '✗ missed'}"
    else:
        goal_text = "—"
    ROWS.append((measure, show(value), reference, ratio, goal_text))


def ratio_goal(value, ref, limit, text):
    """A goal on the ratio: a row whose goal column judges value/ref ≥ limit."""
    if value is None or ref is None:
        return None
    return (">=", ref * limit, text)


# --- the workbench
section("Workbench (TUI)")
n_starts = "2" if QUICK else "10"
row(f"start-up → first frame (median of {n_starts})", ms("tui_pty.first_frame_median"),
    goal=("<=", 30e6, "≤ 30 ms"))
row("start-up → local engine ready", ms("tui_pty.engine_ready_median"))
row("key → screen in a PTY, p50", ms("tui_pty.key_to_screen_p50"))
row("key → screen in a PTY, p99", ms("tui_pty.key_to_screen_p99"), goal=("<=", 10e6, "≤ 10 ms"))
for full_id in sorted((k for k in CRIT if k.startswith("frame_")), key=bench_order):
    size, scene = full_id.split("/", 1)
    row(f"one frame {size.split('_')[1].replace('x', '×')}: {scene.replace('_', ' ')}", CRIT[full_id],
        goal=("<=", 1e6, "≤ 1 ms"))
row("editor key + highlight + frame", CRIT.get("key_then_frame"))
row("target-pane word + highlight + frame", CRIT.get("target_word_then_frame"))
history = "300" if QUICK else "10k"
row(f"History search key ({history} entries) + store + frame", CRIT.get("history_search_then_frame"))
row("idle: bytes written", num("tui_pty.idle_bytes"), kind="bytes", goal=("<=", 0, "0"))
row("idle: CPU time", ms("tui_pty.idle_cpu"))
paste = "2 KB" if QUICK else "10 KB"
row(f"{paste} paste → translations shown (300 ms debounce)", ms("tui_pty.paste_to_screen"))
row("peak RSS, engine ready", num("tui_pty.rss_started"), kind="mib", ref_text="none")
row(f"peak RSS, {paste} paste translated", num("tui_pty.rss_pasted"), kind="mib", ref_text="none")

# --- the service
section("Local service")
hello = num("service.hello_world_rps")
for op in ("detect", "breaksentence"):
    v = num(f"service.{op}_rps")
    goal = ratio_goal(v, hello, 0.5, "≥ 0.5×") if op == "detect" else None
    row(f"/{op} requests/s, in-process load", v, hello, "rate", goal, "axum hello-world")
row("/detect requests/s, wrk -c16 on `glossa serve`", num("wrk.serve_rps"), num("wrk.hello_rps"), "rate",
    ratio_goal(num("wrk.serve_rps"), num("wrk.hello_rps"), 0.5, "≥ 0.5×"), "hello_axum")
row("RSS of `glossa serve`, idle", num("wrk.serve_rss_idle"), num("wrk.hello_rss_idle"), "mib",
    ref_text="hello_axum")
row("peak RSS of `glossa serve`, after the wrk load", num("wrk.serve_rss_peak"),
    num("wrk.hello_rss_peak"), "mib", ref_text="hello_axum")

# --- the client
section("Client")
doc = "100 KB" if QUICK else "1 MB"
ideal = num("client.ideal_requests")
row(f"{doc} document into fi+ja: requests", num("client.batched_requests"), ideal, "count",
    ("<=", (ideal or 0) + 1, "≤ ideal + 1") if ideal else None, "the ideal ⌈chars×targets/50k⌉")
row(f"{doc} document, one element per line: wall time", secs("client.batched_time"),
    secs("client.naive_time"), ref_text="one line per request")
row(f"{doc} document as one element: wall time", secs("client.one_element_time"),
    secs("client.naive_time"), ref_text="one line per request")

# --- dictionary
section("Dictionary (en→fi, FreeDict eng-fin)")
words = num("dict.words")
if words:
    w = int(words)
    each = lambda k: ms(k) / w if ms(k) is not None else None  # noqa: E731
    fg, fd = num("dict.found_glossa") or 0, num("dict.found_dict") or 0
    found = f"both find {fg:.0f} of {w}" if fg == fd else f"glossa finds {fg:.0f}, dict {fd:.0f} of {w}"
    row(f"one-shot look-up, a process per word ({found})", each("dict.each_glossa"),
        each("dict.each_dict"), ref_text="`dict` + dictd")
    row(f"{w} words in one process", ms("dict.batch_glossa"), ms("dict.batch_dict"),
        ref_text="`dict` + dictd")
row("look-up en→fi, first use (dictionary read)", CRIT.get("lookup/first_en_fi"))
row("look-up en→fi, warm", CRIT.get("lookup/warm_en_fi"))
row("gloss translation en→fi, 10 KB", CRIT.get("gloss/en_fi_10k"))

# --- transliteration
section("Transliteration")
for key in sorted({k.rsplit(".", 1)[0] for k in NUMBERS if k.startswith("translit.")}):
    lang, frm, to = key.split(".", 1)[1].split("_")
    size = num(f"{key}.bytes") or 0
    row(f"{lang} {frm}→{to}, {size / 1e6:.2g} MB file ({num(f'{key}.agree'):.1f}% lines agree)",
        ms(f"{key}.glossa"), ms(f"{key}.uconv"), ref_text="`uconv -x`")
row("ru Cyrl→Latn, 3.7 KB in-process (warm)", CRIT.get("transliterate/ru_cyrl_latn_warm"))

# --- engine and store
section("Engine and store")
for full_id, label in (
    ("detect/english_1k", "detect, 1 KB English"),
    ("sentence_lengths/english_10k", "sentence breaking, 10 KB English"),
    ("examples/find_teacher_15", "examples, 15 of a term"),
    ("markup/parse_html_10k", "html markup parse, 10 KB"),
    ("save_draft/10KB", "store: save a 10 KB draft"),
    ("open_existing", "store: open at start-up"),
):
    row(label, CRIT.get(full_id))

# --- the page
today = datetime.date.today().isoformat()
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
mem = next((int(l.split()[1]) for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
print(f"Measured {today} by `scripts/bench.sh{' --quick' if QUICK else ''}` "
      f"({num('script.seconds') or 0:.0f} s): {os.cpu_count()} cores ({cpu}), "
      f"{mem / 2**20:.0f} GiB, {platform.system()} {platform.release()}, {rustc}.")
print()
print("| measure | glossa | reference | ratio | goal |")
print("|---|---|---|---|---|")
for r in ROWS:
    print("| " + " | ".join(r) + " |")
print()
print("Ratio = glossa ÷ reference in the row's unit: below 1 is better for times and memory, "
      "above 1 for requests/s. Reference \"none\": no comparable program, absolute numbers only.")
skipped = [l.rstrip("\n").split("\t", 1) for l in open(os.path.join(WORK, "skipped.txt")) if l.strip()]
for part, reason in skipped:
    print(f"Skipped {part}: {reason}.")
# Other processes that used a CPU during the run (the machine may be shared).
others, loads, ours = {}, [], set()
for line in open(os.path.join(WORK, "others.txt")):
    if line.startswith("# ours:"):
        ours |= set(line.split()[2:])
        continue
    if line.startswith("#"):
        m = re.search(r"load ([\d.]+)", line)
        loads.append(float(m.group(1)) if m else 0)
        continue
    f = line.split()
    if len(f) >= 12 and re.fullmatch(r"[\d.]+", f[8]) and f[0] not in ours and f[11] != "top":
        name, pcpu = f"{' '.join(f[11:])[:40]} (nice {f[3]})", float(f[8])
        if pcpu >= 20:
            others[name] = max(others.get(name, 0), pcpu)
if others or loads:
    seen = ", ".join(f"{n} up to {p:.0f}% of a core" for n, p in sorted(others.items()))
    print(f"Also running (top, at the start of each part): {seen or 'nothing above 20% of a core'}; "
          f"1-minute load {min(loads):.1f}–{max(loads):.1f}.")
