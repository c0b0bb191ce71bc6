# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_disable_optimize
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts frame_count == 0 after calling functions compiled with
# torch.compile(backend=cnt, disable=True): disable=True makes torch.compile
# a no-op.
# Translation: the third case (TORCHDYNAMO_DISABLE=1 in os.environ) is left
# out: programs here have no environment variables. Asserts for assertEqual.
import torch

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, disable=True)
def f1(x):
    return x + 1


f1(torch.ones(6))
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 0, "frame_count after f1"


@torch.compile(backend=cnt, disable=True)
def f2(x):
    return x + 1


f2(torch.ones(6))
print("frame_count", cnt.frame_count)
assert cnt.frame_count == 0, "frame_count after f2"

# expected output:
# frame_count 0
# frame_count 0
