# pytorch: test/dynamo/test_error_messages.py ErrorMessagesTest.test_data_dependent_branching_fullgraph
# commit: 011a0781f4014938d79a75a537b03797007194b6
# issue: 10
#
# PyTorch asserts the Unsupported message below for `if x.sum() > 0:` under
# fullgraph=True: "Data-dependent branching" (gb0170), with the torch.cond
# hint.
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


def fn(x):
    if x.sum() > 0:
        return x.sin()
    return x.cos()


try:
    torch.compile(fn, backend="eager", fullgraph=True)(torch.randn(3))
except torch._dynamo.exc.Unsupported as e:
    print(munge_exc(str(e)))
else:
    assert False, "no Unsupported"

# expected output:
# Data-dependent branching
#   Explanation: Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). Dynamo does not support tracing dynamic control flow.
#   Hint: This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code. Consider finding a workaround.
#   Hint: Use `torch.cond` to express dynamic control flow.
#
#   Developer debug context: attempted to jump with TensorVariable()
#
#  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0170.html
#
# from user code:
#    File "tests/pytorch/error_messages_data_dependent_branching_fullgraph.py", line N, in fn
#     if x.sum() > 0:
