# How deep recursion goes at the default limit (1000), by the shape of the
# call: each probe prints the first depth that raises RecursionError, and
# the message. In WebAssembly each level takes engine stack (the core
# counts its frames: docs/architecture.md "Recursion"); the depths must
# still be CPython's. The expected block is CPython 3.11's output for
# `python3 recursion_depth.py` (regen.py's runner would add two frames of
# its own below the program's).
import sys


def probe(fn):
    n = 10
    while True:
        try:
            fn(n)
        except RecursionError as e:
            return n, str(e)
        n += 1


def plain(n):
    return 0 if n == 0 else plain(n - 1)


def add(n):
    return 0 if n == 0 else 1 + add(n - 1)


def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1) % 1000003


def comp(n):
    # a comprehension is a frame of its own in CPython 3.11: two a level
    return 0 if n == 0 else [comp(n - 1) for _ in range(1)][0] + 1


class A:
    def m(self, n):
        return 0 if n == 0 else self.m(n - 1) + 1


print(sys.getrecursionlimit())
print("plain", probe(plain))
print("add", probe(add))
print("fact", probe(fact))
print("method", probe(lambda n: A().m(n)))
print("comp", probe(comp))
print("after", add(900))


def g(n):
    return g(n + 1)


g(0)

# expected (hand)
# expected output:
# 1000
# plain (998, 'maximum recursion depth exceeded')
# add (998, 'maximum recursion depth exceeded')
# fact (999, 'maximum recursion depth exceeded')
# method (997, 'maximum recursion depth exceeded')
# comp (499, 'maximum recursion depth exceeded')
# after 900
# expected error: RecursionError: maximum recursion depth exceeded
# expected error line: 55
