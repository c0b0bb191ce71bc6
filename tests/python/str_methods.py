# String methods.
s = "  Hello, World!  "
print("[" + s.strip() + "]", "[" + s.lstrip() + "]", "[" + s.rstrip() + "]")
t = s.strip()
print(t.upper(), t.lower(), t.swapcase(), t.title(), "hello world".capitalize())
print(t.replace("l", "L"), t.replace("l", "", 2), t.replace("xyz", "q"))
print(t.find("o"), t.find("o", 5), t.find("z"), t.rfind("o"), t.index("W"), t.count("l"))
print(t.startswith("Hell"), t.endswith("!"), t.startswith(("x", "H")), t.endswith("d"))
print("a,b,,c".split(","), "a b  c\td\n".split(), "a,b,c".split(",", 1), "".split(), "".split(","))
print("k=v=w".rsplit("=", 1), "  x  y ".split(" "), "line1\nline2\n".splitlines())
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), " ".join([str(i) for i in range(4)]))
print("abc".isalpha(), "ab1".isalpha(), "123".isdigit(), "12a".isdigit(), "".isdigit())
print("abc".islower(), "ABC".isupper(), "   ".isspace(), "a1".isalnum(), "Ab Cd".istitle())
print("x".center(7, "*"), "x".ljust(4, ".") + "|", "x".rjust(4) + "|", "42".zfill(5), "-42".zfill(6))
print("a-b-c".partition("-"), "a-b-c".rpartition("-"), "abc".partition("z"))
print("  strip me..".strip(" ."), "xxhixx".strip("x"), "abcba".lstrip("ab"))
print("Mississippi".count("ss"), "Mississippi".count("i", 3), "aaa".count("aa"))
print("hello".removeprefix("he"), "hello".removesuffix("lo"), "ab" in "cabd", "ba" not in "cabd")
word = "racecar"
print(word == word[::-1], "".join(reversed("stressed")), sorted("banana"))
print("tab\there".expandtabs(4), "%".join("ab"), "A".lower() < "a")

# expected output:
# [Hello, World!] [Hello, World!  ] [  Hello, World!]
# HELLO, WORLD! hello, world! hELLO, wORLD! Hello, World! Hello world
# HeLLo, WorLd! Heo, World! Hello, World!
# 4 8 -1 8 7 3
# True True True False
# ['a', 'b', '', 'c'] ['a', 'b', 'c', 'd'] ['a', 'b,c'] [] ['']
# ['k=v', 'w'] ['', '', 'x', '', 'y', ''] ['line1', 'line2']
# a-b-c  x, y, z 0 1 2 3
# True False True False False
# True True True True True
# ***x*** x...|    x| 00042 -00042
# ('a', '-', 'b-c') ('a-b', '-', 'c') ('abc', '', '')
# strip me hi cba
# 2 3 1
# llo hel True True
# True desserts ['a', 'a', 'a', 'b', 'n', 'n']
# tab here a%b False
