import torch

def f(x):
    return x * 2  # traced, not traced

opt = torch.compile(f, backend="eager")
print(opt(torch.ones(2)))

# force_eager: compiled functions run as plain Python (eval_frame.py): line 4
# is also marked not_traced
with torch.compiler.set_stance("force_eager"):
    print(opt(torch.ones(3)))

# fail_on_recompile: a new shape needs a recompile, which fails
torch.compiler.set_stance("fail_on_recompile")
try:
    opt(torch.ones(4))
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[0])
torch.compiler.set_stance("default")
print(opt(torch.ones(4)))

# as a decorator
@torch.compiler.set_stance("force_eager")
def run(x):
    return opt(x)

print(run(torch.ones(5)))

# an unknown stance: PyTorch raises at the next compiled call
torch.compiler.set_stance("bogus")
try:
    opt(torch.ones(2))
except RuntimeError as e:
    print(type(e).__name__, e)
torch.compiler.set_stance("default")

# expected output:
# tensor([2., 2.])
# tensor([2., 2., 2.])
# RuntimeError Detected recompile when torch.compile stance is 'fail_on_recompile'. filename: 'tests/programs/set_stance_forms.py', function name: 'f', line number: 3
# tensor([2., 2., 2., 2.])
# tensor([2., 2., 2., 2., 2.])
# RuntimeError invalid torch.compile stance 'DynamoStance(stance='bogus', skip_guard_eval_unsafe=False, backend=None)'
