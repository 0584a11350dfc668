#!/usr/bin/env bash
# Re-runs every figure README.md quotes (and the docs it links for figures:
# docs/COMMANDS.md, docs/API.md, docs/PLAYING.md and the first section of
# bench/RESULTS.md) and prints each measured value beside the quoted one, so a
# reader (or we) can see whether they are still true on this machine today. Run
# from the repository root, after building both Lua builds (build/lua51 and
# build/luajit, Release):
#
#   bash tools/readme-figures.sh [--quick] [--runs N] [--wait-quiet MINUTES] [--out DIR]
#   bash tools/readme-figures.sh --report DIR      the table again, from an earlier run's outputs
#
#   --quick               a dry run: one run each, small sizes (checks that every command works;
#                         its figures are not to be quoted)
#   --runs N              runs of each timed benchmark (default 3); the table gives their range
#   --wait-quiet MINUTES  first wait, polling every 30 s for up to MINUTES, until the 1-minute load
#                         average has stayed below 0.5 for a minute; if it never does, measure anyway
#                         and say so (figures measured beside other work are too slow)
#   --out DIR             where each command's raw output is kept (default build/readme-figures)
#   --report DIR          measure nothing: print the table from the outputs an earlier run kept in DIR
#
# What it runs (each figure's command is also named beside it in the README or the docs):
#   bash bench/frames_vs_love.sh build/lua51 200            frames and launch against LÖVE (under xvfb-run)
#   SDL_VIDEODRIVER=offscreen build/lua51/bench/engine_bench  text layout of one 32,000-character word
#   lua5.1 | luajit -joff | luajit bench/scheduler_bench.lua  scheduler ratios, memory per process
#   bash bench/scheduler_jit_spread.sh luajit 1000 26        LuaJIT's run-to-run spread at 1,000 processes
#   bash bench/scheduler_instructions.sh lua5.1 1000         instructions (callgrind; one run: they do not vary)
#   build/lua51|luajit/bench/reload_bench                    hot reload, a scene 60 s in
#   build/lua51/tests/stagehand_tests --gtest_filter=PatternCost.dry_run_figures*
#                                                            the pattern guard's step budget in seconds
#   build/lua51/stagehand --headless --script bench/gsub_limit.lua --scene gsubLimit
#                                                            how long a string gsub("%s+", " ") may take
#   build/lua51/stagehand --headless --scene handshake      the timeline example's times (deterministic)
#
# Needs lua5.1, luajit, valgrind, xvfb-run, python3 (all in tools/install-deps-debian.sh) and LÖVE 11.4,
# Debian's package `love`: when love is missing this script installs it with apt-get (through sudo when
# not root). It downloads nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
quick=0
waitMinutes=0
out=build/readme-figures
reportOnly=0
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; runs=1 ;;
    --runs) runs=$2; shift ;;
    --wait-quiet) waitMinutes=$2; shift ;;
    --out) out=$2; shift ;;
    --report) out=$2; reportOnly=1; shift ;;
    *)
      echo "usage: bash tools/readme-figures.sh [--quick] [--runs N] [--wait-quiet MINUTES] [--out DIR] | --report DIR" >&2
      exit 2 ;;
  esac
  shift
done

if [ "$reportOnly" = 0 ]; then

for exe in build/lua51/stagehand build/luajit/stagehand build/lua51/bench/frame_bench build/lua51/bench/engine_bench \
           build/lua51/bench/reload_bench build/luajit/bench/reload_bench build/lua51/tests/stagehand_tests; do
  [ -x "$exe" ] || { echo "readme-figures: $exe is missing: build build/lua51 and build/luajit first" >&2; exit 2; }
done
for tool in lua5.1 luajit valgrind xvfb-run python3; do
  command -v "$tool" > /dev/null || { echo "readme-figures: $tool is missing (bash tools/install-deps-debian.sh)" >&2; exit 2; }
done
if ! command -v love > /dev/null; then
  echo "readme-figures: LÖVE is missing; installing Debian's package love with apt-get"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends love
fi

load1() { cut -d' ' -f1 /proc/loadavg; }
below() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

# Quiet means three readings in a row below 0.5, 30 s apart: a minute.
if [ "$waitMinutes" -gt 0 ]; then
  quietReadings=0
  deadline=$(( $(date +%s) + waitMinutes * 60 ))
  while :; do
    load=$(load1)
    if below "$load" 0.5; then quietReadings=$((quietReadings + 1)); else quietReadings=0; fi
    echo "readme-figures: $(date +%H:%M:%S) 1-minute load $load ($quietReadings quiet readings in a row)"
    [ "$quietReadings" -ge 3 ] && break
    # At the deadline a quiet spell already begun may still finish.
    if [ "$(date +%s)" -ge "$deadline" ] && [ "$quietReadings" -eq 0 ]; then
      echo "readme-figures: the machine did not get quiet in $waitMinutes minutes; measuring anyway (load $load)"
      break
    fi
    sleep 30
  done
fi

rm -rf "$out"
mkdir -p "$out"
# Each command's output goes to $out/NAME.txt, the 1-minute load at its start to $out/loads.txt and the
# command itself to $out/commands.txt.
measure() {
  local name=$1
  shift
  echo "$name $(load1)" >> "$out/loads.txt"
  echo "$name $*" >> "$out/commands.txt"
  echo "readme-figures: $name: $*" >&2
  "$@" > "$out/$name.txt" 2> "$out/$name.err" || { echo "readme-figures: $name failed:" >&2; cat "$out/$name.err" >&2; exit 1; }
}

if [ "$quick" = 1 ]; then
  frames=20 sizes=1000 spreadRuns=2
else
  frames=200 sizes=1000,10000,100000 spreadRuns=26
fi
for run in $(seq 1 "$runs"); do
  measure "frames-$run" bash bench/frames_vs_love.sh build/lua51 "$frames"
  measure "engine-$run" env SDL_VIDEODRIVER=offscreen build/lua51/bench/engine_bench
  measure "scheduler-lua51-$run" lua5.1 bench/scheduler_bench.lua "$sizes"
  measure "scheduler-joff-$run" luajit -joff bench/scheduler_bench.lua "$sizes"
  measure "scheduler-jit-$run" luajit bench/scheduler_bench.lua "$sizes"
  measure "reload-lua51-$run" build/lua51/bench/reload_bench
  measure "reload-luajit-$run" build/luajit/bench/reload_bench
  measure "patterns-$run" build/lua51/tests/stagehand_tests \
    --gtest_filter=PatternCost.dry_run_figures_at_the_budget_and_for_the_idioms
done
measure spread bash bench/scheduler_jit_spread.sh luajit 1000 "$spreadRuns"
measure instructions bash bench/scheduler_instructions.sh lua5.1 1000
measure handshake build/lua51/stagehand --headless --scene handshake --seconds 30 --seed 1
measure gsub build/lua51/stagehand --headless --script bench/gsub_limit.lua --scene gsubLimit --seconds 10
echo "$quick" > "$out/quick.txt"
fi

# Each figure: what the README or the docs say (found in their text) beside the range measured.
python3 - "$out" <<'PY'
import glob, os, re, sys

out = sys.argv[1]
quick = open(os.path.join(out, "quick.txt")).read().strip() == "1"
runs = len(glob.glob(os.path.join(out, "frames-*.txt")))
def quoting_pages():
    """The README, then the pages its figures moved to: the docs and RESULTS.md's summary section."""
    texts = [open(page, encoding="utf-8").read()
             for page in ("README.md", "docs/COMMANDS.md", "docs/API.md", "docs/PLAYING.md")]
    results = open("bench/RESULTS.md", encoding="utf-8").read()
    start = results.index("## The figures the README and the docs quote")
    texts.append(results[start:results.index("\n## ", start + 1)])
    return "\n".join(texts)
readme = " ".join(quoting_pages().split())  # one line: figures wrap

def text(name):
    with open(os.path.join(out, name + ".txt"), encoding="utf-8") as f:
        return f.read()

def runs_of(prefix):
    return [text(os.path.basename(p)[:-4]) for p in sorted(glob.glob(os.path.join(out, prefix + "-*.txt")))]

def rows(output):
    """Markdown table rows as lists of stripped cells."""
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in output.splitlines() if line.startswith("|") and not line.startswith("|--")]

def number(cell):
    return float(cell.rstrip("xs ").replace(",", ""))

def span(values, digits, unit=""):
    if not values:
        return "(no value)"
    lo, hi = min(values), max(values)
    fmt = "%%.%df" % digits
    return (fmt % lo if fmt % lo == fmt % hi else fmt % lo + "-" + fmt % hi) + unit

def quoted(pattern):
    m = re.search(pattern, readme)
    return m.group(1) if m else "(not found in the README or the docs)"

commands = dict(line.rstrip("\n").split(" ", 1) for line in open(os.path.join(out, "commands.txt")))
def command_of(name):
    return commands[name].replace("env SDL_VIDEODRIVER=offscreen ", "SDL_VIDEODRIVER=offscreen ")

table = []
def figure(name, pattern, measured, command, unit=""):
    """A row: the README's words for it (group 1 of pattern, with unit when the README's number has none)."""
    said = quoted(pattern)
    if unit and said[-1:].isdigit():
        said += unit
    table.append((name, said, measured, command))

RANGE = r"(\d[\d.,]*(?:[-–]\d[\d.,]*)?)"

# Frames against LÖVE: the ratio (column 3) and launch to first frame (7, 8).
frames = [rows(t) for t in runs_of("frames")]
def frame_cells(n, column):
    return [number(r[column]) for f in frames for r in f if r and r[0] == str(n)]
for n, words in ((10, r"x LÖVE's frame time at 10 actors"), (100, r"x at 100\b"), (1000, r"x at 1,000\b")):
    figure("frame time vs LÖVE, %d actors" % n, RANGE + words, span(frame_cells(n, 3), 2, "x"),
           command_of("frames-1"), "x")
figure("launch to first frame, Stagehand", r"[Ll]aunch to first frame " + RANGE,
       span([v for n in (10, 100, 1000) for v in frame_cells(n, 7)], 2, " s"), "(the same runs)", " s")
figure("launch to first frame, LÖVE", r"LÖVE's " + RANGE + r" s",
       span([v for n in (10, 100, 1000) for v in frame_cells(n, 8)], 2, " s"), "(the same runs)", " s")

# Text layout.
word = [number(r[1]) for t in runs_of("engine") for r in rows(t) if r[0] == "one 32,000-character word"]
figure("one 32,000-character word, ms a frame", r"32,000-character word costs " + RANGE,
       span(word, 1, " ms"), command_of("engine-1") + " (its row \"one 32,000-character word\")", " ms")
figure("the same before layout was cached", r"was (\d+) ms", "not re-run: the old layout code is gone",
       "(historical: bench/RESULTS.md, \"Text layout once\")", " ms")

# The scheduler: speed-up against the article (column 6), ours/minimal (7), memory.
def sched(vm, kind, column):
    return [number(r[column]) for t in runs_of("scheduler-" + vm) for r in rows(t) if r[0] == kind]
# Per VM: the README's words before its dense and its sparse figure.
vms = (("lua51", r"on PUC Lua 5.1 ", r"when most processes wake often(?: \([^)]*\))?, "),
       ("joff", r"JIT off \([^)]*\) ", r"JIT off \([^)]*\) \S+x and "),
       ("jit", r"JIT on ", r"JIT on \S+x and "))
for vm, dense, sparse in vms:
    exe = command_of("scheduler-%s-1" % vm).split(" bench/")[0]
    figure("scheduler vs article, dense, " + exe, dense + RANGE, span(sched(vm, "dense", 6), 1, "x"),
           command_of("scheduler-%s-1" % vm), "x")
    figure("scheduler vs article, sparse, " + exe, sparse + RANGE, span(sched(vm, "sparse", 6), 0, "x"),
           "(the same runs)", "x")
figure("ours/minimal scheduler, time, every VM and row", r"no checks: " + RANGE,
       span([v for vm, _, _ in vms for kind in ("dense", "sparse") for v in sched(vm, kind, 7)], 1, "x"),
       "(the scheduler_bench runs above)", "x")
def memory(vm):
    return [float(m) for t in runs_of("scheduler-" + vm) for m in re.findall(r"ratio ([\d.]+)x", t)]
figure("memory per waiting process, PUC", RANGE + r"x a bare coroutine on PUC", span(memory("lua51"), 2, "x"),
       command_of("scheduler-lua51-1"), "x")
figure("memory per waiting process, LuaJIT", r"on PUC, " + RANGE + r"x on LuaJIT",
       span(memory("jit") + memory("joff"), 2, "x"), command_of("scheduler-jit-1"), "x")

spread = [number(r[5]) for r in rows(text("spread")) if r and r[0].isdigit()]
slower = sum(1 for v in spread if v < 1.0)
figure("LuaJIT runs at 1,000 slower than the article", r"in (\d+ more runs at 1,000 processes, [^:]*?):",
       "%d of %d runs (%s)" % (slower, len(spread), span(spread, 1, "x")), command_of("spread"))

inst = [r for r in rows(text("instructions")) if r and r[0] == "1000"]
def inst_cell(column):
    return span([number(r[column]) for r in inst], 2, "x")
figure("ours/minimal, instructions at 1,000", RANGE + r"x its instructions", inst_cell(6),
       command_of("instructions"), "x")
figure("checked/minimal, instructions", r"checks alone cost " + RANGE, inst_cell(7), "(the same run)", "x")
figure("ours/checked, instructions", r"ours runs " + RANGE, inst_cell(8), "(the same run)", "x")

# Hot reload: rebuilding a scene 60 s in, every scene, both VMs.
rebuild = [number(r[2]) for prefix in ("reload-lua51", "reload-luajit") for t in runs_of(prefix) for r in rows(t)
           if r and r[0] != "scene"]
figure("hot reload, rebuild to 60 s", r"plays on from there: " + RANGE, span(rebuild, 0, " ms"),
       command_of("reload-lua51-1") + ", " + command_of("reload-luajit-1"), " ms")

# The pattern guard: the dry run to the budget, and the longest string gsub("%s+", " ") may take.
budget = [float(m) for t in runs_of("patterns")
          for m in re.findall(r"dry run at the budget \(\d+ steps\): a\*a\*a\*a\*b ([\d.]+) s", t)]
figure("pattern step budget (5e7 steps) in seconds", r"5·10\^7 steps \(about " + RANGE, span(budget, 3, " s"),
       command_of("patterns-1"), " s")
prose = re.findall(r"gsub limit: prose up to ([\d.]+) MB", text("gsub"))
figure("gsub('%s+', ' ') allowed on prose up to", r"strings up to about " + RANGE,
       span([float(v) for v in prose], 1, " MB"), command_of("gsub"), " MB")

# The timeline example: deterministic times of the dock handshake.
hs = text("handshake")
latch = re.search(r"^\s*([\d.]+)\s+latch signal=\"otto-at-meeting\"", hs, re.M)
talk = re.search(r"process=\"rhea's track\" kind=\"seconds\" target=\"([\d.]+)\"", hs)
figure("handshake: Otto's latch", r"Otto's latch at " + RANGE, "%.1f s" % float(latch.group(1)) if latch else "?",
       command_of("handshake"), " s")
figure("handshake: both talk for", r"both talk for " + RANGE, "%.1f s" % float(talk.group(1)) if talk else "?",
       "(the same run)", " s")

loads = [line.split() for line in open(os.path.join(out, "loads.txt"))]
highest = max(loads, key=lambda l: float(l[1]))
lowest = min(loads, key=lambda l: float(l[1]))
print()
print("# README figures re-run%s: %d run%s each" % (" (--quick: a dry run, not figures to quote)" if quick else "",
                                                    runs, "" if runs == 1 else "s"))
print()
print("1-minute load at the start of each command: %s-%s (highest before %s; each benchmark keeps one core"
      " busy, so about 1 is a machine otherwise idle)" % (lowest[1], highest[1], highest[0]))
print("per command: " + ", ".join("%s %s" % (name, load) for name, load in loads))
print()
print("| figure | the docs say | measured | command |")
print("|---|---|---|---|")
for name, said, measured, command in table:
    print("| %s | %s | %s | `%s` |" % (name, said, measured, command))
PY
