# pytorch: test/dynamo/test_decorators.py DecoratorTests.test_fail_on_recompile_shows_guard_details
# commit: 0099a913b519885ee1f62145749d72ffffaebe0f
# issue: 10
#
# PyTorch asserts the RuntimeError text below (after munging the line number
# to N and the file name to its base name): the message names the file,
# function and line, then lists every cache entry's guard failure as
# "- 0/0: tensor 'x' size mismatch at index 0. expected 4, actual 7".
# Translation: assertExpectedInlineMunged compares str(e) after munge_exc;
# here the program's file name is tests/pytorch/<this file>, so the expected
# text has that name, and `line number: N` is substituted the way the test's
# post_munge does (with str methods; the dialect has no `re`).
import torch


@torch.compile(backend="eager", dynamic=False)
def f(x):
    return x + 1


f(torch.ones(4))
f(torch.ones(5))


def post_munge(s):
    # re.sub(r"line number: \d+", "line number: N", s)
    head, sep, tail = s.partition("line number: ")
    if not sep:
        return s
    i = 0
    while i < len(tail) and tail[i] in "0123456789":
        i += 1
    return head + sep + "N" + tail[i:]


with torch.compiler.set_stance("fail_on_recompile"):
    f(torch.ones(4))
    try:
        f(torch.ones(7))
    except RuntimeError as e:
        print(post_munge(str(e)))
    else:
        assert False, "no RuntimeError"

# expected output:
# Detected recompile when torch.compile stance is 'fail_on_recompile'. filename: 'tests/pytorch/decorators_fail_on_recompile_shows_guard_details.py', function name: 'f', line number: N
#     triggered by the following guard failure(s):
#     - 0/0: tensor 'x' size mismatch at index 0. expected 4, actual 7
#     - 0/1: tensor 'x' size mismatch at index 0. expected 5, actual 7
