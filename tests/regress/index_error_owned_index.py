# Advanced indexing errors whose index tensor was built from a list (issue
# 14: the message read the freed index). Messages: PyTorch's index kernel
# ("index ... is out of bounds for dimension ... with size ...") and
# invalid_mask (ATen/native/IndexingUtils.h).
import torch

def attempt(label, fn):
    try:
        print(label, "ok", fn())
    except IndexError as e:
        print(label, "IndexError:", e)

x = torch.arange(6).reshape(2, 3)
attempt("x[[5]]", lambda: x[[5]])
attempt("x[[0, -3]]", lambda: x[[0, -3]])
attempt("x[[1, 0]]", lambda: x[[1, 0]])
attempt("x[[True, False, True]]", lambda: x[[True, False, True]])
attempt("x[tensor mask]", lambda: x[torch.tensor([True, False, True])])
attempt("x[[True, False]]", lambda: x[[True, False]])

# expected output:
# x[[5]] IndexError: index 5 is out of bounds for dimension 0 with size 2
# x[[0, -3]] IndexError: index -3 is out of bounds for dimension 0 with size 2
# x[[1, 0]] ok tensor([[3, 4, 5],
#         [0, 1, 2]])
# x[[True, False, True]] IndexError: The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0
# x[tensor mask] IndexError: The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0
# x[[True, False]] ok tensor([[0, 1, 2]])
