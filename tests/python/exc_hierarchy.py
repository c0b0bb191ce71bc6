# User exception classes match only themselves and their subclasses (the
# builtin hierarchy is walked for builtin classes only).
class AppError(Exception):
    pass
class ConfigError(AppError):
    pass
class Other(Exception):
    pass
class MyValue(ValueError):
    pass
def classify(exc):
    try:
        raise exc
    except ConfigError:
        return "ConfigError"
    except AppError:
        return "AppError"
    except Other:
        return "Other"
    except ValueError:
        return "ValueError"
    except Exception:
        return "Exception"
for exc in (AppError("a"), ConfigError("c"), Other("o"), ValueError("v"), MyValue("m"), KeyError("k"), ZeroDivisionError("z")):
    print(type(exc).__name__, "->", classify(exc))
print(isinstance(AppError(), ConfigError), isinstance(ConfigError(), AppError), isinstance(ValueError(), AppError))
print(isinstance(AppError(), Exception), isinstance(AppError(), BaseException), isinstance(MyValue(), ValueError), isinstance(MyValue(), ArithmeticError))
print(issubclass(ConfigError, AppError), issubclass(AppError, ConfigError), issubclass(MyValue, Exception), issubclass(KeyError, LookupError), issubclass(Other, AppError))
try:
    try:
        raise Other("inner")
    except (AppError, ValueError):
        print("wrong")
except Other as e:
    print("outer caught", e)
try:
    {}["missing"]
except (AppError, LookupError) as e:
    print("lookup", repr(e))

# expected output:
# AppError -> AppError
# ConfigError -> ConfigError
# Other -> Other
# ValueError -> ValueError
# MyValue -> ValueError
# KeyError -> Exception
# ZeroDivisionError -> Exception
# False True False
# True True True False
# True False True True False
# outer caught inner
# lookup KeyError('missing')
