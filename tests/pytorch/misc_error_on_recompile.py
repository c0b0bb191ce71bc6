# pytorch: test/dynamo/test_misc.py MiscTests.test_error_on_recompile
# commit: 001077cbc0f328b8a743c7a2d1bf64f98c096377
# issue: 9
#
# PyTorch asserts that torch._dynamo.exc.RecompileError is raised: with
# config.error_on_recompile, the second call (b a tuple, not a tensor)
# would recompile fn. The error's message is the recompiles log's
# (guards.py get_and_maybe_log_recompilation_reasons): "Recompiling
# function fn in FILE:LINE" and the failed guard.
# Translation: unittest.mock.patch is torch._dynamo.config.patch;
# assertRaises is try/except; what was raised is printed (the message's
# first line, without the file name). The test body was read in two
# copies of test_misc.py the code index holds (identical there); the
# commit is the index's pytorch/pytorch version of the file.
import torch


@torch.compile(backend="eager")
def fn(a, b):
    return a + b


raised = None
with torch._dynamo.config.patch(error_on_recompile=True):
    try:
        fn(torch.rand(2, 3), torch.rand(2, 3))
        fn(torch.rand(2, 3), (1, 2, 3))
    except torch._dynamo.exc.RecompileError as e:
        raised = e
assert raised is not None, "RecompileError raised"
print(type(raised).__name__, str(raised).split(" in ")[0])

# expected output:
# RecompileError Recompiling function fn
