# Every backward formula checked against central finite differences in
# float64: for f and inputs xs, the gradient backward() gives of
# (f(*xs) * w).sum() (w random) must match (L(x + h e_i) - L(x - h e_i)) / 2h
# for every element i of every input, within 1e-6. A wrong formula (a
# wrong sign, a missed broadcast sum, a swapped operand) cannot pass.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
D = torch.float64


def check(name, f, *shapes, pos=False):
    xs = []
    for s in shapes:
        x = torch.randn(*s, dtype=D)
        if pos:
            x = x.abs() + 0.5
        xs.append(x.requires_grad_())
    out = f(*xs)
    w = torch.randn(*out.shape, dtype=D)
    (out * w).sum().backward()
    worst = 0.0
    h = 1e-6
    with torch.no_grad():
        for x in xs:
            flat = x.reshape(-1)
            g = x.grad.reshape(-1)
            for i in range(flat.shape[0]):
                v = flat[i].item()
                flat[i] = v + h
                lp = (f(*xs) * w).sum().item()
                flat[i] = v - h
                lm = (f(*xs) * w).sum().item()
                flat[i] = v
                num = (lp - lm) / (2 * h)
                worst = max(worst, abs(num - g[i].item()))
    print(name, "ok" if worst < 1e-6 else "WRONG %g" % worst)


check("add_broadcast", lambda a, b: a + b, (2, 3), (3,))
check("sub", lambda a, b: a - b, (2, 3), (2, 1))
check("rsub", lambda a: 2 - a, (3,))
check("mul", lambda a, b: a * b, (2, 3), (1, 3))
check("div", lambda a, b: a / b, (2, 3), (2, 3), pos=True)
check("rdiv", lambda a: 3 / a, (4,), pos=True)
check("pow_scalar", lambda a: a ** 3, (5,))
check("pow_tensor", lambda a, b: a ** b, (4,), (4,), pos=True)
check("rpow", lambda a: 2 ** a, (4,))
check("neg", lambda a: -a, (3,))
check("exp", torch.exp, (2, 2))
check("log", torch.log, (3,), pos=True)
check("sqrt", torch.sqrt, (3,), pos=True)
check("rsqrt", torch.rsqrt, (3,), pos=True)
check("sin", torch.sin, (3,))
check("cos", torch.cos, (3,))
check("tan", lambda a: torch.tan(a * 0.3), (3,))
check("tanh", torch.tanh, (2, 3))
check("sigmoid", torch.sigmoid, (2, 3))
check("relu", torch.relu, (7,))
check("gelu", F.gelu, (6,))
check("gelu_tanh", lambda a: F.gelu(a, approximate="tanh"), (6,))
check("silu", F.silu, (6,))
check("erf", torch.erf, (5,))
check("abs", torch.abs, (5,))
check("clamp", lambda a: torch.clamp(a, -0.5, 0.5), (8,))
check("maximum", torch.maximum, (5,), (5,))
check("minimum", torch.minimum, (3, 2), (2,))
check("where", lambda a, b: torch.where(a > 0, a, b), (6,), (6,))
check("sum_all", lambda a: a.sum(), (2, 3))
check("sum_dim", lambda a: a.sum(1), (2, 3, 2))
check("sum_keepdim", lambda a: a.sum(-1, keepdim=True), (2, 3))
check("mean_all", lambda a: a.mean(), (2, 3))
check("mean_dims", lambda a: a.mean((0, 2)), (2, 3, 2))
check("amax", lambda a: a.amax(1), (3, 4))
check("max_all", lambda a: a.max(), (3, 4))
check("prod", lambda a: a.prod(0), (3, 2), pos=True)
check("mm", lambda a, b: a @ b, (2, 3), (3, 4))
check("bmm", torch.bmm, (2, 2, 3), (2, 3, 2))
check("matmul_bcast", torch.matmul, (2, 2, 3), (3, 2))
check("matvec", torch.matmul, (2, 3), (3,))
check("vecvec", torch.matmul, (3,), (3,))
check("linear", F.linear, (4, 3), (2, 3), (2,))
check("linear_3d", F.linear, (2, 2, 3), (4, 3), (4,))
check("view", lambda a: a.view(3, 2) * 1.0, (2, 3))
check("reshape_t", lambda a: a.t().reshape(6), (2, 3))
check("transpose", lambda a: a.transpose(0, 2), (2, 3, 2))
check("permute", lambda a: a.permute(2, 0, 1), (2, 3, 2))
check("unsqueeze_squeeze", lambda a: a.unsqueeze(1).squeeze(0), (1, 3))
check("expand", lambda a: a.expand(3, 4), (1, 4))
check("flatten", lambda a: a.flatten(), (2, 2, 2))
check("slice", lambda a: a[:, 1:3], (3, 4))
check("select", lambda a: a[1], (3, 4))
check("index_tensor", lambda a: a[torch.tensor([2, 0, 2])], (3, 2))
check("gather", lambda a: torch.gather(a, 1, torch.tensor([[0, 0], [1, 0]])), (2, 3))
check("index_select", lambda a: torch.index_select(a, 0, torch.tensor([1, 1])), (3, 2))
check("cat", lambda a, b: torch.cat([a, b], 1), (2, 2), (2, 3))
check("stack", lambda a, b: torch.stack([a, b]), (3,), (3,))
check("clone", lambda a: a.clone(), (3,))
check("softmax", lambda a: F.softmax(a, dim=1), (2, 4))
check("softmax_dim0", lambda a: torch.softmax(a, 0), (3, 2))
check("log_softmax", lambda a: F.log_softmax(a, dim=-1), (2, 4))
check("layer_norm", lambda a, w, b: F.layer_norm(a, (4,), w, b), (3, 4), (4,), (4,))
check("mse_loss", lambda a, b: F.mse_loss(a, b), (3, 2), (3, 2))
check("cross_entropy", lambda a: F.cross_entropy(a, torch.tensor([1, 0, 3])), (3, 4))
check("nll_loss", lambda a: F.nll_loss(a, torch.tensor([1, 2])), (2, 3))
check("embedding", lambda w: F.embedding(torch.tensor([[0, 2], [2, 1]]), w), (3, 2))
check("var", lambda a: a.var(1), (2, 4))
check("norm_like", lambda a: (a * a).sum().sqrt(), (4,))

# expected output:
# add_broadcast ok
# sub ok
# rsub ok
# mul ok
# div ok
# rdiv ok
# pow_scalar ok
# pow_tensor ok
# rpow ok
# neg ok
# exp ok
# log ok
# sqrt ok
# rsqrt ok
# sin ok
# cos ok
# tan ok
# tanh ok
# sigmoid ok
# relu ok
# gelu ok
# gelu_tanh ok
# silu ok
# erf ok
# abs ok
# clamp ok
# maximum ok
# minimum ok
# where ok
# sum_all ok
# sum_dim ok
# sum_keepdim ok
# mean_all ok
# mean_dims ok
# amax ok
# max_all ok
# prod ok
# mm ok
# bmm ok
# matmul_bcast ok
# matvec ok
# vecvec ok
# linear ok
# linear_3d ok
# view ok
# reshape_t ok
# transpose ok
# permute ok
# unsqueeze_squeeze ok
# expand ok
# flatten ok
# slice ok
# select ok
# index_tensor ok
# gather ok
# index_select ok
# cat ok
# stack ok
# clone ok
# softmax ok
# softmax_dim0 ok
# log_softmax ok
# layer_norm ok
# mse_loss ok
# cross_entropy ok
# nll_loss ok
# embedding ok
# var ok
# norm_like ok
