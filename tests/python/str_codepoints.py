# Strings index by code point: len, indexing, slicing (negative steps too),
# iteration, find/index positions, padding widths, case mappings.
s = "héllo wörld π😀"
print(len(s), s[1], s[-1], s[-2], s[::-1], s[:2], s[1:4], s[::2], s[-3:], s[10:], s[::-3])
print(list(s)[:4], [c for c in "aé😀"], s.find("π"), s.index("w"), s.rfind("l"), s.rindex("ö"), s.count("l"), s.find("l", 3), s.find("ö", -8, -4), "π" in s)
print(f"[{s:>20}]", f"[{'é':^5}]", f"[{'π':*<4}]", "[%6s]" % "é", "[{:>4}]".format("ñ"), "é".center(5, "*"), "é".ljust(3, "ü") + "|", "é".rjust(3) + "|", "é".zfill(3), f"{'abcé':.3}", "%.2s" % "éàü", f"{'é':é^5}")
for ch in "aé😀":
    print(ch, ord(ch), len(ch), ch * 2, repr(ch))
print(s.upper(), s.title(), s.capitalize(), s.swapcase(), "ÉCOLE".lower(), "straße".upper(), "ß".casefold(), "ΑΒΓ".lower(), "ябл".upper())
print("éa".isalpha(), "é1".isalnum(), "É".isupper(), "é".islower(), "Éa".istitle(), "  ".isspace(), "\u00a0".isspace())
print("aéb".split("é"), "x|é|y".rsplit("|", 1), "é-é".partition("-"), "ééé".replace("é", "e", 2), "aé".startswith("é", 1), "aé".endswith("aé"), "éa".strip("é"), "ééxé".lstrip("é"), "xéé".rstrip("é"), "é".join(["a", "b"]), "".join(reversed("aé😀")))
t = "日本語テキスト"
print(len(t), t[2], t[1:3], t[::-1], t.find("テ"), t.center(11, "-"), sorted(t)[:2], max(t), t.startswith("本", 1))
print("é" < "f", "é" > "z", sorted(["é", "e", "z", "a"]), "é" * 3, "é" + "ü", "aé".encode if False else "", repr("é\x00\u200b\ttab"), ascii("é😀"))
print(s[100:], s[-100:3], s[3:-100], s[-1:-100:-4], s[5:2:-1])
print("a\u0301".__len__() if False else len("a\u0301"), "x\u0301y"[1] == "\u0301")

# expected output:
# 14 é 😀 π 😀π dlröw olléh hé éll hlowrdπ  π😀 d π😀 😀döoé
# ['h', 'é', 'l', 'l'] ['a', 'é', '😀'] 12 6 9 7 3 3 7 True
# [      héllo wörld π😀] [  é  ] [π***] [     é] [   ñ] **é** éüü|   é| 00é abc éà ééééé
# a 97 1 aa 'a'
# é 233 1 éé 'é'
# 😀 128512 1 😀😀 '😀'
# HÉLLO WÖRLD Π😀 Héllo Wörld Π😀 Héllo wörld π😀 HÉLLO WÖRLD Π😀 école STRASSE ss αβγ ЯБЛ
# True True True True True True True
# ['a', 'b'] ['x|é', 'y'] ('é', '-', 'é') eeé True True a xé x aéb 😀éa
# 7 語 本語 トスキテ語本日 3 --日本語テキスト-- ['キ', 'ス'] 語 True
# False True ['a', 'e', 'z', 'é'] ééé éü  'é\x00\u200b\ttab' '\xe9\U0001f600'
#  hél  😀l é  ol
# 2 True
