# Integer edges that once overflowed in C: huge format widths, % widths,
# padding, range steps and slice bounds; also zip(), dict mutation during
# iteration and __len__ results.
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e) if str(e) else print(type(e).__name__)
show(lambda: f'{1:99999999999999999999}')
show(lambda: f'{1.5:.99999999999999999999f}')
show(lambda: '{99999999999999999999}'.format(1))
show(lambda: '{0:{1}}'.format(1, "99999999999999999999"))
show(lambda: '%999999999999d' % 1)
show(lambda: '%99999999999999999999d' % 1)
show(lambda: '%99999999.99999999999d' % 1)
show(lambda: '%2147483647.2147483648d' % 1)
show(lambda: '%.99999999999999999999f' % 1)
show(lambda: '1'.center(10 ** 12))
show(lambda: 'ab'.ljust(-5) + '|')
show(lambda: len('%300d' % 7))
show(lambda: len(f'{7:>300}'))
show(lambda: list(range(0, 9223372036854775807, 4611686018427387904)))
show(lambda: list(range(9223372036854775807, -9223372036854775807 - 1, -4611686018427387904)))
show(lambda: list(range(-9223372036854775807 - 1, 9223372036854775807, 9223372036854775807)))
show(lambda: len(range(-9223372036854775807, 9223372036854775807, 3)))
show(lambda: list(reversed(range(0, 9223372036854775807, 4611686018427387904))))
show(lambda: 9223372036854775806 in range(0, 9223372036854775807, 2))
a = list(range(5))
show(lambda: a[-9223372036854775807:9223372036854775807:9223372036854775807])
show(lambda: a[::-9223372036854775807])
show(lambda: a[::-9223372036854775807 - 1])
show(lambda: a[9223372036854775807:-9223372036854775807 - 1:-1])
show(lambda: "hello"[::-9223372036854775807])
show(lambda: (1, 2, 3)[-9223372036854775807 - 1:])
show(lambda: list(zip()))
for z in zip():
    print("never")
show(lambda: list(zip([1, 2], "abc", (True, False, None))))
d = {1: 1, 2: 2}
try:
    for k in d:
        d[k + 10] = 0
except RuntimeError as e:
    print("RuntimeError:", e, sorted(d))
d = {1: 1, 2: 2}
for k in d:
    d[k] = k * 10
print(d)
class Neg:
    def __len__(self):
        return -1
class Text:
    def __len__(self):
        return "3"
class Big:
    def __len__(self):
        return 5
show(lambda: len(Neg()))
show(lambda: len(Text()))
show(lambda: len(Big()))
show(lambda: bool(Neg()))

# expected output:
# ValueError Too many decimal digits in format string
# ValueError Too many decimal digits in format string
# ValueError Too many decimal digits in format string
# ValueError Too many decimal digits in format string
# MemoryError
# ValueError width too big
# ValueError precision too big
# ValueError precision too big
# ValueError precision too big
# MemoryError
# ab|
# 300
# 300
# [0, 4611686018427387904]
# [9223372036854775807, 4611686018427387903, -1, -4611686018427387905]
# [-9223372036854775808, -1, 9223372036854775806]
# 6148914691236517205
# [4611686018427387904, 0]
# True
# [0]
# [4]
# [4]
# [4, 3, 2, 1, 0]
# o
# (1, 2, 3)
# []
# [(1, 'a', True), (2, 'b', False)]
# RuntimeError: dictionary changed size during iteration [1, 2, 11]
# {1: 10, 2: 20}
# ValueError __len__() should return >= 0
# TypeError 'str' object cannot be interpreted as an integer
# 5
# ValueError __len__() should return >= 0
