# pytorch: test/dynamo/test_recompile_ux.py RecompileUxTests.test_dynamic_input
# commit: 042f534521748b3a13167342290db110f8a2400b
# issue: 9
#
# PyTorch asserts frame_count == 2 (recompile_limit 2, automatic dynamic
# shapes off, ten random batch sizes) and exactly one warning whose message
# starts with "torch._dynamo hit config.recompile_limit"; the runner checks
# stderr for it.
# Translation: the class-level and method-level config patches become
# torch._dynamo.config.patch(...) (decorator and context manager);
# self.assertLogs becomes the runner's stderr check; asserts for assertEqual.
import torch


def model(input):
    return input + input


@torch._dynamo.config.patch("automatic_dynamic_shapes", False)
def test_dynamic_input():
    expected_recompiles = 2
    compile_counter = torch._dynamo.testing.CompileCounter()
    with torch._dynamo.config.patch("recompile_limit", expected_recompiles):
        for _ in range(10):
            bsz = torch.randint(low=0, high=1000, size=())
            x = torch.randn((bsz, 3, 4))
            opt_model = torch.compile(model, backend=compile_counter)
            opt_model(x)

    print("frame_count", compile_counter.frame_count)
    assert compile_counter.frame_count == expected_recompiles, "frame_count"


with torch._dynamo.config.patch("recompile_limit", 1):
    test_dynamic_input()

# stderr contains once: torch._dynamo hit config.recompile_limit
# expected output:
# frame_count 2
