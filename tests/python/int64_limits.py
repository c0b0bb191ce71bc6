# dynawasm ints are 64-bit (docs/language.md): values up to the limits behave
# like Python's, and leaving the range is an OverflowError at its line,
# never a silent wrap-around.
big = 9223372036854775807
small = -big - 1
print(big, small, big // 2, small // 3, -(small // 2) - 1)
print(2 ** 62 + (2 ** 62 - 1), -(2 ** 62) * 2, abs(small + 1))
f = 1
for i in range(1, 21):
    f *= i
print(f, f % 1000003, str(f)[:5], len(str(big)))
print(int("-9223372036854775808"), float(big), big == 2.0 ** 63)
a, b = 0, 1
for _ in range(90):
    a, b = b, a + b
print(a)
print(big + 1)

# expected (hand)
# expected output:
# 9223372036854775807 -9223372036854775808 4611686018427387903 -3074457345618258603 4611686018427387903
# 9223372036854775807 -9223372036854775808 9223372036854775807
# 2432902008176640000 511524 24329 19
# -9223372036854775808 9.223372036854776e+18 False
# 2880067194370816120
# expected error: OverflowError: integer overflow
# expected error line: 17
