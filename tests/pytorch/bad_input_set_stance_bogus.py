# pytorch: torch/_dynamo/eval_frame.py DynamoStance, _callback_from_stance (source, no test)
# commit: 0066f3405f290ab6ef379abea6945058f8eb7ce5
# issue: 10
#
# Bad input: an unknown stance. set_stance("bogus") itself does not raise (it
# stores DynamoStance(stance="bogus")); the next call of a compiled function
# raises RuntimeError "invalid torch.compile stance '<the DynamoStance>'" from
# _callback_from_stance.
import torch


@torch.compile(backend="eager")
def f(x):
    return x + 1


torch.compiler.set_stance("bogus")
print("set_stance returned")
try:
    f(torch.ones(3))
except RuntimeError as e:
    print(e)
else:
    assert False, "no RuntimeError"

# expected output:
# set_stance returned
# invalid torch.compile stance 'DynamoStance(stance='bogus', skip_guard_eval_unsafe=False, backend=None)'
