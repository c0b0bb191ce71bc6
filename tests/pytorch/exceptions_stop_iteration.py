# pytorch: test/dynamo/test_exceptions.py ExceptionTests.test_stop_iteration
# commit: 01c5cd8d5a50a06cf0bba6bf423525704fc92302
# issue: 10
#
# PyTorch asserts that a zip_longest written with next() and
# except StopIteration in a while True loop is traced with fullgraph=True
# and returns the eager tuple.
# Translation: self.assertEqual on tuples is ==.
import torch


def zip_longest(*iterables, fillvalue=None):
    # Get the iterators for each iterable
    iterators = [iter(it) for it in iterables]

    result = []
    while True:
        for it in iterators:
            try:
                value = next(it)
            except StopIteration:
                result.append(fillvalue)
                return result
            result.append(value)


def fn(x, y):
    torch.cos(torch.randn(4))
    return tuple(zip_longest(x, y))


x = [1, 2, 3, 4]
y = [10, 11, 12]

opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
ref = fn(x, y)
res = opt_fn(x, y)
assert ref == res, "ref == res"
print("ok")

# expected output:
# ok
