"""A script's module names: __name__, __file__ and __doc__ as CPython sets them."""
# `if __name__ == "__main__":` is how most scripts start their work; the
# module's docstring is __doc__; __file__ is the script's path (the CLI
# gives it as CPython 3.9+ does: the working directory joined to the path
# as typed; the conformance runner passes the path from the repository
# root). A compiled function reads them as constants (Dynamo guards a
# global it reads).
import torch


def scale(x):
    if __name__ == "__main__":  # traced, not traced
        return x * 2  # traced
    return x


print(__name__)
print(__doc__.split(":")[0])
print(__file__.endswith("module_dunders.py"), type(__file__).__name__)
if __name__ == "__main__":
    print(torch.compile(scale)(torch.ones(2)))
    __name__ = "renamed"  # a module global like any other
    print(scale(torch.ones(2)))

# expected output:
# __main__
# A script's module names
# True str
# tensor([2., 2.])
# tensor([1., 1.])
