@torch.compile
@torch.compiler.disable(recursive=False)
def f(x):
    return x
