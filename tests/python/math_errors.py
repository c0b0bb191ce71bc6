# Errors raised by the math module.
import math
def attempt(label, fn):
    try:
        print(label, fn())
    except ValueError as e:
        print(label, "ValueError:", e)
    except OverflowError as e:
        print(label, "OverflowError:", e)
    except TypeError as e:
        print(label, "TypeError:", e)
attempt("sqrt(-1)", lambda: math.sqrt(-1))
attempt("log(0)", lambda: math.log(0))
attempt("log(-1)", lambda: math.log(-1))
attempt("acos(2)", lambda: math.acos(2))
attempt("exp(1000)", lambda: math.exp(1000))
attempt("factorial(-1)", lambda: math.factorial(-1))
attempt("factorial(2.5)", lambda: math.factorial(2.5))
attempt("floor(inf)", lambda: math.floor(math.inf))
attempt("floor(nan)", lambda: math.floor(math.nan))
attempt("sqrt('4')", lambda: math.sqrt("4"))
attempt("int(inf)", lambda: int(math.inf))
attempt("2.0**10000", lambda: 2.0 ** 10000)

# expected output:
# sqrt(-1) ValueError: math domain error
# log(0) ValueError: math domain error
# log(-1) ValueError: math domain error
# acos(2) ValueError: math domain error
# exp(1000) OverflowError: math range error
# factorial(-1) ValueError: factorial() not defined for negative values
# factorial(2.5) TypeError: 'float' object cannot be interpreted as an integer
# floor(inf) OverflowError: cannot convert float infinity to integer
# floor(nan) ValueError: cannot convert float NaN to integer
# sqrt('4') TypeError: must be real number, not str
# int(inf) OverflowError: cannot convert float infinity to integer
# 2.0**10000 OverflowError: (34, 'Numerical result out of range')
