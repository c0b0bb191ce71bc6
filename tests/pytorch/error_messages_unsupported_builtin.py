# pytorch: test/dynamo/test_error_messages.py ErrorMessagesTest.test_unsupported_builtin
# commit: 011a0781f4014938d79a75a537b03797007194b6
# issue: 10
#
# PyTorch asserts the Unsupported message below for print("abc") under
# fullgraph=True: "Failed to trace builtin operator" (gb0059).
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


def fn():
    print("abc")


try:
    torch.compile(fn, backend="eager", fullgraph=True)()
except torch._dynamo.exc.Unsupported as e:
    print(munge_exc(str(e)))
else:
    assert False, "no Unsupported"

# expected output:
# Failed to trace builtin operator
#   Explanation: Dynamo does not know how to trace builtin operator `print` with argument types ['str'] (has_kwargs False)
#   Hint: Avoid calling builtin `print` with argument types ['str']. Consider using an equivalent alternative function/method to `print`.
#   Hint: If you are attempting to call a logging function (e.g. `print`), you can try adding it to `torch._dynamo.config.reorderable_logging_functions`.
#   Hint: Please report an issue to PyTorch.
#
#   Developer debug context: builtin print [<class 'torch._dynamo.variables.constant.ConstantVariable'>] False
#
#  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0059.html
#
# from user code:
#    File "tests/pytorch/error_messages_unsupported_builtin.py", line N, in fn
#     print("abc")
