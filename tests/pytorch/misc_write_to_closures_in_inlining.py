# pytorch: test/dynamo/_test_misc_part3.py MiscTestsPart3.test_write_to_closures_in_inlining
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that a compiled (fullgraph) fn calling a closure counter
# twice gives eager's result (same seed), frame_count 1 and op_count 3, and
# that the closure's cell was updated (the next two calls differ).
# Translation: the test's loop over use_dynamo is kept;
# assertTrue/assertFalse(same(...)) are asserts; the counts are also
# printed.
import torch
from torch._dynamo.testing import CompileCounter, same


def test_write_to_closures_in_inlining():
    out = []
    for use_dynamo in [False, True]:

        def make_counter():
            x = torch.randn(10)

            def counter():
                nonlocal x
                x = x + 1
                return x

            return counter

        torch.manual_seed(0)
        counter = make_counter()
        if not use_dynamo:
            out.append(counter() + counter())
        else:
            cnts = torch._dynamo.testing.CompileCounter()

            @torch.compile(backend=cnts, fullgraph=True)
            def fn(counter):
                return counter() + counter()

            out.append(fn(counter))
            print("frame_count", cnts.frame_count, "op_count", cnts.op_count)
            assert cnts.frame_count == 1, "frame_count"
            assert cnts.op_count == 3, "op_count"
            assert not same(counter() + counter(), out[-1]), "cell updated"

    assert same(out[0], out[1]), "compiled == eager"


test_write_to_closures_in_inlining()

# expected output:
# frame_count 1 op_count 3
