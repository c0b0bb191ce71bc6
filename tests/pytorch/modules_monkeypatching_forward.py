# pytorch: test/dynamo/test_modules.py NNModuleTests.test_monkeypatching_forward
# commit: 0140b62d8bab203e4699faeba802b5204fa51d26
# issue: 9
#
# PyTorch asserts frame_count 1 after two calls of fn (calling a global
# module), then, after mod.forward is monkeypatched with
# types.MethodType(FakeModule.forward, mod), the compiled result equal to
# eager (sin, not cos) and frame_count 2: the instance attribute shadowing
# the class's forward is guarded. Both with the default config and with
# inline_inbuilt_nn_modules=True patched.
# Translation: the helper is a module-level function; assertEqual on
# tensors is torch._dynamo.testing.same; the counts are also printed.
import types

import torch


class FakeModule(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x)


class MyModule(torch.nn.Module):
    def __init__(self, x):
        super().__init__()

    def forward(self, x):
        return torch.cos(x)


def helper():
    torch._dynamo.reset()
    mod = MyModule(3)

    def fn(x):
        return mod(x)

    cnt = torch._dynamo.testing.CompileCounter()
    opt_fn = torch.compile(fn, backend=cnt)
    x = torch.randn(10)

    opt_fn(x)
    opt_fn(x)
    print("frame_count", cnt.frame_count)
    assert cnt.frame_count == 1, "frame_count"

    # Monkeypatch forward
    mod.forward = types.MethodType(FakeModule.forward, mod)
    ref = fn(x)
    res = opt_fn(x)
    assert torch._dynamo.testing.same(ref, res), "result after monkeypatching"
    print("frame_count", cnt.frame_count)
    assert cnt.frame_count == 2, "frame_count after monkeypatching"


helper()
with torch._dynamo.config.patch(inline_inbuilt_nn_modules=True):
    helper()

# expected output:
# frame_count 1
# frame_count 2
# frame_count 1
# frame_count 2
