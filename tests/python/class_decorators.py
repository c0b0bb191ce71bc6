# @staticmethod, @classmethod, @property and class-level state.
class WithStatic:
    scale = 3
    @staticmethod
    def twice(v):
        return v * 2
    @classmethod
    def tripled(cls, v):
        return v * cls.scale
print(WithStatic.twice(4), WithStatic().twice(5), WithStatic.tripled(2))
class Account:
    def __init__(self, balance):
        self._balance = balance
    @property
    def balance(self):
        return self._balance
acct = Account(50)
print(acct.balance)
class Celsius:
    def __init__(self, deg):
        self._deg = deg
    @property
    def fahrenheit(self):
        return self._deg * 9 / 5 + 32
    @fahrenheit.setter
    def fahrenheit(self, f):
        self._deg = (f - 32) * 5 / 9
c = Celsius(100)
print(c.fahrenheit)
c.fahrenheit = 32
print(c._deg, c.fahrenheit)
class Registry:
    items = []
    @classmethod
    def add(cls, v):
        cls.items.append(v)
        return len(cls.items)
print(Registry.add("a"), Registry.add("b"), Registry.items)

# expected output:
# 8 10 6
# 50
# 212.0
# 0.0 32.0
# 1 2 ['a', 'b']
