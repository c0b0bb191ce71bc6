# pytorch: test/dynamo/test_backends.py TestOptimizations.test_list_backends
# commit: 00f9d1153eedee35f98f72136f14a32cf3d33e6e
# issue: 10
#
# PyTorch asserts that "inductor" is listed by torch._dynamo.list_backends()
# (with and without exclude_tags=None) and that "eager", a backend tagged
# "debug", is listed only with exclude_tags=[].
# Translation: asserts for self.assertIn/assertNotIn.
import torch

assert "inductor" in torch._dynamo.list_backends(), "inductor listed"
assert "inductor" in torch._dynamo.list_backends(exclude_tags=None), "inductor listed, exclude_tags=None"
assert "eager" not in torch._dynamo.list_backends(), "eager not listed by default"
assert "eager" not in torch._dynamo.list_backends(exclude_tags=["debug"]), "eager is a debug backend"
assert "eager" in torch._dynamo.list_backends(exclude_tags=[]), "eager listed with exclude_tags=[]"
print("ok")

# expected output:
# ok
