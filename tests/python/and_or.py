# and/or return one of their operands; short-circuiting; not.
print(0 or 5, 3 or 5, 0 and 5, 3 and 5, "" or "dflt", "x" or "dflt")
print(None or [], [] or None, [] and 1, [0] and 1, 0.0 or -0.0, None and 1)
print(1 and 2 and 3, 1 and 0 and 3, 0 or "" or None, 0 or "" or [1])
print(not 0, not 1, not "", not "a", not [], not None, not not 5)
print(1 or 2 and 0, (1 or 2) and 0, not 1 or 2, not (1 or 2))
log = []
def t(v):
    log.append(v)
    return v
r = t(0) and t(1)
print(r, log)
log.clear()
r = t(1) or t(2)
print(r, log)
log.clear()
r = t(0) or t("") or t(7) or t(8)
print(r, log)
log.clear()
r = t(1) and t([]) and t(3)
print(r, log)
name = None
label = name or "anonymous"
count = 0
msg = count and f"{count} items"
print(label, msg)
d = {}
print(d and d["k"], "k" in d and d["k"])
x = 4
print(x > 2 and x < 10, x > 2 and "big", x < 2 or "small?")

# expected output:
# 5 3 0 5 dflt x
# [] None [] 1 -0.0 None
# 3 0 None [1]
# True False True False True True True
# 1 0 2 False
# 0 [0]
# 1 [1]
# 7 [0, '', 7]
# [] [1, []]
# anonymous 0
# {} False
# True big small?
