#!/usr/bin/env python3
"""regen.py - regenerate the expected blocks of tests/python/*.py from CPython.

The programs in tests/python/ are pure Python (no torch): differential tests
of dynawasm's Python subset against CPython 3.11. Each ends with the trailing
block of docs/conformance.md:

    # expected output:
    # <one line per stdout line; `#` alone for an empty line>
    # expected error: <Type>: <message>      (only if the program raises)
    # expected error line: <n>               (innermost line in the program)

This script runs each program with python3 (must be CPython 3.11), replaces
whatever block the file ends with (from its `# expected output:` line to the
end, and blank lines before it) with a fresh one, and leaves the code above
untouched. Files containing a `# expected (hand)` line are skipped. A
program with a sidecar NAME.expect next to it (examples/, shown to users as
they are) runs whole, and the block is rewritten in the sidecar instead.

    python3 tests/python/regen.py              # every tests/python/*.py
    python3 tests/python/regen.py a.py b.py    # only these
    python3 tests/python/regen.py --check      # exit 1 if any block is stale

The program runs as main.py in a temporary directory (its __name__ is
"__main__"). The error message is str(exception), i.e. without the
"Did you mean ...?" hints that CPython's traceback printer appends; for a
SyntaxError it is its msg (without " (main.py, line N)"), and no line of the
program runs, so the expected output is empty.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Runs main.py and reports (stdout as printed, then on stderr a JSON line
# with the uncaught exception's type, str() and innermost main.py line).
RUNNER = r'''
import json, sys, traceback
src = open("main.py", encoding="utf-8").read()
g = {"__name__": "__main__", "__builtins__": __builtins__}
try:
    exec(compile(src, "main.py", "exec"), g)
except BaseException as e:
    sys.stdout.flush()
    line = None
    for fr in traceback.extract_tb(e.__traceback__):
        if fr.filename == "main.py":
            line = fr.lineno
    msg = str(e)
    if isinstance(e, SyntaxError):  # str() would append " (main.py, line N)"
        line, msg = e.lineno, e.msg
    sys.stderr.write("\n@@DWERR@@" + json.dumps({"type": type(e).__name__, "message": msg, "line": line}) + "\n")
    sys.exit(1)
'''


def strip_block(text):
    lines = text.split("\n")
    for i, l in enumerate(lines):
        if l.strip() == "# expected output:":
            code = lines[:i]
            while code and code[-1].strip() == "":
                code.pop()
            return "\n".join(code) + "\n"
    return text.rstrip("\n") + "\n"


def run(code):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "main.py"), "w", encoding="utf-8") as f:
            f.write(code)
        p = subprocess.run([sys.executable, "-c", RUNNER], cwd=d, capture_output=True,
                           text=True, timeout=120, env=dict(os.environ, PYTHONHASHSEED="0",
                                                            PYTHONIOENCODING="utf-8"))
    err = None
    if "@@DWERR@@" in p.stderr:
        err = json.loads(p.stderr.split("@@DWERR@@")[-1].strip())
    elif p.returncode != 0:
        raise RuntimeError("python3 failed:\n" + p.stderr)
    return p.stdout, err


def block(stdout, err):
    out = ["# expected output:"]
    lines = stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for l in lines:
        if l != l.rstrip():
            print("  warning: trailing whitespace in output line %r" % l, file=sys.stderr)
        out.append("# " + l if l else "#")
    if err:
        msg = err["message"]
        out.append("# expected error: %s: %s" % (err["type"], msg) if msg else "# expected error: %s:" % err["type"])
        if err["line"] is not None:
            out.append("# expected error line: %d" % err["line"])
    return "\n".join(out) + "\n"


def regen(files, check, keep=()):
    """Rewrites (or with check, counts) the stale blocks of files; lines
    starting with one of the `keep` prefixes (annotations the runner cannot
    produce) are kept after the new block. Returns the number stale."""
    stale = 0
    for path in files:
        text = open(path, encoding="utf-8").read()
        lines = text.split("\n")
        if any(l.strip() == "# expected (hand)" for l in lines):
            print("skip (hand)", os.path.basename(path))
            continue
        sidecar = os.path.splitext(path)[0] + ".expect"
        if os.path.exists(sidecar):
            # examples/: the program is shown as it is; its block lives in
            # the sidecar NAME.expect (tests/lib/annotations.mjs, "Sidecars")
            code = text
            path = sidecar
            text = open(path, encoding="utf-8").read()
            lines = text.split("\n")
            head = strip_block(text)
        else:
            code = head = strip_block(text)
        kept = [l for l in lines if keep and l.startswith(tuple(keep))]
        stdout, err = run(code)
        new = head + ("\n" if head is code else "") + block(stdout, err) + "".join(l + "\n" for l in kept)
        if new != text:
            stale += 1
            if check:
                print("stale", os.path.basename(path))
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(new)
                print("updated", os.path.basename(path))
    return stale


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if not files:
        files = sorted(os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".py") and f != "regen.py")
    if sys.version_info[:2] != (3, 11):
        print("warning: expected CPython 3.11, this is %s" % sys.version.split()[0], file=sys.stderr)
    stale = regen(files, check)
    if check and stale:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
