# is / is not and in / not in.
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, None is None, c is not None)
x = None
print(x is None, x == None, True is True, (1 > 0) is True)
print(2 in [1, 2, 3], 4 not in [1, 2, 3], "b" in "abc", "bc" in "abc", "" in "abc", "x" in "")
print(1 in (1, 2), [1] in [[1], [2]], (1, 2) in [(1, 2)], 3 in range(5), 5 in range(5), 6 in range(0, 10, 2))
d = {"k": 1, 2: "two"}
print("k" in d, 1 in d, 2 in d, "two" in d, "two" in d.values(), ("k", 1) in d.items())
print(1.0 in [1], True in [1], 0 in [False], None in [0, False, ""], "a" in ["A"])
nan = float("nan")
lst = [nan]
print(nan in lst, nan == lst[0])
def f():
    return None
print(f() is None, f() is not None)

# expected output:
# True False True True True True
# True True True True
# True True True True True False
# True True True True False True
# True False True False True True
# True True True False False
# True False
# True False
