# pytorch: torch/_dynamo/decorators.py mark_dynamic (source, no test)
# commit: 00abea08947ffb6337f6bc67165f85f97d4cbb3b
# issue: 9
#
# Bad input: a dimension that is neither an int nor a list/tuple of ints.
# mark_dynamic checks `isinstance(index, int)`, then
# `assert isinstance(index, (list, tuple))`: an AssertionError with an empty
# message, raised by the mark_dynamic call itself.
import torch

x = torch.ones(3)
try:
    torch._dynamo.mark_dynamic(x, "0")
except AssertionError as e:
    print("AssertionError", repr(str(e)))
else:
    assert False, "no AssertionError"

# expected output:
# AssertionError ''
