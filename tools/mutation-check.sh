#!/usr/bin/env bash
# Mutation check (issue 24): do the tests notice when a behaviour breaks?
#
# Each entry of tools/mutations.txt breaks one behaviour a player or a scene's
# author could notice (a changed default, a dropped arrow, a settings file
# never written). For each one this script applies the change to a scratch
# copy of the tree, rebuilds incrementally, runs luacheck (for Lua files) and
# ctest, and says "killed" when some test failed or "survived" when every test
# still passed. A surviving mutation is a behaviour no test holds.
#
# usage: bash tools/mutation-check.sh [--min-score PERCENT] [--only REGEX] [--list]
#                                     [--timeout SECONDS] [--jobs N] [--work DIR]
#                                     [--mutations FILE]
#   --min-score P  exit 1 when fewer than P% of the mutations are killed (default 90)
#   --only REGEX   run only the mutations whose name matches (bash regex)
#   --list         print the mutations and exit
#   --timeout S    ctest's limit for one test (default 60)
#   --jobs N       parallel build and test jobs (default 2)
#   --work DIR     scratch folder: the tree copy and its build (default build/mutation)
#
# The real tree is never modified: the copy lives in build/mutation/tree (the
# working tree's files, uncommitted changes included) with its build in
# build/mutation/build, kept between runs so a rerun compiles only what
# changed. Exit: 0 at or above the score, 1 below it or with invalid entries
# (a mutation that does not compile, or whose search text is not in its file
# exactly once), 2 when the unmutated tree does not build or pass.
set -euo pipefail
shopt -u patsub_replacement 2> /dev/null || true  # "&" in a replacement is literal

repo=$(cd "$(dirname "$0")/.." && pwd)
min_score=90
only=""
list_only=false
test_timeout=60
jobs=2
work="$repo/build/mutation"
mutations_file="$repo/tools/mutations.txt"

die() {
  echo "mutation-check: $*" >&2
  exit 2
}

while (($# > 0)); do
  case "$1" in
    --min-score) min_score=${2:?--min-score needs a percentage}; shift 2 ;;
    --only) only=${2:?--only needs a regex}; shift 2 ;;
    --list) list_only=true; shift ;;
    --timeout) test_timeout=${2:?--timeout needs seconds}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --work) work=$(realpath -m "${2:?--work needs a folder}"); shift 2 ;;
    --mutations) mutations_file=$(realpath "${2:?--mutations needs a file}"); shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
[[ $min_score =~ ^[0-9]+$ ]] || die "--min-score needs a whole percentage, not '$min_score'"

# ---------------------------------------------------------------------------
# The mutations file: blocks of "name:", "file:", "find:", "replace:" and
# "breaks:" lines, separated by blank lines; "#" starts a comment line. Each
# value is the rest of its line after "key: ", taken literally.

names=() files=() finds=() replaces=() breaks=()

# Sets variable $1 to the text of file $2, byte for byte (a bare command
# substitution would drop its trailing newlines).
read_into() {
  local read_into_text  # not "text": the caller's variable may be called that
  read_into_text=$(cat "$2"; printf x)
  printf -v "$1" '%s' "${read_into_text%x}"
}

# How many times $2 occurs in $1 (non-overlapping).
count_occurrences() {
  local text=$1 needle=$2 count=0
  while [[ $text == *"$needle"* ]]; do
    text=${text#*"$needle"}
    count=$((count + 1))
  done
  echo "$count"
}

parse_mutations() {
  local line number=0 key value entry=-1
  local -A seen=()
  while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    [[ -z $line || $line == \#* ]] && continue
    [[ $line =~ ^(name|file|find|replace|breaks):\ ?(.*)$ ]] \
      || die "$mutations_file:$number: expected 'name:', 'file:', 'find:', 'replace:' or 'breaks:', got '$line'"
    key=${BASH_REMATCH[1]}
    value=${BASH_REMATCH[2]}
    # Trailing blanks are invisible in an editor and often stripped by one.
    [[ $value =~ [[:space:]]$ ]] && die "$mutations_file:$number: trailing whitespace in the value"
    case "$key" in
      name)
        [[ -n ${seen[$value]:-} ]] && die "$mutations_file:$number: a second mutation named '$value'"
        seen[$value]=1
        entry=$((entry + 1))
        names[entry]=$value files[entry]="" finds[entry]="" replaces[entry]="" breaks[entry]=""
        ;;
      *)
        ((entry >= 0)) || die "$mutations_file:$number: '$key:' before the first 'name:'"
        case "$key" in
          file) files[entry]=$value ;;
          find) finds[entry]=$value ;;
          replace) replaces[entry]=$value ;;
          breaks) breaks[entry]=$value ;;
        esac
        ;;
    esac
  done < "$mutations_file"
}

# Every entry must name a file of the tree, a search text found there exactly
# once, a different replacement and the behaviour it breaks.
check_mutations() {
  local i text count problems=0
  for i in "${!names[@]}"; do
    local where="mutation '${names[i]}'"
    if [[ -z ${files[i]} || -z ${finds[i]} || -z ${breaks[i]} ]]; then
      echo "$where: needs file:, find: and breaks:" >&2
      problems=$((problems + 1))
      continue
    fi
    if [[ ! -f $repo/${files[i]} ]]; then
      echo "$where: no file ${files[i]}" >&2
      problems=$((problems + 1))
      continue
    fi
    read_into text "$repo/${files[i]}"
    count=$(count_occurrences "$text" "${finds[i]}")
    if ((count != 1)); then
      echo "$where: its search text occurs $count times in ${files[i]} (must be once): ${finds[i]}" >&2
      problems=$((problems + 1))
    fi
    if [[ ${finds[i]} == "${replaces[i]}" ]]; then
      echo "$where: the replacement is the search text" >&2
      problems=$((problems + 1))
    fi
  done
  ((problems == 0)) || die "$problems problem(s) in $mutations_file"
}

[[ -f $mutations_file ]] || die "no mutations file $mutations_file"
parse_mutations
((${#names[@]} > 0)) || die "no mutations in $mutations_file"
check_mutations

selected=()
for i in "${!names[@]}"; do
  if [[ -z $only || ${names[i]} =~ $only ]]; then selected+=("$i"); fi
done
((${#selected[@]} > 0)) || die "no mutation matches --only '$only'"

if $list_only; then
  for i in "${selected[@]}"; do
    printf '%-38s %-28s %s\n' "${names[i]}" "${files[i]}" "${breaks[i]}"
  done
  echo "${#selected[@]} mutations"
  exit 0
fi

for tool in git cmake ctest luacheck cmp; do
  command -v "$tool" > /dev/null || die "$tool is not installed (bash tools/install-deps-debian.sh)"
done

# ---------------------------------------------------------------------------
# The scratch tree: a copy of the working tree's files. Only files whose
# content differs are copied, so their times (and so the build) stay as they
# were for everything else.

tree="$work/tree"
build="$work/build"
logs="$work/logs"
mkdir -p "$tree" "$build" "$logs"

sync_tree() {
  local file listed="$work/files.txt" present="$work/present.txt"
  git -C "$repo" ls-files --cached --others --exclude-standard > "$listed"
  while IFS= read -r file; do
    [[ -f $repo/$file ]] || continue  # deleted in the working tree, not yet committed
    if ! cmp -s "$repo/$file" "$tree/$file"; then
      mkdir -p "$(dirname "$tree/$file")"
      cp "$repo/$file" "$tree/$file"
    fi
  done < "$listed"
  # A file gone from the tree must go from the copy too (a stale spec would still run).
  (cd "$tree" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) > "$present"
  LC_ALL=C sort -o "$listed" "$listed"
  LC_ALL=C comm -23 "$present" "$listed" | while IFS= read -r file; do rm -f "$tree/$file"; done
  rm -f "$listed" "$present"
}

# The mutation being applied, for the trap: -1 when the copy is clean; and
# the text its file had before.
applied=-1
original_text=""

# Puts the file of mutation $1 back as it was in the copy (the real tree may
# have been edited since the copy was made). Writing it gives it a new time,
# so the next build recompiles it from the original text.
restore() {
  local i=$1
  printf '%s' "$original_text" > "$tree/${files[i]}"
}

on_exit() {
  if ((applied >= 0)); then restore "$applied"; fi
}
trap on_exit EXIT
trap 'echo; echo "mutation-check: interrupted" >&2; exit 130' INT TERM

build_tree() {
  cmake --build "$build" -j"$jobs" --target stagehand stagehand_tests stagehand_output_check
}

run_luacheck() {
  (cd "$tree" && luacheck -q scripts spec bench tests/conformance)
}

# ctest stops at the first failure where it can: a mutation is killed by one.
# (Not with --repeat until-pass, which makes ctest 3.25 run every test anyway:
# the retry below is done by hand.)
# (The help is read whole first: with pipefail, `ctest --help | grep -q` fails
# whenever grep's early exit kills ctest's write with SIGPIPE.)
stop_flag=()
ctest_help=$(ctest --help 2> /dev/null || true)
if [[ $ctest_help == *--stop-on-failure* ]]; then stop_flag=(--stop-on-failure); fi

run_ctest() {
  ctest --test-dir "$build" -j"$jobs" --timeout "$test_timeout" "$@"
}

# The first test in the list of failed tests ctest ends log $1 with (awk
# stops there itself: no reader that quits early, which pipefail would fail).
first_failure() {
  local name
  name=$(awk '/The following tests FAILED:/ { listed = 1; next }
              listed && /^[[:space:]]+[0-9]+ - / { sub(/^[[:space:]]+[0-9]+ - /, ""); sub(/ \(.*/, ""); print; exit }' "$1")
  echo "${name:-ctest failed}"
}

# Runs ctest on the mutated build, appending to log $1, and sets `killer` to
# the test that failed ("" when all passed). A failing test is run once more
# on its own before it counts: a mutation's failure comes back, while a
# timing test upset by a busy machine (the other worker on these 2 cores)
# passes alone, and then the suite runs again, so that a flaky test cannot
# pass a survivor off as killed.
mutant_ctest() {
  local log=$1 attempt run="$work/ctest-run.log"
  killer=""
  for attempt in 1 2; do
    if run_ctest "${stop_flag[@]}" > "$run" 2>&1; then
      cat "$run" >> "$log"
      killer=""
      return
    fi
    cat "$run" >> "$log"
    killer=$(first_failure "$run")
    [[ $killer == "ctest failed" ]] && return
    echo "== $killer again, alone" >> "$log"
    if ! run_ctest -R "^${killer}\$" >> "$log" 2>&1; then return; fi
    echo "== $killer passed alone: a flaky failure; the suite again" >> "$log"
    flaky+=("$killer")
  done
  killer=""  # flaky twice: no test is known to fail on this mutation
}

clock() {
  local s=$1
  if ((s >= 60)); then printf '%dm %02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

started=$SECONDS
echo "== scratch copy of the tree in $tree"
sync_tree
echo "== build (unmutated)"
cmake -S "$tree" -B "$build" -DSTAGEHAND_LUA=lua51 -DCMAKE_BUILD_TYPE=Release \
      -DSTAGEHAND_WARNINGS_AS_ERRORS=ON > "$logs/configure.log" 2>&1 \
  || { cat "$logs/configure.log"; die "the unmutated tree does not configure"; }
build_tree > "$logs/baseline-build.log" 2>&1 \
  || { tail -n 40 "$logs/baseline-build.log"; die "the unmutated tree does not build"; }
echo "== tests (unmutated): luacheck and ctest"
run_luacheck > "$logs/baseline-luacheck.log" 2>&1 \
  || { cat "$logs/baseline-luacheck.log"; die "luacheck fails on the unmutated tree"; }
baseline_started=$SECONDS
# A timing test upset by a busy machine gets a second try here too.
run_ctest --repeat until-pass:2 > "$logs/baseline-ctest.log" 2>&1 \
  || { grep -E '\*\*\*|tests passed' "$logs/baseline-ctest.log" || true; die "ctest fails on the unmutated tree"; }
echo "   all pass ($(clock $((SECONDS - baseline_started))))"

killed=0 survived=0 invalid=0
survivors=() invalids=() flaky=()
count=${#selected[@]}
position=0
echo "== ${count} mutations"
for i in "${selected[@]}"; do
  position=$((position + 1))
  name=${names[i]}
  log="$logs/$name.log"
  mutation_started=$SECONDS
  target="$tree/${files[i]}"
  read_into original_text "$target"
  applied=$i
  printf '%s' "${original_text/"${finds[i]}"/"${replaces[i]}"}" > "$target"

  verdict="" detail=""
  if ! build_tree > "$log" 2>&1; then
    verdict=invalid
    detail="does not build: $(grep -m 1 -E 'error' "$log" || echo "see $log")"
  else
    # luacheck reads only Lua files and its own configuration.
    if [[ ${files[i]} == *.lua || ${files[i]} == .luacheckrc ]] && ! run_luacheck >> "$log" 2>&1; then
      verdict=killed
      detail="luacheck"
    else
      mutant_ctest "$log"
      if [[ -n $killer ]]; then
        verdict=killed
        detail=$killer
      else
        verdict=survived
      fi
    fi
  fi
  restore "$i"
  applied=-1

  took=$(clock $((SECONDS - mutation_started)))
  case "$verdict" in
    killed) killed=$((killed + 1)); line="by $detail" ;;
    survived) survived=$((survived + 1)); survivors+=("$name: ${breaks[i]}"); line="${breaks[i]}" ;;
    invalid) invalid=$((invalid + 1)); invalids+=("$name: $detail"); line="$detail" ;;
  esac
  printf '[%2d/%d] %-8s %-38s %s (%s)\n' "$position" "$count" "$verdict" "$name" "$line" "$took"
done

valid=$((killed + survived))
score=0
if ((valid > 0)); then score=$((killed * 100 / valid)); fi
echo
echo "== summary"
echo "$killed of $valid killed ($score%)"
for line in "${survivors[@]}"; do echo "  survived: $line"; done
if ((invalid > 0)); then
  echo "$invalid invalid (fix these entries in ${mutations_file#"$repo"/}):"
  for line in "${invalids[@]}"; do echo "  invalid: $line"; done
fi
if ((${#flaky[@]} > 0)); then
  echo "flaky (failed in the suite, passed alone; not counted as kills): ${flaky[*]}"
fi
echo "total time $(clock $((SECONDS - started))) (logs in $logs)"

if ((invalid > 0)); then exit 1; fi
if ((score < min_score)); then
  echo "mutation-check: score $score% is below --min-score $min_score%" >&2
  exit 1
fi
