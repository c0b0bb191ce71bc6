# pytorch: torch/_dynamo/decorators.py mark_dynamic (@forbid_in_graph); test/dynamo/test_decorators.py DecoratorTests.test_set_stance_forbid_in_graph (the same check)
# commit: 00abea08947ffb6337f6bc67165f85f97d4cbb3b
# issue: 9
#
# Bad input: mark_dynamic called inside a compiled function. mark_dynamic is
# decorated with @forbid_in_graph, and tracing a forbidden callable is an
# AssertionError "Attempt to trace forbidden callable ..." that reaches the
# caller (test_set_stance_forbid_in_graph asserts the same error for another
# forbidden callable); it is not a graph break.
import torch


@torch.compile(backend="eager")
def fn(x):
    torch._dynamo.mark_dynamic(x, 0)
    return x + 1


try:
    fn(torch.ones(3))
except AssertionError as e:
    assert "Attempt to trace forbidden callable" in str(e), str(e)
    print("AssertionError raised")
else:
    assert False, "no AssertionError"

# expected output:
# AssertionError raised
