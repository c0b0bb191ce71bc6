# pytorch: test/dynamo/test_error_messages.py ErrorMessagesTest.test_observed_exception
# commit: 011a0781f4014938d79a75a537b03797007194b6
# issue: 10
#
# PyTorch asserts the Unsupported message below when a compiled function
# raises with no handler under fullgraph=True: "Observed exception" (gb0088).
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
    raise RuntimeError("test")


try:
    torch.compile(fn, backend="eager", fullgraph=True)()
except torch._dynamo.exc.Unsupported as e:
    print(munge_exc(str(e)))
else:
    assert False, "no Unsupported"

# expected output:
# Observed exception
#   Explanation: Dynamo found no exception handler at the top-level compiled function when encountering an exception. Exception will propagate outside the compiled region.
#   Hint: Your code may result in an error when running in eager. Please double check that your code doesn't contain a similar error when actually running eager/uncompiled. You can do this by removing the `torch.compile` call, or by using `torch.compiler.set_stance("force_eager")`.
#   Hint: It may be possible to write Dynamo tracing rules for this code. Please report an issue to PyTorch if you encounter this graph break often and it is causing performance issues.
#
#   Developer debug context: raised exception RuntimeError([ConstantVariable(str: 'test')])
#
#  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0088.html
#
# from user code:
#    File "tests/pytorch/error_messages_observed_exception.py", line N, in fn
#     raise RuntimeError("test")
