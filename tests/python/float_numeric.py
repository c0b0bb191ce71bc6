# Float floor division and modulo as CPython's float_floor_div; round()
# of ints with negative ndigits; float overflow; math.isclose tolerances.
import math
for a, b in [(7.0, 0.1), (-7.0, 0.1), (7.0, -0.1), (1.0, 0.1), (0.5, 0.25), (-0.0, 1.0), (5.0, 3), (-5, 3.0), (1e300, 1e-300), (3.5, 0.5), (-1e-300, 1e300)]:
    q, r = a // b, a % b
    print(a, b, q, r, divmod(a, b), q * b + r)
print(round(25, -1), round(15, -1), round(35, -1), round(-25, -1), round(1234, -2), round(1250, -2), round(1350, -2), round(5, -1), round(-5, -1), round(7, 0), round(7, 3), round(123456789, -9), round(987, -3), round(-987, -3), round(True, -1))
print(type(round(25, -1)), type(round(2.5)), type(round(2.5, 0)))
def power(a, b):
    return a ** b
for a, b in ((2.0, 10000), (10.0, 400), (-2.0, 10001), (2.0, -10000), (2, -2), (0.0, 0), (1.5, 2)):
    try:
        print(a, b, power(a, b))
    except OverflowError as e:
        print(a, b, "OverflowError:", e)
for f, args in ((math.pow, (10, 400)), (math.exp, (1000,)), (math.ldexp, (1.0, 5000))):
    try:
        print(f(*args))
    except OverflowError as e:
        print("OverflowError:", e)
print(math.isclose(1, 1.05, rel_tol=0.1), math.isclose(1, 1.05), math.isclose(0, 1e-10, abs_tol=1e-9), math.isclose(0, 1e-10), math.isclose(1.0, 1.0 + 1e-10), math.isclose(float("inf"), float("inf")), math.isclose(1e9, 1e9 + 1, rel_tol=0))
try:
    math.isclose(1, 2, rel_tol=-1)
except ValueError as e:
    print("ValueError:", e)
print(7 // 2, -7 // 2, 7 % -2, -7 % 2, divmod(-7, 2), 7.5 // 2, -7.5 // 2, 2 ** -1, 10 / 4)

# expected output:
# 7.0 0.1 69.0 0.09999999999999962 (69.0, 0.09999999999999962) 7.0
# -7.0 0.1 -70.0 3.885780586188048e-16 (-70.0, 3.885780586188048e-16) -7.0
# 7.0 -0.1 -70.0 -3.885780586188048e-16 (-70.0, -3.885780586188048e-16) 7.0
# 1.0 0.1 9.0 0.09999999999999995 (9.0, 0.09999999999999995) 1.0
# 0.5 0.25 2.0 0.0 (2.0, 0.0) 0.5
# -0.0 1.0 -0.0 0.0 (-0.0, 0.0) 0.0
# 5.0 3 1.0 2.0 (1.0, 2.0) 5.0
# -5 3.0 -2.0 1.0 (-2.0, 1.0) -5.0
# 1e+300 1e-300 inf 4.891554850853602e-301 (inf, 4.891554850853602e-301) inf
# 3.5 0.5 7.0 0.0 (7.0, 0.0) 3.5
# -1e-300 1e+300 -1.0 1e+300 (-1.0, 1e+300) 0.0
# 20 20 40 -20 1200 1200 1400 0 0 7 7 0 1000 -1000 0
# <class 'int'> <class 'int'> <class 'float'>
# 2.0 10000 OverflowError: (34, 'Numerical result out of range')
# 10.0 400 OverflowError: (34, 'Numerical result out of range')
# -2.0 10001 OverflowError: (34, 'Numerical result out of range')
# 2.0 -10000 0.0
# 2 -2 0.25
# 0.0 0 1.0
# 1.5 2 2.25
# OverflowError: math range error
# OverflowError: math range error
# OverflowError: math range error
# True False True False True True False
# ValueError: tolerances must be non-negative
# 3 -4 -1 1 (-4, 1) 3.0 -4.0 0.5 2.5
