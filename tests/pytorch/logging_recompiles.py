# pytorch: test/dynamo/test_logging.py LoggingTests.test_recompiles
# commit: 00277889acf36e96d6cdb4e35a8ec10504086b56
# issue: 10
#
# PyTorch asserts at least one log record with recompiles logging on when the
# second argument changes from a tensor to an int. The record's text comes
# from guards.py (get_and_maybe_log_recompilation_reasons): "Recompiling
# function fn in <file>:<line>" followed by "triggered by the following guard
# failure(s):". The runner checks stderr for both.
# Translation: @make_logging_test(recompiles=True) is
# torch._logging.set_logs(recompiles=True) before the test body.
import torch

torch._logging.set_logs(recompiles=True)


def fn(x, y):
    return torch.add(x, y)


fn_opt = torch.compile(fn, backend="inductor")
fn_opt(torch.ones(1000, 1000), torch.ones(1000, 1000))
fn_opt(torch.ones(1000, 1000), 1)
print("ok")

# stderr contains: Recompiling function fn in tests/pytorch/logging_recompiles.py:17
# stderr contains: triggered by the following guard failure(s):
# expected output:
# ok
