# pytorch: test/dynamo/test_backends.py TestCustomBackendAPI.test_lookup_backend
# commit: 00f9d1153eedee35f98f72136f14a32cf3d33e6e
# issue: 10
#
# PyTorch asserts that a custom backend runs and may call
# torch._dynamo.lookup_backend("tensorrt") (fails: not installed, caught) and
# then lookup_backend("inductor")(gm, example_inputs).
# Translation: `nonlocal backend_run` kept by making the test body a
# function; assert for self.assertTrue.
import torch


def test_lookup_backend():
    from torch._dynamo import lookup_backend

    backend_run = False

    def my_compiler(gm, example_inputs):
        nonlocal backend_run
        backend_run = True
        try:
            trt_compiled = lookup_backend("tensorrt")(gm, example_inputs)
            if trt_compiled is not None:
                return trt_compiled
        except Exception:
            pass
        # first backend failed, try something else...
        try:
            inductor_compiled = lookup_backend("inductor")(gm, example_inputs)
            if inductor_compiled is not None:
                return inductor_compiled
        except Exception:
            pass
        return gm.forward

    def f(x):
        return torch.relu(x)

    opt_f = torch.compile(f, backend=my_compiler)
    opt_f(torch.randn(3, 3))
    assert backend_run, "backend_run"
    print("backend_run", backend_run)


test_lookup_backend()

# expected output:
# backend_run True
