# pytorch: test/dynamo/test_skip_non_tensor.py SkipNonTensorTests.test_condition_dependent_empty_graph_skip_does_not_poison_code
# commit: 021af1dcfbe4b21c9bc7636a89b48e3fb54df187
# issue: 9
#
# PyTorch asserts: opt_fn(x, False) returns x with frame_count 0 (no ops, no
# graph); opt_fn(x, True) then compiles (frame_count 1, is_compiling() is
# True so x + 1); opt_fn(x, False) again still runs without a new graph
# (frame_count 1): skipping the op-less variant does not skip the function
# for other values of the bool argument.
# Translation: the assertions on _debug_get_cache_entry_list (cache entry
# internals) are left out; self.assertEqual on tensors compares with
# torch._dynamo.testing.same; counts with asserts (also printed).
import torch
from torch._dynamo.testing import CompileCounter


def fn(x, flag):
    if flag:
        if torch.compiler.is_compiling():
            return x + 1
        return x - 1
    return x


same = torch._dynamo.testing.same
counter = CompileCounter()
opt_fn = torch.compile(fn, backend=counter, dynamic=False)
x = torch.ones(3)

assert same(opt_fn(x, False), x), "opt_fn(x, False)"
print("frame_count", counter.frame_count)
assert counter.frame_count == 0, "frame_count after (x, False)"

assert same(opt_fn(x, True), x + 1), "opt_fn(x, True)"
print("frame_count", counter.frame_count)
assert counter.frame_count == 1, "frame_count after (x, True)"

assert same(opt_fn(x, False), x), "opt_fn(x, False) again"
print("frame_count", counter.frame_count)
assert counter.frame_count == 1, "frame_count after (x, False) again"

# expected output:
# frame_count 0
# frame_count 1
# frame_count 1
