# pytorch: torch/_dynamo/output_graph.py call_user_compiler; torch/_dynamo/exc.py BackendCompilerFailed (source, no test)
# commit: 00f993df1f1942125aa11c95383c58d22e7d8d77
# issue: 10
#
# Bad input: a backend that returns something that is not callable.
# call_user_compiler checks `assert callable(compiled_fn), "compiler_fn did
# not return callable"` inside its try, so the AssertionError is wrapped:
# BackendCompilerFailed "backend='bad_backend' raised:\nAssertionError:
# compiler_fn did not return callable".
import torch


def bad_backend(gm, example_inputs):
    return None


def fn(x):
    return x + 1


opt_fn = torch.compile(fn, backend=bad_backend)
try:
    opt_fn(torch.ones(3))
except torch._dynamo.exc.BackendCompilerFailed as e:
    print(str(e).split("\n")[0])
    print(str(e).split("\n")[1])
else:
    assert False, "no BackendCompilerFailed"

# expected output:
# backend='bad_backend' raised:
# AssertionError: compiler_fn did not return callable
