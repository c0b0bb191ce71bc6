# pytorch: test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_kwarg
# commit: ea6da3c2144104233dcec191cea8e41868c79a52
# issue: 9
#
# PyTorch asserts frame_count == 1 (the branch taken under the test's own
# patch assume_static_by_default=False): with dynamic=True one graph serves
# the sizes 2..11.
# Translation: @patch("torch._dynamo.config.assume_static_by_default", False)
# becomes torch._dynamo.config.patch(...) as a decorator of the test function;
# self.assertEqual is an assert.
import torch


@torch._dynamo.config.patch(assume_static_by_default=False)
def test_dynamic_kwarg():
    def fn(a, b):
        return a - b * 10

    torch._dynamo.reset()
    cnt_dynamic = torch._dynamo.testing.CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt_dynamic, dynamic=True)(fn)
    start = 2
    end = 12
    steps = end - start
    for i in range(start, end):
        opt_fn(torch.randn(i), torch.randn(i))

    print("frame_count", cnt_dynamic.frame_count)
    if torch._dynamo.config.assume_static_by_default:
        # 2 graph breaks - 1 static, 1 made dynamic via automatic
        assert cnt_dynamic.frame_count == 2, "frame_count"
    else:
        # just one graph
        assert cnt_dynamic.frame_count == 1, "frame_count"


test_dynamic_kwarg()

# expected output:
# frame_count 1
