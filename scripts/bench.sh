#!/usr/bin/env bash
# The performance report: every benchmark of the project and the reference
# tools beside it, in one run on one machine, then ONE table of ratios
# (printed, and written as Markdown for the README's "Performance" section).
#
# Usage: scripts/bench.sh [--quick] [--work DIR]
#   --quick     a fast pass: criterion's --quick with short times, 1 s loads,
#               100 KB documents, fewer runs and entries (numbers are rough)
#   --work DIR  logs, numbers and the table (default /tmp/glossa-bench)
# Env: RUNS (best of, 3; --quick 1), LOOKUPS (dictionary entries, 200; 40),
#      CARGO_TARGET_DIR (where the one release build goes).
#
# Parts, in order (each logs to DIR/<part>.log; every number becomes a
# `BENCH key value unit` line in DIR/numbers.txt, criterion's are read from
# DIR/criterion/*/new/estimates.json):
#   build     cargo bench --no-run, cargo build --release --examples: once
#   criterion benches engine, dictionary, store, tui (each tab at 200×60)
#   service   benches/service.rs: /detect, /breaksentence vs an axum hello-world, in one process
#   wrk       `glossa serve` vs examples/hello_axum from outside (wrk), and their RSS
#   client    benches/client.rs: a 1 MB document through the client vs one line per request
#   tui_pty   benches/tui_pty: first frame, key → screen, idle, a 10 KB paste, RSS
#   translit  scripts/bench_translit.sh: transliteration vs `uconv -x`
#   dict      `glossa lookup` vs `dict` on a private dictd, the same FreeDict data
# A part whose reference tool is missing is skipped with the reason and the
# install command; nothing is installed here. Reference tools (Debian):
#   apt-get install -y icu-devtools wrk dictd dict dict-freedict-eng-fin
# The table: scripts/bench_report.py (ratio = glossa ÷ reference).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

QUICK=0
WORK=/tmp/glossa-bench
while (($#)); do
  case $1 in
    --quick) QUICK=1 ;;
    --work) WORK=$2; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if ((QUICK)); then
  RUNS=${RUNS:-1} LOOKUPS=${LOOKUPS:-40} LOAD_S=1 TRANSLIT_SIZE=200000
  CRIT=(--quick --warm-up-time 0.5 --measurement-time 1)
else
  RUNS=${RUNS:-3} LOOKUPS=${LOOKUPS:-200} LOAD_S=4 TRANSLIT_SIZE=1000000
  CRIT=(--warm-up-time 1 --measurement-time 3)
fi
export CRITERION_HOME=$WORK/criterion
REL=${CARGO_TARGET_DIR:-$ROOT/target}/release
NUMBERS=$WORK/numbers.txt
if [[ -d $WORK && ! -e $NUMBERS && -n $(ls -A "$WORK") ]]; then
  echo "bench.sh: $WORK is not empty and not an earlier run's; give another --work" >&2
  exit 2
fi
rm -rf "$WORK"
mkdir -p "$WORK"/{home,config,data,cache,state}
: >"$NUMBERS"
: >"$WORK/skipped.txt"
: >"$WORK/others.txt"
STARTED=$(date +%s)

say() { printf '\n== %s\n' "$*"; }
skip() { # part, reason
  printf '%s\t%s\n' "$1" "$2" >>"$WORK/skipped.txt"
  echo "skipped $1: $2"
}
number() { echo "BENCH $*" >>"$NUMBERS"; }
collect() { grep '^BENCH ' "$1" >>"$NUMBERS" || true; }
# What else uses the CPU now (the machine is shared): top's second sample,
# and this script's own processes (its descendants), which the report leaves out.
others() {
  { echo "# $1 (load $(cut -d' ' -f1-3 /proc/loadavg))"
    top -b -n 2 -d 0.5 -w 200 | awk '/^top -/{n++} n==2' | sed -n '8,13p'
    ps -eo pid=,ppid= | awk -v root=$$ '{up[$1] = $2}
      END {printf "# ours:"; for (p in up) {x = p; while (x in up && x != root && x > 1) x = up[x]
        if (x == root) printf " %s", p}; print ""}'
  } >>"$WORK/others.txt"
}
# The workbench's isolated environment (no user config or store): a prefix.
ISOLATED=(env -i PATH="$PATH" LANG=C.UTF-8 HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/config"
  XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state")
# Peak and current resident memory of a process, in MiB: "peak now".
rss_mib() {
  awk '/^VmHWM:/{p=$2} /^VmRSS:/{r=$2} END{printf "%.1f %.1f\n", p/1024, r/1024}' "/proc/$1/status"
}
# Starts "$@" in the background; sets SERVER_PID and SERVER_URL from its
# first line ("listening on URL").
serve() {
  local out=$WORK/server.out
  : >"$out"
  # A simple command: its pid is the server's (env execs it).
  "${ISOLATED[@]}" "$@" >"$out" 2>>"$WORK/server.err" &
  SERVER_PID=$!
  for _ in $(seq 200); do
    SERVER_URL=$(sed -n 's/^listening on //p' "$out")
    [[ -n $SERVER_URL ]] && return 0
    sleep 0.05
  done
  echo "no 'listening on' from $*" >&2
  return 1
}
stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
SERVER_PID=
trap '[[ -z $SERVER_PID ]] || stop "$SERVER_PID"' EXIT

say "build (once)"
others "before the build"
cargo bench --locked --no-run 2>&1 | tail -n 3
cargo build --locked --release --examples 2>&1 | tail -n 1
[[ -x $REL/glossa && -x $REL/examples/hello_axum && -x $REL/examples/translit_file ]]

say "criterion: engine, dictionary, store, tui"
others "criterion"
for b in engine dictionary store tui; do
  cargo bench --locked --bench "$b" -- "${CRIT[@]}" >"$WORK/$b.log" 2>&1
  echo "$b: $(grep -c 'time:' "$WORK/$b.log") measured"
done

say "service: in-process, vs an axum hello-world"
others "service"
cargo bench --locked --bench service -- --seconds "$LOAD_S" 2>&1 | tee "$WORK/service.log" | grep -v '^BENCH'
collect "$WORK/service.log"

say "wrk: glossa serve vs hello_axum, from outside"
if command -v wrk >/dev/null; then
  others "wrk"
  cat >"$WORK/post.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '[{"Text":"Could you tell me where the nearest train station is, please?"}]'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Ocp-Apim-Subscription-Key"] = "bench-key"
LUA
  # name, path, program...
  for spec in "serve /detect?api-version=3.0 $REL/glossa serve --addr 127.0.0.1:0 --key bench-key" \
    "hello / $REL/examples/hello_axum"; do
    read -r name path cmd <<<"$spec"
    # shellcheck disable=SC2086 # the command's words
    serve $cmd
    read -r peak now <<<"$(rss_mib "$SERVER_PID")"
    number "wrk.${name}_rss_idle $now MiB"
    ((QUICK)) || wrk -t1 -c16 -d1s -s "$WORK/post.lua" "$SERVER_URL$path" >/dev/null
    wrk -t1 -c16 -d"${LOAD_S}s" -s "$WORK/post.lua" "$SERVER_URL$path" >"$WORK/wrk-$name.log"
    read -r peak now <<<"$(rss_mib "$SERVER_PID")"
    number "wrk.${name}_rss_peak $peak MiB"
    number "wrk.${name}_rps $(awk '/^Requests\/sec:/{print $2}' "$WORK/wrk-$name.log") req/s"
    number "wrk.${name}_requests $(awk '/requests in/{print $1}' "$WORK/wrk-$name.log") requests"
    if grep -q 'Non-2xx' "$WORK/wrk-$name.log"; then
      echo "wrk: $name answered errors" >&2
      exit 1
    fi
    stop "$SERVER_PID"
    SERVER_PID=
    echo "$name: $(grep 'Requests/sec' "$WORK/wrk-$name.log")"
  done
else
  skip wrk "wrk not installed (apt-get install -y wrk)"
fi

say "client: a document through the client vs one line per request"
others "client"
quick_arg=()
((QUICK)) && quick_arg=(-- --quick)
cargo bench --locked --bench client "${quick_arg[@]}" 2>&1 | tee "$WORK/client.log" | grep -v '^BENCH'
collect "$WORK/client.log"

say "tui_pty: the workbench in a pseudo-terminal"
others "tui_pty"
cargo bench --locked --bench tui_pty "${quick_arg[@]}" 2>&1 | tee "$WORK/tui_pty.log" | grep -v '^BENCH'
collect "$WORK/tui_pty.log"

say "translit: vs uconv -x"
if command -v uconv >/dev/null; then
  others "translit"
  NO_BUILD=1 RUNS=$RUNS SIZE=$TRANSLIT_SIZE scripts/bench_translit.sh "$WORK/translit" 2>&1 |
    tee "$WORK/translit.log" | grep -v '^BENCH'
  collect "$WORK/translit.log"
else
  skip translit "uconv not installed (apt-get install -y icu-devtools)"
fi

say "dict: glossa lookup vs dict on a private dictd"
DICT_DATA=/usr/share/dictd/freedict-eng-fin
if ! command -v dict >/dev/null || ! command -v dictd >/dev/null; then
  skip dict "dict or dictd not installed (apt-get install -y dictd dict dict-freedict-eng-fin)"
elif [[ ! -r $DICT_DATA.index ]]; then
  skip dict "no $DICT_DATA.index (apt-get install -y dict-freedict-eng-fin)"
else
  others "dict"
  scripts/bench_dict.sh "$WORK/dict" "$REL/glossa" "$LOOKUPS" "$RUNS" 2>&1 | tee "$WORK/dict.log" |
    grep -v '^BENCH'
  collect "$WORK/dict.log"
fi

others "at the end"
number "script.seconds $(($(date +%s) - STARTED)) s"
say "report"
python3 scripts/bench_report.py "$WORK" "$QUICK" | tee "$WORK/report.md"
echo
echo "Markdown: $WORK/report.md  (logs and numbers in $WORK; $(($(date +%s) - STARTED)) s)"
