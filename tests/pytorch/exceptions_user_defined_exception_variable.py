# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_user_defined_exception_variable
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts (with fullgraph=True) that a raised user exception class
# skips the except clause that does not match and is caught by its own:
# the assert z == 2 in the compiled function holds.
import torch


class CustomException(Exception):
    ...


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    z = 0
    try:
        raise CustomException
    except ValueError:
        z = 1
    except CustomException:
        z = 2
    assert z == 2
    return t.sin()


t = torch.randn(2)
fn(t)
print("ok")

# expected output:
# ok
