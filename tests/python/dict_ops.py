# Dicts: insertion order, methods, iteration, nested.
d = {"b": 2, "a": 1}
d["c"] = 3
d["b"] = 20
print(d, len(d), "a" in d, "z" in d, 2 in d)
print(d["a"], d.get("z"), d.get("z", 0), d.get("c", 0))
print(list(d.keys()), list(d.values()), list(d.items()))
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(k, "->", v)
print(d.pop("b"), d, d.pop("zz", "dflt"))
print(d.setdefault("a", 100), d.setdefault("n", []), d)
d["n"].append(1)
d.update({"a": -1, "q": 9})
d.update(r=7)
print(d)
del d["q"]
print(d, d.popitem(), d)
counts = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
inv = {v: k for k, v in {"x": 1, "y": 2}.items()}
print(inv, dict(zip("abc", range(3))), dict(a=1), {})
nested = {"outer": {"inner": [1, 2, {"deep": True}]}}
print(nested["outer"]["inner"][2]["deep"], nested)
e = dict(d)
e["new"] = 1
print(len(d), len(e), d == e, {1: 2} == {1: 2}, {1: "a", 2: "b"} == {2: "b", 1: "a"})
keys = {1: "int", 1.5: "float", "1": "str", (1,): "tuple", True: "bool", None: "none"}
print(keys)
print({**{"a": 1}, "b": 2})

# expected output:
# {'b': 20, 'a': 1, 'c': 3} 3 True False False
# 1 None 0 3
# ['b', 'a', 'c'] [20, 1, 3] [('b', 20), ('a', 1), ('c', 3)]
# b 20
# a 1
# c 3
# b -> 20
# a -> 1
# c -> 3
# 20 {'a': 1, 'c': 3} dflt
# 1 [] {'a': 1, 'c': 3, 'n': []}
# {'a': -1, 'c': 3, 'n': [1], 'q': 9, 'r': 7}
# {'a': -1, 'c': 3, 'n': [1]} ('r', 7) {'a': -1, 'c': 3, 'n': [1]}
# {'the': 3, 'cat': 1, 'and': 2, 'hat': 1, 'bat': 1}
# [('the', 3), ('and', 2), ('bat', 1), ('cat', 1), ('hat', 1)]
# {1: 'x', 2: 'y'} {'a': 0, 'b': 1, 'c': 2} {'a': 1} {}
# True {'outer': {'inner': [1, 2, {'deep': True}]}}
# 3 4 False True True
# {1: 'bool', 1.5: 'float', '1': 'str', (1,): 'tuple', None: 'none'}
# {'a': 1, 'b': 2}
