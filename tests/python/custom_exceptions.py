# User-defined exception classes.
class AppError(Exception):
    pass
class ConfigError(AppError):
    def __init__(self, key, reason="invalid"):
        super().__init__(f"config key {key!r}: {reason}")
        self.key = key
class RetryError(AppError):
    def __init__(self, attempts):
        self.attempts = attempts
        super().__init__("gave up after", attempts)
def load(key):
    if key == "":
        raise ConfigError(key, "empty")
    if key.startswith("_"):
        raise ConfigError(key)
    if key == "retry":
        raise RetryError(3)
    if key == "plain":
        raise AppError("plain app error")
    return key.upper()
for k in ["ok", "", "_private", "retry", "plain"]:
    try:
        print("loaded", load(k))
    except ConfigError as e:
        print("ConfigError", e, repr(e.key))
    except AppError as e:
        print("AppError", e, e.args, isinstance(e, RetryError))
e = ConfigError("k")
print(isinstance(e, ConfigError), isinstance(e, AppError), isinstance(e, Exception), isinstance(e, ValueError))
print(str(e), repr(AppError("x")), repr(AppError()), str(AppError()), AppError("a", 1).args)
class Stop(Exception):
    def __str__(self):
        return "custom str"
try:
    raise Stop()
except Stop as s:
    print(s)
class ValidationError(ValueError):
    pass
try:
    raise ValidationError("not positive")
except ValueError as v:
    print("caught as ValueError:", v)
def check(n):
    if n < 0:
        raise ValidationError(f"{n} < 0")
    return n
results = []
for n in [1, -2, 3]:
    try:
        results.append(check(n))
    except ValidationError as err:
        results.append(str(err))
print(results)

# expected output:
# loaded OK
# ConfigError config key '': empty ''
# ConfigError config key '_private': invalid '_private'
# AppError ('gave up after', 3) ('gave up after', 3) True
# AppError plain app error ('plain app error',) False
# True True True False
# config key 'k': invalid AppError('x') AppError()  ('a', 1)
# custom str
# caught as ValueError: not positive
# [1, '-2 < 0', 3]
