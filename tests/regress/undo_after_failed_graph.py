# A graph that fails when it runs takes back every effect its frame traced
# (Dynamo applies side effects after the graph has run). Issue 14: the undo
# of a dict kept its stale index, so the next store into the dict (or the
# object's attributes) freed the traced tensor a second time.
import torch

D = {}
L = []
S = {1}

class Box:
    pass

B = Box()

@torch.compile(backend="eager")
def f(x):
    D["k"] = x + 1
    L.append(x * 2)
    B.a = x - 1
    S.add(3)
    w = torch.arange(3) // torch.zeros(3, dtype=torch.int64)
    print(w)
    return x

for k in range(2):
    try:
        f(torch.ones(3))
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(D, L, getattr(B, "a", None), S)
D["k"] = 1
B.a = 2
S.add(4)
print(D, B.a, S)

# expected output:
# RuntimeError: ZeroDivisionError
# {} [] None {1}
# RuntimeError: ZeroDivisionError
# {} [] None {1}
# {'k': 1} 2 {1, 4}
