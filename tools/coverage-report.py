#!/usr/bin/env python3
"""Lines no test runs: the report tools/coverage.sh prints after a coverage run.

C++: gcov's JSON for each object of the engine (built with --coverage). Lua: the "chunk<TAB>line" rows the
engine (STAGEHAND_LUA_LINE_COVERAGE) and plain Lua (tools/lua-line-coverage.lua) wrote, held against the lines
luac5.1 says carry code. Prints, per file, the lines with code and those never run, then each function (C++)
or run of lines (Lua) never entered, so a reader sees what no test so much as reaches.

usage: coverage-report.py SOURCE_DIR BUILD_DIR LUA_ROWS_DIR [--details]
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict


def cpp_coverage(source_dir, build_dir):
    objects = os.path.join(build_dir, "CMakeFiles", "stagehand_engine.dir")
    files = {}
    for root, _, names in os.walk(objects):
        for name in names:
            if not name.endswith(".gcda"):
                continue
            out = subprocess.run(["gcov", "--json-format", "--stdout", os.path.join(root, name)],
                                 cwd=root, capture_output=True, check=False).stdout
            for doc in out.splitlines():
                try:
                    data = json.loads(doc)
                except ValueError:
                    continue
                for f in data.get("files", []):
                    path = os.path.relpath(os.path.realpath(os.path.join(data.get("current_working_directory", root),
                                                                         f["file"])), source_dir)
                    if not path.startswith("src/"):
                        continue
                    entry = files.setdefault(path, {"lines": {}, "functions": {}})
                    for line in f["lines"]:
                        n = line["line_number"]
                        entry["lines"][n] = entry["lines"].get(n, 0) + line["count"]
                    for fn in f["functions"]:
                        key = (fn["start_line"], fn["demangled_name"])
                        entry["functions"][key] = entry["functions"].get(key, 0) + fn["execution_count"]
    return files


# Lines luac gives an instruction that the line hook never reports though they ran: a block's closing jump
# ("end", "else") and a function statement's own line, whose closure is made before the hook sees the line.
NOT_REPORTED = re.compile(r"^\s*(end[),;]*|else|(local\s+)?function\b.*)\s*(--.*)?$")


def lua_code_lines(path):
    listing = subprocess.run(["luac5.1", "-p", "-l", path], capture_output=True, text=True, check=False).stdout
    with open(path, encoding="utf-8", errors="replace") as source:
        text = source.read().split("\n")
    lines = {int(m) for m in re.findall(r"^\s+\d+\s+\[(\d+)\]", listing, re.M)}
    return {n for n in lines if n <= len(text) and not NOT_REPORTED.match(text[n - 1])}


def lua_rows(rows_dir, source_dir):
    run = defaultdict(set)
    for name in os.listdir(rows_dir):
        with open(os.path.join(rows_dir, name), encoding="utf-8", errors="replace") as rows:
            for row in rows:
                chunk, _, line = row.rstrip("\n").rpartition("\t")
                if not chunk.startswith("@"):
                    continue
                chunk = chunk[1:]
                if os.path.isabs(chunk):
                    chunk = os.path.relpath(os.path.realpath(chunk), source_dir)
                run[os.path.normpath(chunk)].add(int(line))
    return run


def runs_of(lines):
    """[3, 4, 5, 9] -> ["3-5", "9"]"""
    out, start, prev = [], None, None
    for n in sorted(lines):
        if start is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            out.append(f"{start}-{prev}" if prev != start else f"{start}")
        start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if prev != start else f"{start}")
    return out


def main():
    source_dir, build_dir, rows_dir = (os.path.realpath(a) for a in sys.argv[1:4])
    details = "--details" in sys.argv
    total_code = total_missed = 0
    print("== C++ (src/): lines with code, never run, functions never entered")
    for path, entry in sorted(cpp_coverage(source_dir, build_dir).items()):
        missed = [n for n, c in entry["lines"].items() if c == 0]
        never = sorted(k for k, c in entry["functions"].items() if c == 0)
        total_code += len(entry["lines"])
        total_missed += len(missed)
        print(f"{path}: {len(entry['lines'])} lines, {len(missed)} never run, {len(never)} functions never entered")
        if details:
            for start, name in never:
                print(f"    {path}:{start}: {name}")
            print("    never run: " + " ".join(runs_of(missed)))
    print(f"C++ total: {total_code} lines, {total_missed} never run ({100 * total_missed / max(total_code, 1):.1f}%)")

    run = lua_rows(rows_dir, source_dir)
    total_code = total_missed = 0
    print("== Lua (scripts/): lines with code, never run")
    for root, _, names in sorted(os.walk(os.path.join(source_dir, "scripts"))):
        for name in sorted(names):
            path = os.path.relpath(os.path.join(root, name), source_dir)
            if not name.endswith(".lua") or path.startswith(os.path.join("scripts", "meta")):
                continue  # meta/: the editor's type annotations, never run by design
            code = lua_code_lines(os.path.join(source_dir, path))
            missed = sorted(code - run.get(path, set()))
            total_code += len(code)
            total_missed += len(missed)
            print(f"{path}: {len(code)} lines, {len(missed)} never run")
            if details and missed:
                print("    never run: " + " ".join(runs_of(missed)))
    print(f"Lua total: {total_code} lines, {total_missed} never run ({100 * total_missed / max(total_code, 1):.1f}%)")


if __name__ == "__main__":
    main()
