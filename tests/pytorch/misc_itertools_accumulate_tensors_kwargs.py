# pytorch: test/dynamo/_test_misc_part6.py MiscTestsPart6.test_itertools_accumulate_tensors_kwargs
# commit: d2fdd8244d32068f6e539630bf05f1862bedc183
# issue: 9
#
# PyTorch asserts that a compiled fn (fullgraph=True: no graph break)
# returning itertools.accumulate(l, **kwargs) of tensors yields eager's
# tensors, for func=operator.mul, initial=100 and func=operator.sub with
# initial=-1.
# Translation: assertEqual(list(eager), list(compiled)) compares the items
# (torch.equal for tensors, == for the int initial value) and the lengths;
# printed per case.
import itertools
import operator

import torch



def eq(a, b):
    return torch.equal(a, b) if isinstance(a, torch.Tensor) else a == b


for kwargs in [
    {"func": operator.mul},
    {"initial": 100},
    {"func": operator.sub, "initial": -1},
]:

    def fn(a, b, c, d, x):
        l = [a, b, c, d, x]
        for i, t in enumerate(l):
            l[i] = t * x
        return itertools.accumulate(l, **kwargs)

    t_list = [torch.tensor([i + 1]) for i in range(4)]
    x = torch.tensor([[1, 2], [3, 4]])

    compiled_fn = torch.compile(fn, backend="eager", fullgraph=True)
    compiled = list(compiled_fn(*t_list, x))
    eager = list(fn(*t_list, x))
    same = len(eager) == len(compiled) and all(eq(a, b) for a, b in zip(eager, compiled))
    print(sorted(kwargs), "same", same)
    assert same, "list(eager) == list(compiled)"

# expected output:
# ['func'] same True
# ['initial'] same True
# ['func', 'initial'] same True
