# try/except/else/finally ordering, re-raise, nested handlers.
def run(kind):
    print("start", kind)
    try:
        print(" try")
        if kind == 1:
            raise ValueError("bad value")
        if kind == 2:
            x = 1 / 0
        if kind == 3:
            return "early"
        print(" try end")
    except ValueError as e:
        print(" except ValueError:", e)
    except ZeroDivisionError as e:
        print(" except ZeroDivisionError:", e)
    else:
        print(" else")
    finally:
        print(" finally")
    print("after", kind)
    return "normal"
for k in range(4):
    print("->", run(k))
def finally_overrides():
    try:
        return "try"
    finally:
        print("finally runs before return")
print(finally_overrides())
def reraise():
    try:
        [][0]
    except IndexError:
        print("logging, then re-raise")
        raise
try:
    reraise()
except IndexError as e:
    print("caught again:", e)
try:
    try:
        {}["missing"]
    except KeyError as e:
        print("inner", repr(e), e)
        raise ValueError("converted")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer", e)
try:
    int("zz")
except (TypeError, ValueError) as e:
    print("tuple handler:", e)
try:
    raise RuntimeError("boom")
except Exception as e:
    print("generic:", e, e.args)
try:
    raise NotImplementedError
except NotImplementedError as e:
    print("bare class raised:", repr(str(e)))
for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("finally", i)
while True:
    try:
        break
    finally:
        print("finally on break")
try:
    pass
except Exception:
    print("not reached")
else:
    print("else without error")
e = "before"
try:
    raise ValueError("v")
except ValueError as err:
    e = err
print("kept:", e)
try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as a:
    print("assert:", a)
def nested_finally():
    out = []
    try:
        try:
            out.append("a")
            raise KeyError("k")
        finally:
            out.append("b")
    except KeyError:
        out.append("c")
    finally:
        out.append("d")
    return out
print(nested_finally())
try:
    raise ValueError("multiple", 2)
except ValueError as e:
    print(e, e.args, str(e), repr(e))
try:
    raise KeyError("quoted")
except LookupError as e:
    print("LookupError base:", e)
try:
    1 // 0
except ArithmeticError as e:
    print("ArithmeticError base:", e)

# expected output:
# start 0
#  try
#  try end
#  else
#  finally
# after 0
# -> normal
# start 1
#  try
#  except ValueError: bad value
#  finally
# after 1
# -> normal
# start 2
#  try
#  except ZeroDivisionError: division by zero
#  finally
# after 2
# -> normal
# start 3
#  try
#  finally
# -> early
# finally runs before return
# try
# logging, then re-raise
# caught again: list index out of range
# inner KeyError('missing') 'missing'
# inner finally
# outer converted
# tuple handler: invalid literal for int() with base 10: 'zz'
# generic: boom ('boom',)
# bare class raised: ''
# body 0
# finally 0
# finally 1
# body 2
# finally 2
# finally on break
# else without error
# kept: v
# assert: math is broken
# ['a', 'b', 'c', 'd']
# ('multiple', 2) ('multiple', 2) ('multiple', 2) ValueError('multiple', 2)
# LookupError base: 'quoted'
# ArithmeticError base: integer division or modulo by zero
