def squares(xs):
    for x in xs:
        yield x * x


def total(xs):
    return sum(squares(xs))


print(total([1, 2]))
print(total([1, "a"]))
