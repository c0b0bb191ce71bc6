// onnx.mjs - builds small ONNX models in memory for perf_bench.mjs (the
// onnxruntime-web column), with a minimal protobuf writer: only the fields
// of onnx.proto that a graph of float32 tensors needs.
//
//   model({ inputs: [['x', [1024, 1024]]], outputs: [['y', [1024, 1024]]],
//           nodes: [node('Softmax', ['x'], ['y'], { axis: -1 })],
//           consts: { s: scalar(0.5) } })  -> Uint8Array (ModelProto)

const enc = new TextEncoder();

class Writer {
  constructor() {
    this.bytes = [];
  }
  varint(v) {
    let n = BigInt.asUintN(64, BigInt(v));
    do {
      let b = Number(n & 0x7fn);
      n >>= 7n;
      if (n) b |= 0x80;
      this.bytes.push(b);
    } while (n);
    return this;
  }
  key(field, wire) {
    return this.varint((field << 3) | wire);
  }
  int(field, v) {
    return this.key(field, 0).varint(v);
  }
  float(field, v) {
    const b = new Uint8Array(new Float32Array([v]).buffer);
    this.key(field, 5).bytes.push(...b);
    return this;
  }
  raw(field, data) {
    this.key(field, 2).varint(data.length);
    for (const b of data) this.bytes.push(b);
    return this;
  }
  str(field, s) {
    return this.raw(field, enc.encode(s));
  }
  msg(field, w) {
    return this.raw(field, w.bytes);
  }
}

const FLOAT = 1;
const INT64 = 7;

/** A node: attributes are numbers (float unless Number.isInteger and the
 * name is listed in `ints`) or arrays of integers. */
export function node(op, inputs, outputs, attrs = {}) {
  return { op, inputs, outputs, attrs };
}

/** A float32 scalar constant (shape []). */
export function scalar(v) {
  return { dtype: FLOAT, dims: [], data: new Float32Array([v]) };
}

/** An int64 1-d constant. */
export function int64s(vs) {
  return { dtype: INT64, dims: [vs.length], data: new BigInt64Array(vs.map(BigInt)) };
}

const INT_ATTRS = new Set(['axis', 'transA', 'transB', 'keepdims', 'perm', 'axes', 'stash_type']);

function attribute(name, v) {
  const w = new Writer().str(1, name);
  if (Array.isArray(v)) {
    for (const x of v) w.int(8, x);
    w.int(20, 7); // INTS
  } else if (INT_ATTRS.has(name)) {
    w.int(3, v).int(20, 2); // INT
  } else {
    w.float(2, v).int(20, 1); // FLOAT
  }
  return w;
}

function valueInfo(name, shape) {
  const dims = new Writer();
  for (const d of shape) dims.msg(1, new Writer().int(1, d));
  const tensorType = new Writer().int(1, FLOAT).msg(2, dims);
  return new Writer().str(1, name).msg(2, new Writer().msg(1, tensorType));
}

function tensor(name, t) {
  const w = new Writer();
  for (const d of t.dims) w.int(1, d);
  w.int(2, t.dtype).str(8, name);
  return w.raw(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
}

/** ModelProto bytes (IR version 8, default opset 17). */
export function model({ inputs, outputs, nodes, consts = {}, opset = 17 }) {
  const g = new Writer();
  nodes.forEach((n, i) => {
    const w = new Writer();
    for (const x of n.inputs) w.str(1, x);
    for (const x of n.outputs) w.str(2, x);
    w.str(3, `n${i}`).str(4, n.op);
    for (const [k, v] of Object.entries(n.attrs)) w.msg(5, attribute(k, v));
    g.msg(1, w);
  });
  g.str(2, 'bench');
  for (const [name, t] of Object.entries(consts)) g.msg(5, tensor(name, t));
  for (const [name, shape] of inputs) g.msg(11, valueInfo(name, shape));
  for (const [name, shape] of outputs) g.msg(12, valueInfo(name, shape));
  const m = new Writer().int(1, 8).str(2, 'dynawasm-bench');
  m.msg(7, g);
  m.msg(8, new Writer().str(1, '').int(2, opset));
  return new Uint8Array(m.bytes);
}
