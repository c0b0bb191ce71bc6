// spec.mjs - the bad calls of the sweep (tests/sweep/sweep.mjs) and what
// PyTorch does with each.
//
// Every case is one call (or statement) over fresh tensors, run eagerly and
// inside a torch.compile'd function. Its expectation is PyTorch's:
//   ok(dtype, shape)        the call works; the result's dtype and shape
//                           when given (a Tensor result)
//   err(type, msg, src)     PyTorch raises `type` with exactly `msg`; src
//                           names where PyTorch's text comes from (a file of
//                           pytorch/pytorch, or "tests" for its test suite)
//   errType(type, why)      PyTorch raises `type`, but the message is not
//                           checked: `why` says why (not found in PyTorch's
//                           sources, or dynawasm's text is known to differ).
//                           These are counted and listed by the sweep.
//   unknown(why)            PyTorch's outcome was not established: only
//                           memory safety and eager == compiled are checked
//                           (counted and listed too).
//
// Tensors every case sees (fresh for each case, so in-place cases cannot
// leak into the next):
//   f float32 [2, 3]   l int64 [2, 3]   i int32 [2, 3]   b bool [2, 3]
//   d float64 [2, 3]
//   v float32 [3]      w float32 [4]    s float32 0-d    m float32 [3, 2]
//   e float32 [0, 3]
// A case's `code` is an expression (its value is the result) or, when it
// starts with `do:`, statements ending with `r = ...`.

export const PRELUDE_TENSORS = {
  f: 'torch.ones(2, 3)',
  l: 'torch.ones(2, 3, dtype=torch.int64)',
  i: 'torch.ones(2, 3, dtype=torch.int32)',
  b: 'torch.ones(2, 3, dtype=torch.bool)',
  d: 'torch.ones(2, 3, dtype=torch.float64)',
  v: 'torch.ones(3)',
  w: 'torch.ones(4)',
  s: 'torch.tensor(1.5)',
  m: 'torch.ones(3, 2)',
  e: 'torch.ones(0, 3)',
};
const META = {
  f: ['float32', [2, 3]], l: ['int64', [2, 3]], i: ['int32', [2, 3]], b: ['bool', [2, 3]],
  d: ['float64', [2, 3]],
  v: ['float32', [3]], w: ['float32', [4]], s: ['float32', []], m: ['float32', [3, 2]],
  e: ['float32', [0, 3]],
};
const DT = ['f', 'l', 'i', 'b', 'd'];
const SCALAR_NAME = { float32: 'Float', int64: 'Long', int32: 'Int', bool: 'Bool', float64: 'Double' };
const isFloat = (dt) => dt === 'float32' || dt === 'float64';

export const ok = (dtype, shape) => ({ kind: 'ok', dtype, shape });
export const err = (type, msg, src) => ({ kind: 'err', type, msg, src });
export const errType = (type, why) => ({ kind: 'type', type, why });
export const unknown = (why) => ({ kind: 'unknown', why });

// ---------------------------------------------------------------------------
// PyTorch's rules, each with where it comes from.

// c10/core/ScalarType.h promoteTypes restricted to our dtypes (a chain),
// with at::result_type's categories (ATen/native/TypeProperties.cpp):
// tensors with dims outrank 0-d tensors, which outrank Python numbers, and
// a number of a higher category (float over int over bool) still wins.
const RANK = { bool: 0, int32: 1, int64: 2, float32: 3, float64: 4 };
const CATEGORY = (dt) => (dt === 'bool' ? 0 : isFloat(dt) ? 2 : 1);
const maxDt = (a, b) => (a == null ? b : b == null ? a : RANK[a] >= RANK[b] ? a : b);
/** operands: [{dtype, dim: 'tensor'|'zero'|'number'}] */
export function resultType(ops) {
  let dim = null;
  let zero = null;
  let num = null;
  for (const o of ops) {
    if (o.dim === 'tensor') dim = maxDt(dim, o.dtype);
    else if (o.dim === 'zero') zero = maxDt(zero, o.dtype);
    else num = maxDt(num, o.dtype === 'float32' ? 'float32' : o.dtype);
  }
  const combine = (hi, lo) => {
    if (hi == null) return lo;
    if (lo == null) return hi;
    return CATEGORY(lo) > CATEGORY(hi) ? maxDt(hi, lo) : hi;
  };
  return combine(dim, combine(zero, num)) ?? 'float32';
}
const tensorOp = (n) => ({ dtype: META[n][0], dim: META[n][1].length ? 'tensor' : 'zero' });

// broadcast of two shapes (ATen/ExpandUtils.cpp infer_size): the message of
// a mismatch names the sizes and the dim counted from the left of the result
function broadcast(a, b) {
  const n = Math.max(a.length, b.length);
  const out = [];
  for (let k = n - 1; k >= 0; k--) {
    const off = n - 1 - k;
    const sa = a[a.length - 1 - off] ?? 1;
    const sb = b[b.length - 1 - off] ?? 1;
    if (sa !== sb && sa !== 1 && sb !== 1)
      return { error: `The size of tensor a (${sa}) must match the size of tensor b (${sb}) at non-singleton dimension ${k}` };
    out[k] = sa === 1 ? sb : sa;
  }
  return { shape: out };
}
const SRC_BROADCAST = 'aten/src/ATen/ExpandUtils.cpp';
const SRC_ITER = 'aten/src/ATen/TensorIterator.cpp';
const SRC_CANCAST = 'c10/core/ScalarType.h canCast + TensorIterator.cpp';
const SRC_WRAP = 'c10/core/WrapDimMinimal.cpp';

// c10/core/ScalarType.h canCast, restricted to our dtypes
const canCast = (from, to) => !(isFloat(from) && !isFloat(to)) && !(from !== 'bool' && to === 'bool');

const dimRange = (nd, d) => {
  const n = Math.max(nd, 1);
  return err('IndexError', `Dimension out of range (expected to be in range of [${-n}, ${n - 1}], but got ${d})`, SRC_WRAP);
};
const shapeStr = (s) => `[${s.join(', ')}]`;

// ---------------------------------------------------------------------------
// Families

const UNARY_FLOAT = ['exp', 'log', 'sqrt', 'rsqrt', 'sin', 'cos', 'tanh', 'sigmoid'];
const NEG_BOOL_MSG =
  'Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.';

/** What PyTorch does with unary op `op` on tensor `t` (out-of-place). */
function unaryExpect(op, t) {
  const [dt, shape] = META[t];
  // UnaryOps.cpp: unary float ops promote integers to the default float
  if (UNARY_FLOAT.includes(op)) return ok(dt === 'float64' ? dt : 'float32', shape);
  if (op === 'neg' || op === 'negative') return dt === 'bool' ? err('RuntimeError', NEG_BOOL_MSG, 'aten/src/ATen/native/UnaryOps.cpp neg') : ok(dt, shape);
  if (op === 'relu') return dt === 'bool' ? err('RuntimeError', 'Boolean inputs not supported for relu', 'aten/src/ATen/native/Activation.cpp') : ok(dt, shape);
  if (op === 'logical_not') return ok('bool', shape);
  if (op === 'abs') return dt === 'bool' ? err('RuntimeError', `"abs_cpu" not implemented for 'Bool'`, 'aten/src/ATen/native/cpu/UnaryOpsKernel.cpp abs_kernel') : ok(dt, shape);
  if (op === 'square') return ok(dt === 'bool' ? 'int64' : dt, shape); // square = pow(self, 2): bool ** int -> int64
  if (op === 'gelu' || op === 'silu')
    return isFloat(dt) ? ok(dt, shape) : errType('RuntimeError', `${op} of an integer tensor: the kernel name of PyTorch's dispatch message not verified`);
  throw new Error(`unaryExpect: ${op}`);
}

/** x.op_() in place: the out-of-place result must cast back into x. */
function inplaceExpect(outOfPlace, t) {
  const [dt, shape] = META[t];
  if (outOfPlace.kind !== 'ok') return outOfPlace;
  if (outOfPlace.shape && outOfPlace.shape.join() !== shape.join())
    return err('RuntimeError', `output with shape ${shapeStr(shape)} doesn't match the broadcast shape ${shapeStr(outOfPlace.shape)}`, SRC_ITER);
  if (outOfPlace.dtype && !canCast(outOfPlace.dtype, dt))
    return err('RuntimeError', `result type ${SCALAR_NAME[outOfPlace.dtype]} can't be cast to the desired output type ${SCALAR_NAME[dt]}`, SRC_CANCAST);
  return ok(dt, shape);
}

const BIN_OPS = {
  add: '+', sub: '-', mul: '*', div: '/', floor_divide: '//', remainder: '%', pow: '**',
  maximum: null, minimum: null, eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=',
  bitwise_and: '&', bitwise_or: '|', logical_and: null, logical_or: null,
};
const CMP = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'];
const SUB_BOOL2 = 'Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.';
const SUB_BOOL1 = 'Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.';

/** operand descriptors -> PyTorch's outcome of binary op `op` */
function binaryExpect(op, a, b, shapeA, shapeB) {
  const bc = broadcast(shapeA, shapeB);
  if (bc.error) return err('RuntimeError', bc.error, SRC_BROADCAST);
  const rt = resultType([a, b]);
  if (op === 'sub' && (a.dtype === 'bool' || b.dtype === 'bool'))
    return err('RuntimeError', a.dtype === 'bool' && b.dtype === 'bool' ? SUB_BOOL2 : SUB_BOOL1, 'aten/src/ATen/native/BinaryOps.cpp sub_check');
  if ((op === 'bitwise_and' || op === 'bitwise_or') && isFloat(rt))
    return err('RuntimeError', `"${op}_cpu" not implemented for '${SCALAR_NAME[rt]}'`, 'aten/src/ATen/native/cpu/BinaryOpsKernel.cpp (AT_DISPATCH message)');
  if (['floor_divide', 'remainder', 'pow'].includes(op) && rt === 'bool')
    return errType('RuntimeError', `${op} of bool tensors: the kernel name of PyTorch's dispatch message not verified`);
  if (CMP.includes(op) || op.startsWith('logical_')) return ok('bool', bc.shape);
  if (op === 'div') return ok(isFloat(rt) ? rt : 'float32', bc.shape);
  return ok(rt, bc.shape);
}

// ---------------------------------------------------------------------------
// The cases

let cases = [];
const add = (code, expect, tags = {}) => cases.push({ code, expect, ...tags });

function unaryCases() {
  const fns = ['neg', 'negative', 'abs', ...UNARY_FLOAT, 'relu', 'logical_not', 'square'];
  for (const op of fns) {
    for (const t of DT) {
      add(`torch.${op}(${t})`, unaryExpect(op, t));
      if (op !== 'negative') add(`${t}.${op}()`, unaryExpect(op, t));
    }
    add(`torch.${op}(e)`, unaryExpect(op, 'e'));
    add(`torch.${op}(s)`, unaryExpect(op, 's'));
  }
  for (const op of ['relu', 'silu', 'sigmoid', 'tanh', 'gelu'])
    for (const t of DT) add(`F.${op}(${t})`, unaryExpect(op, t));
  // in place: exp_, neg_, relu_
  for (const op of ['exp', 'neg', 'relu'])
    for (const t of DT) add(`do: r = ${t}.${op}_(); r = ${t}`, inplaceExpect(unaryExpect(op, t), t));
  // operators
  for (const t of DT) {
    add(`-${t}`, unaryExpect('neg', t));
    add(`~${t}`, t === 'b' ? ok('bool', [2, 3]) : isFloat(META[t][0])
      ? err('RuntimeError', `"bitwise_not_cpu" not implemented for '${SCALAR_NAME[META[t][0]]}'`, 'aten/src/ATen/native/cpu/UnaryOpsKernel.cpp (AT_DISPATCH message)')
      : ok(META[t][0], [2, 3]));
    add(`abs(${t})`, unaryExpect('abs', t));
  }
}

function binaryCases() {
  for (const [op, sym] of Object.entries(BIN_OPS)) {
    for (const x of DT)
      for (const y of DT) {
        const ex = binaryExpect(op, tensorOp(x), tensorOp(y), META[x][1], META[y][1]);
        add(`torch.${op}(${x}, ${y})`, ex);
        if (sym) add(`${x} ${sym} ${y}`, ex);
      }
    // Python numbers on either side
    for (const [lit, dt] of [['2', 'int64'], ['2.5', 'float32'], ['True', 'bool']])
      for (const x of DT) {
        const ex = binaryExpect(op, tensorOp(x), { dtype: dt, dim: 'number' }, META[x][1], []);
        add(`torch.${op}(${x}, ${lit})`, ex);
        if (sym) add(`${lit} ${sym} ${x}`, binaryExpect(op, { dtype: dt, dim: 'number' }, tensorOp(x), [], META[x][1]));
      }
    // shapes that do not broadcast, and a 0-d tensor (which always does)
    add(`torch.${op}(f, w)`, binaryExpect(op, tensorOp('f'), tensorOp('w'), [2, 3], [4]));
    add(`torch.${op}(m, f)`, binaryExpect(op, tensorOp('m'), tensorOp('f'), [3, 2], [2, 3]));
    add(`torch.${op}(f, s)`, binaryExpect(op, tensorOp('f'), tensorOp('s'), [2, 3], []));
    add(`torch.${op}(e, v)`, binaryExpect(op, tensorOp('e'), tensorOp('v'), [0, 3], [3]));
    if (sym) add(`f ${sym} w`, binaryExpect(op, tensorOp('f'), tensorOp('w'), [2, 3], [4]));
  }
  // in place: method forms and augmented assignment
  const inplace = { add: '+=', sub: '-=', mul: '*=', div: '/=', pow: '**=' };
  for (const [op, aug] of Object.entries(inplace))
    for (const x of DT) {
      for (const y of [...DT, 'v', 'w']) {
        const ex = inplaceExpect(binaryExpect(op, tensorOp(x), tensorOp(y), META[x][1], META[y][1]), x);
        add(`do: r = ${x}.${op}_(${y}); r = ${x}`, ex);
        add(`do: ${x} ${aug} ${y}; r = ${x}`, ex);
      }
      for (const [lit, dt] of [['2', 'int64'], ['1.5', 'float32'], ['True', 'bool']]) {
        const ex = inplaceExpect(binaryExpect(op, tensorOp(x), { dtype: dt, dim: 'number' }, META[x][1], []), x);
        add(`do: r = ${x}.${op}_(${lit}); r = ${x}`, ex);
      }
    }
  // in place with a larger broadcast result: the output cannot grow
  add('do: r = v.add_(f); r = v', err('RuntimeError', "output with shape [3] doesn't match the broadcast shape [2, 3]", SRC_ITER));
  add('do: v += m.t(); r = v', err('RuntimeError', "output with shape [3] doesn't match the broadcast shape [2, 3]", SRC_ITER));
  // pow with a negative integer scalar exponent of an integer base: pow's
  // meta function checks it first (aten/src/ATen/native/Pow.cpp)
  const NEGPOW = err('RuntimeError', 'Integers to negative integer powers are not allowed.', 'aten/src/ATen/native/Pow.cpp');
  for (const x of ['l', 'i', 'b']) {
    add(`torch.pow(${x}, -1)`, NEGPOW);
    add(`${x} ** -2`, NEGPOW);
    add(`do: r = ${x}.pow_(-1)`, NEGPOW);
  }
  add('torch.pow(f, -1)', ok('float32', [2, 3]));
}

// reductions: dims in range, out of range, dtypes
function reductionCases() {
  const reds = {
    sum: (dt) => ok(isFloat(dt) ? dt : 'int64'),
    prod: (dt) => ok(isFloat(dt) ? dt : 'int64'),
    mean: (dt) => isFloat(dt) ? ok(dt) : err('RuntimeError',
      `mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: ${SCALAR_NAME[dt]}`,
      'aten/src/ATen/native/ReduceOps.cpp mean'),
    amax: (dt) => ok(dt),
    amin: (dt) => ok(dt),
    argmax: (dt) => dt === 'bool' ? err('RuntimeError', `"argmax_cpu" not implemented for 'Bool'`, 'aten/src/ATen/native/cpu/ReduceOpsKernel.cpp argmax_kernel_impl') : ok('int64'),
    argmin: (dt) => dt === 'bool' ? err('RuntimeError', `"argmin_cpu" not implemented for 'Bool'`, 'aten/src/ATen/native/cpu/ReduceOpsKernel.cpp argmin_kernel_impl') : ok('int64'),
    var: (dt) => isFloat(dt) ? ok(dt) : err('RuntimeError', 'std and var only support floating point and complex dtypes', 'aten/src/ATen/native/ReduceOps.cpp std_var_out'),
    std: (dt) => isFloat(dt) ? ok(dt) : err('RuntimeError', 'std and var only support floating point and complex dtypes', 'aten/src/ATen/native/ReduceOps.cpp std_var_out'),
  };
  const withShape = (e, shape) => (e.kind === 'ok' ? ok(e.dtype, shape) : e);
  for (const [op, rule] of Object.entries(reds)) {
    for (const t of DT) {
      const dt = META[t][0];
      add(`torch.${op}(${t})`, withShape(rule(dt), []));
      add(`${t}.${op}(1)`, withShape(rule(dt), [2]));
      add(`torch.${op}(${t}, 0, keepdim=True)`, withShape(rule(dt), [1, 3]));
    }
    for (const d of [2, -3, 7]) {
      add(`torch.${op}(f, ${d})`, dimRange(2, d));
      add(`f.${op}(dim=${d})`, dimRange(2, d));
    }
    add(`torch.${op}(s, 0)`, withShape(rule('float32'), []));
    add(`torch.${op}(s, 1)`, dimRange(0, 1));
    if (!op.startsWith('arg')) {
      add(`torch.${op}(f, (0, 1))`, withShape(rule('float32'), []));
      add(`torch.${op}(f, (0, 5))`, dimRange(2, 5));
      add(`torch.${op}(f, (1, 1))`, err('RuntimeError', 'dim 1 appears multiple times in the list of dims', 'aten/src/ATen/WrapDimUtilsMulti.h'));
    }
  }
  // an empty tensor: max/amax need a dim (ReduceOps.cpp zero_numel_check_dims)
  add('torch.amax(e)', errType('RuntimeError', 'amax of an empty tensor without dim: PyTorch\'s message not verified'));
  add('torch.sum(e)', ok('float32', []));
  add('torch.max(e)', err('RuntimeError', "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.", 'aten/src/ATen/native/ReduceOps.cpp'));
  add('torch.argmax(e)', errType('RuntimeError', 'argmax of an empty tensor: PyTorch\'s message not verified'));
  // max/min: all, along a dim, elementwise
  for (const op of ['max', 'min']) {
    for (const t of DT) add(`torch.${op}(${t})`, ok(META[t][0], []));
    add(`torch.${op}(f, 1)[0]`, ok('float32', [2]));
    add(`torch.${op}(f, 1).indices`, ok('int64', [2]));
    add(`torch.${op}(f, 2)`, dimRange(2, 2));
    add(`torch.${op}(f, v)`, ok('float32', [2, 3]));
    add(`torch.${op}(f, w)`, err('RuntimeError', broadcast([2, 3], [4]).error, SRC_BROADCAST));
  }
  // softmax / log_softmax
  for (const op of ['softmax', 'log_softmax']) {
    add(`torch.${op}(f, 1)`, ok('float32', [2, 3]));
    add(`F.${op}(f, dim=0)`, ok('float32', [2, 3]));
    add(`f.${op}(-1)`, ok('float32', [2, 3]));
    add(`torch.${op}(f, 2)`, dimRange(2, 2));
    add(`F.${op}(f, dim=-3)`, dimRange(2, -3));
    for (const t of ['l', 'i', 'b']) {
      const SRC = 'aten/src/ATen/native/cpu/SoftMaxKernel.cpp (AT_DISPATCH_FLOATING_TYPES)';
      add(`torch.${op}(${t}, 1)`, err('RuntimeError', `"${op}_lastdim_kernel_impl" not implemented for '${SCALAR_NAME[META[t][0]]}'`, SRC));
      add(`${t}.${op}(0)`, err('RuntimeError', `"${op}_kernel_impl" not implemented for '${SCALAR_NAME[META[t][0]]}'`, SRC));
    }
    add(`torch.${op}(l, 1, dtype=torch.float32)`, ok('float32', [2, 3]));
    add(`torch.${op}(d, 1)`, ok('float64', [2, 3]));
  }
}

function shapeCases() {
  // reshape / view
  add('f.reshape(3, 2)', ok('float32', [3, 2]));
  add('torch.reshape(f, (6,))', ok('float32', [6]));
  add('f.reshape(-1)', ok('float32', [6]));
  add('f.reshape(4)', err('RuntimeError', "shape '[4]' is invalid for input of size 6", 'aten/src/ATen/InferSize.h'));
  add('torch.reshape(f, (-1, 4))', err('RuntimeError', "shape '[-1, 4]' is invalid for input of size 6", 'aten/src/ATen/InferSize.h'));
  add('f.reshape(-1, -1)', err('RuntimeError', 'only one dimension can be inferred', 'aten/src/ATen/InferSize.h'));
  add('f.reshape(-2, 3)', err('RuntimeError', 'invalid shape dimension -2', 'aten/src/ATen/InferSize.h'));
  add('f.view(6)', ok('float32', [6]));
  add('f.t().view(6)', err('RuntimeError', "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.", 'aten/src/ATen/native/TensorShape.cpp view_impl'));
  add('f.t().reshape(6)', ok('float32', [6]));
  add('f.view_as(m)', ok('float32', [3, 2]));
  add('f.view_as(w)', err('RuntimeError', "shape '[4]' is invalid for input of size 6", 'aten/src/ATen/InferSize.h'));
  add('f.reshape_as(m)', ok('float32', [3, 2]));
  // flatten / unsqueeze / squeeze
  add('torch.flatten(f)', ok('float32', [6]));
  add('f.flatten(1)', ok('float32', [2, 3]));
  add('torch.flatten(f, 2)', dimRange(2, 2));
  add('torch.flatten(f, 1, 0)', err('RuntimeError', 'flatten() has invalid args: start_dim cannot come after end_dim', 'aten/src/ATen/native/TensorShape.cpp flatten'));
  add('torch.flatten(s)', ok('float32', [1]));
  add('torch.unsqueeze(f, 2)', ok('float32', [2, 3, 1]));
  add('f.unsqueeze(-3)', ok('float32', [1, 2, 3]));
  add('torch.unsqueeze(f, 3)', dimRange(3, 3));
  add('f.unsqueeze(-4)', dimRange(3, -4));
  add('torch.squeeze(f)', ok('float32', [2, 3]));
  add('e.unsqueeze(0).squeeze(0)', ok('float32', [0, 3]));
  add('torch.squeeze(f, 2)', dimRange(2, 2));
  add('f.squeeze((0, 5))', dimRange(2, 5));
  // permute / transpose / t / T
  add('f.permute(1, 0)', ok('float32', [3, 2]));
  add('torch.permute(f, (1, 0))', ok('float32', [3, 2]));
  add('f.permute(0)', err('RuntimeError', 'permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1', 'aten/src/ATen/native/TensorShape.cpp permute'));
  add('f.permute(0, 0)', err('RuntimeError', 'permute(): duplicate dims are not allowed.', 'aten/src/ATen/native/TensorShape.cpp permute'));
  add('f.permute(0, 2)', dimRange(2, 2));
  add('torch.transpose(f, 0, 1)', ok('float32', [3, 2]));
  add('f.transpose(0, 2)', dimRange(2, 2));
  add('f.transpose(-3, 0)', dimRange(2, -3));
  add('torch.t(f)', ok('float32', [3, 2]));
  add('v.t()', ok('float32', [3]));
  add('f.unsqueeze(0).t()', err('RuntimeError', 't() expects a tensor with <= 2 dimensions, but self is 3D', 'aten/src/ATen/native/TensorShape.cpp t'));
  add('f.T', ok('float32', [3, 2]));
  add('f.mT', ok('float32', [3, 2]));
  // expand
  add('v.expand(2, 3)', ok('float32', [2, 3]));
  add('f.expand(2, -1)', ok('float32', [2, 3]));
  add('f.expand(4, 3)', err('RuntimeError', 'The expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [4, 3].  Tensor sizes: [2, 3]', 'aten/src/ATen/ExpandUtils.cpp inferExpandGeometry'));
  add('f.expand(3)', err('RuntimeError', 'expand(torch.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)', 'aten/src/ATen/native/TensorShape.cpp expand'));
  add('v.expand_as(f)', ok('float32', [2, 3]));
  add('w.expand_as(f)', err('RuntimeError', 'The expanded size of the tensor (3) must match the existing size (4) at non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [4]', 'aten/src/ATen/ExpandUtils.cpp inferExpandGeometry'));
  // cat / concat / stack
  add('torch.cat([f, f])', ok('float32', [4, 3]));
  add('torch.cat((f, l), 1)', ok('float32', [2, 6]));
  add('torch.concat([f, b], dim=0)', ok('float32', [4, 3]));
  add('torch.cat([f, m])', err('RuntimeError', 'Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list.', 'aten/src/ATen/native/TensorShape.h check_cat_shape_except_dim'));
  add('torch.cat([f, v])', err('RuntimeError', 'Tensors must have same number of dimensions: got 2 and 1', 'aten/src/ATen/native/TensorShape.h check_cat_shape_except_dim'));
  add('torch.cat([f, f], 2)', dimRange(2, 2));
  add('torch.cat([f, e])', ok('float32', [2, 3]));
  add('torch.cat([v, torch.ones(0)])', ok('float32', [3]));
  add('torch.stack([f, f])', ok('float32', [2, 2, 3]));
  add('torch.stack([f, f], 2)', ok('float32', [2, 3, 2]));
  add('torch.stack([f, f], 3)', dimRange(3, 3));
  add('torch.stack([f, m])', err('RuntimeError', 'stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 2] at entry 1', 'aten/src/ATen/native/TensorShape.cpp stack'));
  add('torch.stack([])', err('RuntimeError', 'stack expects a non-empty TensorList', 'aten/src/ATen/native/TensorShape.cpp stack'));
  add('torch.cat([])', err('RuntimeError', 'torch.cat(): expected a non-empty list of Tensors', 'aten/src/ATen/native/TensorShape.cpp cat meta'));
  // clone / contiguous
  add('torch.clone(f.t())', ok('float32', [3, 2]));
  add('f.t().contiguous()', ok('float32', [3, 2]));
  add('f.t().is_contiguous()', ok());
}

function matmulCases() {
  add('torch.matmul(f, m)', ok('float32', [2, 2]));
  add('f @ m', ok('float32', [2, 2]));
  add('torch.matmul(v, m)', ok('float32', [2]));
  add('torch.matmul(f, v)', ok('float32', [2]));
  add('torch.matmul(v, v)', ok('float32', []));
  add('torch.matmul(f, f)', err('RuntimeError', 'mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl'));
  add('f @ w', err('RuntimeError', 'size mismatch, got input (2), mat (2x3), vec (4)', 'aten/src/ATen/native/Blas.cpp addmv'));
  add('v @ w', err('RuntimeError', 'inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, but got 3 and 4 elements respectively', 'aten/src/ATen/native/Dot.cpp dot_check'));
  add('torch.matmul(s, f)', err('RuntimeError', 'both arguments to matmul need to be at least 1D, but they are 0D and 2D', 'aten/src/ATen/native/LinearAlgebra.cpp matmul'));
  add('torch.matmul(f, l.t())', err('RuntimeError', 'expected m1 and m2 to have the same dtype, but got: float != long int', 'aten/src/ATen/native/LinearAlgebra.cpp addmm'));
  add('torch.mm(f, m)', ok('float32', [2, 2]));
  // float64 with float32: mm reaches addmm_impl_cpu_'s dtype check, a
  // Linear with a bias addmm's meta function (ADDMM_META)
  add('d @ m', err('RuntimeError', 'expected m1 and m2 to have the same dtype, but got: double != float', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl_cpu_'));
  add('torch.mm(f, m.double())', err('RuntimeError', 'expected m1 and m2 to have the same dtype, but got: float != double', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl_cpu_'));
  add('F.linear(d, m.t())', err('RuntimeError', 'expected m1 and m2 to have the same dtype, but got: double != float', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl_cpu_'));
  add('F.linear(d, m.t(), torch.ones(2))', err('RuntimeError', 'mat1 and mat2 must have the same dtype, but got Double and Float', 'aten/src/ATen/native/LinearAlgebra.cpp ADDMM_META'));
  add('F.linear(d, m.t().double(), torch.ones(2))', err('RuntimeError', 'self and mat2 must have the same dtype, but got Float and Double', 'aten/src/ATen/native/LinearAlgebra.cpp ADDMM_META'));
  add('F.linear(d, m.t().double(), torch.ones(2).double())', ok('float64', [2, 2]));
  // nn.Module.double() / float() / to(dtype): floating parameters and buffers (module.py _apply)
  add('torch.nn.Linear(3, 2).double()(d)', ok('float64', [2, 2]));
  add('torch.nn.Linear(3, 2).double().float()(f)', ok('float32', [2, 2]));
  add('torch.nn.Linear(3, 2).to(torch.float64)(d)', ok('float64', [2, 2]));
  add('torch.nn.Linear(3, 2).double()(f)', err('RuntimeError', 'mat1 and mat2 must have the same dtype, but got Float and Double', 'aten/src/ATen/native/LinearAlgebra.cpp ADDMM_META'));
  add('torch.is_floating_point(d) and f.is_floating_point() and not l.is_floating_point()', ok());
  add('d @ m.double()', ok('float64', [2, 2]));
  add('torch.cat([f, d])', ok('float64', [4, 3]));
  add('torch.zeros(2, 3, dtype=torch.float64)', ok('float64', [2, 3]));
  add('torch.tensor([[1.5, 2.0]], dtype=torch.double)', ok('float64', [1, 2]));
  add('torch.mm(v, m)', err('RuntimeError', 'self must be a matrix', 'aten/src/ATen/native/LinearAlgebra.cpp mm meta'));
  add('f.mm(v)', err('RuntimeError', 'mat2 must be a matrix', 'aten/src/ATen/native/LinearAlgebra.cpp mm meta'));
  add('torch.mm(f, f)', err('RuntimeError', 'mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)', 'aten/src/ATen/native/LinearAlgebra.cpp mm meta'));
  add('torch.bmm(f.unsqueeze(0), m.unsqueeze(0))', ok('float32', [1, 2, 2]));
  add('torch.bmm(f, m)', err('RuntimeError', 'batch1 must be a 3D tensor', 'aten/src/ATen/native/LinearAlgebra.cpp bmm meta'));
  add('torch.bmm(f.unsqueeze(0), m)', err('RuntimeError', 'batch2 must be a 3D tensor', 'aten/src/ATen/native/LinearAlgebra.cpp bmm meta'));
  add('F.linear(f, m.t())', ok('float32', [2, 2]));
  add('F.linear(f, m)', err('RuntimeError', 'mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl'));
  add('F.linear(f, m.t(), w)', err('RuntimeError', broadcast([2, 2], [4]).error, SRC_BROADCAST));
  add('torch.nn.Linear(3, 2)(f)', ok('float32', [2, 2]));
  add('torch.nn.NonDynamicallyQuantizableLinear(3, 2)(f)', ok('float32', [2, 2]));
  add('torch.round(f)', ok('float32', [2, 3]));
  add('f.round()', ok('float32', [2, 3]));
  add('torch.nn.Linear(4, 2)(f)', err('RuntimeError', 'mat1 and mat2 shapes cannot be multiplied (2x3 and 4x2)', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl'));
}

function creationCases() {
  for (const fn of ['ones', 'zeros', 'empty']) {
    add(`torch.${fn}(2, 3)`, ok('float32', [2, 3]));
    add(`torch.${fn}((2, 3), dtype=torch.int32)`, ok('int32', [2, 3]));
    add(`torch.${fn}([0])`, ok('float32', [0]));
    add(`torch.${fn}(-1)`, err('RuntimeError', 'Trying to create tensor with negative dimension -1: [-1]', 'c10/core/TensorImpl / aten/src/ATen/EmptyTensor.cpp check_size_nonnegative'));
    add(`torch.${fn}(2, -3)`, err('RuntimeError', 'Trying to create tensor with negative dimension -3: [2, -3]', 'aten/src/ATen/EmptyTensor.cpp check_size_nonnegative'));
    add(`torch.${fn}_like(f)`, ok('float32', [2, 3]));
    add(`torch.${fn}_like(l, dtype=torch.bool)`, ok('bool', [2, 3]));
  }
  add('torch.full((2,), 1.5)', ok('float32', [2]));
  add('torch.full((2,), 7)', ok('int64', [2]));
  add('torch.full((2,), False)', ok('bool', [2]));
  add('torch.full((-2,), 1)', err('RuntimeError', 'Trying to create tensor with negative dimension -2: [-2]', 'aten/src/ATen/EmptyTensor.cpp check_size_nonnegative'));
  add('torch.full_like(f, 7)', ok('float32', [2, 3]));
  for (const fn of ['rand', 'randn']) {
    add(`torch.${fn}(2, 3)`, ok('float32', [2, 3]));
    add(`torch.${fn}_like(f)`, ok('float32', [2, 3]));
    add(`torch.${fn}(-1)`, err('RuntimeError', 'Trying to create tensor with negative dimension -1: [-1]', 'aten/src/ATen/EmptyTensor.cpp check_size_nonnegative'));
  }
  add('torch.rand(2, dtype=torch.int64)', err('RuntimeError', `"check_uniform_bounds" not implemented for 'Long'`, 'aten/src/ATen/native/DistributionTemplates.h uniform'));
  add('torch.randn(2, dtype=torch.int64)', err('RuntimeError', `"normal_kernel_cpu" not implemented for 'Long'`, 'aten/src/ATen/native/cpu/DistributionKernels.cpp'));
  add('torch.randint(0, 5, (3,))', ok('int64', [3]));
  add('torch.randint(5, (2, 2))', ok('int64', [2, 2]));
  add('torch.randint(5, 2, (3,))', err('RuntimeError', "random_ expects 'from' to be less than 'to', but got from=5 >= to=2", 'aten/src/ATen/native/DistributionTemplates.h random_from_to'));
  add('torch.arange(5)', ok('int64', [5]));
  add('torch.arange(0, 1, 0.25)', ok('float32', [4]));
  add('torch.arange(0, 10, 0)', err('RuntimeError', 'step must be nonzero', 'aten/src/ATen/native/RangeFactories.cpp arange'));
  add('torch.arange(10, 0)', err('RuntimeError', 'upper bound and larger bound inconsistent with step sign', 'aten/src/ATen/native/RangeFactories.cpp arange'));
  add('torch.linspace(0, 1, 5)', ok('float32', [5]));
  add('torch.linspace(0, 1, -1)', err('RuntimeError', 'number of steps must be non-negative', 'aten/src/ATen/native/RangeFactories.cpp linspace'));
  add('torch.eye(3)', ok('float32', [3, 3]));
  add('torch.eye(2, 3)', ok('float32', [2, 3]));
  add('torch.eye(-1)', err('RuntimeError', 'n must be greater or equal to 0, got -1', 'aten/src/ATen/native/TensorFactories.cpp eye_out_cpu (and test_tensor_creation_ops)'));
  add('torch.eye(1, -2)', err('RuntimeError', 'm must be greater or equal to 0, got -2', 'aten/src/ATen/native/TensorFactories.cpp eye_out_cpu'));
  add('torch.tensor([1, 2])', ok('int64', [2]));
  add('torch.tensor([[1.0], [2]])', ok('float32', [2, 1]));
  add('torch.tensor([True, False])', ok('bool', [2]));
  add('torch.tensor([[1, 2], [3]])', err('ValueError', 'expected sequence of length 2 at dim 1 (got 1)', 'torch/csrc/utils/tensor_new.cpp compute_sizes'));
  add('torch.as_tensor([1, 2], dtype=torch.float32)', ok('float32', [2]));
  add('torch.Tensor([1, 2])', ok('float32', [2]));
  add('torch.tensor(f)', ok('float32', [2, 3]));
}

function methodCases() {
  add('f.size()', ok());
  add('f.size(1)', ok());
  add('f.size(2)', dimRange(2, 2));
  add('s.size(0)', err('IndexError', 'dimension specified as 0 but tensor has no dimensions', 'c10/core/WrapDimMinimal.cpp (wrap_scalar false)'));
  add('f.dim()', ok());
  add('f.numel()', ok());
  add('f.nelement()', ok());
  add('torch.numel(f)', ok());
  add('torch.is_tensor(f)', ok());
  add('s.item()', ok());
  add('f.item()', err('RuntimeError', 'a Tensor with 6 elements cannot be converted to Scalar', 'aten/src/ATen/native/Scalar.cpp item'));
  add('e.item()', err('RuntimeError', 'a Tensor with 0 elements cannot be converted to Scalar', 'aten/src/ATen/native/Scalar.cpp item'));
  add('f.tolist()', ok());
  for (const [m, dt] of [['float', 'float32'], ['double', 'float64'], ['long', 'int64'], ['int', 'int32'], ['bool', 'bool']])
    for (const t of DT) add(`${t}.${m}()`, ok(dt, [2, 3]));
  for (const t of DT) {
    add(`f.to(${t}.dtype)`, ok(META[t][0], [2, 3]));
    add(`f.to(${t})`, ok(META[t][0], [2, 3]));
    add(`f.type(${t}.dtype)`, ok(META[t][0], [2, 3]));
  }
  add('f.to("cpu")', ok('float32', [2, 3]));
  add('f.to(torch.int64).dtype == torch.int64', ok());
  add('f.detach()', ok('float32', [2, 3]));
  add('f.cpu()', ok('float32', [2, 3]));
  add('f.requires_grad_()', ok('float32', [2, 3]));
  add('f.requires_grad_(False)', ok('float32', [2, 3]));
  add('f.clone()', ok('float32', [2, 3]));
  add('f.is_contiguous()', ok());
  // zero_ / fill_ / copy_
  for (const t of DT) {
    add(`do: r = ${t}.zero_()`, ok(META[t][0], [2, 3]));
    add(`do: r = ${t}.fill_(2)`, ok(META[t][0], [2, 3]));
    add(`do: r = ${t}.fill_(1.5)`, ok(META[t][0], [2, 3]));
    add(`do: r = ${t}.copy_(f)`, ok(META[t][0], [2, 3]));
  }
  add('do: r = f.fill_(s)', ok('float32', [2, 3]));
  add('do: r = f.fill_(v)', err('RuntimeError', 'fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.', 'aten/src/ATen/native/Fill.cpp fill_'));
  add('do: r = f.copy_(v)', ok('float32', [2, 3]));
  add('do: r = f.copy_(w)', err('RuntimeError', 'The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1', SRC_BROADCAST));
  add('do: r = v.copy_(f)', err('RuntimeError', "output with shape [3] doesn't match the broadcast shape [2, 3]", SRC_ITER));
  // clamp / clip
  for (const fn of ['clamp', 'clip']) {
    add(`torch.${fn}(f, 0, 1)`, ok('float32', [2, 3]));
    add(`f.${fn}(min=0.5)`, ok('float32', [2, 3]));
    add(`torch.${fn}(l, max=3)`, ok('int64', [2, 3]));
    add(`torch.${fn}(l, 0.5)`, ok('float32', [2, 3]));
    add(`torch.${fn}(f)`, err('RuntimeError', "torch.clamp: At least one of 'min' or 'max' must not be None", 'aten/src/ATen/native/TensorCompare.cpp clamp'));
    add(`torch.${fn}(f, v, w)`, err('RuntimeError', broadcast([2, 3], [4]).error, SRC_BROADCAST));
  }
  add('torch.clamp(b, 0, 1)', unknown('clamp of a bool tensor: PyTorch\'s behaviour not verified'));
  // where
  add('torch.where(b, f, l)', ok('float32', [2, 3]));
  add('torch.where(b, f, 2)', ok('float32', [2, 3]));
  add('torch.where(b, l, 2.5)', ok('float32', [2, 3]));
  add('torch.where(f > 0, v, w)', err('RuntimeError', broadcast([2, 3], [4]).error, `${SRC_BROADCAST} (the three operands in turn)`));
  add('torch.where(f, f, f)', err('RuntimeError', 'where expected condition to be a boolean tensor, but got a tensor with dtype Float', 'aten/src/ATen/native/TensorCompare.cpp where'));
  add('torch.where(l, f, f)', err('RuntimeError', 'where expected condition to be a boolean tensor, but got a tensor with dtype Long', 'aten/src/ATen/native/TensorCompare.cpp where'));
  // allclose / equal
  add('torch.allclose(f, f)', ok());
  add('torch.allclose(f, v)', ok());
  add('torch.allclose(f, w)', err('RuntimeError', broadcast([2, 3], [4]).error, SRC_BROADCAST));
  add('torch.equal(f, v)', ok());
  add('torch.equal(f, f)', ok());
}

function functionalCases() {
  add('F.gelu(f, approximate="tanh")', ok('float32', [2, 3]));
  add('F.gelu(f, approximate="cubic")', err('RuntimeError', 'approximate argument must be either none or tanh.', 'aten/src/ATen/native/Activation.h get_gelutype_enum'));
  add('F.leaky_relu(f, 0.2)', ok('float32', [2, 3]));
  add('F.dropout(f, 0.5, training=False)', ok('float32', [2, 3]));
  add('F.dropout(f, 1.5)', err('ValueError', 'dropout probability has to be between 0 and 1, but got 1.5', 'torch/nn/functional.py dropout'));
  add('F.dropout(f, -0.5)', err('ValueError', 'dropout probability has to be between 0 and 1, but got -0.5', 'torch/nn/functional.py dropout'));
  add('F.layer_norm(f, (3,))', ok('float32', [2, 3]));
  add('F.layer_norm(f, [2, 3])', ok('float32', [2, 3]));
  add('F.layer_norm(f, (2,))', err('RuntimeError', 'Given normalized_shape=[2], expected input with shape [*, 2], but got input of size[2, 3]', 'aten/src/ATen/native/layer_norm.h _check_layer_norm_inputs'));
  add('F.layer_norm(f, (4, 2, 3))', err('RuntimeError', 'Given normalized_shape=[4, 2, 3], expected input with shape [*, 4, 2, 3], but got input of size[2, 3]', 'aten/src/ATen/native/layer_norm.h _check_layer_norm_inputs'));
  add('F.mse_loss(f, f)', ok('float32', []));
  add('F.mse_loss(f, f, reduction="none")', ok('float32', [2, 3]));
  add('F.mse_loss(f, f, reduction="sum")', ok('float32', []));
  add('F.mse_loss(f, f, reduction="avg")', err('ValueError', 'avg is not a valid value for reduction', 'torch/nn/_reduction.py get_enum'));
  add('F.mse_loss(f, w)', err('RuntimeError', broadcast([2, 3], [4]).error, SRC_BROADCAST));
  add('torch.nn.LayerNorm(3)(f)', ok('float32', [2, 3]));
  add('torch.nn.LayerNorm(2)(f)', err('RuntimeError', 'Given normalized_shape=[2], expected input with shape [*, 2], but got input of size[2, 3]', 'aten/src/ATen/native/layer_norm.h _check_layer_norm_inputs'));
  for (const cls of ['ReLU', 'GELU', 'SiLU', 'Sigmoid', 'Tanh', 'Identity', 'Dropout'])
    add(`torch.nn.${cls}()(f)`, ok('float32', [2, 3]));
  add('torch.nn.Softmax(dim=1)(f)', ok('float32', [2, 3]));
  add('torch.nn.Softmax(dim=2)(f)', dimRange(2, 2));
  add('torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU())(f)', ok('float32', [2, 2]));
  add('torch.nn.Sequential(torch.nn.Linear(2, 2))(f)', err('RuntimeError', 'mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)', 'aten/src/ATen/native/LinearAlgebra.cpp addmm_impl'));
  add('len(torch.nn.ModuleList([torch.nn.ReLU(), torch.nn.Tanh()]))', ok());
}

function indexingCases() {
  const OOB = (i, d, n) => err('IndexError', `index ${i} is out of bounds for dimension ${d} with size ${n}`, 'aten/src/ATen/native/TensorShape.cpp select / IndexKernel');
  add('f[1]', ok('float32', [3]));
  add('f[-2, 2]', ok('float32', []));
  add('f[2]', OOB(2, 0, 2));
  add('f[0, 3]', OOB(3, 1, 3));
  add('f[-3]', OOB(-3, 0, 2));
  add('f[0, 0, 0]', err('IndexError', 'too many indices for tensor of dimension 2', 'torch/csrc/autograd/python_variable_indexing.cpp'));
  add('s[0]', err('IndexError', 'invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number', 'aten/src/ATen/native/TensorShape.cpp select'));
  add('f[..., 1]', ok('float32', [2]));
  add('f[None, :, None]', ok('float32', [1, 2, 1, 3]));
  add('f[..., ...]', err('IndexError', "an index can only have a single ellipsis ('...')", 'torch/csrc/autograd/python_variable_indexing.cpp'));
  add('f[::2]', ok('float32', [1, 3]));
  add('f[:, 5:1]', ok('float32', [2, 0]));
  add('f[::-1]', err('ValueError', 'step must be greater than zero', 'torch/csrc/autograd/python_variable_indexing.h applySlicing'));
  add('f[[1, 0]]', ok('float32', [2, 3]));
  add('f[[2]]', OOB(2, 0, 2));
  add('f[b]', ok('float32', [6]));
  add('f[b[0]]', err('IndexError', 'The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0', 'aten/src/ATen/native/IndexingUtils.h invalid_mask'));
  add('f[l]', ok('float32', [2, 3, 3]));
  add('f[i[0]]', ok('float32', [3, 3]));
  add('f[f]', err('IndexError', 'tensors used as indices must be long, int, byte or bool tensors', 'aten/src/ATen/native/IndexingUtils.h checkIndexTensorTypes'));
  add('f["a"]', err('IndexError', 'only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got str)', 'torch/csrc/autograd/python_variable_indexing.cpp'));
  add('f[1.5]', err('IndexError', 'only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)', 'torch/csrc/autograd/python_variable_indexing.cpp'));
  // assignment
  add('do: f[0] = 5; r = f', ok('float32', [2, 3]));
  add('do: f[0] = v; r = f', ok('float32', [2, 3]));
  add('do: f[:, 1] = 2.5; r = f', ok('float32', [2, 3]));
  add('do: l[0] = 2.5; r = l', ok('int64', [2, 3]));
  add('do: f[b] = 0; r = f', ok('float32', [2, 3]));
  add('do: f[2] = 1', OOB(2, 0, 2));
  add('do: f[0] = w', err('RuntimeError', 'The expanded size of the tensor (3) must match the existing size (4) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [4]', 'aten/src/ATen/ExpandUtils.cpp inferExpandGeometry (copy_ via expand_inplace)'));
  add('do: f[0] = m', err('RuntimeError', 'expand(torch.FloatTensor{[3, 2]}, size=[3]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)', 'torch/csrc/autograd/python_variable_indexing.cpp copy_to (expand_inplace)'));
  add('do: f[0] = m[:1]; r = f', err('RuntimeError', 'The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]', 'python_variable_indexing.cpp copy_to: leading 1-dims dropped, then expand_inplace'));
  add('do: f[0] = torch.ones(1, 1, 3); r = f', ok('float32', [2, 3]));
  add('do: f[0] = "a"', err('TypeError', "can't assign a str to a torch.FloatTensor", 'torch/csrc/autograd/python_variable_indexing.cpp valueToTensor'));
  add('do: f[0] = None', err('TypeError', "can't assign a NoneType to a torch.FloatTensor", 'torch/csrc/autograd/python_variable_indexing.cpp valueToTensor'));
  add('do: l[[0]] = 7; r = l', ok('int64', [2, 3]));
  add('do: f[[0, 1]] = v; r = f', ok('float32', [2, 3]));
  add('do: f[torch.tensor([1])] = 2.5; r = f', ok('float32', [2, 3]));
  add('do: f[[2]] = 1', OOB(2, 0, 2));
  add('do: f[[0]] = w', errType('RuntimeError', 'index_put_ shape mismatch: PyTorch says "shape mismatch: value tensor of shape [4] cannot be broadcast to indexing result of shape [1, 3]" (not verified), dynawasm gives copy_\'s expand message'));
  add('do: f[b] = s; r = f', ok('float32', [2, 3]));
  add('do: f[b[0]] = 1', err('IndexError', 'The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0', 'aten/src/ATen/native/IndexingUtils.h invalid_mask'));
  add('do: f[f] = 1', err('IndexError', 'tensors used as indices must be long, int, byte or bool tensors', 'aten/src/ATen/native/IndexingUtils.h checkIndexTensorTypes'));
  // assignment and in-place updates through views (functionalised when
  // compiled: dynamo/mutate.c)
  const OVERLAP = err('RuntimeError', 'unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.', 'aten/src/ATen/MemoryOverlap.cpp assert_no_internal_overlap');
  add('do: f[10] = 1', OOB(10, 0, 2));
  add('do: f[:, 5] = 1', OOB(5, 1, 3));
  add('do: f[1:, ::2] = v[:2]; r = f', ok('float32', [2, 3]));
  add('do: f[1:, ::2] = v', err('RuntimeError', 'The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [1, 2].  Tensor sizes: [3]', 'aten/src/ATen/ExpandUtils.cpp inferExpandGeometry (copy_ via expand_inplace)'));
  add('do: f[0].add_(1); r = f', ok('float32', [2, 3]));
  add('do: f.t()[1:].mul_(m[1:]); r = f', ok('float32', [2, 3]));
  add('do: f.t()[1:].mul_(v)', err('RuntimeError', 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1', 'aten/src/ATen/ExpandUtils.cpp infer_size_impl'));
  add('do: l[0].add_(2.5)', err('RuntimeError', "result type Float can't be cast to the desired output type Long", SRC_ITER));
  add('do: x = f[0]; f.mul_(2); x.clamp_(max=1.5); r = f', ok('float32', [2, 3]));
  add('do: f.view(3, 2)[1].fill_(7); r = f', ok('float32', [2, 3]));
  add('do: f[0:1].expand(3, 3).add_(1)', OVERLAP);
  add('do: f[0:1].expand(3, 3)[0] = 1; r = f', ok('float32', [2, 3]));
  add('do: v.expand(2, 3).zero_()', OVERLAP);
}

// Argument counts, types and keywords for every tensor function and method
// (names: the registry's, passed in by sweep.mjs). PyTorch's
// python_arg_parser raises TypeError for each; its text depends on the
// overloads of each function (torch/csrc/utils/python_arg_parser.cpp).
const ARG_WHY = 'python_arg_parser messages (per-overload text) are not reproduced yet';
function argCases(names) {
  // functions whose argument semantics differ from a tensor op's
  const skipFn = new Set(['tensor', 'as_tensor', 'Tensor', 'is_tensor', 'compile', 'manual_seed', 'no_grad',
    'enable_grad', 'inference_mode', 'set_grad_enabled', 'is_grad_enabled', 'is_inference_mode_enabled', 'ones', 'zeros', 'empty', 'rand', 'randn', 'full',
    'randint', 'arange', 'linspace', 'eye', 'get_default_dtype', 'initial_seed',
    // set_printoptions() / set_printoptions("a") just set PRINT_OPTS; meshgrid
    // of no or 2-d tensors is a RuntimeError (s9TensorOpsCases)
    'set_printoptions', 'meshgrid']);
  for (const n of names.torch) {
    // torch.device and the device submodules' functions (torch.cuda.*,
    // torch.optim.*, ...) have their own cases (issue12DeviceCases), and so
    // has einsum(*args), a Python function (issue12OpCases)
    if (skipFn.has(n) || n === 'device' || n === 'einsum' || n.includes('.')) continue;
    add(`torch.${n}()`, errType('TypeError', ARG_WHY), { args: true });
    add(`torch.${n}("a")`, errType('TypeError', ARG_WHY), { args: true });
    add(`torch.${n}(f, f, f, f, f, f, f)`, errType('TypeError', ARG_WHY), { args: true });
    add(`torch.${n}(f, bogus=1)`, errType('TypeError', ARG_WHY), { args: true });
  }
  const noArgs = new Set(['size', 'dim', 'numel', 'nelement', 'item', 'tolist', 'float', 'double', 'long', 'int', 'bool',
    'clone', 'contiguous', 'detach', 'cpu', 'requires_grad_', 'is_contiguous', 't', 'zero_', 'relu_', 'exp_', 'neg_',
    ...UNARY_FLOAT, 'neg', 'abs', 'relu', 'logical_not', 'square', 'sum', 'mean', 'prod', 'amax', 'amin', 'argmax',
    'argmin', 'max', 'min', 'var', 'std', 'flatten', 'squeeze', 'to', 'type',
    // backward("a") / cuda("a"): what PyTorch does with the value past the
    // argument parser is autograd's or CUDA's (issue12DeviceCases)
    'backward', 'cuda',
    // f.norm("a") is p='a', matrix_norm's RuntimeError "Order a not
    // supported."; f.unique("a") is sorted='a', truthy (s9TensorOpsCases)
    'norm', 'unique']);
  for (const n of names.methods) {
    add(`f.${n}(bogus=1)`, errType('TypeError', ARG_WHY), { args: true });
    add(`f.${n}(f, f, f, f, f, f, f)`, errType('TypeError', ARG_WHY), { args: true });
    if (!noArgs.has(n)) add(`f.${n}("a")`, errType('TypeError', ARG_WHY), { args: true });
  }
  for (const n of names.functional) {
    add(`F.${n}()`, errType('TypeError', ARG_WHY), { args: true });
    add(`F.${n}("a")`, errType('TypeError', ARG_WHY), { args: true });
    add(`F.${n}(f, bogus=1)`, errType('TypeError', ARG_WHY), { args: true });
  }
}

// torch.compile and the grad-mode API: calls that must work or fail cleanly
function apiCases() {
  add('torch.compile(torch.sin)(f)', ok('float32', [2, 3]));
  add('torch.compile(backend="eager")(torch.sin)(f)', ok('float32', [2, 3]));
  add('torch.compile(torch.sin, backend="no_such_backend")', unknown('an unknown backend: PyTorch raises torch._dynamo.exc.InvalidBackend, which dynawasm has not'));
  add('torch.compile(torch.sin, fullgraph=True)(f)', ok('float32', [2, 3]));
  add('torch.manual_seed(0)', ok());
  // torch/__init__.py get_default_dtype: float32 unless set_default_dtype
  add('torch.get_default_dtype() == torch.float32', ok());
  // torch.promote_types: c10::promoteTypes on two dtypes
  add('torch.promote_types(torch.int32, torch.float32) == torch.float32', ok());
  add('torch.promote_types(torch.bool, torch.int64) == torch.int64', ok());
  add('torch.promote_types(1, torch.float32)', err('TypeError', "promote_types(): argument 'type1' (position 1) must be torch.dtype, not int", 'torch/csrc/utils/python_arg_parser.cpp (the type of a positional argument)'));
  add('torch.get_default_dtype(f)', errType('TypeError', 'get_default_dtype() takes no arguments: the exact text of a C function\'s message not verified'));
  // random.c / randlib.c: PyTorch's CPU generator and the checks of its
  // kernels (aten/src/ATen/native: check_uniform_bounds, normal_,
  // randperm, bernoulli_tensor_cpu)
  add('torch.initial_seed() >= 0', ok());
  add('torch.initial_seed(f)', errType('TypeError', 'initial_seed() takes no arguments: the exact text of a Python function\'s message not verified'));
  add('torch.randperm(4)', ok('int64', [4]));
  add('torch.randperm(3, dtype=torch.int32)', ok('int32', [3]));
  add('torch.randperm(-1)', err('RuntimeError', 'n must be non-negative, got-1', 'TensorFactories.cpp randperm_out_cpu'));
  add('torch.normal(0.0, 1.0, size=(2, 3))', ok('float32', [2, 3]));
  add('torch.normal(f, 2.0)', ok('float32', [2, 3]));
  add('torch.normal(d, d)', ok('float64', [2, 3]));
  add('torch.bernoulli(f * 0.5)', ok('float32', [2, 3]));
  add('torch.bernoulli(d * 0.5)', ok('float64', [2, 3]));
  add('torch.bernoulli(l)', err('RuntimeError', '"bernoulli_tensor_cpu_p_" not implemented for \'Long\'', 'cpu/DistributionTemplates.h bernoulli_kernel (AT_DISPATCH_FLOATING_TYPES over p)'));
  add('f.clone().uniform_(-1, 1)', ok('float32', [2, 3]));
  add('d.clone().normal_(0, 2)', ok('float64', [2, 3]));
  add('f.clone().uniform_(1, 0)', err('RuntimeError', 'uniform_ expects to return a [from, to) range, but found from=1 > to=0', 'DistributionTemplates.h check_uniform_bounds'));
  add('f.clone().normal_(0, -1)', err('RuntimeError', 'normal expects std >= 0.0, but found std -1', 'DistributionTemplates.h normal_impl_'));
  add('l.clone().uniform_()', err('RuntimeError', '"check_uniform_bounds" not implemented for \'Long\'', 'DistributionTemplates.h check_uniform_bounds (AT_DISPATCH_FLOATING_TYPES)'));
  add('torch.manual_seed("a")', unknown('manual_seed of a str: PyTorch\'s int() conversion error not reproduced'));
  for (const fn of ['no_grad', 'enable_grad', 'inference_mode'])
    add(`do: r = f\n    with torch.${fn}():\n        r = f + 1`, ok('float32', [2, 3]));
  add('do: r = f\n    with torch.set_grad_enabled(False):\n        r = f * 2', ok('float32', [2, 3]));
  // the grad mode (torch/autograd/grad_mode.py; torch._C._set_grad_enabled
  // parses its argument with PythonArgParser: a bool only)
  add('torch.is_grad_enabled()', ok());
  add('torch.is_inference_mode_enabled()', ok());
  add('do: r = f\n    with torch.no_grad():\n        r = torch.tensor(torch.is_grad_enabled())', ok('bool', []));
  add('torch.no_grad()(torch.sin)(f)', ok('float32', [2, 3]));
  add('torch.set_grad_enabled(False)(torch.sin)(f)', ok('float32', [2, 3]));
  add('torch.set_grad_enabled("a")', err('TypeError', "_set_grad_enabled(): argument 'enabled' (position 1) must be bool, not str", 'torch/csrc/autograd/init.cpp set_grad_enabled (PythonArgParser "set_grad_enabled(bool enabled)"), called by grad_mode.py set_grad_enabled.__init__'));
  add('torch.set_grad_enabled(1)', err('TypeError', "_set_grad_enabled(): argument 'enabled' (position 1) must be bool, not int", 'torch/csrc/autograd/init.cpp set_grad_enabled (PythonArgParser: bool)'));
  add('torch._C._set_grad_enabled(None)', err('TypeError', "_set_grad_enabled(): argument 'enabled' (position 1) must be bool, not NoneType", 'torch/csrc/autograd/init.cpp set_grad_enabled (PythonArgParser: bool)'));
  add('torch.no_grad(f)(f)', err('TypeError', "'Tensor' object is not callable", 'torch/utils/_contextlib.py: no_grad(x) wraps x as a function (functools.wraps), calling it calls x'));
  add('torch.is_grad_enabled(f)', errType('TypeError', 'is_grad_enabled() takes no arguments: the exact text of a C function\'s message not verified'));
}

export function allCases(names) {
  cases = [];
  unaryCases();
  binaryCases();
  reductionCases();
  shapeCases();
  matmulCases();
  creationCases();
  methodCases();
  functionalCases();
  indexingCases();
  apiCases();
  argCases(names);
  issue12OpCases();
  issue12NnCases();
  issue12DeviceCases();
  s9TensorOpsCases();
  return cases;
}

// ---------------------------------------------------------------------------
// Issue 12's layers and ops: the tables torchlib.c registers from
// torchops.c (dwO_*), nn.c (dwNn_*), nn_module.c (dwNm_*) and device.c
// (dwDv_*). Kept in one section (added after the rest) so that merges of the
// families above stay simple.

const SRC_LA = 'aten/src/ATen/native/LinearAlgebra.cpp';
const SRC_TS = 'aten/src/ATen/native/TensorShape.cpp';
const SRC_SORT = 'aten/src/ATen/native/Sorting.cpp';
const SRC_SCATTER = 'aten/src/ATen/native/ScatterGatherChecks.h';
const SRC_TADV = 'aten/src/ATen/native/TensorAdvancedIndexing.cpp';
const SRC_CONV = 'aten/src/ATen/native/Convolution.cpp';
const SRC_POOL = 'aten/src/ATen/native/Pool.h';
const SRC_FUN = 'torch/nn/functional.py';
const SRC_EMB = 'aten/src/ATen/native/Embedding.cpp';
const SRC_EMBAG = 'aten/src/ATen/native/EmbeddingBag.cpp';
const SRC_MOD = 'torch/nn/modules/module.py';
const DISPATCH_WHY = (k) => `${k}: the kernel name of PyTorch's dispatch message (or which check fires first) not verified`;
const b3 = (a, b, c) => `torch.ones(${a}, ${b}, ${c})`;
// the four dtypes this section's per-dtype cases run over (float64 has
// its own families above)
const DT4 = ['f', 'l', 'i', 'b'];
const OOB_SCATTER = (i, d, n) => err('RuntimeError', `index ${i} is out of bounds for dimension ${d} with size ${n}`, `${SRC_SCATTER} / aten/src/ATen/native/cpu/ScatterGatherKernel.cpp`);

function issue12OpCases() {
  // round / clamp_min / clamp_max
  add('torch.round(f)', ok('float32', [2, 3]));
  add('torch.round(l)', ok('int64', [2, 3]));
  add('torch.round(b)', err('RuntimeError', `"round_vml_cpu" not implemented for 'Bool'`, 'aten/src/ATen/native/cpu/UnaryOpsKernel.cpp (AT_DISPATCH round)'));
  add('torch.round(f, decimals=1)', ok('float32', [2, 3]));
  add('torch.round(l, decimals=1)', err('RuntimeError', `"round_cpu" not implemented for 'Long'`, 'aten/src/ATen/native/cpu/UnaryOpsKernel.cpp round_decimals_kernel'));
  for (const fn of ['clamp_min', 'clamp_max']) {
    add(`torch.${fn}(f, 0)`, ok('float32', [2, 3]));
    add(`torch.${fn}(l, 0.5)`, ok('float32', [2, 3])); // at::result_type(self, min)
    add(`torch.${fn}(i, 2)`, ok('int32', [2, 3]));
    add(`torch.${fn}(b, 0)`, ok('int64', [2, 3]));
    add(`f.${fn}(v)`, ok('float32', [2, 3]));
    add(`f.${fn}(w)`, err('RuntimeError', broadcast([2, 3], [4]).error, SRC_BROADCAST));
  }
  add('torch.clamp_max(f)', errType('TypeError', ARG_WHY));
  // bmm / baddbmm
  const F3 = 'f.unsqueeze(0)';
  const M3 = 'm.unsqueeze(0)';
  add(`torch.bmm(${F3}, ${M3})`, ok('float32', [1, 2, 2]));
  add(`${F3}.bmm(${M3})`, ok('float32', [1, 2, 2]));
  add('torch.bmm(l.unsqueeze(0), l.t().unsqueeze(0))', ok('int64', [1, 2, 2]));
  add(`torch.bmm(${F3}, ${F3})`, err('RuntimeError', 'Expected size for first two dimensions of batch2 tensor to be: [1, 3] but got: [1, 2].', `${SRC_LA} common_checks_baddbmm_bmm`));
  add(`torch.bmm(${F3}, m.unsqueeze(0).expand(2, 3, 2))`, err('RuntimeError', 'Expected size for first two dimensions of batch2 tensor to be: [1, 3] but got: [2, 3].', `${SRC_LA} common_checks_baddbmm_bmm`));
  add('torch.bmm(v, v)', err('RuntimeError', 'batch1 must be a 3D tensor', `${SRC_LA} common_checks_baddbmm_bmm`));
  add(`torch.bmm(${F3}, s)`, err('RuntimeError', 'batch2 must be a 3D tensor', `${SRC_LA} common_checks_baddbmm_bmm`));
  add(`torch.bmm(${F3}, l.t().unsqueeze(0))`, errType('RuntimeError', DISPATCH_WHY('bmm of float and long batches')));
  add('torch.bmm(b.unsqueeze(0), b.t().unsqueeze(0))', errType('RuntimeError', DISPATCH_WHY('bmm of bool batches')));
  add(`torch.bmm(${F3}, "a")`, errType('TypeError', ARG_WHY));
  const IN = 'torch.ones(1, 2, 2)';
  add(`torch.baddbmm(${IN}, ${F3}, ${M3})`, ok('float32', [1, 2, 2]));
  add(`${IN}.baddbmm(${F3}, ${M3}, beta=0.5, alpha=2)`, ok('float32', [1, 2, 2]));
  add(`torch.baddbmm(torch.ones(2), ${F3}, ${M3})`, ok('float32', [1, 2, 2]));
  add(`torch.baddbmm(${IN}, ${F3}, ${M3}, beta=0)`, ok('float32', [1, 2, 2]));
  const BADD_EXPAND = (want, have, k, tgt, sizes) => err('RuntimeError', `The expanded size of the tensor (${want}) must match the existing size (${have}) at non-singleton dimension ${k}.  Target sizes: ${tgt}.  Tensor sizes: ${sizes}`, `${SRC_LA} baddbmm meta (expand_size) + aten/src/ATen/ExpandUtils.cpp inferExpandGeometry`);
  add(`torch.baddbmm(torch.ones(3, 3), ${F3}, ${M3})`, BADD_EXPAND(2, 3, 2, '[1, 2, 2]', '[3, 3]'));
  add(`torch.baddbmm(torch.ones(2, 2, 2), ${F3}, ${M3}, beta=0)`, BADD_EXPAND(1, 2, 0, '[1, 2, 2]', '[2, 2, 2]'));
  add(`torch.baddbmm(${IN}, f, m)`, dimRange(2, 2)); // batch2.size(2) of a 2-D batch2, before the 3-D checks
  add(`torch.baddbmm(${IN}, v, ${M3})`, dimRange(1, 1));
  add(`torch.baddbmm(torch.ones(1, 2, 3), ${F3}, m.unsqueeze(0).unsqueeze(0))`, err('RuntimeError', 'batch2 must be a 3D tensor', `${SRC_LA} common_checks_baddbmm_bmm`));
  add(`torch.baddbmm(${IN}, ${F3}, m.unsqueeze(0).unsqueeze(0))`, BADD_EXPAND(3, 2, 2, '[1, 2, 3]', '[1, 2, 2]')); // batch2.size(2) of a 4-D batch2 is 3
  add(`torch.baddbmm(torch.ones(1, 2, 2, dtype=torch.int64), ${F3}, ${M3})`, err('RuntimeError', 'Input dtypes must be the same, got: input long int, batch1: float, batch2: float', `${SRC_LA} baddbmm meta`));
  add(`torch.baddbmm(${IN}, ${F3}, ${IN})`, err('RuntimeError', 'Expected size for first two dimensions of batch2 tensor to be: [1, 3] but got: [1, 2].', `${SRC_LA} common_checks_baddbmm_bmm`));
  add(`torch.baddbmm(${IN}, ${F3}, ${F3})`, BADD_EXPAND(3, 2, 2, '[1, 2, 3]', '[1, 2, 2]'));
  // einsum
  const EIN = 'aten/src/ATen/native/Linear.cpp einsum';
  add('torch.einsum("ij,jk->ik", f, m)', ok('float32', [2, 2]));
  add('torch.einsum("ij,jk", f, m)', ok('float32', [2, 2]));
  add('torch.einsum("ij,jk->ik", [f, m])', ok('float32', [2, 2]));
  add('torch.einsum("ij->ji", f)', ok('float32', [3, 2]));
  add('torch.einsum("i j->j i", f)', ok('float32', [3, 2]));
  add('torch.einsum("bij,bjk->bik", f.unsqueeze(0), m.unsqueeze(0))', ok('float32', [1, 2, 2]));
  add('torch.einsum("ij->", f)', ok('float32', []));
  add('torch.einsum("...j,j->...", f, v)', ok('float32', [2]));
  add('torch.einsum("ii->i", f[:, :2])', ok('float32', [2]));
  add('torch.einsum("ii", f)', err('RuntimeError', "einsum(): subscript i is repeated for operand 0 but the sizes don't match, 3 != 2", EIN));
  add('torch.einsum("ij,jk->ik", f, f)', err('RuntimeError', 'einsum(): subscript j has size 2 for operand 1 which does not broadcast with previously seen size 3', EIN));
  add('torch.einsum("ij,jk->ik", f)', err('RuntimeError', 'einsum(): fewer operands were provided than specified in the equation', EIN));
  add('torch.einsum("ijk,jk->ik", f, m)', err('RuntimeError', 'einsum(): the number of subscripts in the equation (3) does not match the number of dimensions (2) for operand 0 and no ellipsis was given', EIN));
  add('torch.einsum("ij->k", f)', err('RuntimeError', 'einsum(): output subscript k does not appear in the equation for any input operand', EIN));
  add('torch.einsum("ij,jk->ik", f, l.t())', errType('RuntimeError', DISPATCH_WHY('einsum of float and long operands (bmm underneath)')));
  add('torch.einsum(f, f)', errType('TypeError', ARG_WHY));
  const EIN_ARGS = 'einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list';
  add('torch.einsum()', err('ValueError', EIN_ARGS, 'torch/functional.py einsum'));
  add('torch.einsum("ij")', err('ValueError', EIN_ARGS, 'torch/functional.py einsum'));
  add('torch.einsum("ij->ji", f, bogus=1)', err('TypeError', "einsum() got an unexpected keyword argument 'bogus'", 'torch/functional.py einsum(*args) (Python\'s call check)'));
  // masked_fill / masked_fill_
  const MF = 'aten/src/ATen/native/TensorAdvancedIndexing.cpp masked_fill';
  for (const t of DT4) add(`torch.masked_fill(${t}, b, 0)`, ok(META[t][0], [2, 3]));
  add('f.masked_fill(b, 2.5)', ok('float32', [2, 3]));
  add('l.masked_fill(b, 2.5)', ok('int64', [2, 3]));
  add('f.masked_fill(b[0], 0)', ok('float32', [2, 3]));
  add('f.masked_fill(b, s)', ok('float32', [2, 3]));
  add('f.masked_fill(l, 0)', err('RuntimeError', 'masked_fill_ only supports boolean masks, but got mask with dtype long int', MF));
  add('f.masked_fill(f > 0, 0)', ok('float32', [2, 3]));
  add('f.masked_fill(torch.ones(2, 2, dtype=torch.bool), 0)', err('RuntimeError', broadcast([2, 2], [2, 3]).error, `${SRC_BROADCAST} (expand_outplace of mask and self)`));
  add('f.masked_fill(b, v)', err('RuntimeError', 'masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).', MF));
  add('do: r = l.masked_fill_(b, 2.5)', ok('int64', [2, 3]));
  add('do: r = f.masked_fill_(b, 1)', ok('float32', [2, 3]));
  add('do: r = v.masked_fill_(b, 1)', err('RuntimeError', "output with shape [3] doesn't match the broadcast shape [2, 3]", SRC_ITER));
  add('f.masked_fill(b)', errType('TypeError', ARG_WHY));
  add('f.masked_fill(b, "a")', errType('TypeError', ARG_WHY));
  // tril / triu
  for (const fn of ['tril', 'triu']) {
    for (const t of DT4) add(`torch.${fn}(${t})`, ok(META[t][0], [2, 3]));
    add(`f.${fn}(1)`, ok('float32', [2, 3]));
    add(`torch.${fn}(f, diagonal=-5)`, ok('float32', [2, 3]));
    add(`torch.${fn}(e)`, ok('float32', [0, 3]));
    add(`torch.${fn}(v)`, err('RuntimeError', `${fn}: input tensor must have at least 2 dimensions`, 'aten/src/ATen/native/TriangularOps.cpp'));
    add(`s.${fn}()`, err('RuntimeError', `${fn}: input tensor must have at least 2 dimensions`, 'aten/src/ATen/native/TriangularOps.cpp'));
    add(`torch.${fn}(f, 1.5)`, errType('TypeError', ARG_WHY));
  }
  // split / chunk / narrow
  add('torch.split(f, 1)[0]', ok('float32', [1, 3]));
  add('len(torch.split(f, 1))', ok());
  add('f.split([1, 2], dim=1)[1]', ok('float32', [2, 2]));
  add('f.split(2, 1)[1]', ok('float32', [2, 1]));
  add('torch.split(f, [1, 1], dim=1)', err('RuntimeError', "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 1), but got split_sizes=[1, 1]", `${SRC_TS} split_with_sizes`));
  add('torch.split(f, 1, dim=2)', dimRange(2, 2));
  add('f.split(0)', err('RuntimeError', 'split_size can only be 0 if dimension size is 0, but got dimension size of 2', `${SRC_TS} split`));
  add('f.split(-1)', err('RuntimeError', 'split expects split_size be non-negative, but got split_size=-1', `${SRC_TS} split`));
  add('torch.split(s, 1)', err('RuntimeError', 'split expects at least a 1-dimensional tensor', `${SRC_TS} split`));
  add('torch.chunk(f, 2)[1]', ok('float32', [1, 3]));
  add('f.chunk(2, 1)[0]', ok('float32', [2, 2]));
  add('len(f.chunk(5, 1))', ok());
  add('torch.chunk(f, 0)', err('RuntimeError', 'chunk expects `chunks` to be greater than 0, got: 0', `${SRC_TS} chunk`));
  add('f.chunk(2, dim=3)', dimRange(2, 3));
  add('torch.chunk(s, 1)', err('RuntimeError', 'chunk expects at least a 1-dimensional tensor', `${SRC_TS} chunk`));
  add('f.chunk(1.5)', errType('TypeError', ARG_WHY));
  add('torch.narrow(f, 1, 0, 2)', ok('float32', [2, 2]));
  add('f.narrow(0, -1, 1)', ok('float32', [1, 3]));
  add('l.narrow(1, 1, 2)', ok('int64', [2, 2]));
  add('torch.narrow(f, 1, 2, 2)', err('RuntimeError', 'start (2) + length (2) exceeds dimension size (3).', `${SRC_TS} narrow`));
  add('f.narrow(2, 0, 1)', dimRange(2, 2));
  add('f.narrow(0, 0, -1)', err('RuntimeError', 'narrow(): length must be non-negative.', `${SRC_TS} narrow`));
  add('f.narrow(0, 3, 0)', err('IndexError', 'start out of range (expected to be in range of [-2, 2], but got 3)', `${SRC_TS} narrow`));
  add('s.narrow(0, 0, 1)', err('RuntimeError', 'narrow() cannot be applied to a 0-dim tensor.', `${SRC_TS} narrow`));
  add('f.narrow(0, 0)', errType('TypeError', ARG_WHY));
  // repeat
  add('f.repeat(2, 2)', ok('float32', [4, 6]));
  add('b.repeat(1, 2, 3)', ok('bool', [1, 4, 9]));
  add('f.repeat((2, 1))', ok('float32', [4, 3]));
  add('v.repeat(0)', ok('float32', [0]));
  add('f.repeat(2)', err('RuntimeError', 'Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor', `${SRC_TS} repeat`));
  add('f.repeat(-1, 1)', err('RuntimeError', 'Trying to create tensor with negative dimension -2: [-2, 3]', `${SRC_TS} repeat (at::empty(target_size)) + aten/src/ATen/EmptyTensor.cpp check_size_nonnegative`));
  add('f.repeat(1.5, 1)', errType('TypeError', ARG_WHY));
  // roll / flip
  add('torch.roll(f, 1)', ok('float32', [2, 3]));
  add('torch.roll(l, 1, 1)', ok('int64', [2, 3]));
  add('f.roll((1, 1), (0, 1))', ok('float32', [2, 3]));
  add('torch.roll(f, 1, 2)', dimRange(2, 2));
  add('f.roll(1, -3)', dimRange(2, -3));
  add('torch.roll(f, (1, 1), 0)', err('RuntimeError', 'shifts and dimensions must align. shifts: 2, dims:1', `${SRC_TS} roll_common`));
  add('torch.roll(f)', errType('TypeError', ARG_WHY));
  add('torch.flip(f, (0,))', ok('float32', [2, 3]));
  add('b.flip([0, 1])', ok('bool', [2, 3]));
  add('f.flip(0)', ok('float32', [2, 3]));
  add('torch.flip(f, (2,))', dimRange(2, 2));
  add('torch.flip(f, (0, 0))', err('RuntimeError', 'dim 0 appears multiple times in the list of dims', 'aten/src/ATen/WrapDimUtilsMulti.h'));
  add('torch.flip(f)', errType('TypeError', ARG_WHY));
  // gather / take_along_dim / index_select
  add('torch.gather(f, 1, l)', ok('float32', [2, 3]));
  add('l.gather(0, torch.zeros(1, 2, dtype=torch.int64))', ok('int64', [1, 2]));
  add('torch.gather(f, 1, i)', err('RuntimeError', 'gather(): Expected dtype int64 for index', `${SRC_TADV} gather meta`));
  add('torch.gather(f, 1, f)', err('RuntimeError', 'gather(): Expected dtype int64 for index', `${SRC_TADV} gather meta`));
  add('torch.gather(f, 2, l)', dimRange(2, 2));
  add('torch.gather(f, 2, f)', dimRange(2, 2)); // the dim before the index dtype
  add('torch.gather(f, 1, torch.ones(2, 0, dtype=torch.int32))', ok('float32', [2, 0])); // an empty index skips the dtype check
  add('torch.gather(f, 1, l[0])', err('RuntimeError', 'Index tensor must have the same number of dimensions as input tensor', `${SRC_SCATTER} gather_shape_check`));
  add('torch.gather(f, 1, torch.ones(3, 3, dtype=torch.int64))', err('RuntimeError', 'Size does not match at dimension 0 expected index [3, 3] to be smaller than self [2, 3] apart from dimension 1', `${SRC_SCATTER} gather_shape_check`));
  add('torch.gather(f, 1, torch.full((2, 3), 3))', OOB_SCATTER(3, 1, 3));
  add('torch.gather(f, 1, torch.full((2, 3), -4))', OOB_SCATTER(-4, 1, 3));
  add('torch.take_along_dim(f, l, 1)', ok('float32', [2, 3]));
  add('torch.take_along_dim(f, l)', ok('float32', [6]));
  add('f.take_along_dim(l[:, :1], 1)', ok('float32', [2, 1]));
  add('torch.take_along_dim(f, f, 1)', err('RuntimeError', 'torch.take_along_dim(): dtype of indices should be int but got Float instead', `${SRC_TADV} take_along_dim`));
  add('torch.take_along_dim(f, l, 2)', dimRange(2, 2));
  add('torch.take_along_dim(f, l[0], 1)', err('RuntimeError', 'torch.take_along_dim(): input and indices should have the same number of dimensions, but got 2 dimensions for input, and 1 dimensions for indices', `${SRC_TADV} take_along_dim`));
  add('torch.index_select(f, 1, torch.tensor([0, 2]))', ok('float32', [2, 2]));
  add('f.index_select(0, torch.tensor([0], dtype=torch.int32))', ok('float32', [1, 3]));
  add('torch.index_select(s, 0, torch.tensor([0]))', ok('float32', [1]));
  add('torch.index_select(f, 1, torch.tensor([0.0]))', err('RuntimeError', 'index_select(): Expected dtype int32 or int64 for index', `${SRC_TADV} index_select_out_cpu_`));
  add('torch.index_select(f, 1, torch.tensor([3]))', err('IndexError', 'index out of range in self', `${SRC_TADV} index_select_out_cpu_`));
  add('torch.index_select(f, 2, torch.tensor([0]))', dimRange(2, 2));
  add('torch.index_select(f, 0, l)', err('IndexError', 'index_select(): Index is supposed to be a vector', `${SRC_TADV} index_select_out_cpu_`));
  add('f.index_select(0, [0])', errType('TypeError', ARG_WHY));
  // cumsum
  add('torch.cumsum(f, 1)', ok('float32', [2, 3]));
  add('torch.cumsum(l, 0)', ok('int64', [2, 3]));
  add('torch.cumsum(b, 0)', ok('int64', [2, 3])); // ReduceOps.cpp cumsum: integral inputs accumulate in int64
  add('i.cumsum(0)', ok('int64', [2, 3]));
  add('torch.cumsum(l, 0, dtype=torch.float32)', ok('float32', [2, 3]));
  add('torch.cumsum(s, 0)', ok('float32', []));
  add('torch.cumsum(f, 2)', dimRange(2, 2));
  add('f.cumsum(-3)', dimRange(2, -3));
  add('torch.cumsum(f)', errType('TypeError', ARG_WHY));
  // sort / argsort / topk
  add('torch.sort(f)[0]', ok('float32', [2, 3]));
  add('torch.sort(f, 0)[1]', ok('int64', [2, 3]));
  add('f.sort(descending=True).indices', ok('int64', [2, 3]));
  add('torch.sort(b)[0]', ok('bool', [2, 3]));
  add('torch.sort(s)[0]', ok('float32', []));
  add('torch.sort(f, 2)', dimRange(2, 2));
  add('torch.argsort(f)', ok('int64', [2, 3]));
  add('torch.argsort(l, 0, True)', ok('int64', [2, 3]));
  add('f.argsort(dim=2)', dimRange(2, 2));
  add('torch.topk(f, 2)[0]', ok('float32', [2, 2]));
  add('f.topk(2).indices', ok('int64', [2, 2]));
  add('torch.topk(l, 1, dim=0)[0]', ok('int64', [1, 3]));
  add('torch.topk(f, 1, largest=False)[0]', ok('float32', [2, 1]));
  add('torch.topk(f, 4)', err('RuntimeError', 'selected index k out of range', `${SRC_SORT} topk meta`));
  add('torch.topk(f, -1)', err('RuntimeError', 'selected index k out of range', `${SRC_SORT} topk meta`));
  add('torch.topk(f, 2, dim=2)', dimRange(2, 2));
  add('torch.topk(f)', errType('TypeError', ARG_WHY));
  add('torch.sort(f, "a")', errType('TypeError', ARG_WHY));
  // scatter / scatter_add (and in place): one meta function for all, whose
  // dtype checks name "scatter"
  const SCATTER_META = `${SRC_TADV} scatter_meta_impl (scatter_gather_dtype_check("scatter", ...))`;
  add('torch.scatter_add(f, 1, i, f)', err('RuntimeError', 'scatter(): Expected dtype int64 for index', SCATTER_META));
  add('torch.scatter(f, 1, torch.ones(2, 0, dtype=torch.int32), f)', ok('float32', [2, 3])); // an empty index skips the dtype check
  add('torch.scatter(f, 2, f, l)', dimRange(2, 2)); // the dim first
  add('torch.scatter(f, 1, l[0], l)', err('RuntimeError', 'scatter(): Expected self.dtype to be equal to src.dtype', SCATTER_META)); // dtypes before shapes
  add('torch.scatter(f, 1, l, 2.5)', ok('float32', [2, 3]));
  add('torch.scatter(f, 1, l, f)', ok('float32', [2, 3]));
  add('l.scatter(0, l, l)', ok('int64', [2, 3]));
  add('torch.scatter(f, 1, f, f)', err('RuntimeError', 'scatter(): Expected dtype int64 for index', SCATTER_META));
  add('torch.scatter(f, 2, l, f)', dimRange(2, 2));
  add('torch.scatter(f, 1, torch.full((2, 3), 3), f)', OOB_SCATTER(3, 1, 3));
  add('torch.scatter(f, 1, l, l)', err('RuntimeError', 'scatter(): Expected self.dtype to be equal to src.dtype', SCATTER_META));
  add('torch.scatter(f, 1, torch.ones(3, 3, dtype=torch.int64), f)', err('RuntimeError', 'Size does not match at dimension 0 expected index [3, 3] to be smaller than self [2, 3] apart from dimension 1', `${SRC_SCATTER} scatter_shape_check`));
  add('torch.scatter(f, 1, l[0], f)', err('RuntimeError', 'Index tensor must have the same number of dimensions as self tensor', `${SRC_SCATTER} scatter_shape_check`));
  add('torch.scatter_add(f, 1, l, f)', ok('float32', [2, 3]));
  add('torch.scatter_add(f, 1, l, 1.0)', errType('TypeError', ARG_WHY));
  add('torch.scatter_add(f, 0, l, l)', err('RuntimeError', 'scatter(): Expected self.dtype to be equal to src.dtype', SCATTER_META));
  add('torch.scatter_add(f, 0, torch.full((2, 3), -3), f)', OOB_SCATTER(-3, 0, 2));
  add('do: r = f.scatter_(1, l, 2.0)', ok('float32', [2, 3]));
  add('do: r = f.scatter_add_(0, l, f)', ok('float32', [2, 3]));
  add('do: r = l.scatter_(1, l, f)', err('RuntimeError', 'scatter(): Expected self.dtype to be equal to src.dtype', SCATTER_META));
  add('do: r = f.scatter_add_(1, f, f)', err('RuntimeError', 'scatter(): Expected dtype int64 for index', SCATTER_META));
  add('do: r = f.scatter_(1, l)', errType('TypeError', ARG_WHY));
  // nonzero (a data-dependent shape: a graph break when compiled)
  add('torch.nonzero(f)', ok('int64', [6, 2]));
  add('torch.nonzero(b)', ok('int64', [6, 2]));
  add('torch.nonzero(s)', ok('int64', [1, 0]));
  add('torch.nonzero(e)', ok('int64', [0, 2]));
  add('torch.nonzero(f, as_tuple=True)[1]', ok('int64', [6]));
  add('f.nonzero()', ok('int64', [6, 2]));
  add('torch.nonzero(f, f)', errType('TypeError', ARG_WHY));
}

function issue12NnCases() {
  const X1 = b3(1, 2, 5); // [N, C, L]
  const W1 = b3(4, 2, 3);
  const X2 = 'torch.ones(1, 2, 5, 5)';
  const W2 = 'torch.ones(4, 2, 3, 3)';
  // F.pad
  add('F.pad(f, (1, 1))', ok('float32', [2, 5]));
  add('F.pad(f, (1, 1, 2, 0), value=2.0)', ok('float32', [4, 5]));
  add('F.pad(l, (1, 1))', ok('int64', [2, 5]));
  add('F.pad(f, (-1, 0))', ok('float32', [2, 2]));
  add('F.pad(f, (1, 1), mode="reflect")', ok('float32', [2, 5]));
  add('F.pad(f, (1,))', err('RuntimeError', 'Padding length must be divisible by 2', 'aten/src/ATen/native/PadNd.cpp'));
  add('F.pad(f, (1, 1, 1, 1, 1, 1))', err('RuntimeError', 'Padding length should be less than or equal to two times the input dimension but got padding length 6 and input of dimension 2', 'aten/src/ATen/native/PadNd.cpp'));
  add('F.pad(f, 1)', errType('TypeError', ARG_WHY));
  // conv1d / conv2d (F., torch., nn.)
  const CONV_CH = (w, x, c, got) => err('RuntimeError', `Given groups=1, weight of size ${w}, expected input${x} to have ${c} channels, but got ${got} channels instead`, `${SRC_CONV} check_shape_forward`);
  for (const p of ['F', 'torch']) {
    add(`${p}.conv1d(${X1}, ${W1})`, ok('float32', [1, 4, 3]));
    add(`${p}.conv2d(${X2}, ${W2})`, ok('float32', [1, 4, 3, 3]));
  }
  add(`F.conv1d(torch.ones(2, 5), ${W1})`, ok('float32', [4, 3]));
  add(`F.conv1d(${X1}, ${W1}, padding="same")`, ok('float32', [1, 4, 5]));
  add(`F.conv1d(${b3(1, 4, 5)}, ${W1}, groups=2)`, ok('float32', [1, 4, 3]));
  add(`F.conv2d(${X2}, ${W2}, torch.ones(4), stride=2, padding=1)`, ok('float32', [1, 4, 3, 3]));
  add(`F.conv2d(torch.ones(2, 5, 5), ${W2})`, ok('float32', [4, 3, 3]));
  add(`F.conv1d(${b3(1, 3, 5)}, ${W1})`, CONV_CH('[4, 2, 3]', '[1, 3, 5]', 2, 3));
  add(`F.conv1d(${X1}, ${b3(4, 2, 7)})`, err('RuntimeError', "Calculated padded input size per channel: (5). Kernel size: (7). Kernel size can't be greater than actual input size", `${SRC_CONV} check_shape_forward`));
  add(`F.conv2d(${X2}, torch.ones(4, 2, 7, 7))`, err('RuntimeError', "Calculated padded input size per channel: (5 x 5). Kernel size: (7 x 7). Kernel size can't be greater than actual input size", `${SRC_CONV} check_shape_forward`));
  add(`F.conv1d(${X1}, ${W1}, stride=0)`, err('RuntimeError', 'non-positive stride is not supported', `${SRC_CONV} check_shape_forward`));
  add(`F.conv1d(${X1}, ${W1}, padding=-1)`, err('RuntimeError', 'negative padding is not supported', `${SRC_CONV} check_shape_forward`));
  add(`F.conv1d(${X1}, ${W1}, groups=0)`, err('RuntimeError', 'non-positive groups is not supported', `${SRC_CONV} check_shape_forward`));
  add(`F.conv1d(${X1}, ${W1}, padding="same", stride=2)`, err('RuntimeError', "padding='same' is not supported for strided convolutions", `${SRC_CONV} _convolution_mode`));
  add(`F.conv1d(${X1}, ${W1}, padding="bogus")`, err('RuntimeError', "Invalid padding string 'bogus', should be one of {'valid', 'same'}", `${SRC_CONV} _convolution_mode`));
  add(`F.conv1d(${X1}, ${W1}, bias=torch.ones(3))`, err('RuntimeError', 'Given weight of size [4, 2, 3], expected bias to be 1-dimensional with 4 elements, but got bias of size [3] instead', `${SRC_CONV} check_shape_forward`));
  add(`F.conv1d(${b3(1, 4, 5)}, ${b3(3, 2, 3)}, groups=2)`, err('RuntimeError', 'Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of size [3, 2, 3] instead', `${SRC_CONV} check_shape_forward`));
  add(`F.conv2d(torch.ones(5, 5), ${W2})`, err('RuntimeError', 'Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]', `${SRC_CONV} conv2d`));
  add(`F.conv2d(${X2}, ${W2}, stride=(1, 2, 3))`, err('RuntimeError', 'expected stride to be a single integer value or a list of 2 values', `${SRC_CONV} expand_param_if_needed`));
  add(`F.conv2d(${X2}, ${W2}, dilation=0)`, err('RuntimeError', 'dilation should be greater than zero', `${SRC_CONV} check_shape_forward`));
  add(`F.conv2d(torch.ones(1, 2, 5, 5, dtype=torch.int64), torch.ones(4, 2, 3, 3, dtype=torch.int64))`, err('RuntimeError', `"slow_conv2d_cpu" not implemented for 'Long'`, 'aten/src/ATen/native/ConvolutionMM2d.cpp (AT_DISPATCH slow_conv2d_cpu)'));
  add(`F.conv1d(torch.ones(1, 2, 5, dtype=torch.int64), ${W1})`, errType('RuntimeError', DISPATCH_WHY('conv of a long input and a float weight')));
  add(`F.conv2d(${X2})`, errType('TypeError', ARG_WHY));
  add('torch.nn.Conv1d(2, 4, 3)(torch.ones(1, 2, 5))', ok('float32', [1, 4, 3]));
  add('torch.nn.Conv2d(2, 4, 3)(torch.ones(2, 5, 5))', ok('float32', [4, 3, 3]));
  add(`torch.nn.Conv2d(2, 4, (3, 2), stride=2, padding=1, bias=False)(${X2})`, ok('float32', [1, 4, 3, 3]));
  add('torch.nn.Conv2d(2, 4, 3, padding="same")(torch.ones(1, 2, 5, 5))', ok('float32', [1, 4, 5, 5]));
  add('torch.nn.Conv1d(2, 4, 3)(torch.ones(1, 3, 5))', CONV_CH('[4, 2, 3]', '[1, 3, 5]', 2, 3));
  add('torch.nn.Conv2d(2, 4, 3)(torch.ones(5, 5))', err('RuntimeError', 'Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]', `${SRC_CONV} conv2d`));
  add('torch.nn.Conv2d(2, 4, 3)(torch.ones(1, 2, 2, 2))', err('RuntimeError', "Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size can't be greater than actual input size", `${SRC_CONV} check_shape_forward`));
  add('torch.nn.Conv1d(2, 4, 3, groups=3)', err('ValueError', 'in_channels must be divisible by groups', 'torch/nn/modules/conv.py _ConvNd.__init__'));
  add('torch.nn.Conv1d(2, 3, 3, groups=2)', err('ValueError', 'out_channels must be divisible by groups', 'torch/nn/modules/conv.py _ConvNd.__init__'));
  add('torch.nn.Conv2d(2, 4, 3, groups=0)', err('ValueError', 'groups must be a positive integer', 'torch/nn/modules/conv.py _ConvNd.__init__'));
  add('torch.nn.Conv1d(2, 4, 3, padding="bogus")', errType('ValueError', 'conv.py _ConvNd.__init__ prints its set {"same", "valid"}, whose order varies with Python\'s string hashing'));
  add('torch.nn.Conv1d(2, 4, 3, padding="same", stride=2)', err('ValueError', "padding='same' is not supported for strided convolutions", 'torch/nn/modules/conv.py _ConvNd.__init__'));
  add('torch.nn.Conv1d(2, 4, 3, padding_mode="bogus")', err('ValueError', "padding_mode must be one of ['zeros', 'reflect', 'replicate', 'circular'], but got padding_mode='bogus'", 'torch/nn/modules/conv.py _ConvNd.__init__'));
  add('torch.nn.Conv2d(2, 4, 3)(torch.ones(1, 2, 5, 5, dtype=torch.int64))', errType('RuntimeError', DISPATCH_WHY('conv of a long input and a float weight')));
  add('torch.nn.Conv2d("a", 4, 3)', errType('TypeError', 'Conv2d(in_channels="a"): PyTorch fails on the int arithmetic of conv.py (text not verified)'));
  // pooling
  for (const [fn, n] of [['max_pool1d', 1], ['max_pool2d', 2], ['avg_pool1d', 1], ['avg_pool2d', 2]]) {
    const x = n === 1 ? b3(1, 2, 6) : 'torch.ones(1, 2, 6, 6)';
    const low = n === 1 ? 'torch.ones(6)' : 'torch.ones(6, 6)';
    const lowShape = n === 1 ? '[6]' : '[6, 6]';
    const out = n === 1 ? [1, 2, 3] : [1, 2, 3, 3];
    add(`F.${fn}(${x}, 2)`, ok('float32', out));
    add(`F.${fn}(${x}, 2, 2)`, ok('float32', out));
    add(`F.${fn}(${low}, 2)`, err('RuntimeError', `${fn}: Expected ${n === 1 ? '2D or 3D' : '3D or 4D'} (batch mode) tensor with optional 0 dim batch size for input, but got:${lowShape}`, `aten/src/ATen/native/${n === 1 ? 'MaxPooling.cpp / AveragePool1d' : 'Pool.h pool2d_shape_check'}`));
    add(`F.${fn}(${x})`, errType('TypeError', ARG_WHY));
  }
  add('F.max_pool2d(torch.ones(2, 6, 6), 2)', ok('float32', [2, 3, 3]));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6), 3, ceil_mode=True)', ok('float32', [1, 2, 2, 2]));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.int64), 2)', ok('int64', [1, 2, 3, 3]));
  add('torch.max_pool2d(torch.ones(1, 2, 6, 6), 2)', ok('float32', [1, 2, 3, 3]));
  add('torch.avg_pool1d(torch.ones(1, 2, 6), 2)', ok('float32', [1, 2, 3]));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6), 7)', err('RuntimeError', 'Given input size: (2x6x6). Calculated output size: (2x0x0). Output size is too small', `${SRC_POOL} pool2d_shape_check`));
  add('F.avg_pool2d(torch.ones(1, 2, 6, 6), 7)', err('RuntimeError', 'Given input size: (2x6x6). Calculated output size: (2x0x0). Output size is too small', `${SRC_POOL} pool2d_shape_check`));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6), 2, padding=2)', err('RuntimeError', 'pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1', `${SRC_POOL} pool2d_shape_check`));
  add('F.avg_pool2d(torch.ones(1, 2, 6, 6), 2, padding=2)', err('RuntimeError', 'pad should be at most half of kernel size, but got pad=2 and kernel_size=2', `${SRC_POOL} pool2d_shape_check`));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6), 0)', err('RuntimeError', 'kernel_size must be greater than zero, but got kH: 0 kW: 0', `${SRC_POOL} pool2d_shape_check`));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6), 2, stride=0)', err('RuntimeError', 'stride should be greater than zero, but got dH: 0 dW: 0', `${SRC_POOL} pool2d_shape_check`));
  add('F.max_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.bool), 2)', err('RuntimeError', `"max_pool2d" not implemented for 'Bool'`, 'aten/src/ATen/native/cpu/MaxPoolKernel.cpp (AT_DISPATCH max_pool2d)'));
  // cpu/AvgPoolKernel.cpp: AT_DISPATCH_FLOATING_TYPES_AND(Long, ..., "avg_pool2d")
  add('F.avg_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.int64), 2)', ok('int64', [1, 2, 3, 3]));
  add('F.avg_pool1d(torch.ones(1, 2, 6, dtype=torch.int64), 3, 2, 1, count_include_pad=False)', ok('int64', [1, 2, 3]));
  add('F.avg_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.int32), 2)', err('RuntimeError', `"avg_pool2d" not implemented for 'Int'`, 'aten/src/ATen/native/cpu/AvgPoolKernel.cpp (AT_DISPATCH_FLOATING_TYPES_AND(Long))'));
  add('F.avg_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.bool), 2)', err('RuntimeError', `"avg_pool2d" not implemented for 'Bool'`, 'aten/src/ATen/native/cpu/AvgPoolKernel.cpp (AT_DISPATCH_FLOATING_TYPES_AND(Long))'));
  add('F.adaptive_avg_pool1d(torch.ones(1, 2, 6), 3)', ok('float32', [1, 2, 3]));
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 6, 6), (2, 3))', ok('float32', [1, 2, 2, 3]));
  add('F.adaptive_avg_pool2d(torch.ones(2, 6, 6), 1)', ok('float32', [2, 1, 1]));
  const AP1 = (n) => err('RuntimeError', `Expected 2 to 3 dimensions, but got ${n}-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)`, 'aten/src/ATen/native/AdaptiveAveragePooling.cpp adaptive_avg_pool1d (TensorUtils.cpp checkDimRange)');
  add('F.adaptive_avg_pool1d(torch.ones(6), 3)', AP1(1));
  add('F.adaptive_avg_pool1d(torch.ones(1, 2, 3, 6), 3)', AP1(4));
  add('F.adaptive_avg_pool2d(torch.ones(6, 6), 2)', err('RuntimeError', 'adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [6, 6]', 'aten/src/ATen/native/AdaptiveAveragePooling.cpp'));
  // a 1x1 output is input.mean((-1, -2), keepdim=True) (AdaptiveAveragePooling.cpp), before the checks
  add('F.adaptive_avg_pool2d(torch.ones(6, 6), 1)', ok('float32', [1, 1]));
  add('F.adaptive_avg_pool2d(torch.ones(2, 3, 4, 5, 6), (1, 1))', ok('float32', [2, 3, 4, 1, 1]));
  add('F.adaptive_avg_pool2d(torch.ones(6), 1)', dimRange(1, -2));
  add('F.adaptive_avg_pool1d(torch.ones(2, 6), 1)', ok('float32', [2, 1]));
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 0, 6), (1, 1))', ok('float32', [1, 2, 1, 1]));
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 6, 6), (2, 3, 4))', err('RuntimeError', 'adaptive_avg_pool2d: output_size must be 2', 'aten/src/ATen/native/AdaptiveAveragePooling.cpp'));
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 0, 6), 2)', err('RuntimeError', 'adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes [1, 2, 0, 6] with dimension 2 being empty', 'aten/src/ATen/native/AdaptiveAveragePooling.cpp'));
  // cpu/AdaptiveAvgPoolKernel.cpp: AT_DISPATCH_FLOATING_TYPES(..., "adaptive_avg_pool2d"); an output of
  // 1x1 is a mean over the last two dims first (AdaptiveAveragePooling.cpp)
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.int64), (2, 3))', err('RuntimeError', `"adaptive_avg_pool2d" not implemented for 'Long'`, 'aten/src/ATen/native/cpu/AdaptiveAvgPoolKernel.cpp (AT_DISPATCH_FLOATING_TYPES)'));
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 6, 6, dtype=torch.int64), 1)', err('RuntimeError', 'mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long', 'aten/src/ATen/native/AdaptiveAveragePooling.cpp (output 1x1: input.mean) + ReduceOps.cpp mean'));
  add('F.adaptive_avg_pool2d(torch.ones(1, 2, 6, 6))', errType('TypeError', ARG_WHY));
  for (const [cls, n] of [['MaxPool1d', 1], ['MaxPool2d', 2], ['AvgPool1d', 1], ['AvgPool2d', 2]]) {
    const x = n === 1 ? b3(1, 2, 6) : 'torch.ones(1, 2, 6, 6)';
    add(`torch.nn.${cls}(2)(${x})`, ok('float32', n === 1 ? [1, 2, 3] : [1, 2, 3, 3]));
    add(`torch.nn.${cls}(2)(torch.ones(6))`, err('RuntimeError', `${cls.toLowerCase().replace(/(\d)d$/, '$1d')}: Expected ${n === 1 ? '2D or 3D' : '3D or 4D'} (batch mode) tensor with optional 0 dim batch size for input, but got:[6]`.replace(/^(\w+?)(\d)d:/, (m, a, d) => `${a.replace('maxpool', 'max_pool').replace('avgpool', 'avg_pool')}${d}d:`), `${SRC_POOL} / MaxPooling.cpp`));
  }
  add('torch.nn.MaxPool2d(2, padding=2)(torch.ones(1, 2, 6, 6))', err('RuntimeError', 'pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1', `${SRC_POOL} pool2d_shape_check`));
  add('torch.nn.AdaptiveAvgPool1d(3)(torch.ones(1, 2, 6))', ok('float32', [1, 2, 3]));
  add('torch.nn.AdaptiveAvgPool2d((2, 3))(torch.ones(1, 2, 6, 6))', ok('float32', [1, 2, 2, 3]));
  add('torch.nn.AdaptiveAvgPool1d(3)(torch.ones(6))', err('RuntimeError', "Expected 2 to 3 dimensions, but got 1-dimensional tensor for argument #1 'self' (while checking arguments for adaptive_avg_pool1d)", 'aten/src/ATen/native/AdaptiveAveragePooling.cpp adaptive_avg_pool1d (TensorUtils.cpp checkDimRange)'));
  add('torch.nn.AdaptiveAvgPool2d(2)(torch.ones(6, 6))', err('RuntimeError', 'adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [6, 6]', 'aten/src/ATen/native/AdaptiveAveragePooling.cpp'));
  add('torch.nn.AdaptiveAvgPool2d(1)(torch.ones(6, 6))', ok('float32', [1, 1]));
  // batch_norm / BatchNorm1d / BatchNorm2d
  const BN = 'aten/src/ATen/native/Normalization.cpp _batch_norm_impl_index';
  add('F.batch_norm(f, torch.zeros(3), torch.ones(3))', ok('float32', [2, 3]));
  add('F.batch_norm(f, None, None, training=True)', ok('float32', [2, 3]));
  add('F.batch_norm(f, torch.zeros(3), torch.ones(3), torch.ones(3), torch.zeros(3))', ok('float32', [2, 3]));
  add('torch.batch_norm(f, None, None, None, None, True, 0.1, 1e-5, False)', ok('float32', [2, 3]));
  add('torch.batch_norm(f, torch.ones(3), None, torch.zeros(3), torch.ones(3), False, 0.1, 1e-5, False)', ok('float32', [2, 3]));
  add('F.batch_norm(f, torch.zeros(2), torch.ones(2))', err('RuntimeError', 'running_mean should contain 3 elements not 2', BN));
  add('F.batch_norm(f, torch.zeros(3), torch.ones(3), weight=torch.ones(4))', err('RuntimeError', 'weight should contain 3 elements not 4', BN));
  add('F.batch_norm(torch.ones(1, 3), None, None, training=True)', err('ValueError', 'Expected more than 1 value per channel when training, got input size torch.Size([1, 3])', `${SRC_FUN} _verify_batch_size`));
  add('F.batch_norm(l, torch.zeros(3), torch.ones(3))', errType('RuntimeError', DISPATCH_WHY('batch_norm of a long tensor')));
  add('F.batch_norm(f)', errType('TypeError', ARG_WHY));
  add('torch.nn.BatchNorm1d(3)(f)', ok('float32', [2, 3]));
  add('torch.nn.BatchNorm1d(3)(torch.ones(2, 3, 4))', ok('float32', [2, 3, 4]));
  add('torch.nn.BatchNorm1d(3).eval()(torch.ones(1, 3))', ok('float32', [1, 3]));
  add('torch.nn.BatchNorm2d(3)(torch.ones(2, 3, 4, 4))', ok('float32', [2, 3, 4, 4]));
  add('torch.nn.BatchNorm1d(3)(torch.ones(1, 3))', err('ValueError', 'Expected more than 1 value per channel when training, got input size torch.Size([1, 3])', `${SRC_FUN} _verify_batch_size`));
  add('torch.nn.BatchNorm1d(3)(v)', err('ValueError', 'expected 2D or 3D input (got 1D input)', 'torch/nn/modules/batchnorm.py BatchNorm1d._check_input_dim'));
  add('torch.nn.BatchNorm1d(3)(torch.ones(2, 3, 4, 5))', err('ValueError', 'expected 2D or 3D input (got 4D input)', 'torch/nn/modules/batchnorm.py BatchNorm1d._check_input_dim'));
  add('torch.nn.BatchNorm2d(3)(torch.ones(2, 3, 4))', err('ValueError', 'expected 4D input (got 3D input)', 'torch/nn/modules/batchnorm.py BatchNorm2d._check_input_dim'));
  add('torch.nn.BatchNorm1d(4)(f)', err('RuntimeError', 'running_mean should contain 3 elements not 4', BN));
  add('torch.nn.BatchNorm2d(2)(torch.ones(2, 3, 4, 4))', err('RuntimeError', 'running_mean should contain 3 elements not 2', BN));
  add('torch.nn.BatchNorm2d(3)(torch.ones(2, 3, 4, 4, dtype=torch.int64))', errType('RuntimeError', DISPATCH_WHY('batch_norm of a long tensor')));
  // group_norm / GroupNorm
  const GN = 'aten/src/ATen/native/group_norm.cpp check_group_norm_inputs';
  add('F.group_norm(torch.ones(2, 4, 3), 2)', ok('float32', [2, 4, 3]));
  add('torch.group_norm(torch.ones(2, 4, 3), 2, torch.ones(4), torch.zeros(4))', ok('float32', [2, 4, 3]));
  add('F.group_norm(torch.ones(2, 4, 3), 3)', err('RuntimeError', 'Expected number of channels in input to be divisible by num_groups, but got input of shape [2, 4, 3] and num_groups=3', GN));
  add('F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(3))', err('RuntimeError', 'Expected weight to be a vector of size equal to the number of channels in input, but got weight of shape [3] and input of shape [2, 4, 3]', GN));
  add('F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(4), torch.ones(2))', err('RuntimeError', 'Expected bias to be a vector of size equal to the number of channels in input, but got bias of shape [4] and input of shape [2, 4, 3]', `${GN} (its bias message prints weight.sizes())`));
  add('F.group_norm(v, 1)', err('RuntimeError', 'Expected at least 2 dimensions for input tensor but received 1', `${SRC_FUN} group_norm`));
  add('F.group_norm(torch.ones(2, 4, 3, dtype=torch.int64), 2)', errType('RuntimeError', DISPATCH_WHY('group_norm of a long tensor')));
  add('F.group_norm(torch.ones(2, 4, 3))', errType('TypeError', ARG_WHY));
  add('torch.nn.GroupNorm(2, 4)(torch.ones(2, 4, 3))', ok('float32', [2, 4, 3]));
  add('torch.nn.GroupNorm(3, 4)', err('ValueError', 'num_channels must be divisible by num_groups', 'torch/nn/modules/normalization.py GroupNorm.__init__'));
  add('torch.nn.GroupNorm(2, 4)(torch.ones(2, 6, 3))', err('RuntimeError', 'Expected weight to be a vector of size equal to the number of channels in input, but got weight of shape [4] and input of shape [2, 6, 3]', GN));
  add('torch.nn.GroupNorm(2, 4)(v)', err('RuntimeError', 'Expected at least 2 dimensions for input tensor but received 1', `${SRC_FUN} group_norm`));
  // embedding / Embedding
  const IDX = (t, op) => err('RuntimeError', `Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got ${t} instead (while checking arguments for ${op})`, 'aten/src/ATen/TensorUtils.cpp checkScalarTypes');
  add('F.embedding(l, torch.ones(5, 2))', ok('float32', [2, 3, 2]));
  add('F.embedding(i, torch.ones(5, 2))', ok('float32', [2, 3, 2]));
  add('torch.embedding(torch.ones(5, 2), l)', ok('float32', [2, 3, 2]));
  add('F.embedding(f, torch.ones(5, 2))', IDX('torch.FloatTensor', 'embedding'));
  add('F.embedding(b, torch.ones(5, 2))', IDX('torch.BoolTensor', 'embedding'));
  add('torch.embedding(torch.ones(5, 2), f)', IDX('torch.FloatTensor', 'embedding'));
  add('F.embedding(torch.tensor([5]), torch.ones(5, 2))', err('IndexError', 'index out of range in self', `${SRC_EMB} (index_select)`));
  add('F.embedding(torch.tensor([-1]), torch.ones(5, 2))', err('IndexError', 'index out of range in self', `${SRC_EMB} (index_select)`));
  add('F.embedding(l, torch.ones(5))', err('RuntimeError', "'weight' must be 2-D", `${SRC_EMB} embedding`));
  add('F.embedding(l, torch.ones(5, 2), padding_idx=7)', err('AssertionError', 'Padding_idx must be within num_embeddings', `${SRC_FUN} embedding`));
  add('F.embedding(l, torch.ones(5, 2), padding_idx=-7)', err('AssertionError', 'Padding_idx must be within num_embeddings', `${SRC_FUN} embedding`));
  add('F.embedding(l)', errType('TypeError', ARG_WHY));
  add('torch.nn.Embedding(5, 2)(l)', ok('float32', [2, 3, 2]));
  add('torch.nn.Embedding(5, 2, padding_idx=1)(i)', ok('float32', [2, 3, 2]));
  add('torch.nn.Embedding.from_pretrained(torch.ones(5, 2))(l)', ok('float32', [2, 3, 2]));
  add('torch.nn.Embedding(5, 2)(f)', IDX('torch.FloatTensor', 'embedding'));
  add('torch.nn.Embedding(5, 2)(torch.tensor([5]))', err('IndexError', 'index out of range in self', `${SRC_EMB} (index_select)`));
  add('torch.nn.Embedding(5, 2, padding_idx=5)', err('AssertionError', 'Padding_idx must be within num_embeddings', 'torch/nn/modules/sparse.py Embedding.__init__'));
  add('torch.nn.Embedding(5, 2, padding_idx=-6)', err('AssertionError', 'Padding_idx must be within num_embeddings', 'torch/nn/modules/sparse.py Embedding.__init__'));
  add('torch.nn.Embedding.from_pretrained(torch.ones(5))', err('AssertionError', 'Embeddings parameter is expected to be 2-dimensional', 'torch/nn/modules/sparse.py Embedding.from_pretrained'));
  // embedding_bag / EmbeddingBag
  const I3 = 'torch.tensor([0, 1, 2])';
  const O2 = 'torch.tensor([0, 2])';
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), ${O2})`, ok('float32', [2, 2]));
  add('F.embedding_bag(l, torch.ones(5, 2))', ok('float32', [2, 2]));
  add('F.embedding_bag(l, torch.ones(5, 2), mode="max")', ok('float32', [2, 2]));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), ${O2}, mode="sum", per_sample_weights=torch.ones(3))`, ok('float32', [2, 2]));
  add('F.embedding_bag(l, torch.ones(5, 2), mode="bogus")', err('ValueError', 'mode has to be one of sum, mean or max', `${SRC_FUN} embedding_bag`));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2))`, err('ValueError', 'offsets has to be a 1D Tensor but got None', `${SRC_FUN} embedding_bag`));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), l)`, err('ValueError', 'offsets has to be a 1D Tensor', `${SRC_FUN} embedding_bag`));
  add('F.embedding_bag(l, torch.ones(5, 2), torch.tensor([0]))', err('ValueError', 'if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type Tensor', `${SRC_FUN} embedding_bag`));
  add('F.embedding_bag(torch.ones(1, 2, 3, dtype=torch.int64), torch.ones(5, 2))', err('ValueError', 'input has to be 1D or 2D Tensor, but got Tensor of dimension 3', `${SRC_FUN} embedding_bag`));
  add('F.embedding_bag(torch.ones(1, 2, 3), torch.ones(5, 2))', err('ValueError', 'input has to be 1D or 2D Tensor, but got Tensor of dimension 3', `${SRC_FUN} embedding_bag (before the C++ dtype checks)`));
  add('F.embedding_bag(l, torch.ones(5))', err('ValueError', 'weight has to be a 2D Tensor, but got Tensor of dimension 1', `${SRC_FUN} embedding_bag`));
  add('F.embedding_bag(f, torch.ones(5, 2))', IDX('torch.FloatTensor', 'embedding_bag'));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), torch.tensor([0.0, 2.0]))`, err('RuntimeError', "Expected tensor for argument #1 'offsets' to have one of the following scalar types: Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding_bag)", `${SRC_EMBAG} check_arguments (checkScalarTypes)`));
  add('F.embedding_bag(torch.tensor([0, 1, 9]), torch.ones(5, 2), torch.tensor([0, 2]))', err('IndexError', 'index out of range in self', `${SRC_EMBAG} (index_select)`));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), ${O2}, per_sample_weights=torch.ones(3))`, err('NotImplementedError', "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='mean'). Please open a feature request on GitHub.", `${SRC_FUN} embedding_bag`));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), ${O2}, mode="sum", per_sample_weights=torch.ones(2))`, err('ValueError', 'embedding_bag: If per_sample_weights (torch.Size([2])) is not None, then it must have the same shape as the input (torch.Size([3]))', `${SRC_FUN} embedding_bag`));
  add(`F.embedding_bag(${I3}, torch.ones(5, 2), torch.tensor([1, 2]))`, err('RuntimeError', 'offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. However, got 1', `${SRC_EMBAG} check_arguments`));
  add('F.embedding_bag(l)', errType('TypeError', ARG_WHY));
  add('torch.nn.EmbeddingBag(5, 2)(l)', ok('float32', [2, 2]));
  add(`torch.nn.EmbeddingBag(5, 2, mode="max")(${I3}, ${O2})`, ok('float32', [2, 2]));
  add(`torch.nn.EmbeddingBag(5, 2, mode="sum")(${I3}, ${O2}, per_sample_weights=torch.ones(3))`, ok('float32', [2, 2]));
  add('torch.nn.EmbeddingBag(5, 2, mode="bogus")', err('ValueError', 'mode has to be one of sum, mean or max', `${SRC_FUN} embedding_bag (at the first forward in PyTorch)`));
  add(`torch.nn.EmbeddingBag(5, 2)(${I3})`, err('ValueError', 'offsets has to be a 1D Tensor but got None', `${SRC_FUN} embedding_bag`));
  add('torch.nn.EmbeddingBag(5, 2)(f)', IDX('torch.FloatTensor', 'embedding_bag'));
  add(`torch.nn.EmbeddingBag(5, 2)(${I3}, ${O2}, per_sample_weights=torch.ones(3))`, err('NotImplementedError', "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='mean'). Please open a feature request on GitHub.", `${SRC_FUN} embedding_bag`));
  add(`torch.nn.EmbeddingBag(5, 2, mode="sum")(${I3}, ${O2}, per_sample_weights=torch.ones(2))`, err('ValueError', 'embedding_bag: If per_sample_weights (torch.Size([2])) is not None, then it must have the same shape as the input (torch.Size([3]))', `${SRC_FUN} embedding_bag`));
  // scaled_dot_product_attention
  const Q = b3(1, 2, 4);
  const SDPA = 'aten/src/ATen/native/transformers/sdp_utils_cpp.h / attention.cpp';
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${Q})`, ok('float32', [1, 2, 4]));
  add(`F.scaled_dot_product_attention(${Q}, ${b3(1, 3, 4)}, ${b3(1, 3, 5)})`, ok('float32', [1, 2, 5]));
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${Q}, is_causal=True)`, ok('float32', [1, 2, 4]));
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${Q}, attn_mask=torch.ones(2, 2, dtype=torch.bool))`, ok('float32', [1, 2, 4]));
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${Q}, attn_mask=torch.zeros(2, 2))`, ok('float32', [1, 2, 4]));
  add(`F.scaled_dot_product_attention(${Q}, ${b3(1, 2, 3)}, ${Q})`, err('RuntimeError', 'Expected query and key to have the same embedding dimension, but got 4 and 3', SDPA));
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${b3(1, 3, 4)})`, err('RuntimeError', 'Expected key and value to have the same sequence length, but got 2 and 3', SDPA));
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${Q}, attn_mask=torch.ones(3, 3))`, err('RuntimeError', broadcast([1, 2, 2], [3, 3]).error, `${SRC_BROADCAST} (the mask added to the scores)`));
  add(`F.scaled_dot_product_attention(${Q}, ${Q}, ${Q}, attn_mask=torch.ones(2, 2), is_causal=True)`, err('RuntimeError', '_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True', 'aten/src/ATen/native/transformers/attention.cpp'));
  add(`F.scaled_dot_product_attention(${Q}, torch.ones(1, 2, 4, dtype=torch.int64), ${Q})`, err('RuntimeError', 'Expected query, key, and value to have the same dtype, but got query.dtype: float key.dtype: long int and value.dtype: float instead.', SDPA));
  add('F.scaled_dot_product_attention(torch.ones(1, 2, 4, dtype=torch.int64), torch.ones(1, 2, 4, dtype=torch.int64), torch.ones(1, 2, 4, dtype=torch.int64))', errType('RuntimeError', DISPATCH_WHY('attention of long tensors')));
  add('F.scaled_dot_product_attention(v, v, v)', errType('RuntimeError', 'attention of 1-D tensors: PyTorch\'s check text not verified'));
  add(`F.scaled_dot_product_attention(${Q}, ${Q})`, errType('TypeError', ARG_WHY));
  // dropout (identity in eval / p=0), one_hot, normalize
  add('F.dropout(f, 0.5, training=False)', ok('float32', [2, 3]));
  add('F.dropout(l, 0.0)', ok('int64', [2, 3]));
  add('torch.dropout(f, 0.5, False)', ok('float32', [2, 3]));
  add('torch.dropout(f, 0.0, True)', ok('float32', [2, 3]));
  add('F.dropout(f, p="a")', err('TypeError', "'<' not supported between instances of 'str' and 'float'", `${SRC_FUN} dropout (p < 0.0)`));
  add('F.dropout(f, None)', err('TypeError', "'<' not supported between instances of 'NoneType' and 'float'", `${SRC_FUN} dropout (p < 0.0)`));
  add('torch.nn.Dropout("a")', err('TypeError', "'<' not supported between instances of 'str' and 'int'", 'torch/nn/modules/dropout.py _DropoutNd.__init__ (p < 0)'));
  add('torch.nn.Dropout(1.5)', err('ValueError', 'dropout probability has to be between 0 and 1, but got 1.5', 'torch/nn/modules/dropout.py _DropoutNd.__init__'));
  const OH = 'aten/src/ATen/native/Onehot.cpp';
  add('F.one_hot(torch.tensor([0, 2]), 3)', ok('int64', [2, 3]));
  add('F.one_hot(l)', ok('int64', [2, 3, 2]));
  add('F.one_hot(torch.tensor([0, 3]), 3)', err('RuntimeError', 'Class values must be smaller than num_classes.', OH));
  add('F.one_hot(torch.tensor([-1]), 3)', err('RuntimeError', 'Class values must be non-negative.', OH));
  add('F.one_hot(torch.tensor([0]), -2)', err('RuntimeError', 'Class values must be smaller than num_classes.', OH));
  add('F.one_hot(torch.tensor([-1]), -2)', err('RuntimeError', 'Class values must be non-negative.', OH));
  add('F.one_hot(torch.ones(0, dtype=torch.int64))', err('RuntimeError', 'Can not infer total number of classes from empty tensor.', OH));
  add('F.one_hot(torch.ones(0, dtype=torch.int64), 3)', ok('int64', [0, 3]));
  add('F.one_hot(f, 3)', err('RuntimeError', 'one_hot is only applicable to index tensor of type LongTensor.', OH));
  add('F.one_hot(i, 3)', err('RuntimeError', 'one_hot is only applicable to index tensor of type LongTensor.', OH));
  add('F.one_hot(l, "a")', errType('TypeError', ARG_WHY));
  add('F.normalize(f)', ok('float32', [2, 3]));
  add('F.normalize(f, dim=0)', ok('float32', [2, 3]));
  add('F.normalize(f, p=1)', ok('float32', [2, 3]));
  add('F.normalize(f, dim=2)', dimRange(2, 2));
  add('F.normalize(l)', err('RuntimeError', 'linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long', 'aten/src/ATen/native/LinearAlgebra.cpp linalg_vector_norm'));
  // nll_loss / cross_entropy / mse_loss
  const T2 = 'torch.tensor([0, 2])';
  const NLL = 'aten/src/ATen/native/LossNLL.cpp';
  for (const fn of ['nll_loss', 'cross_entropy']) {
    add(`F.${fn}(f, ${T2})`, ok('float32', []));
    add(`F.${fn}(f, ${T2}, reduction="none")`, ok('float32', [2]));
    add(`F.${fn}(f, ${T2}, reduction="sum")`, ok('float32', []));
    add(`F.${fn}(f, torch.tensor([0, -100]))`, ok('float32', []));
    add(`F.${fn}(f, torch.tensor([0, 3]))`, err('IndexError', 'Target 3 is out of bounds.', NLL));
    add(`F.${fn}(f, torch.tensor([0, 1, 2]))`, err('ValueError', 'Expected input batch_size (2) to match target batch_size (3).', `${NLL} nll_loss_forward meta`));
    add(`F.${fn}(f, ${T2}, reduction="bogus")`, err('ValueError', 'bogus is not a valid value for reduction', 'torch/nn/_reduction.py get_enum'));
    add(`F.${fn}(f, ${T2}, weight=torch.ones(2))`, err('RuntimeError', 'weight tensor should be defined either for all 3 classes or no classes but got weight tensor of shape: [2]', `${NLL} nll_loss_forward meta`));
    add(`F.${fn}(f)`, errType('TypeError', ARG_WHY));
  }
  add('F.nll_loss(v, torch.tensor(1))', ok('float32', []));
  add('F.nll_loss(f, torch.tensor([0.0, 2.0]))', errType('RuntimeError', DISPATCH_WHY('nll_loss of a float target')));
  add('F.nll_loss(l, torch.tensor([0, 2]))', err('RuntimeError', `"nll_loss_forward_reduce_cuda_kernel_2d_index" not implemented for 'Long'`, `${NLL} nll_loss_forward_out_cpu_template (its dispatch name)`));
  add('F.cross_entropy(f, f)', ok('float32', []));
  add('F.cross_entropy(f, m)', unknown('probabilities of another shape than the input: which of LossNLL.cpp\'s checks fires not established'));
  add(`F.cross_entropy(f, ${T2}, label_smoothing=0.1)`, ok('float32', []));
  add(`F.cross_entropy(f, ${T2}, label_smoothing=1.5)`, err('RuntimeError', 'label_smoothing must be between 0.0 and 1.0. Got: 1.5', `${NLL} cross_entropy_loss`));
  add(`F.cross_entropy(l, ${T2})`, err('RuntimeError', `"log_softmax_lastdim_kernel_impl" not implemented for 'Long'`, 'aten/src/ATen/native/cpu/SoftMaxKernel.cpp (AT_DISPATCH_FLOATING_TYPES)'));
  add('F.mse_loss(f, l)', ok('float32', []));
  add('F.mse_loss(f, v)', ok('float32', []));
  add('F.mse_loss(f, "a")', err('AttributeError', "'str' object has no attribute 'size'", `${SRC_FUN} mse_loss (target.size() == input.size())`));
  add('F.mse_loss(None, f)', err('AttributeError', "'NoneType' object has no attribute 'size'", `${SRC_FUN} mse_loss (target.size() == input.size())`));
  add('F.mse_loss(l, l)', err('RuntimeError', 'mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long', 'aten/src/ATen/native/ReduceOps.cpp mean'));
  // MultiheadAttention
  const Q3 = b3(3, 1, 4);
  const MHA = 'torch/nn/functional.py multi_head_attention_forward / _mha_shape_check';
  add(`torch.nn.MultiheadAttention(4, 2)(${Q3}, ${Q3}, ${Q3})[0]`, ok('float32', [3, 1, 4]));
  add(`torch.nn.MultiheadAttention(4, 2)(${Q3}, ${Q3}, ${Q3})[1]`, ok('float32', [1, 3, 3]));
  add(`torch.nn.MultiheadAttention(4, 2, batch_first=True)(${b3(1, 3, 4)}, ${b3(1, 3, 4)}, ${b3(1, 3, 4)})[0]`, ok('float32', [1, 3, 4]));
  add('torch.nn.MultiheadAttention(4, 2)(torch.ones(3, 4), torch.ones(3, 4), torch.ones(3, 4))[0]', ok('float32', [3, 4]));
  add('torch.nn.MultiheadAttention(4, 3)', err('AssertionError', 'embed_dim must be divisible by num_heads', 'torch/nn/modules/activation.py MultiheadAttention.__init__'));
  add(`torch.nn.MultiheadAttention(4, 2)(${b3(3, 1, 5)}, ${b3(3, 1, 5)}, ${b3(3, 1, 5)})`, err('AssertionError', 'was expecting embedding dimension of 4, but got 5', MHA));
  add(`torch.nn.MultiheadAttention(4, 2)(${Q3}, ${b3(2, 1, 4)}, ${Q3})`, err('AssertionError', 'key shape torch.Size([2, 1, 4]) does not match value shape torch.Size([3, 1, 4])', MHA));
  add(`torch.nn.MultiheadAttention(4, 2, batch_first=True)(${b3(1, 3, 4)}, ${b3(1, 2, 4)}, ${b3(1, 3, 4)})`, err('AssertionError', 'key shape torch.Size([2, 1, 4]) does not match value shape torch.Size([3, 1, 4])', `${MHA} (after batch_first's transpose)`));
  add('torch.nn.MultiheadAttention(4, 2)(v, v, v)', err('AssertionError', 'query should be unbatched 2D or batched 3D tensor but received 1-D query tensor', MHA));
  add(`torch.nn.MultiheadAttention(4, 2)(${Q3}, torch.ones(3, 4), torch.ones(3, 4))`, err('AssertionError', 'For batched (3-D) `query`, expected `key` and `value` to be 3-D but found 2-D and 2-D tensors respectively', MHA));
  add(`torch.nn.MultiheadAttention(4, 2)(${Q3})`, errType('TypeError', ARG_WHY));
  // Flatten / Unflatten / unflatten
  add('torch.nn.Flatten()(torch.ones(2, 3, 4))', ok('float32', [2, 12]));
  add('torch.nn.Flatten(0, 1)(torch.ones(2, 3, 4))', ok('float32', [6, 4]));
  add('torch.nn.Flatten(3)(torch.ones(2, 3, 4))', dimRange(3, 3));
  add('torch.nn.Flatten(2, 1)(torch.ones(2, 3, 4))', err('RuntimeError', 'flatten() has invalid args: start_dim cannot come after end_dim', `${SRC_TS} flatten`));
  const UNF = `${SRC_TS} unflatten`;
  add('torch.nn.Unflatten(1, (3, 1))(f)', ok('float32', [2, 3, 1]));
  add('torch.unflatten(f, 1, (3, 1))', ok('float32', [2, 3, 1]));
  add('f.unflatten(1, (-1, 1))', ok('float32', [2, 3, 1]));
  add('l.unflatten(-1, [1, 3])', ok('int64', [2, 1, 3]));
  add('torch.nn.Unflatten(1, (2, 2))(f)', err('RuntimeError', "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (3) in the input tensor", UNF));
  add('torch.nn.Unflatten(2, (3, 1))(f)', dimRange(2, 2));
  add('f.unflatten(1, (-1, -1))', err('RuntimeError', 'only one dimension can be inferred', 'aten/src/ATen/InferSize.h'));
  add('f.unflatten(1, ())', err('RuntimeError', 'unflatten: sizes must be non-empty', UNF));
  add('f.unflatten(5, (3,))', dimRange(2, 5));
  add('f.unflatten(1)', errType('TypeError', ARG_WHY));
  // Parameter / ModuleDict
  add('torch.nn.Parameter(f)', ok('float32', [2, 3]));
  add('torch.nn.Parameter(torch.ones(2), requires_grad=False)', ok('float32', [2]));
  add('torch.nn.Parameter()', ok('float32', [0]));
  add('torch.nn.Parameter(l)', err('RuntimeError', 'Only Tensors of floating point and complex dtype can require gradients', 'torch/csrc/autograd/variable.cpp (requires_grad_)'));
  add('torch.nn.Parameter(l, requires_grad=False)', ok('int64', [2, 3]));
  add('torch.nn.Parameter("a")', errType('TypeError', 'Parameter("a"): torch._C._make_subclass\'s argument error (text not verified)'));
  const MD = 'torch/nn/modules/container.py ModuleDict';
  add('torch.nn.ModuleDict({"a": torch.nn.ReLU()})["a"](f)', ok('float32', [2, 3]));
  add('len(torch.nn.ModuleDict({"a": torch.nn.ReLU()}))', ok());
  add('"a" in torch.nn.ModuleDict({"a": torch.nn.ReLU()})', ok());
  add('list(torch.nn.ModuleDict({"a": torch.nn.ReLU()}).keys())', ok());
  add('list(torch.nn.ModuleDict({"a": torch.nn.ReLU()}).values())', ok());
  add('list(torch.nn.ModuleDict({"a": torch.nn.ReLU()}).items())', ok());
  add('list(iter(torch.nn.ModuleDict({"a": torch.nn.ReLU()})))', ok());
  add('do: d = torch.nn.ModuleDict(); d.update({"x": torch.nn.Tanh()}); r = d["x"](f)', ok('float32', [2, 3]));
  add('torch.nn.ModuleDict({"a": torch.nn.ReLU()})["b"]', err('KeyError', "'b'", `${MD}.__getitem__ (the dict's KeyError)`));
  add('torch.nn.ModuleDict({"a": 1})', err('TypeError', 'int is not a Module subclass', `${SRC_MOD} add_module`));
  add('torch.nn.ModuleDict({1: torch.nn.ReLU()})', err('TypeError', 'module name should be a string. Got int', `${SRC_MOD} add_module`));
  add('torch.nn.ModuleDict(3)', err('TypeError', 'ModuleDict.update should be called with an iterable of key/value pairs, but got int', `${MD}.update`));
  add('torch.nn.ModuleDict([3])', err('TypeError', 'ModuleDict update sequence element #0 should be Iterable; isint', `${MD}.update (its text: no space after "is")`));
  add('torch.nn.ModuleDict([("a", torch.nn.ReLU(), 1)])', err('ValueError', 'ModuleDict update sequence element #0 has length 3; 2 is required', `${MD}.update`));
  add('torch.nn.ModuleDict([("a", torch.nn.ReLU())])["a"](f)', ok('float32', [2, 3]));
  add('torch.nn.ModuleDict({"a.b": torch.nn.ReLU()})', err('KeyError', '\'module name can\\\'t contain ".", got: a.b\'', `${SRC_MOD} add_module`));
  add('do: d = torch.nn.ModuleDict(); d["x"] = 3', err('TypeError', 'int is not a Module subclass', `${SRC_MOD} add_module`));
  // Module methods
  const LIN = 'torch.nn.Linear(3, 2)';
  add(`len(list(${LIN}.parameters()))`, ok());
  add(`len(list(${LIN}.named_parameters()))`, ok());
  add('len(list(torch.nn.BatchNorm1d(3).buffers()))', ok());
  add('len(list(torch.nn.BatchNorm1d(3).named_buffers()))', ok());
  add('len(list(torch.nn.Sequential(torch.nn.ReLU()).modules()))', ok());
  add('len(list(torch.nn.Sequential(torch.nn.ReLU()).named_modules()))', ok());
  add('len(list(torch.nn.Sequential(torch.nn.ReLU()).children()))', ok());
  add('len(list(torch.nn.Sequential(torch.nn.ReLU()).named_children()))', ok());
  add(`len(${LIN}.state_dict())`, ok());
  add(`${LIN}.load_state_dict(${LIN}.state_dict())`, ok());
  add(`${LIN}.load_state_dict({}, strict=False)`, ok());
  add(`${LIN}.load_state_dict({})`, err('RuntimeError', 'Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: "weight", "bias". ', `${SRC_MOD} load_state_dict`));
  add(`${LIN}.load_state_dict(1)`, err('TypeError', 'Expected state_dict to be dict-like, got int.', `${SRC_MOD} load_state_dict`));
  add(`${LIN}.train().training`, ok());
  add(`${LIN}.eval().training`, ok());
  add(`${LIN}.train("a")`, err('ValueError', 'training mode is expected to be boolean', `${SRC_MOD} train`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer("buf", torch.ones(2)); r = mm.buf', ok('float32', [2]));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer("buf", None); r = mm.buf', ok());
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer("weight", torch.ones(2))', err('KeyError', '"attribute \'weight\' already exists"', `${SRC_MOD} register_buffer`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer("a.b", torch.ones(2))', err('KeyError', '\'buffer name can\\\'t contain "."\'', `${SRC_MOD} register_buffer`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer("", torch.ones(2))', err('KeyError', '\'buffer name can\\\'t be empty string ""\'', `${SRC_MOD} register_buffer`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer("b", 3)', err('TypeError', "cannot assign 'int' object to buffer 'b' (torch Tensor or None required)", `${SRC_MOD} register_buffer`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_buffer(1, f)', err('TypeError', 'buffer name should be a string. Got int', `${SRC_MOD} register_buffer`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter("p", torch.nn.Parameter(f)); r = mm.p', ok('float32', [2, 3]));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter("p", None); r = mm.p', ok());
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter("p", f)', err('TypeError', "cannot assign 'torch.FloatTensor' object to parameter 'p' (torch.nn.Parameter or None required)", `${SRC_MOD} register_parameter`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter("p", 3)', err('TypeError', "cannot assign 'int' object to parameter 'p' (torch.nn.Parameter or None required)", `${SRC_MOD} register_parameter`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter("a.b", None)', err('KeyError', '\'parameter name can\\\'t contain "."\'', `${SRC_MOD} register_parameter`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter("", None)', err('KeyError', '\'parameter name can\\\'t be empty string ""\'', `${SRC_MOD} register_parameter`));
  add('do: mm = torch.nn.Linear(3, 2); mm.register_parameter(1, None)', err('TypeError', 'parameter name should be a string. Got int', `${SRC_MOD} register_parameter`));
  add('do: mm = torch.nn.Linear(3, 2); mm.buf = 1; mm.register_parameter("buf", None)', err('KeyError', '"attribute \'buf\' already exists"', `${SRC_MOD} register_parameter`));
  add(`${LIN}.apply(lambda mod: None)(f)`, ok('float32', [2, 2]));
  add(`${LIN}.apply(3)`, err('TypeError', "'int' object is not callable", `${SRC_MOD} apply (fn(self))`));
  // argument types of the layers' constructors and forwards: TypeErrors
  // whose texts come from Python's arithmetic or python_arg_parser
  for (const c of ['torch.nn.Embedding("a", 2)', 'torch.nn.Embedding(5, 2)("a")', 'torch.nn.EmbeddingBag(5, "a")',
    'torch.nn.BatchNorm1d("a")', 'torch.nn.BatchNorm2d(3)("a")', 'torch.nn.GroupNorm(2, "a")',
    'torch.nn.MultiheadAttention("a", 2)', 'torch.nn.Flatten("a")(f)', 'torch.nn.Unflatten(1, "a")(f)',
    'torch.nn.MaxPool2d("a")(torch.ones(1, 2, 6, 6))', 'torch.nn.AvgPool1d(2)("a")',
    'torch.nn.AdaptiveAvgPool2d("a")(torch.ones(1, 2, 6, 6))', 'torch.nn.Conv1d(2, 4, 3)("a")',
    'F.conv1d("a", torch.ones(4, 2, 3))', 'F.pad("a", (1, 1))', 'F.embedding(l, "a")', 'F.one_hot("a")',
    'F.nll_loss(f, "a")', 'F.scaled_dot_product_attention("a", f, f)', 'F.group_norm(torch.ones(2, 4, 3), "a")',
    'F.max_pool2d(torch.ones(1, 2, 6, 6), "a")', 'F.adaptive_avg_pool2d(torch.ones(1, 2, 6, 6), "a")'])
    add(c, errType('TypeError', ARG_WHY));
  add(`${LIN}.zero_grad()`, ok());
  add(`${LIN}.cpu()(f)`, ok('float32', [2, 2]));
  add(`${LIN}.to("cpu")(f)`, ok('float32', [2, 2]));
  add(`${LIN}.to(torch.float32)(f)`, ok('float32', [2, 2]));
  add(`${LIN}.to(torch.int64)`, err('TypeError', 'nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=torch.int64', `${SRC_MOD} to`));
  add(`${LIN}.to("cuda")`, err('AssertionError', 'Torch not compiled with CUDA enabled', 'torch/cuda/__init__.py _lazy_init'));
  add(`${LIN}.cuda()`, err('AssertionError', 'Torch not compiled with CUDA enabled', 'torch/cuda/__init__.py _lazy_init'));
  add(`${LIN}.requires_grad_(False)(f)`, ok('float32', [2, 2]));
}

// devices, CUDA, autograd: what a CPU-only PyTorch build does (and
// dynawasm's documented NotImplementedError naming autograd)
function issue12DeviceCases() {
  const CUDA = err('AssertionError', 'Torch not compiled with CUDA enabled', 'torch/cuda/__init__.py _lazy_init');
  add('f.cuda()', CUDA);
  add('torch.cuda.is_available()', ok());
  add('torch.cuda.device_count()', ok());
  add('torch.cuda.current_device()', CUDA);
  add('torch.cuda.synchronize()', CUDA);
  add('torch.cuda.manual_seed(0)', ok()); // torch/cuda/random.py: queued until CUDA initialises (never, on a CPU build)
  add('torch.backends.mps.is_available()', ok());
  add('torch.backends.mps.is_built()', ok());
  add('torch.device("cpu")', ok());
  add('f.to(torch.device("cpu"))', ok('float32', [2, 3]));
  add('torch.device("bogus")', errType('RuntimeError', 'the list of device types in c10/core/Device.cpp\'s message depends on the PyTorch version'));
  add('torch.device()', errType('TypeError', ARG_WHY));
  const AG = (what) => errType('NotImplementedError', `no autograd in dynawasm: ${what} is a NotImplementedError naming autograd (README)`);
  const NOGRAD = err('RuntimeError', 'element 0 of tensors does not require grad and does not have a grad_fn', 'torch/csrc/autograd/engine.cpp validate_outputs / run_backward');
  add('f.backward()', NOGRAD);
  add('torch.autograd.grad(f, f)', NOGRAD);
  add('torch.autograd.backward(f)', NOGRAD);
  add('f.retain_grad()', err('RuntimeError', "can't retain_grad on Tensor that has requires_grad=False", 'torch/csrc/autograd/variable.cpp retain_grad'));
  add('f.detach_()', ok('float32', [2, 3]));
  for (const o of ['SGD', 'Adam', 'AdamW']) add(`torch.optim.${o}(torch.nn.Linear(3, 2).parameters(), lr=0.1)`, ok());
  add('torch.optim.SGD([], lr=0.1)', err('ValueError', 'optimizer got an empty parameter list', 'torch/optim/optimizer.py Optimizer.__init__'));
  add('torch.optim.Adam(torch.nn.Linear(3, 2).parameters(), lr=-1)', err('ValueError', 'Invalid learning rate: -1', 'torch/optim/adam.py Adam.__init__'));
  for (const o of ['RMSprop', 'Adagrad']) add(`torch.optim.${o}(torch.nn.Linear(3, 2).parameters(), lr=0.1)`, AG(`torch.optim.${o}`));
}

// ---------------------------------------------------------------------------
// Session 9's common ops (torchmore.c dwTm_*, nnmore.c dwNx_*): results'
// dtypes and shapes as PyTorch's docs give them, and their checks.
function s9TensorOpsCases() {
  const SRC_LIN = 'aten/src/ATen/native/LinearAlgebra.cpp';
  add('torch.set_printoptions(precision=3)', ok());
  add('torch.set_printoptions(profile="default")', ok());
  for (const n of ['isnan', 'isinf', 'isfinite', 'isposinf', 'isneginf']) {
    add(`torch.${n}(f)`, ok('bool', [2, 3]));
    add(`l.${n}()`, ok('bool', [2, 3]));
  }
  add('torch.sign(f)', ok('float32', [2, 3]));
  add('torch.sgn(l)', ok('int64', [2, 3]));
  add('b.sign()', ok('bool', [2, 3]));
  add('f.sgn()', ok('float32', [2, 3]));
  add('do: r = f.sign_()', ok('float32', [2, 3]));
  add('torch.log1p(f)', ok('float32', [2, 3]));
  add('torch.log1p(l)', ok('float32', [2, 3]));
  add('d.log1p()', ok('float64', [2, 3]));
  add('torch.expm1(d)', ok('float64', [2, 3]));
  add('f.expm1()', ok('float32', [2, 3]));
  add('do: r = f.log1p_()', ok('float32', [2, 3]));
  add('do: r = f.expm1_()', ok('float32', [2, 3]));
  add('do: r = l.log1p_()', err('RuntimeError', "result type Float can't be cast to the desired output type Long", 'aten/src/ATen/native/TypeProperties.cpp canCast'));
  add('torch.norm(f)', ok('float32', []));
  add('f.norm("a")', err('RuntimeError', 'linalg.matrix_norm: Order a not supported.', SRC_LIN));
  add('f.norm(dim=1, keepdim=True)', ok('float32', [2, 1]));
  add('torch.norm(l)', err('RuntimeError', 'linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long', SRC_LIN));
  add('torch.linalg.norm(f)', ok('float32', []));
  add('torch.linalg.norm(f, 1)', ok('float32', []));
  add('torch.linalg.vector_norm(f, ord=3, dim=0)', ok('float32', [3]));
  add('torch.linalg.matrix_norm(f, ord=float("inf"))', ok('float32', []));
  add('torch.linalg.vector_norm(e, ord=-1)', err('RuntimeError', 'linalg.vector_norm cannot compute the -1 norm on an empty tensor because the operation does not have an identity', SRC_LIN));
  add('torch.linalg.vector_norm(e, ord=float("inf"), dim=1)', ok('float32', [0]));
  add('torch.linalg.matrix_norm(v)', err('RuntimeError', 'linalg.matrix_norm: The input tensor A must have at least 2 dimensions.', SRC_LIN));
  add('f.new_zeros(2)', ok('float32', [2]));
  add('l.new_ones((2, 2))', ok('int64', [2, 2]));
  add('f.new_empty(3, dtype=torch.int32)', ok('int32', [3]));
  add('f.new_full((2,), 3)', ok('float32', [2]));
  add('l.new_tensor([1.0, 2.0])', ok('int64', [2]));
  add('torch.unbind(f)[1]', ok('float32', [3]));
  add('f.unbind(1)[0]', ok('float32', [2]));
  add('torch.unbind(f, 2)', errType('IndexError', 'Dimension out of range'));
  add('torch.outer(v, w)', ok('float32', [3, 4]));
  add('v.outer(l[0])', ok('float32', [3, 3]));
  add('torch.ger(v, v)', ok('float32', [3, 3]));
  add('torch.outer(f, v)', err('RuntimeError', 'outer: Expected 1-D argument self, but got 2-D', SRC_LIN));
  add('torch.diag(v)', ok('float32', [3, 3]));
  add('torch.diag(v, 1)', ok('float32', [4, 4]));
  add('torch.diag(f)', ok('float32', [2]));
  add('f.diag(-1)', ok('float32', [1]));
  add('torch.diag(s)', err('RuntimeError', 'diag(): Supports 1D or 2D tensors. Got 0D', 'aten/src/ATen/native/TensorShape.cpp diag'));
  add('torch.diagonal(f)', ok('float32', [2]));
  add('f.diagonal(1)', ok('float32', [2]));
  add('m.diagonal(0, 1, 0)', ok('float32', [2]));
  add('torch.trace(f)', ok('float32', []));
  add('l.trace()', ok('int64', []));
  add('torch.trace(v)', err('RuntimeError', 'trace: expected a matrix, but got tensor with dim 1', 'aten/src/ATen/native/ReduceOps.cpp trace_cpu'));
  add('torch.meshgrid(v, w, indexing="ij")[0]', ok('float32', [3, 4]));
  add('torch.meshgrid([v, w], indexing="xy")[1]', ok('float32', [4, 3]));
  add('torch.meshgrid(f, v, indexing="ij")', errType('RuntimeError', 'torch.meshgrid: Expected 0D or 1D tensor in the tensor list'));
  add('torch.meshgrid(v, w, indexing="ab")', errType('RuntimeError', 'torch.meshgrid: indexing must be one of "xy" or "ij"'));
  add('torch.unique(l)', ok('int64', [1]));
  add('f.unique(return_counts=True)[1]', ok('int64', [1]));
  add('torch.unique(f, return_inverse=True)[1]', ok('int64', [2, 3]));
  add('torch.bincount(l[0])', ok('int64', [2]));
  add('l[0].bincount(minlength=5)', ok('int64', [5]));
  add('torch.bincount(l[0], weights=v)', ok('float32', [2]));
  add('torch.bincount(f[0])', err('RuntimeError', '"bincount_cpu" not implemented for \'Float\'', 'aten/src/ATen/native/SummaryOps.cpp'));
  add('torch.multinomial(v, 2)', ok('int64', [2]));
  add('f.multinomial(4, replacement=True)', ok('int64', [2, 4]));
  add('torch.multinomial(v, 4)', err('RuntimeError', 'cannot sample n_sample > prob_dist.size(-1) samples without replacement', 'aten/src/ATen/native/Distributions.cpp multinomial'));
  add('torch.multinomial(l, 1)', err('RuntimeError', 'multinomial only supports floating-point dtypes for input, got: Long', 'aten/src/ATen/native/Distributions.cpp multinomial'));
  add('torch.histc(f)', ok('float32', [100]));
  add('f.histc(bins=4, min=0, max=2)', ok('float32', [4]));
  add('torch.histc(l)', err('RuntimeError', '"histogram_cpu" not implemented for \'Long\'', 'aten/src/ATen/native/SummaryOps.cpp'));
  const X4 = 'torch.ones(1, 2, 3, 3)';
  add(`F.interpolate(${X4}, scale_factor=2)`, ok('float32', [1, 2, 6, 6]));
  add(`F.interpolate(${X4}, size=(4, 5), mode="bilinear")`, ok('float32', [1, 2, 4, 5]));
  add(`F.interpolate(${X4}, size=4, mode="bilinear", align_corners=True)`, ok('float32', [1, 2, 4, 4]));
  add('F.interpolate(torch.ones(1, 2, 3), size=5, mode="linear")', ok('float32', [1, 2, 5]));
  add(`F.interpolate(${X4}, size=2, scale_factor=2)`, err('ValueError', 'only one of size or scale_factor should be defined', 'torch/nn/functional.py interpolate'));
  add(`F.interpolate(${X4}, scale_factor=2, align_corners=True)`, err('ValueError', 'align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear', 'torch/nn/functional.py interpolate'));
  add(`torch.nn.Upsample(scale_factor=2)(${X4})`, ok('float32', [1, 2, 6, 6]));
  add(`torch.nn.Upsample(size=(2, 2), mode="bilinear")(${X4})`, ok('float32', [1, 2, 2, 2]));
  add('F.binary_cross_entropy(f * 0.5, f)', ok('float32', []));
  add('F.binary_cross_entropy(f * 0.5, f, reduction="none")', ok('float32', [2, 3]));
  add('F.binary_cross_entropy(f * 0.5, v)', errType('ValueError', 'Using a target size (torch.Size([3])) that is different to the input size'));
  add('F.binary_cross_entropy_with_logits(f, f, pos_weight=v)', ok('float32', []));
  add('F.binary_cross_entropy_with_logits(f, f, weight=v, reduction="sum")', ok('float32', []));
  add('F.binary_cross_entropy_with_logits(f, v)', err('ValueError', 'Target size (torch.Size([3])) must be the same as input size (torch.Size([2, 3]))', 'torch/nn/functional.py binary_cross_entropy_with_logits'));
  add('torch.nn.BCELoss()(f * 0.5, f)', ok('float32', []));
  add('torch.nn.BCELoss(weight=v, reduction="none")(f * 0.5, f)', ok('float32', [2, 3]));
  add('torch.nn.BCEWithLogitsLoss(pos_weight=v)(f, f)', ok('float32', []));
}
