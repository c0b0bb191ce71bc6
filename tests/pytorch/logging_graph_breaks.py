# pytorch: test/dynamo/test_logging.py LoggingTests.test_graph_breaks
# commit: 00277889acf36e96d6cdb4e35a8ec10504086b56
# issue: 10
#
# PyTorch asserts exactly one log record with graph_breaks logging on and
# one explicit graph break; the record starts "Graph break in user code at"
# (symbolic_convert.py log_graph_break). The runner checks stderr for it.
# Translation: @make_logging_test(graph_breaks=True) is
# torch._logging.set_logs(graph_breaks=True) before the test body; counting
# the captured records is the runner's "stderr contains once" check.
import torch

torch._logging.set_logs(graph_breaks=True)


@torch.compile(backend="inductor")
def fn(x):
    torch._dynamo.graph_break()
    return x + 1


fn(torch.ones(1))
print("ok")

# stderr contains once: Graph break in user code at
# expected output:
# ok
