# String literals, escapes, quotes and repr of strings in containers.
print('single', "double", '''triple
quoted''', """also "triple" here""")
print("tab\tend", "new\nline", "back\\slash", 'it\'s', "say \"hi\"")
print("a\x41\u00e9", "\101", r"raw\n", len("\n"), len(r"\n"))
print(["it's", 'say "x"', 'both \' and "', "plain"])
print(("a\nb", "tab\t", "\\"), {"k'": "v\""})
print(repr("x"), repr('y"'), repr("z'"), repr("\t"), repr(""))
print(str("q"), "multi" "part" 'concat')
doc = """Line one
  Line two indented
Line three"""
print(doc)
print(doc.split("\n")[1].strip())
print("end", end="")
print()
print("unicode: \u03c0 \u00fc", "\u03c0" == "π")

# expected output:
# single double triple
# quoted also "triple" here
# tab	end new
# line back\slash it's say "hi"
# aAé A raw\n 1 2
# ["it's", 'say "x"', 'both \' and "', 'plain']
# ('a\nb', 'tab\t', '\\') {"k'": 'v"'}
# 'x' 'y"' "z'" '\t' ''
# q multipartconcat
# Line one
#   Line two indented
# Line three
# Line two indented
# end
# unicode: π ü True
