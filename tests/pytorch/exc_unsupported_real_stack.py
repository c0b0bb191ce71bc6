# pytorch: test/dynamo/test_exc.py ExcTests.test_unsupported_real_stack
# commit: 01f9ef32eae5ef513002dd44902c23cbe6be3aae
# issue: 10
#
# PyTorch asserts the Unsupported message below: a graph break in fn002,
# inlined from fn001, under fullgraph=True; "from user code:" lists both
# frames.
# Translation: assertExpectedInlineMunged is try/except, munge_exc (below),
# print; the expected text is the test's with this file's name in the stack.
import torch


def munge_exc(s):
    # munge_exc (torch/testing/_internal/common_utils.py) as the test applies
    # it, with str methods (the dialect has no `re`): drop the "Set
    # TORCHDYNAMO_VERBOSE=1 ..." / "Set TORCH_LOGS ..." suffix, "line <n>" ->
    # "line N", strip trailing spaces. File names stay as this program's.
    for marker in ("Set TORCH_LOGS", "You can suppress this exception", "Set TORCHDYNAMO_VERBOSE=1"):
        i = s.find(marker)
        if i >= 0:
            s = s[:i].rstrip("\n")
    out = ""
    while True:
        i = s.find("line ")
        if i < 0:
            out += s
            break
        j = i + 5
        k = j
        while k < len(s) and s[k] in "0123456789":
            k += 1
        out += s[:i] + ("line N" if k > j else "line ")
        s = s[k:]
    return "\n".join(line.rstrip(" ") for line in out.split("\n"))


def fn002(x):
    torch._dynamo.graph_break()


def fn001(x):
    x = x + 1
    fn002(x)


try:
    torch.compile(fn001, backend="eager", fullgraph=True)(torch.randn(1))
except torch._dynamo.exc.Unsupported as e:
    print(munge_exc(str(e)))
else:
    assert False, "no Unsupported"

# expected output:
# Call to `torch._dynamo.graph_break()`
#   Explanation: User-inserted graph break. Message: None
#   Hint: Remove the `torch._dynamo.graph_break()` call.
#
#   Developer debug context: Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`
#
#  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0025.html
#
# from user code:
#    File "tests/pytorch/exc_unsupported_real_stack.py", line N, in fn001
#     fn002(x)
#   File "tests/pytorch/exc_unsupported_real_stack.py", line N, in fn002
#     torch._dynamo.graph_break()
