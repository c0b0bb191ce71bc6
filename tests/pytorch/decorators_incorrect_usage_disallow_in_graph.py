# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_incorrect_usage_disallow_in_graph
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts a RuntimeError matching "disallow_in_graph is expected" when
# disallow_in_graph decorates a plain user function (decorators.py:
# "disallow_in_graph is expected to be used on an already allowed callable
# (like torch.* ops). ...").
# Translation: self.assertRaisesRegex is try/except with an `in` check.
import torch

try:

    @torch._dynamo.disallow_in_graph
    def fn1(x):
        return x.cos()

except RuntimeError as e:
    assert "disallow_in_graph is expected" in str(e), str(e)
    print("RuntimeError raised")
else:
    assert False, "no RuntimeError"

# expected output:
# RuntimeError raised
