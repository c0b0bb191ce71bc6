# pytorch: torch/_dynamo/backends/registry.py lookup_backend; torch/_dynamo/exc.py InvalidBackend (source, no test)
# commit: 00f993df1f1942125aa11c95383c58d22e7d8d77
# issue: 10
#
# Bad input: a backend name that is not registered. torch.compile looks the
# name up at once (_TorchCompileWrapper.__init__ -> lookup_backend) and
# raises torch._dynamo.exc.InvalidBackend "Invalid backend: 'bogus'" followed
# by a pointer to torch._dynamo.list_backends(); the exception is a
# RuntimeError (TorchDynamoException).
import torch


def fn(x):
    return x + 1


try:
    torch.compile(fn, backend="bogus")
except torch._dynamo.exc.InvalidBackend as e:
    assert isinstance(e, RuntimeError), "InvalidBackend is a RuntimeError"
    assert str(e).startswith("Invalid backend: 'bogus'"), str(e)
    assert "torch._dynamo.list_backends()" in str(e), str(e)
    print("InvalidBackend raised")
else:
    assert False, "no InvalidBackend"

# expected output:
# InvalidBackend raised
