#!/usr/bin/env python3
"""Includes run one way (docs/LAYOUT.md, "Layers"): a folder of src/ includes
only its own files and the folders below it in LAYERS, and no file includes,
through any chain, a file that includes it back. A file's .h and .cpp are one
unit (Foo.cpp including Bar.h and Bar.cpp including Foo.h is an arrow back).

    check_includes.py SRC          first the self-test, then one line per arrow back; exit 1 if any
    check_includes.py --self-test  the checker finds the arrows it should, in a made-up tree
"""
import os
import re
import sys
import tempfile

# Bottom to top: each may include those before it. app/'s rooms have their own
# rule (tests/cmake/AppRooms.cmake); Main.cpp, at src/'s top, may include all.
LAYERS = ["platform", "render", "audio", "text", "lang", "game", "view", "script", "app"]
# Quoted includes, and angle-bracket ones too: src/ is an include folder, so <game/World.h> reaches it.
INCLUDE = re.compile(r'^\s*#\s*include\s+(?:"([^"]+)"|<([^>]+)>)', re.M)


def units_and_arrows(src):
    """{unit: {unit it includes: the including file}} for every .h/.cpp."""
    arrows = {}
    for folder, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, src).replace(os.sep, "/")
            unit = os.path.splitext(rel)[0]
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for quoted, angled in INCLUDE.findall(text):
                included = quoted or angled
                for base in (src, folder) if quoted else (src,):
                    target = os.path.join(base, included)
                    if os.path.isfile(target):
                        other = os.path.splitext(os.path.relpath(target, src).replace(os.sep, "/"))[0]
                        if other != unit:
                            arrows.setdefault(unit, {}).setdefault(other, rel)
                        break
            arrows.setdefault(unit, {})
    return arrows


def layer_of(unit):
    top = unit.split("/")[0]
    return LAYERS.index(top) if top in LAYERS else (len(LAYERS) if "/" not in unit else None)


def layer_findings(arrows):
    findings = []
    for unit, targets in sorted(arrows.items()):
        mine = layer_of(unit)
        if mine is None:
            findings.append(f"src/{unit}: its folder is not one of the layers ({', '.join(LAYERS)})")
            continue
        for other, file in sorted(targets.items()):
            theirs = layer_of(other)
            if theirs is not None and theirs > mine:
                findings.append(f"src/{file} includes {other}.h: {unit.split('/')[0]}/ sits below "
                                f"{other.split('/')[0]}/ (docs/LAYOUT.md, Layers)")
    return findings


def cycles(arrows):
    """Each strongly connected group of more than one unit (Tarjan), as one
    cycle through it, found by walking arrows inside the group."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []
    counter = [0]

    def visit(start):
        work = [(start, iter(sorted(arrows.get(start, {}))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            unit, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(arrows.get(child, {})))))
                elif child in on_stack:
                    low[unit] = min(low[unit], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[unit])
            if low[unit] == index[unit]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == unit:
                        break
                if len(group) > 1:
                    groups.append(group)

    for unit in sorted(arrows):
        if unit not in index:
            visit(unit)
    found = []
    for group in groups:
        first = min(group)
        path, seen = [first], {first}
        while True:  # follow arrows inside the group until one closes a loop
            nxt = min(t for t in arrows[path[-1]] if t in group)
            if nxt in seen:
                loop = path[path.index(nxt):] + [nxt]
                break
            path.append(nxt)
            seen.add(nxt)
        steps = " -> ".join(loop)
        found.append(f"an arrow back: {steps} (via {arrows[loop[0]][loop[1]]}; {len(group)} files in the loop)")
    return found


def findings_of(src):
    arrows = units_and_arrows(src)
    return layer_findings(arrows) + cycles(arrows), arrows


def self_test():
    tree = {
        "render/Batch.h": '#include "platform/Window.h"\n',
        "platform/Window.h": "",
        "platform/Window.cpp": '#include "render/Batch.h"\n',  # a layer's arrow back
        "game/A.h": "",
        "game/A.cpp": '#include "game/A.h"\n#include "game/B.h"\n',
        "game/B.h": "",
        "game/B.cpp": '#include "game/A.h"\n',  # a loop of two units
        "game/C.h": '#include "game/A.h"\n',
        "render/Quad.cpp": "#include <game/C.h>\n#include <vector>\n",  # angle brackets reach src/ too
    }
    with tempfile.TemporaryDirectory() as src:
        for rel, text in tree.items():
            os.makedirs(os.path.join(src, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(src, rel), "w", encoding="utf-8") as f:
                f.write(text)
        found, _ = findings_of(src)
    want = [
        "src/platform/Window.cpp includes render/Batch.h: platform/ sits below render/ (docs/LAYOUT.md, Layers)",
        "src/render/Quad.cpp includes game/C.h: render/ sits below game/ (docs/LAYOUT.md, Layers)",
        "an arrow back: game/A -> game/B -> game/A (via game/A.cpp; 2 files in the loop)",
        "an arrow back: platform/Window -> render/Batch -> platform/Window (via platform/Window.cpp; 2 files in the loop)",
    ]
    if sorted(found) != sorted(want):
        print("check_includes self-test: found\n  " + "\n  ".join(found) + "\nwanted\n  " + "\n  ".join(want))
        return 1
    print("check_includes self-test: finds both layers' arrows back and both loops")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    if self_test() != 0:
        return 1
    found, arrows = findings_of(sys.argv[1])
    for line in found:
        print(line)
    edges = sum(len(t) for t in arrows.values())
    print(f"{len(arrows)} units, {edges} includes between them, {len(found)} arrow(s) back")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
