# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_disable_recursive_false
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts: fn calls fn1 (disabled with recursive=False), which calls
# fn2: frame_count == 2 (fn's graph before the call, fn2's own graph). Then
# outer(f, x) compiled with the CompileCounter: one frame each time, with
# inp - 1 when fn3 is traced (is_compiling() is True) and inp + 3 when the
# non-recursively disabled fn3_disabled runs eagerly and its callee fn2 is
# compiled; applying disable does not modify fn3 itself; compiling the
# disabled function directly does compile it (inp - 1).
# Translation: self.assertEqual on tensors compares with
# torch._dynamo.testing.same; counts with asserts (also printed).
import torch


def fn2(x):
    return x + 1


@torch._dynamo.disable(recursive=False)
def fn1(x):
    if torch.compiler.is_compiling():
        raise RuntimeError("bad")
    x = x.sigmoid()
    return fn2(x.cos())


def fn(x):
    return fn1(x.tan())


same = torch._dynamo.testing.same
cnts = torch._dynamo.testing.CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
opt_fn(torch.randn(4))
print("frame_count", cnts.frame_count)
assert cnts.frame_count == 2, "frame_count of fn"


# test that applying disable nonrecursive doesn't modify the original function
def fn3(x):
    if torch.compiler.is_compiling():
        return x - 1
    return fn2(x) + 2


@torch.compile(backend=cnts)
def outer(f, x):
    return f(x)


inp = torch.ones(3)
fn3_disabled = torch._dynamo.disable(fn3, recursive=False)

torch._dynamo.reset()

cnts.clear()
res = outer(fn3, inp)
assert cnts.frame_count == 1, "outer(fn3) frame_count"
assert same(res, inp - 1), "outer(fn3)"

cnts.clear()
res = outer(fn3_disabled, inp)
assert cnts.frame_count == 1, "outer(fn3_disabled) frame_count"
assert same(res, inp + 3), "outer(fn3_disabled)"

torch._dynamo.reset()

cnts.clear()
res = outer(fn3_disabled, inp)
assert cnts.frame_count == 1, "outer(fn3_disabled) after reset frame_count"
assert same(res, inp + 3), "outer(fn3_disabled) after reset"

cnts.clear()
res = outer(fn3, inp)
assert cnts.frame_count == 1, "outer(fn3) after reset frame_count"
assert same(res, inp - 1), "outer(fn3) after reset"

# directly compiling a disabled function should result in a compile
torch._dynamo.reset()
cnts.clear()
res = torch.compile(fn3_disabled, backend=cnts)(inp)
assert cnts.frame_count == 1, "compiled fn3_disabled frame_count"
assert same(res, inp - 1), "compiled fn3_disabled"
print("ok")

# expected output:
# frame_count 2
# ok
