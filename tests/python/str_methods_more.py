# str methods: swapcase, rsplit, istitle, partition, rpartition,
# removeprefix/suffix, expandtabs, casefold, rindex; start/end arguments;
# unbound str methods (str.upper(s), map(str.lower, xs)).
s = "Hello World"
print(s.swapcase(), "a-b-c".rsplit("-", 1), "a b  c".rsplit(), "a b c".rsplit(None, 1), "  a b c  ".rsplit(None, 1), "a,b,,c".rsplit(",", 2), "Ab Cd".istitle(), "ab Cd".istitle(), "".istitle(), "A1 B2".istitle())
print("a-b-c".partition("-"), "a-b-c".rpartition("-"), "abc".partition("z"), "abc".rpartition("z"), "a--b".partition("--"))
print("hello".removeprefix("he"), "hello".removesuffix("lo"), "hello".removeprefix("x"), "hello".removesuffix(""), "a\tb\tc".expandtabs(4), "ab\tc".expandtabs(), "x\ty\n\tz".expandtabs(2), "ßAB".casefold(), "abcabc".rindex("b"), "abcabc".rfind("c", 0, 4))
print("abcabc".find("b", 2), "abcabc".find("b", 2, 4), "abcabc".find("b", -3), "abc".index("c", 1), "aaaa".count("a", 1, 3), "abc".startswith("b", 1), "abc".endswith("b", 0, 2), "abc".startswith(("x", "a")), "abc".endswith(("c", "z"), 1), "abc".find("", 5), "abc".find("", 3), "abc".count(""), "abc".count("", 1), "abc".startswith("", 3), "abc".startswith("", 4))
for f in (lambda: "abc".rindex("z"), lambda: "abc".index("a", 1), lambda: "a".partition(""), lambda: "x".center(3, "ab"), lambda: "abc".startswith(1)):
    try:
        print(f())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(str.upper("abc"), str.lower("ABC"), list(map(str.lower, ["A", "B"])), sorted(["b", "A", "c"], key=str.lower), str.join("-", ["a", "b"]), str.split("a b"), list.append, str.upper, dict.get)
l = []
list.append(l, 3)
list.extend(l, [4, 5])
print(l, dict.get({"a": 1}, "a"), tuple.count((1, 1), 1), str.strip("  x  "), list(map(str.strip, [" a", "b "])))
try:
    str.upper(5)
except TypeError as e:
    print("TypeError", e)
print("a\nb\r\nc\rd".splitlines(), "a\nb\n".splitlines(True), "x".splitlines(), "".splitlines(), "one two".title(), "they're bill's".title(), "hello world".capitalize(), "ABC".isupper(), "Abc".islower(), "abc1".isalnum(), "a_1".isidentifier(), "1a".isidentifier(), "abc".isascii(), "é".isascii())
print("%s|%5s|%-5s|" % ("x", "y", "z"), "ab".center(7, "*"), "ab".center(6, "*"), "abc".center(6), "x".rjust(4, "0"), "-12".zfill(5), "+7".zfill(3), "abc".zfill(2))

# expected output:
# hELLO wORLD ['a-b', 'c'] ['a', 'b', 'c'] ['a b', 'c'] ['  a b', 'c'] ['a,b', '', 'c'] True False False True
# ('a', '-', 'b-c') ('a-b', '-', 'c') ('abc', '', '') ('', '', 'abc') ('a', '--', 'b')
# llo hel hello hello a   b   c ab      c x y
#   z ssab 4 2
# 4 -1 4 2 2 True True True True -1 3 4 3 True False
# ValueError substring not found
# ValueError substring not found
# ValueError empty separator
# TypeError The fill character must be exactly one character long
# TypeError startswith first arg must be str or a tuple of str, not int
# ABC abc ['a', 'b'] ['A', 'b', 'c'] a-b ['a', 'b'] <method 'append' of 'list' objects> <method 'upper' of 'str' objects> <method 'get' of 'dict' objects>
# [3, 4, 5] 1 2 x ['a', 'b']
# TypeError descriptor 'upper' for 'str' objects doesn't apply to a 'int' object
# ['a', 'b', 'c', 'd'] ['a\n', 'b\n'] ['x'] [] One Two They'Re Bill'S Hello world True False True True False True False
# x|    y|z    | ***ab** **ab**  abc   000x -0012 +07 abc
