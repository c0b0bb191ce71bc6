# Chained comparisons: semantics and single evaluation of middle operands.
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1, 1 < 3 > 2, 1 == 1 == 1, 1 == 1 != 2)
print(0 <= 0 < 1 <= 1, 5 > 4 >= 4 > 3 != 2, 1 < 2 > 3 < 4, -1 < 0 < 1 < 2 < 3)
x = 5
print(0 < x < 10, 0 < x < 5, x == 5 > 4, 2 < x != 5, "a" < "b" < "c")
calls = []
def val(v):
    calls.append(v)
    return v
print(val(1) < val(2) < val(3), calls)
calls.clear()
print(val(3) < val(2) < val(1), calls)
calls.clear()
print(val(1) < val(5) > val(2) == val(2), calls)
yes = True
one, two = 1, 2
print(one < two is yes, (one < two) is yes, 2 in [1, 2] in [[1, 2]], not 1 < 0 < 2)
r = 0 < x
print(r, 1.5 < 2 < 2.5, 1 < 1.0 + 0.5 < 2, [1] < [2] < [3])

# expected output:
# True False True True True True
# True True False True
# True False True False True
# True [1, 2, 3]
# False [3, 2]
# True [1, 5, 2, 2]
# False True True True
# True True True True
