#!/usr/bin/env python3
"""regen_tracebacks.py - the tracebacks CPython 3.11 prints for the error
programs of tests/python/tracebacks/*.py, into tracebacks.json next to this
script (tests/node/traceback.test.mjs compares dynawasm's with them).

Each program runs as main.py in a temporary directory; what is kept is its
stderr from "Traceback (most recent call last):" on, with the temporary
directory taken off the File lines (dynawasm runs it as "main.py").

    python3 tests/python/regen_tracebacks.py           # rewrite the JSON
    python3 tests/python/regen_tracebacks.py --check   # exit 1 if stale
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, 'tracebacks')
OUT = os.path.join(HERE, 'tracebacks.json')


def run(source):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, 'main.py'), 'w') as f:
            f.write(source)
        p = subprocess.run([sys.executable, 'main.py'], cwd=d, capture_output=True, text=True)
        err = p.stderr
        err = err.replace(f'File "{os.path.realpath(d)}/main.py"', 'File "main.py"')
        err = err.replace(f'File "{d}/main.py"', 'File "main.py"')
        return p.stdout, err[err.index('Traceback'):] if 'Traceback' in err else err


def main():
    if sys.version_info[:2] != (3, 11):
        sys.exit(f'regen_tracebacks.py needs CPython 3.11, not {sys.version.split()[0]}')
    cases = {}
    for name in sorted(os.listdir(CASES)):
        if name.endswith('.py'):
            with open(os.path.join(CASES, name)) as f:
                out, tb = run(f.read())
            cases[name] = {'stdout': out, 'traceback': tb}
    text = json.dumps(cases, indent=1, sort_keys=True) + '\n'
    if '--check' in sys.argv:
        with open(OUT) as f:
            if f.read() != text:
                sys.exit('tracebacks.json is stale: python3 tests/python/regen_tracebacks.py')
        return
    with open(OUT, 'w') as f:
        f.write(text)


main()
