# print() with sep= and end=, and how values print.
print()
print("a", "b", "c")
print("a", "b", "c", sep="")
print("a", "b", sep=", ", end="!\n")
print(1, 2, 3, sep="-", end="")
print(" <- same line")
print("x", end=" ")
print("y", end=" ")
print("z")
print(None, True, False, 0, -1, 2.0, "s", [], (), {})
print([1, [2, [3, []]]], (1, (2,)), {"a": [1, (2, 3)], "b": {"c": None}})
print([True, None, 1.5, "x", -0.0], (None,), [()])
print(*[1, 2, 3])
print(*"abc", sep="|")
print("multi\nline", 7)
print("", "x")
print("sep none", 1, sep=None)
print("end none", end=None)
print(1, 2, sep="\n")

# expected output:
#
# a b c
# abc
# a, b!
# 1-2-3 <- same line
# x y z
# None True False 0 -1 2.0 s [] () {}
# [1, [2, [3, []]]] (1, (2,)) {'a': [1, (2, 3)], 'b': {'c': None}}
# [True, None, 1.5, 'x', -0.0] (None,) [()]
# 1 2 3
# a|b|c
# multi
# line 7
#  x
# sep none 1
# end none
# 1
# 2
