# The Python side: the interpreter runs ordinary Python around the model.
import torch

def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

squares = {k: k * k for k in range(5)}
words = "the quick brown fox".split()
print([fib(n) for n in range(10)])
print(squares, sorted(words, key=len))
print(f"{3.14159:.2f} | {42:>6} | {'left':<6}| {0.000123:.2e}")

class Counter:
    def __init__(self):
        self.n = 0
    def bump(self, by=1):
        self.n += by
        return self

c = Counter().bump().bump(by=5)
print(c.n, isinstance(c, Counter))
try:
    {}["missing"]
except KeyError as e:
    print("caught", repr(e))
t = torch.tensor([[1, 2], [3, 4]])
print(t.sum().item(), t.tolist(), t.dtype)
