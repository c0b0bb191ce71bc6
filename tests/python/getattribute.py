# __getattribute__: a user hook sees every lookup; object.__getattribute__
# and super().__getattribute__ are the default lookup; __getattr__ still
# serves the names the hook raises AttributeError for.
class Proxy:
    cls_attr = "class"

    def __init__(self):
        self.data = {"a": 1}
        self.seen = []

    def __getattribute__(self, name):
        if name not in ("seen", "data"):
            object.__getattribute__(self, "seen").append(name)
        d = super().__getattribute__("data")
        if name in d:
            return d[name]
        if name == "boom":
            raise AttributeError("no boom here")
        return super().__getattribute__(name)

    def __getattr__(self, name):
        return "fallback " + name

    def method(self):
        return "method"


p = Proxy()
print(p.a, p.cls_attr, p.method(), p.boom, p.missing)
print(p.seen)
print(getattr(p, "a"), hasattr(p, "zzz"), getattr(p, "boom", 7))


class Plain:
    def __getattribute__(self, name):
        if name == "x":
            return 42
        return object.__getattribute__(self, name)


q = Plain()
q.y = 3
print(q.x, q.y)
try:
    q.z
except AttributeError as e:
    print("AttributeError", e)
try:
    object.__getattribute__(q, 5)
except TypeError as e:
    print("TypeError", e)


class Child(Plain):
    pass


print(Child().x)

# expected output:
# 1 class method fallback boom fallback missing
# ['a', 'cls_attr', 'method', 'boom', 'missing']
# 1 True fallback boom
# 42 3
# AttributeError 'Plain' object has no attribute 'z'
# TypeError attribute name must be string, not 'int'
# 42
