# pytorch: torch/__init__.py _TorchCompileWrapper; torch/_dynamo/output_graph.py call_user_compiler; torch/_dynamo/exc.py BackendCompilerFailed (source, no test)
# commit: 00f993df1f1942125aa11c95383c58d22e7d8d77
# issue: 10
#
# Bad input: a backend that is not callable (backend=1). torch.compile accepts
# it (lookup_backend only resolves strings; the wrapper's compiler_name is
# str(backend)); compiling the first graph calls it, and the TypeError is
# wrapped: BackendCompilerFailed "backend='1' raised:\nTypeError: 'int' object
# is not callable" (suppress_errors is False by default).
import torch


def fn(x):
    return x + 1


opt_fn = torch.compile(fn, backend=1)
try:
    opt_fn(torch.ones(3))
except torch._dynamo.exc.BackendCompilerFailed as e:
    print(str(e).split("\n")[0])
    print(str(e).split("\n")[1])
else:
    assert False, "no BackendCompilerFailed"

# expected output:
# backend='1' raised:
# TypeError: 'int' object is not callable
