# str.format: field names with [index] and .attr, nested {} in specs;
# format specs: bool as int, grouping without a type, zero padding with
# grouping; dict views; %-formatting conversions.
class O:
    x = 42
    items = [1, [2, 3]]
print("{0[0]} {0[1]} {1[k]} {2.real} {3.x} {3.items[1][0]}".format([5, 6], {"k": "v"}, 3, O()))
print("{:>{}}|{:^{w}}|{:{}.{}f}".format(1, 5, 7, 3.14159, 8, 2, w=4))
print("{0:>{1}}|{2:{3}}|".format("x", 5, "y", "^3"))
print("{!r:>6}|{!s}|{!a}".format("x", "y", "é"))
print("{0}{1}{0}".format("a", "b"), "{{literal}} {}".format(1), "{:*^9}".format("mid"), "{:,}".format(1234567), "{:08.3f}".format(-3.14159), "{:e}".format(12345.678), "{:%}".format(0.25), "{:b} {:o} {:x} {:X} {:#x}".format(10, 10, 255, 255, 255))
print(f"{True:>5}|{False:d}|{True:.1f}|{True}|{False:<6}|{True:x}|{True!s:>5}")
print(f"{1234.5:>10,}|{1234567.891:,}|{0.5:,}|{-1234.5:,}|{1e20:,}|{1234.5:_}|{12345678:,}|{1234.5:010,.1f}|{1234:08,}|{-1234:09,}|{1234567:012_}")
d = {"a": 1, "b": 2}
k, v, it = d.keys(), d.values(), d.items()
print(k, v, it, len(k), "a" in k, 2 in v, ("a", 1) in it, list(reversed(k)))
d["c"] = 3
print(k, v, it, type(k).__name__, {}.keys(), {"x": [1]}.items())
print("%c%c" % (72, "i"), "%(a)s-%(b)05.1f" % {"a": "x", "b": 2.5}, "%*d|%-*d|%.*f" % (5, 1, 4, 2, 2, 3.14159), "%5s|%-5s|%.2s" % ("ab", "cd", "xyz"))
print("%+d % d %05d %x %X %o %#x %#o %e %g %%" % (3, 3, -42, 255, 255, 8, 255, 8, 1234.5, 0.0001), "%r %a" % ("é", "é"), "%d" % 3.9, "%s" % [1, "a"])
for bad in ("{99999999999999999999}", "{:99999999999999999999}", "{0[}", "{", "}", "{0!x}", "{} {0}", "{0} {}", "{:>{}}"):
    try:
        print(bad.format(1, 2))
    except (ValueError, IndexError, KeyError) as e:
        print(type(e).__name__, e)
for fmt, arg in (("%d", "x"), ("%x", 3.5), ("%f", "x"), ("%c", "ab"), ("%(a)s", (1,)), ("%s %s", ("a",)), ("%s", ("a", "b")), ("x", 5), ("%z", 1)):
    try:
        print(fmt % arg)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# expected output:
# 5 6 v 3 42 2
#     1| 7  |    3.14
#     x| y |
#    'x'|y|'\xe9'
# aba {literal} 1 ***mid*** 1,234,567 -003.142 1.234568e+04 25.000000% 1010 12 ff FF 0xff
#     1|0|1.0|True|0     |1| True
#    1,234.5|1,234,567.891|0.5|-1,234.5|1e+20|1_234.5|12,345,678|0,001,234.5|0,001,234|-0,001,234|0_001_234_567
# dict_keys(['a', 'b']) dict_values([1, 2]) dict_items([('a', 1), ('b', 2)]) 2 True True True ['b', 'a']
# dict_keys(['a', 'b', 'c']) dict_values([1, 2, 3]) dict_items([('a', 1), ('b', 2), ('c', 3)]) dict_keys dict_keys([]) dict_items([('x', [1])])
# Hi x-002.5     1|2   |3.14    ab|cd   |xy
# +3  3 -0042 ff FF 10 0xff 0o10 1.234500e+03 0.0001 % 'é' '\xe9' 3 [1, 'a']
# ValueError Too many decimal digits in format string
# ValueError Too many decimal digits in format string
# ValueError expected '}' before end of string
# ValueError Single '{' encountered in format string
# ValueError Single '}' encountered in format string
# ValueError Unknown conversion specifier x
# ValueError cannot switch from automatic field numbering to manual field specification
# ValueError cannot switch from manual field specification to automatic field numbering
#  1
# TypeError %d format: a real number is required, not str
# TypeError %x format: an integer is required, not float
# TypeError must be real number, not str
# TypeError %c requires int or char
# TypeError format requires a mapping
# TypeError not enough arguments for format string
# TypeError not all arguments converted during string formatting
# TypeError not all arguments converted during string formatting
# ValueError unsupported format character 'z' (0x7a) at index 1
