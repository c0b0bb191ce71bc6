# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_dunder_new_function_inlining2
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts compiled (fullgraph) == eager for a three-level class
# hierarchy whose __new__ and __init__ use two-argument super().
# Translation: self.assertEqual on tensors is torch._dynamo.testing.same;
# assertTrue(same(...)) is assert same(...).
import torch
from torch._dynamo.testing import CompileCounter, same


class Vehicle:
    def __new__(cls, *args, **kwargs):
        return super(Vehicle, cls).__new__(cls)

    def __init__(self, make, model, year):
        self.make = make
        self.model = model
        self.year = year


class Car(Vehicle):
    def __new__(cls, *args, **kwargs):
        return super(Car, cls).__new__(cls)

    def __init__(self, make, model, year, num_doors):
        super(Car, self).__init__(make, model, year)
        self.num_doors = num_doors


class ElectricCar(Car):
    def __new__(cls, *args, **kwargs):
        return super(ElectricCar, cls).__new__(cls)

    def __init__(self, make, model, year, num_doors, battery_capacity):
        super(ElectricCar, self).__init__(make, model, year, num_doors)
        self.battery_capacity = battery_capacity

    def run(self, x):
        return torch.sin(x)


def fn(x):
    ev = ElectricCar("Tesla", "Model S", 2022, 4, "100 kWh")
    return ev.run(x)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)

x = torch.randn(4)

assert same(fn(x), opt_fn(x)), "compiled == eager"
print("ok")

# expected output:
# ok
