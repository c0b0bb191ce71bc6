# In-place ops whose result cannot be written back (issue 14: the error
# path read the freed result). Messages: PyTorch's TensorIterator
# ("result type ... can't be cast", "output with shape ... doesn't match")
# and canCast rules (c10/core/ScalarType.h); pow's negative-exponent check
# runs before them for a scalar exponent (ATen pow Tensor_Scalar meta).
import torch

def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)

b = torch.full((2,), False)
attempt("bool.add_(1)", lambda: b.add_(1))
z = torch.zeros(2, dtype=torch.int64)
attempt("long.mul_(1.5)", lambda: z.mul_(1.5))
i = torch.ones(2, dtype=torch.int32)
attempt("int.exp_()", lambda: i.exp_())
attempt("int.div_(2)", lambda: i.div_(2))
attempt("bool.neg_()", lambda: b.neg_())
attempt("bool.pow_(-5)", lambda: b.pow_(-5))
attempt("bool.pow_(tensor(-5))", lambda: b.pow_(torch.tensor(-5)))
attempt("shape", lambda: torch.ones(2).add_(torch.ones(3, 2)))
attempt("long into int", lambda: i.add_(torch.ones(2, dtype=torch.int64)))
attempt("bool into long", lambda: z.add_(torch.ones(2, dtype=torch.bool)))

def augmented(t, v):
    t += v
    return t

attempt("long += 1.5", lambda: augmented(torch.zeros(2, dtype=torch.int64), 1.5))
attempt("bool += 1", lambda: augmented(torch.ones(2, dtype=torch.bool), 1))
print(b, z, i)

@torch.compile(backend="eager")
def inplace(x, y):
    x.add_(y)
    return x * 2

attempt("compiled long into int", lambda: inplace(torch.zeros(2, dtype=torch.int32), torch.ones(2, dtype=torch.int64)))
attempt("compiled float into long", lambda: inplace(torch.zeros(2, dtype=torch.int64), torch.ones(2)))
attempt("compiled int into bool", lambda: inplace(torch.zeros(2, dtype=torch.bool), torch.ones(2, dtype=torch.int32)))
attempt("compiled shape", lambda: inplace(torch.zeros(2), torch.ones(3, 2)))

@torch.compile(backend="eager")
def augmented_compiled(x):
    x *= 0.5
    return x

x = torch.arange(3)
attempt("compiled long *= 0.5", lambda: augmented_compiled(x))
print(x)

# expected output:
# bool.add_(1) RuntimeError: result type Long can't be cast to the desired output type Bool
# long.mul_(1.5) RuntimeError: result type Float can't be cast to the desired output type Long
# int.exp_() RuntimeError: result type Float can't be cast to the desired output type Int
# int.div_(2) RuntimeError: result type Float can't be cast to the desired output type Int
# bool.neg_() RuntimeError: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.
# bool.pow_(-5) RuntimeError: Integers to negative integer powers are not allowed.
# bool.pow_(tensor(-5)) RuntimeError: result type Long can't be cast to the desired output type Bool
# shape RuntimeError: output with shape [2] doesn't match the broadcast shape [3, 2]
# long into int ok tensor([2, 2], dtype=torch.int32)
# bool into long ok tensor([1, 1])
# long += 1.5 RuntimeError: result type Float can't be cast to the desired output type Long
# bool += 1 RuntimeError: result type Long can't be cast to the desired output type Bool
# tensor([False, False]) tensor([1, 1]) tensor([2, 2], dtype=torch.int32)
# compiled long into int ok tensor([2, 2], dtype=torch.int32)
# compiled float into long RuntimeError: result type Float can't be cast to the desired output type Long
# compiled int into bool RuntimeError: result type Int can't be cast to the desired output type Bool
# compiled shape RuntimeError: output with shape [2] doesn't match the broadcast shape [3, 2]
# compiled long *= 0.5 RuntimeError: result type Float can't be cast to the desired output type Long
# tensor([0, 1, 2])
