#!/usr/bin/env python3
"""regen.py - regenerate the expected blocks of the conformance programs of
the layers and ops of issue 12 (tests/conformance/op_*.py and layer_*.py)
from an implementation independent of dynawasm: the pure-Python reference
`torch` of tests/nnref/torch (plain loops over the definitions, float32
rounding, PyTorch's printing rules), run by CPython.

It reuses tests/python/regen.py (same block format, same runner) with
tests/nnref first on PYTHONPATH:

    python3 tests/nnref/regen.py              # every op_*.py / layer_*.py
    python3 tests/nnref/regen.py a.py b.py    # only these
    python3 tests/nnref/regen.py --check      # exit 1 if any block is stale

The examples of these layers (examples/09_recommender.py ... 12_*) are
regenerated too; an `# expected explain: ...` line of a program (graph and
break counts, which the reference cannot know) is kept as it is. Programs
containing a `# expected (hand)` line are skipped. The error messages the
reference raises are PyTorch's (from aten/src/ATen/native and
torch/nn/functional.py).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
import regen as base  # noqa: E402


EXAMPLES = ["09_recommender.py", "10_lenet.py", "11_gpt_block.py", "12_preprocessing_logging.py"]


def main(argv):
    os.environ["PYTHONPATH"] = HERE + os.pathsep + os.environ.get("PYTHONPATH", "")
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if not files:
        conf = os.path.join(ROOT, "tests", "conformance")
        files = sorted(os.path.join(conf, f) for f in os.listdir(conf)
                       if f.endswith(".py") and (f.startswith("op_") or f.startswith("layer_")))
        files += [os.path.join(ROOT, "examples", f) for f in EXAMPLES]
    stale = base.regen(files, check, keep=("# expected explain:",))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
