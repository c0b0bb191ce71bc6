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
  // PyTorch returns f; dynawasm has no autograd and says so (README: NotImplementedError naming autograd)
  add('f.requires_grad_()', errType('NotImplementedError', 'no autograd in dynawasm: requires_grad_(True) is a NotImplementedError'));
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
}

// Argument counts, types and keywords for every tensor function and method
// (names: the registry's, passed in by sweep.mjs). PyTorch's
// python_arg_parser raises TypeError for each; its text depends on the
// overloads of each function (torch/csrc/utils/python_arg_parser.cpp).
const ARG_WHY = 'python_arg_parser messages (per-overload text) are not reproduced yet';
function argCases(names) {
  // functions whose argument semantics differ from a tensor op's
  const skipFn = new Set(['tensor', 'as_tensor', 'Tensor', 'is_tensor', 'compile', 'manual_seed', 'no_grad',
    'enable_grad', 'inference_mode', 'set_grad_enabled', 'ones', 'zeros', 'empty', 'rand', 'randn', 'full',
    'randint', 'arange', 'linspace', 'eye', 'get_default_dtype']);
  for (const n of names.torch) {
    if (skipFn.has(n)) continue;
    add(`torch.${n}()`, errType('TypeError', ARG_WHY), { args: true });
    add(`torch.${n}("a")`, errType('TypeError', ARG_WHY), { args: true });
    add(`torch.${n}(f, f, f, f, f, f, f)`, errType('TypeError', ARG_WHY), { args: true });
    add(`torch.${n}(f, bogus=1)`, errType('TypeError', ARG_WHY), { args: true });
  }
  const noArgs = new Set(['size', 'dim', 'numel', 'nelement', 'item', 'tolist', 'float', 'double', 'long', 'int', 'bool',
    'clone', 'contiguous', 'detach', 'cpu', 'requires_grad_', 'is_contiguous', 't', 'zero_', 'relu_', 'exp_', 'neg_',
    ...UNARY_FLOAT, 'neg', 'abs', 'relu', 'logical_not', 'square', 'sum', 'mean', 'prod', 'amax', 'amin', 'argmax',
    'argmin', 'max', 'min', 'var', 'std', 'flatten', 'squeeze', 'to', 'type']);
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
  add('torch.get_default_dtype(f)', errType('TypeError', 'get_default_dtype() takes no arguments: the exact text of a C function\'s message not verified'));
  add('torch.manual_seed("a")', unknown('manual_seed of a str: PyTorch\'s int() conversion error not reproduced'));
  for (const fn of ['no_grad', 'enable_grad', 'inference_mode'])
    add(`do: r = f\n    with torch.${fn}():\n        r = f + 1`, ok('float32', [2, 3]));
  add('do: r = f\n    with torch.set_grad_enabled(False):\n        r = f * 2', ok('float32', [2, 3]));
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
  return cases;
}
