# pytorch: test/dynamo/test_ctx_manager.py CtxManagerTests.test_context_wrapping_set_grad_enabled_nested_function
# commit: 008329794cb98227b29d6e1150fa8bbf3b5e4054
# issue: 9
#
# PyTorch asserts that a nested function wrapped by torch.set_grad_enabled
# (mode) (as a decorator, or called on the function) inside a compiled
# frame (fullgraph=True) returns what it returns eagerly, and that
# consuming set_grad_enabled on a function leaves the grad mode as it was
# (the assert inside fn). As in PyTorch, the compiled call runs once, after
# the loops, on the last fn.
# Translation: the test body is a function of the port; self.assertEqual on
# tensors is torch.allclose. The input is torch.zeros(10) without
# requires_grad=True and the requires_grad comparison is left out: dynawasm
# has no autograd (requires_grad=True is a NotImplementedError). The grad
# mode after the call is printed.
import torch


def test_context_wrapping_set_grad_enabled_nested_function():
    modes = [True, False]
    for decorator in [True, False]:
        for i in range(2):
            torch._dynamo.reset()

            mode = modes[i]
            mode_inverse = modes[(i + 1) % 2]

            def fn(x):
                with torch.set_grad_enabled(mode_inverse):
                    if decorator:

                        @torch.set_grad_enabled(mode)
                        def inner_func(x):
                            return x.sin()

                    else:

                        def inner_func(x):
                            return x.sin()

                        inner_func = torch.set_grad_enabled(mode)(inner_func)

                    # Consuming set_grad_enabled by calling it on a function
                    # should not mutate global state
                    assert torch.is_grad_enabled() == mode_inverse

                with torch.set_grad_enabled(mode_inverse):
                    return inner_func(x)

        x = torch.zeros(10)
        opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
        assert torch.allclose(fn(x), opt_fn(x)), "fn(x) == opt_fn(x)"
        print(decorator, torch.is_grad_enabled())


test_context_wrapping_set_grad_enabled_nested_function()

# expected output:
# True True
# False True
