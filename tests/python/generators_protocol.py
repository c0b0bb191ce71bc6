# Generators: send(), throw(), close() (GeneratorExit, finally blocks and
# __exit__ run, "generator ignored GeneratorExit"), a generator closed when
# nothing refers to it any more, gi_running and "generator already
# executing", PEP 479, exceptions at a yield inside try/except/finally,
# bare raise in a handler that yielded, yield from delegating send/throw.


def echo():
    total = 0
    while True:
        v = yield total
        if v is None:
            break
        total += v
    return total


e = echo()
print(next(e), e.send(3), e.send(4))
try:
    e.send(None)
except StopIteration as s:
    print("ret", s.value)
try:
    e.send(1)
except StopIteration as s:
    print("exhausted", s.args)


def not_started():
    yield 1


ns = not_started()
try:
    ns.send(5)
except TypeError as err:
    print("TypeError", err)
print(ns.send(None))
ns2 = not_started()
ns2.close()
print(list(ns2))
ns3 = not_started()
try:
    ns3.throw(ValueError("early"))
except ValueError as err:
    print("early", err, list(ns3))


def catcher():
    while True:
        try:
            yield "ok"
        except ValueError as err:
            print("caught", repr(err))
            yield "after"


c = catcher()
print(next(c), c.throw(ValueError("boom")), next(c), c.throw(ValueError))


def thrower():
    try:
        yield 1
    except KeyError:
        print("keyerror handled")
    yield 2


gg = thrower()
next(gg)
print(gg.throw(KeyError))
try:
    gg.throw(IndexError("idx"))
except IndexError as err:
    print("propagated", err)
print(next(gg, "finished"))


def tf():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")


g = tf()
print(next(g))
print(g.close(), g.close())
print(list(g))
for x in tf():
    print("loop", x)
    break
print("after loop")
h = tf()
next(h)
del h
print("after del")


def ret_in_finally():
    try:
        yield 1
        return 5
    finally:
        print("fin")
        yield 2


print(list(ret_in_finally()))


def ignore_exit():
    try:
        yield 1
    except GeneratorExit:
        yield 2


gen = ignore_exit()
next(gen)
try:
    gen.close()
except RuntimeError as err:
    print("RuntimeError", err)


def exit_to_value():
    try:
        yield 1
    except GeneratorExit:
        print("got GeneratorExit")
        raise


gen = exit_to_value()
next(gen)
print(gen.close())


def pep479():
    yield 1
    raise StopIteration("x")


try:
    list(pep479())
except RuntimeError as err:
    print("RuntimeError", err)


def inner_next():
    it = iter([1])
    while True:
        yield next(it)


try:
    print(list(inner_next()))
except RuntimeError as err:
    print("RuntimeError", err)


def selfref():
    yield g2.gi_running
    yield next(g2)


g2 = selfref()
print(next(g2), g2.gi_running)
try:
    next(g2)
except ValueError as err:
    print("ValueError", err)


def handler_yield():
    try:
        raise ValueError("v")
    except ValueError as err:
        yield str(err)
        raise


hy = handler_yield()
print(next(hy))
try:
    next(hy)
except ValueError as err:
    print("reraised", err)


def with_gen():
    class CM:
        def __enter__(self):
            print("enter")
            return self

        def __exit__(self, t, v, tb):
            print("exit", t.__name__ if t else None, repr(v))
            return False

    with CM() as cm:
        yield 1
        yield 2


print(list(with_gen()))
w = with_gen()
next(w)
w.close()


def deleg():
    x = yield from echo2()
    yield ("x", x)


def echo2():
    got = yield "first"
    try:
        got2 = yield got
    except KeyError:
        got2 = "thrown"
    return got2


d = deleg()
print(next(d), d.send("a"), d.send("b"))
d = deleg()
print(next(d), d.send("a"), d.throw(KeyError))


def closing_sub():
    try:
        yield 1
    finally:
        print("sub closed")


def delegating():
    try:
        yield from closing_sub()
    finally:
        print("outer closed")


dd = delegating()
next(dd)
dd.close()


def counter():
    n = 0
    try:
        while True:
            n += 1
            yield n
    except GeneratorExit:
        print("closed at", n)


def stats():
    data = []
    while True:
        x = yield
        if x is None:
            return sum(data) / len(data)
        data.append(x)


st = stats()
next(st)
for v in (1, 2, 6):
    st.send(v)
try:
    st.send(None)
except StopIteration as r:
    print("mean", r.value)

# expected output:
# 0 3 7
# ret 7
# exhausted ()
# TypeError can't send non-None value to a just-started generator
# 1
# []
# early early []
# caught ValueError('boom')
# caught ValueError()
# ok after ok after
# keyerror handled
# 2
# propagated idx
# finished
# 1
# cleanup
# None None
# []
# loop 1
# cleanup
# after loop
# cleanup
# after del
# fin
# [1, 2]
# RuntimeError generator ignored GeneratorExit
# got GeneratorExit
# None
# RuntimeError generator raised StopIteration
# RuntimeError generator raised StopIteration
# True False
# ValueError generator already executing
# v
# reraised v
# enter
# exit None None
# [1, 2]
# enter
# exit GeneratorExit GeneratorExit()
# first a ('x', 'b')
# first a ('x', 'thrown')
# sub closed
# outer closed
# mean 3.0
