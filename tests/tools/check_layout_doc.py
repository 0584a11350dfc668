#!/usr/bin/env python3
"""docs/LAYOUT.md stays true where it can be checked:
- its section "Every file" names every file of src/ (by its path, its path with `.*`, or its name on the
  line of the folder it is in), and
- every path it writes (src/..., scripts/..., tests/..., tools/..., docs/..., bench/..., assets/...,
  cmake/...) is there: a file, a folder (a trailing /), or files of that stem (`.*`).

    check_layout_doc.py ROOT   one line per claim that is not true; exit 1 if any
"""
import glob
import os
import re
import sys

TOP_FOLDERS = ("src", "scripts", "tests", "tools", "docs", "bench", "assets", "cmake", "web", "spec")
PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./*+-]*[\w/*])" % "|".join(TOP_FOLDERS))


def every_file_section(doc):
    start = doc.find("## Every file")
    if start < 0:
        return None
    end = doc.find("\n## ", start + 1)
    return doc[start:] if end < 0 else doc[start:end]


def unnamed_sources(root, section):
    """Files of src/ that the section does not name."""
    missing = []
    for folder, _, files in os.walk(os.path.join(root, "src")):
        rel_folder = os.path.relpath(folder, root).replace(os.sep, "/")
        folder_lines = [line for line in section.splitlines() if line.startswith(rel_folder + "/ ")]
        for name in sorted(files):
            rel = f"{rel_folder}/{name}"
            stem = os.path.splitext(rel)[0]
            base = os.path.splitext(name)[0]
            if rel in section or stem + ".*" in section:
                continue
            if any(re.search(r"\b%s\b" % re.escape(base), line) for line in folder_lines):
                continue
            # A folder line's description runs on over the indented lines below it.
            named = False
            lines = section.splitlines()
            for i, line in enumerate(lines):
                if line.startswith(rel_folder + "/ "):
                    block = [line]
                    for more in lines[i + 1:]:
                        if not more.startswith(" "):
                            break
                        block.append(more)
                    if re.search(r"\b%s\b" % re.escape(base), "\n".join(block)):
                        named = True
            if not named:
                missing.append(rel)
    return missing


# The placeholders the page writes in paths; any other word in capitals is a name (docs/MAPS.md).
PLACEHOLDERS = ("NAME", "CODE", "ID", "GAME", "DIR", "LANG", "EXPRESSION", "VERSION")


def path_is_there(root, path):
    """A file or folder; `.*` and a placeholder (NAME, CODE...) stand for any name, and a path with no
    extension (src/lang/LineId) for the files of that stem."""
    pattern = re.sub(r"\b(%s)\b" % "|".join(PLACEHOLDERS), "*", path.rstrip("."))
    for candidate in (pattern, pattern + ".*"):
        if glob.glob(os.path.join(glob.escape(root), candidate)):
            return True
    return False


def stale_paths(root, doc):
    stale = []
    for number, line in enumerate(doc.splitlines(), 1):
        for path in PATH.findall(line):
            if not path_is_there(root, path):
                stale.append(f"docs/LAYOUT.md:{number}: {path} is not there")
    return stale


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    root = sys.argv[1]
    with open(os.path.join(root, "docs", "LAYOUT.md"), encoding="utf-8") as f:
        doc = f.read()
    section = every_file_section(doc)
    findings = []
    if section is None:
        findings.append("docs/LAYOUT.md: no section \"## Every file\"")
    else:
        findings += [f"docs/LAYOUT.md, Every file: {path} is not named" for path in unnamed_sources(root, section)]
    findings += stale_paths(root, doc)
    for line in findings:
        print(line)
    print(f"docs/LAYOUT.md: {len(findings)} claim(s) not true")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
