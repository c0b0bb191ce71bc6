# Set comprehensions: values, CPython's iteration order (PYTHONHASHSEED=0),
# conditions and nested loops, the comprehension's own scope, errors.
print({x % 3 for x in range(10)}, {c for c in "hello" if c != "l"})
print({(a, b) for a in range(2) for b in "xy"}, {x for x in []}, type({x for x in [1]}).__name__)
print(sorted({w.lower() for w in ["A", "a", "B"]}), len({i // 2 for i in range(9)}))
x = "outer"
s = {x * 2 for x in range(3)}
print(s, x)
print({v for row in [[1, 2], [2, 3]] for v in row if v > 1})
try:
    {[x] for x in range(2)}
except TypeError as e:
    print("TypeError", e)
print({n: {m for m in range(n)} for n in range(3)})

# expected output:
# {0, 1, 2} {'e', 'h', 'o'}
# {(0, 'y'), (1, 'y'), (0, 'x'), (1, 'x')} set() set
# ['a', 'b'] 5
# {0, 2, 4} outer
# {2, 3}
# TypeError unhashable type: 'list'
# {0: set(), 1: {0}, 2: {0, 1}}
