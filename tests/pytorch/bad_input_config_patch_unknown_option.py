# pytorch: torch/utils/_config_module.py ConfigModule (source, no test)
# commit: 00dc61f7f849d7c3bca94f693236edc654703089
# issue: 10
#
# Bad input: an option that does not exist. config.patch(no_such_option=1)
# resolves each key (_resolve_patch_changes) and raises AttributeError
# "torch._dynamo.config.no_such_option does not exist"; assigning
# torch._dynamo.config.no_such_option = 1 raises the same from
# ConfigModule.__setattr__.
import torch

try:
    with torch._dynamo.config.patch(no_such_option=1):
        pass
except AttributeError as e:
    print(e)
else:
    assert False, "no AttributeError from config.patch"

try:
    torch._dynamo.config.no_such_option = 1
except AttributeError as e:
    print(e)
else:
    assert False, "no AttributeError from assignment"

# expected output:
# torch._dynamo.config.no_such_option does not exist
# torch._dynamo.config.no_such_option does not exist
