# pytorch: test/dynamo/test_recompiles.py RecompileTests.test_simple_module_recompile
# commit: 05b5b75519eecc6667b4a3a61ea36788929e39c7
# issue: 9
#
# PyTorch asserts frame_count == 2: a module with Dropout called alternately
# in eval and train mode compiles once per mode (the `training` flag is
# guarded), however many times it alternates.
# Translation: the assert is an assert; the count is also printed.
import torch


class SimpleDropout(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.dropout = torch.nn.Dropout(0.5)
        self.linear = torch.nn.Linear(10, 1)

    def forward(self, x):
        return self.dropout(self.linear(x))


model = SimpleDropout()
x = torch.randn(10)
counter = torch._dynamo.testing.CompileCounter()
model = torch.compile(model, backend=counter, fullgraph=True)
for _ in range(20):
    model.eval()
    model(x)
    model.train()
    model(x)
print("frame_count", counter.frame_count)
assert counter.frame_count == 2, "frame_count"

# expected output:
# frame_count 2
