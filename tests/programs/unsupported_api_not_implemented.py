import torch

def attempt(what, f):
    try:
        f()
        print(what, "ok")
    except NotImplementedError as e:
        print(type(e).__name__ + ":", e)

attempt("mark_static", lambda: torch._dynamo.mark_static)
attempt("export", lambda: torch.export.export)
attempt("symbolic_trace", lambda: torch.fx.symbolic_trace)
attempt("vmap", lambda: torch.vmap)
attempt("cudagraph", lambda: torch.compiler.cudagraph_mark_step_begin)

try:
    import torch._inductor.config
except NotImplementedError as e:
    print(type(e).__name__ + ":", e)
try:
    from torch._dynamo.utils import counters
except NotImplementedError as e:
    print(type(e).__name__ + ":", e)
try:
    torch.nonexistent_function
except AttributeError as e:
    print(type(e).__name__ + ":", e)

# A PyTorch compiler API dynawasm does not implement is NotImplementedError
# naming it, never AttributeError or ImportError (issue 10); a name PyTorch
# does not have either stays AttributeError, as PyTorch's.
# expected output:
# NotImplementedError: torch._dynamo.mark_static is not supported
# NotImplementedError: torch.export is not supported
# NotImplementedError: torch.fx.symbolic_trace is not supported
# NotImplementedError: torch.vmap is not supported
# NotImplementedError: torch.compiler.cudagraph_mark_step_begin is not supported
# NotImplementedError: torch._inductor.config is not supported
# NotImplementedError: torch._dynamo.utils.counters is not supported
# AttributeError: module 'torch' has no attribute 'nonexistent_function'
