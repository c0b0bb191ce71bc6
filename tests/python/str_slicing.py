# String indexing and slicing, concatenation, repetition, comparisons.
s = "abcdefghij"
print(s[0], s[-1], s[3], s[-4], len(s))
print(s[2:5], s[:3], s[7:], s[-3:], s[:-3], s[:], s[5:2], s[100:], s[-100:2])
print(s[::2], s[1::2], s[::-1], s[::-3], s[8:2:-2], s[-2:-8:-1], s[2:8:3])
print(s[3:3] == "", s[0:len(s)] == s, s[-1:-11:-1])
print("ab" + "cd", "ab" * 3, 3 * "x", "-" * 0, "q" * -2 == "")
print("apple" < "banana", "Zebra" < "apple", "abc" < "abd", "ab" < "abc", "b" > "abc")
print("a" == "a", "a" != "b", "abc" == "ab" + "c", max("hello"), min("hello"))
words = ["pear", "Apple", "fig", "banana"]
print(sorted(words), max(words), min(words, key=len), sorted(words, key=str.lower))
total = ""
for ch in "hello":
    total = ch + total
print(total)
for i, ch in enumerate("xyz"):
    print(i, ch, s[i:i + 2])
n = "12345"
print(n[::-1], int(n[1:4]) + 1, n[-2:] * 2)
print(len(""), len("a\nb"), len("\\"), len("é"))

# expected output:
# a j d g 10
# cde abc hij hij abcdefg abcdefghij   ab
# acegi bdfhj jihgfedcba jgda ige ihgfed cf
# True True jihgfedcba
# abcd ababab xxx  True
# True True True True True
# True True True o e
# ['Apple', 'banana', 'fig', 'pear'] pear fig ['Apple', 'banana', 'fig', 'pear']
# olleh
# 0 x ab
# 1 y bc
# 2 z cd
# 54321 235 4545
# 0 3 1 1
