#!/usr/bin/env python3
"""Lists C++ sources over the house limits: files of 600 lines or more, functions of 150
lines or more (from the line of the opening brace of a top-level or class-level function
body to its closing brace). A brace counter over code with strings and comments removed;
good enough for this tree's style (clang-format, WebKit braces), not a parser.

Usage: tests/tools/size-check.py [DIR ...]   (default: the repository); exits 1 on a finding."""
import os
import re
import sys

FILE_LIMIT = 600
FUNC_LIMIT = 150
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP = {"build", ".git"}


def strip(text):
    # Comments, string and char literals become spaces; newlines are kept for line numbers.
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|R"([^(]*)\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def functions(text):
    """Yields (name, first line, line count) of each function body."""
    code = strip(text)
    depth = 0
    stack = []  # (kind, start line, name)
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "{":
            head = code[max(0, i - 400):i]
            head = head[head.rfind(";") + 1:] if ";" in head else head
            head = head[head.rfind("}") + 1:] if "}" in head else head
            m = re.search(r"([~\w:]+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*(?:const|override|noexcept|final|mutable|->\s*[\w:<>,\s*&]+|\s)*$",
                          head.split("{")[-1], re.S)
            kinds = [k for k, _, _ in stack]
            is_func = bool(m) and "func" not in kinds and not re.search(r"\b(if|for|while|switch|catch)\s*\($", m.group(0).split("(")[0] + "(")
            if m and m.group(1) in ("if", "for", "while", "switch", "catch", "return"):
                is_func = False
            stack.append(("func" if is_func else "block", line, m.group(1) if m else ""))
        elif c == "}":
            if stack:
                kind, start, name = stack.pop()
                if kind == "func":
                    yield name, start, line - start + 1
    return


def main(dirs):
    found = False
    for d in dirs or [ROOT]:
        for base, subdirs, files in os.walk(d):
            subdirs[:] = sorted(s for s in subdirs if s not in SKIP and not s.startswith("build"))
            for f in sorted(files):
                if not f.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(base, f)
                rel = os.path.relpath(path, ROOT)
                text = open(path, encoding="utf-8", errors="replace").read()
                n = text.count("\n")
                if n >= FILE_LIMIT:
                    print(f"{rel}: {n} lines")
                    found = True
                for name, start, count in functions(text):
                    if count >= FUNC_LIMIT:
                        print(f"{rel}:{start}: {name}() {count} lines")
                        found = True
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
