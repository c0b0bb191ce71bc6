# The math module: constants and scalar functions.
import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
print(math.sqrt(16), math.sqrt(2), math.sqrt(0.25), math.isqrt(17))
print(math.floor(2.7), math.floor(-2.3), math.ceil(2.1), math.ceil(-2.9), math.trunc(-2.9), math.trunc(2.9))
print(math.floor(5), math.ceil(5.0), math.floor(-0.5), math.ceil(-0.5))
print(math.exp(0), math.exp(1), math.exp(-1), math.log(math.e), math.log(1), math.log(100, 10), math.log(8, 2))
print(math.log2(1024), math.log10(0.001), math.log1p(0), math.expm1(0))
print(math.sin(0), math.cos(0), math.sin(math.pi / 2), math.cos(math.pi), math.tan(math.pi / 4))
print(math.asin(1), math.acos(1), math.atan(1), math.atan2(1, -1), math.atan2(-0.0, -1))
print(math.sinh(1), math.cosh(0), math.tanh(0.5), math.hypot(3, 4), math.hypot(1, 1))
print(math.fabs(-3), math.fabs(2.5), math.pow(2, 10), math.pow(2, -1), math.copysign(3, -0.0))
print(math.degrees(math.pi), math.radians(180), math.factorial(10), math.gcd(12, 18), math.gcd(0, 0))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1), math.isclose(1, 1.05, rel_tol=0.1))
print(math.isnan(math.nan), math.isnan(1.0), math.isinf(math.inf), math.isinf(-math.inf), math.isfinite(1e308))
print(math.fmod(7, 3), math.fmod(-7, 3), -7 % 3, math.remainder(7, 3), math.modf(3.25), math.frexp(8.0))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.comb(5, 2), math.perm(5, 2))
print(math.erf(0), math.gamma(5), math.lgamma(1), math.ldexp(1, 10), math.dist((0, 0), (3, 4)))
from math import sqrt, pi
print(sqrt(pi) ** 2, round(pi, 4), f"{pi:.10f}", f"{math.e:.3e}")
angles = [0, 30, 45, 60, 90]
print([round(math.sin(math.radians(a)), 4) for a in angles])
print(math.floor(-0.0), math.sqrt(-0.0), math.exp(710) if False else math.exp(709) > 1e307)

# expected output:
# 3.141592653589793 2.718281828459045 6.283185307179586 inf -inf nan
# 4.0 1.4142135623730951 0.5 4
# 2 -3 3 -2 -2 2
# 5 5 -1 0
# 1.0 2.718281828459045 0.36787944117144233 1.0 0.0 2.0 3.0
# 10.0 -3.0 0.0 0.0
# 0.0 1.0 1.0 -1.0 0.9999999999999999
# 1.5707963267948966 0.0 0.7853981633974483 2.356194490192345 -3.141592653589793
# 1.1752011936438014 1.0 0.46211715726000974 5.0 1.4142135623730951
# 3.0 2.5 1024.0 0.5 -3.0
# 180.0 3.141592653589793 3628800 6 0
# True False True
# True False True True True
# 1.0 -1.0 2 1.0 (0.25, 3.0) (0.5, 4)
# 1.0 0.9999999999999999 24 10 20
# 0.0 24.0 0.0 1024.0 5.0
# 3.1415926535897927 3.1416 3.1415926536 2.718e+00
# [0.0, 0.5, 0.7071, 0.866, 1.0]
# 0 -0.0 True
