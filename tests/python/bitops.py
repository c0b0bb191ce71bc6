# Bitwise operators on ints.
a, b = 12, 10
print(a & b, a | b, a ^ b, ~a, a << 2, a >> 2, -a >> 1, -1 << 3)
print(1 << 40, (1 << 62) - 1 + (1 << 62), 255 & -256, -5 & 3, -5 | 3, -5 ^ 3, ~0, ~-1)
print(True & False, True | False, True ^ True, 6 & 3 == 2, 1 + 2 << 1, 1 | 2 ^ 3 & 4)
x = 0b1011
x |= 0b0100
x &= ~1
x ^= 0b1
x <<= 1
x >>= 2
print(x, bin(x))
def popcount(n):
    c = 0
    while n:
        n &= n - 1
        c += 1
    return c
print([popcount(v) for v in range(9)], popcount(2 ** 31 - 1))

# expected output:
# 8 14 6 -13 48 3 -6 -8
# 1099511627776 9223372036854775807 0 3 -5 -8 -1 0
# False True False True 6 3
# 7 0b111
# [0, 1, 1, 2, 1, 2, 2, 3, 1] 31
