def g():
    x = 1 + (yield 2)
    yield x


print(list(g()))

# dynawasm resumes a generator statement by statement (runtime/gen.c): a
# yield is supported as a statement (`yield x`, `yield from g`) and as an
# assignment's value (`y = yield x`), not inside another expression, where
# CPython accepts it. The program is refused before it runs, as a
# SyntaxError naming the limitation (docs/language.md).
# expected output:
# expected error: SyntaxError: 'yield' is supported as a statement (yield x, yield from g) and as the value of an assignment (y = yield x) only, not inside another expression
# expected error line: 2
