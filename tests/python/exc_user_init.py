# User exception classes with __init__: super().__init__(msg), attributes,
# str(), args and repr as in CPython; methods on exception classes.
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, reason="invalid"):
        super().__init__(f"config key {key!r}: {reason}")
        self.key = key
        self.reason = reason
    def describe(self):
        return "ConfigError(" + self.key + ")"
e = ConfigError("k")
print(e, repr(e), e.args, e.key, e.reason, e.describe())
try:
    raise ConfigError("_private", "hidden")
except AppError as err:
    print(type(err).__name__, err, err.key, isinstance(err, ConfigError))
class NoSuper(Exception):
    def __init__(self, n):
        self.n = n
x = NoSuper(5)
print(x.n, x.args, str(x), repr(x))
class Several(Exception):
    pass
y = Several("a", 2)
print(y, repr(y), y.args, str(Several()), repr(Several()))
class ViaClass(Exception):
    def __init__(self, v):
        Exception.__init__(self, "value", v)
        self.v = v
z = ViaClass(3)
print(z, z.args, z.v)
class WithStr(ValueError):
    def __str__(self):
        return "custom " + str(self.args[0])
try:
    raise WithStr(7)
except ValueError as err:
    print(err, repr(err), err.args)
err2 = AppError("m")
err2.extra = [1, 2]
err2.args = ("changed",)
print(err2.extra, err2, err2.args, hasattr(err2, "extra"), getattr(err2, "nope", "dflt"))
class Chain(Exception):
    def __init__(self, msg):
        super().__init__(msg)
        self.kind = "chain"
class Leaf(Chain):
    def __init__(self, msg):
        super().__init__("leaf: " + msg)
        self.kind = "leaf"
try:
    raise Leaf("x")
except Chain as err:
    print(err, err.kind, err.args, type(err).__name__)
raise ConfigError("final", "uncaught")

# expected output:
# config key 'k': invalid ConfigError("config key 'k': invalid") ("config key 'k': invalid",) k invalid ConfigError(k)
# ConfigError config key '_private': hidden _private True
# 5 (5,) 5 NoSuper(5)
# ('a', 2) Several('a', 2) ('a', 2)  Several()
# ('value', 3) ('value', 3) 3
# custom 7 WithStr(7) (7,)
# [1, 2] changed ('changed',) True dflt
# leaf: x leaf ('leaf: x',) Leaf
# expected error: ConfigError: config key 'final': uncaught
# expected error line: 56
