# math: isqrt, remainder, modf, frexp, ldexp, fsum, prod, comb, perm,
# gamma, lgamma, dist, and range errors.
import math
print(math.isqrt(17), math.isqrt(0), math.isqrt(10**18), math.remainder(7, 3), math.remainder(-7, 3), math.remainder(5, 2), math.modf(3.25), math.modf(-2.5), math.frexp(8.0), math.frexp(0.0), math.frexp(-3.5), math.ldexp(1, 10), math.ldexp(0.5, -1))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100]), math.fsum([]), math.prod([1, 2, 3, 4]), math.prod([]), math.prod([1.5, 2]), math.prod(range(1, 6), start=2))
print(math.comb(5, 2), math.comb(10, 0), math.comb(3, 5), math.comb(60, 30), math.perm(5, 2), math.perm(5), math.perm(3, 0), math.lcm(4, 6), math.gcd(12, -18))
print(math.gamma(5), math.gamma(0.5), math.gamma(1.5), math.gamma(-0.5), math.gamma(10.3), math.lgamma(1), math.lgamma(10), math.lgamma(0.5), math.lgamma(-2.5), math.dist((0, 0), (3, 4)), math.dist([1, 2, 3], [1, 2, 3]), math.dist((1.5,), (-1.5,)))
print(math.floor(2.7), math.ceil(2.1), math.trunc(-2.7), math.floor(-0.5), math.atanh(0.5), math.asinh(1), math.acosh(2), math.cbrt(8))
for f, args in ((math.isqrt, (-1,)), (math.gamma, (0,)), (math.gamma, (-2,)), (math.lgamma, (0,)), (math.comb, (-1, 2)), (math.perm, (3, -1)), (math.dist, ((1, 2), (1,))), (math.remainder, (1, 0)), (math.isqrt, (2.0,)), (math.floor, (float("inf"),)), (math.floor, (float("nan"),)), (math.sqrt, (-1,)), (math.log, (0,)), (math.factorial, (-1,))):
    try:
        print(f(*args))
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__, e)
print(math.ldexp(1.0, -1100))
try:
    math.gamma(200)
except OverflowError as e:
    print("OverflowError", e)

# expected output:
# 4 0 1000000000 1.0 -1.0 1.0 (0.25, 3.0) (-0.5, -2.0) (0.5, 4) (0.0, 0) (-0.875, 2) 1024.0 0.25
# 1.0 0.9999999999999999 1.0 0.0 24 1 3.0 240
# 10 1 0 118264581564861424 20 120 1 12 6
# 24.0 1.7724538509055159 0.886226925452758 -3.544907701811032 716430.6890623765 0.0 12.801827480081467 0.5723649429247004 -0.05624371649767457 5.0 0.0 3.0
# 2 3 -2 -1 0.5493061443340548 0.881373587019543 1.3169578969248166 2.0
# ValueError isqrt() argument must be nonnegative
# ValueError math domain error
# ValueError math domain error
# ValueError math domain error
# ValueError n must be a non-negative integer
# ValueError k must be a non-negative integer
# ValueError both points must have the same number of dimensions
# ValueError math domain error
# TypeError 'float' object cannot be interpreted as an integer
# OverflowError cannot convert float infinity to integer
# ValueError cannot convert float NaN to integer
# ValueError math domain error
# ValueError math domain error
# ValueError factorial() not defined for negative values
# 0.0
# OverflowError math range error
