# pytorch: test/dynamo/test_exc.py ExcTests.test_backend_suppress_line
# commit: 01f9ef32eae5ef513002dd44902c23cbe6be3aae
# issue: 10
#
# PyTorch asserts the BackendCompilerFailed message below ("Do NOT let this
# get attributed to x + 1") with suppress_errors=False: the message is
# "backend='<name>' raised:" and the inner error (exc.py
# BackendCompilerFailed.__init__).
# Translation: the @torch._dynamo.config.patch(suppress_errors=False)
# decorator is kept on the test function; assertExpectedInlineMunged is
# try/except, munge_exc (below), print.
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


@torch._dynamo.config.patch(suppress_errors=False)
def test_backend_suppress_line():
    def fn001(x):
        x = torch.relu(x)
        return x + 1

    # Do NOT let this get attributed to x + 1
    try:
        torch.compile(fn001, backend="relu_compile_error_TESTING_ONLY")(torch.randn(1))
    except torch._dynamo.exc.BackendCompilerFailed as e:
        print(munge_exc(str(e)))
    else:
        assert False, "no BackendCompilerFailed"


test_backend_suppress_line()

# expected output:
# backend='relu_compile_error_TESTING_ONLY' raised:
# ReluCompileError:
