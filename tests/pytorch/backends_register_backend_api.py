# pytorch: test/dynamo/test_backends.py TestCustomBackendAPI.test_register_backend_api
# commit: 00f9d1153eedee35f98f72136f14a32cf3d33e6e
# issue: 10
#
# PyTorch asserts that a backend registered with
# register_backend(name="my_custom_backend") is used by
# torch.compile(f, backend="my_custom_backend").
# Translation: the addCleanup that unregisters the backend is left out (the
# program ends after the test); `nonlocal backend_run` kept by making the test
# body a function; assert for self.assertTrue.
import torch


def test_register_backend_api():
    from torch._dynamo import register_backend

    backend_run = False
    backend_name = "my_custom_backend"

    @register_backend(name=backend_name)
    def my_custom_backend(gm, example_inputs):
        nonlocal backend_run
        backend_run = True
        return gm.forward

    def f(x):
        return torch.relu(x)

    opt_f = torch.compile(f, backend="my_custom_backend")
    opt_f(torch.randn(3, 3))
    assert backend_run, "backend_run"
    print("backend_run", backend_run)


test_register_backend_api()

# expected output:
# backend_run True
