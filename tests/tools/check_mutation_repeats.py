#!/usr/bin/env python3
"""tools/mutation-repeats.py names a fresh entry whose edit is already listed, however its find text is cut,
and no other; it prints nothing of the listed entries.  usage: check_mutation_repeats.py REPO SCRATCH_DIR"""
import os
import subprocess
import sys

repo, scratch = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(repo, "tools"))
repeats = __import__("mutation-repeats")

os.makedirs(scratch, exist_ok=True)
listed = repeats.entries(os.path.join(repo, "tools", "mutations.txt"))
failures = []


def recut(entry):
    """The same edit with its find text grown by the character before it (or after, at the file's start)."""
    with open(os.path.join(repo, entry["file"]), encoding="utf-8") as f:
        text = f.read()
    if text.count(entry["find"]) != 1:
        return None
    at = text.index(entry["find"])
    if at > 0 and text[at - 1] != "\n":
        return dict(entry, find=text[at - 1] + entry["find"], replace=text[at - 1] + entry["replace"])
    end = at + len(entry["find"])
    if end < len(text) and text[end] != "\n":
        return dict(entry, find=entry["find"] + text[end], replace=entry["replace"] + text[end])
    return None


# Every tenth listed entry that applies, recut; and beside each a different edit of the same line.
batch = []
for i, entry in enumerate(listed[::10]):
    same = recut(entry)
    if same:
        batch.append(dict(same, name=f"probe-{i}-same"))
        batch.append(dict(same, name=f"probe-{i}-new", replace=same["replace"] + "\u00a7probe\u00a7"))
batch.append({"name": "probe-absent", "file": "README.md", "find": "\u00a7 never in the readme \u00a7", "replace": "x"})
path = os.path.join(scratch, "batch.txt")
with open(path, "w", encoding="utf-8") as f:
    for e in batch:
        f.write("".join(f"{k}: {e[k]}\n" for k in repeats.FIELDS) + "breaks: a probe\n\n")

run = subprocess.run([sys.executable, os.path.join(repo, "tools", "mutation-repeats.py"), path, repo],
                     capture_output=True, text=True, check=False)
lines = run.stdout.splitlines()
named = {line.split(":", 1)[0] for line in lines[:-1]}
same = {e["name"] for e in batch if e["name"].endswith("-same")}
if len(same) < 20:
    failures.append(f"only {len(same)} listed entries could be recut: the probe tries too little")
if named - same - {"probe-absent"}:
    failures.append(f"named as repeats, though new: {sorted(named - same - {'probe-absent'})}")
if same - named:
    failures.append(f"not named, though they repeat a listed edit: {sorted(same - named)}")
if not any(line.startswith("probe-absent: its find text is not in README.md exactly once") for line in lines):
    failures.append("the entry whose find text is absent is not named as such")
if lines[-1:] != [f"{len(same)} repeat(s) among {len(batch)} entries"] or run.returncode != 1:
    failures.append(f"the count line or the exit status is wrong: {lines[-1:]}, exit {run.returncode}")
if any(not line.startswith("probe-") for line in lines[:-1]):
    failures.append("it printed a line that is not about the batch's own entries")
print("\n".join(failures) or f"ok: {len(same)} repeats named among {len(batch)} entries")
sys.exit(1 if failures else 0)
