#!/usr/bin/env python3
"""Which entries of a fresh batch of breaks repeat one already listed.

usage: python3 tools/mutation-repeats.py BATCH_FILE [REPO]

A fresh batch (docs/TESTING.md) measures the suite only where it is new: an entry whose edit is already in
tools/mutations.txt or tools/fresh-breaks/*.txt was killed before and measures nothing. Two entries repeat when
they leave their file the same, however their find texts are cut. Prints only the names of BATCH_FILE's entries
(never the listed ones, so a writer stays blind to the list) and a count; exit 0 when none repeats, 1 otherwise.
REPO defaults to the current folder; entries are applied to its files.
"""
import glob
import hashlib
import os
import sys

FIELDS = ("name", "file", "find", "replace")


def entries(path):
    """The blocks of a mutations file, each a dict of its name/file/find/replace lines."""
    blocks, block = [], {}
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines():
            if not line.strip():
                blocks.append(block)
                block = {}
            elif not line.startswith("#"):
                key, _, value = line.partition(": ")
                if key in FIELDS:
                    block[key] = value
    blocks.append(block)
    return [b for b in blocks if all(k in b for k in FIELDS)]


class Edits:
    """What an entry makes of its file, as a digest, so equal edits compare equal."""

    def __init__(self, repo):
        self.repo, self.texts = repo, {}

    def digest(self, entry):
        path = os.path.join(self.repo, entry["file"])
        if path not in self.texts:
            try:
                with open(path, encoding="utf-8") as f:
                    self.texts[path] = f.read()
            except OSError:
                self.texts[path] = None
        text = self.texts[path]
        if text is None or text.count(entry["find"]) != 1:
            return None
        edited = text.replace(entry["find"], entry["replace"])
        return entry["file"] + ":" + hashlib.sha1(edited.encode("utf-8")).hexdigest()


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write(__doc__)
        return 2
    batch = argv[1]
    repo = argv[2] if len(argv) == 3 else os.getcwd()
    edits = Edits(repo)
    lists = [os.path.join(repo, "tools", "mutations.txt")] + sorted(
        glob.glob(os.path.join(repo, "tools", "fresh-breaks", "*.txt")))
    listed = set()
    for path in lists:
        if os.path.abspath(path) == os.path.abspath(batch):
            continue
        listed.update(d for d in map(edits.digest, entries(path)) if d)
    mine = entries(batch)
    repeats = 0
    for entry in mine:
        digest = edits.digest(entry)
        if digest is None:
            print(f"{entry['name']}: its find text is not in {entry['file']} exactly once")
        elif digest in listed:
            print(f"{entry['name']}: repeats a break already listed")
            repeats += 1
    print(f"{repeats} repeat(s) among {len(mine)} entries")
    return 1 if repeats else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
