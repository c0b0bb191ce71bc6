# pytorch: test/dynamo/test_exc.py ExcTests.test_graph_break_log
# commit: 01f9ef32eae5ef513002dd44902c23cbe6be3aae
# issue: 10
#
# PyTorch asserts the graph-break log record below (graph_breaks logging on,
# a break in fn002 inlined from fn001): "Graph break in user code at
# <file>:<line>", "Graph Break Reason:" with the structured message (gb0025),
# and "User code traceback:" with the frames down to the break. The runner
# checks those lines in stderr (here with this file's name and real line
# numbers, which munge_exc would have replaced by N).
# Translation: @make_logging_test(graph_breaks=True) is
# torch._logging.set_logs(graph_breaks=True); self.getRecord + the expected
# inline text are the runner's stderr checks.
import torch

torch._logging.set_logs(graph_breaks=True)


def fn002(x):
    x = x + 1
    torch._dynamo.graph_break()
    x = x + 1
    return x


def fn001(x):
    return fn002(x)


torch.compile(fn001, backend="eager")(torch.randn(1))
print("ok")

# stderr contains: Graph break in user code at tests/pytorch/exc_graph_break_log.py:21
# stderr contains: Graph Break Reason: Call to `torch._dynamo.graph_break()`
# stderr contains:   Explanation: User-inserted graph break. Message: None
# stderr contains:   Hint: Remove the `torch._dynamo.graph_break()` call.
# stderr contains:   Developer debug context: Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`
# stderr contains:  For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0025.html
# stderr contains: User code traceback:
# stderr contains:   File "tests/pytorch/exc_graph_break_log.py", line 30, in <module>
# stderr contains:     torch.compile(fn001, backend="eager")(torch.randn(1))
# stderr contains:   File "tests/pytorch/exc_graph_break_log.py", line 27, in fn001
# stderr contains:     return fn002(x)
# stderr contains:   File "tests/pytorch/exc_graph_break_log.py", line 21, in fn002
# stderr contains:     torch._dynamo.graph_break()
# expected output:
# ok
