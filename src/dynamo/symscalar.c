/* symscalar.c - unbacked symbolic scalars: Tensor.item() traced into the
 * graph under torch._dynamo.config.capture_scalar_outputs=True.
 *
 * Dynamo records `y = x.item()` as a call_method `item` node whose result
 * is an unbacked SymFloat / SymInt / SymBool (zuf0, u0): arithmetic and
 * comparisons on it are graph nodes (operator.add, operator.gt), a tensor
 * op taking it reads the node, and branching on it (`if y > 0:`) is a
 * data-dependent graph break (symbolic_convert.py generic_jump: the
 * GuardOnDataDependentSymNode becomes "Data-dependent branching"). A
 * SymFloat the frame keeps past the graph (returned, or live at a break)
 * leaves the graph as `torch.scalar_tensor(item, dtype=torch.float64)`
 * and becomes a Python float again by `.item()` (codegen.py); a SymInt /
 * SymBool is a graph output itself.
 *
 * Here such a value is a Python int / float / bool whose Value.sx carries
 * an unbacked tag (DW_SX_UNBACKED | the unit's serial | an index into the
 * unit's table): the table gives the fake 0-d tensor (float64, int64 or
 * bool) that computes it in the graph. Its number is the value itself,
 * computed while tracing by running the graph up to the item node eagerly
 * (the random generator rewound after), so code that does not know the
 * tag (int(y), range(y), a torch function given y) computes with the right
 * value and at worst bakes it into the graph as a constant: the next call
 * traces another constant and recompiles in place, never a wrong result.
 * A unit that made one has no replay plan (its Python code runs at each
 * call). A tag of another unit (a value kept past its graph) is inert. */
#include "dynamo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEN(v) ((Tensor *)(v).u.o)

typedef struct USym {
  Tensor *fake; /* borrowed: t->fakes[fi] holds it */
  int fi;
  uint8_t kind; /* V_FLOAT, V_INT or V_BOOL */
  Tensor *out;  /* its graph output (scalar_tensor for a SymFloat) */
  char expr[48]; /* its sympy expression when simple: zuf0, u0, u0 > 2 */
  bool backed;   /* computed from float inputs only (specialize_float) */
  int slot;      /* a float input: its root slot; a comparison of one with
                    a constant: that slot (cmp, c), else -1 */
  int8_t cmp;    /* -1: none */
  double c;
} USym;

struct USyms {
  USym *v;
  int n, cap;
  Tensor **pin; /* fakes held as graph outputs (refs) */
  int npin, cappin;
  int nzuf, nu;  /* unbacked symbols named so far (zuf0.., u0..) */
  uint8_t *live; /* the root's live locals at a jump (NULL: all) */
};

static uint32_t serial_bits(const Trace *t) { return (uint32_t)(t->serial & 0x7fff) << 16; }

static Trace *tracing(Interp *I) { return dwR_tracing(I) ? I->frame->trace : NULL; }

/* The entry of v's tag in t's table, NULL for any other value. */
static USym *entry(const Trace *t, Value v) {
  if (!t || !t->usyms || !(v.sx & DW_SX_UNBACKED) ||
      (v.t != V_FLOAT && v.t != V_INT && v.t != V_BOOL))
    return NULL;
  if ((v.sx & 0x7fff0000u) != serial_bits(t)) return NULL;
  uint32_t k = v.sx & 0xffffu;
  if ((int)k >= t->usyms->n) return NULL;
  USym *u = &t->usyms->v[k];
  if (u->fi >= t->nfakes || t->fakes[u->fi] != u->fake || u->fake->st || u->fake->trace != t)
    return NULL; /* taken back (a rollback) */
  return u;
}

Tensor *dwY_fake(Interp *I, Value v) {
  USym *u = entry(tracing(I), v);
  return u ? u->fake : NULL;
}

bool dwY_any(const Trace *t) { return t->usyms && t->usyms->n > 0; }

/* v tagged with a new entry for fake x (made by this unit's last op). */
static Value tag(Interp *I, Trace *t, Value v, Tensor *x) {
  if (!t->usyms && !(t->usyms = calloc(1, sizeof *t->usyms))) return v;
  struct USyms *s = t->usyms;
  if (s->n >= 0xffff || !DW_GROW(s->v, s->cap, s->n, 8)) return v;
  int fi = -1;
  for (int k = t->nfakes - 1; k >= 0 && fi < 0; k--)
    if (t->fakes[k] == x) fi = k;
  if (fi < 0) return v;
  s->v[s->n] = (USym){.fake = x, .fi = fi, .kind = (uint8_t)v.t, .slot = -1, .cmp = -1};
  v.sx = DW_SX_UNBACKED | serial_bits(t) | (uint32_t)s->n++;
  (void)I;
  return v;
}

/* The number real 0-d tensor r holds, as a Python value of kind k. */
static Value number_of(const Tensor *r, int kind) {
  if (kind == V_FLOAT) return dwV_float(dwT_get(r, 0));
  if (kind == V_BOOL) return dwV_bool(dwT_get(r, 0) != 0);
  return dwV_int(dwT_get_int(r, 0));
}

static void drop_exc(Interp *I) {
  if (I->exc.t != V_NULL) dwV_decref(&I->c, I->exc);
  I->exc = dwV_null();
}

static Value plain(Value v) {
  if (v.sx & DW_SX_UNBACKED) v.sx = 0;
  return v;
}

static DType kind_dtype(int kind) {
  return kind == V_FLOAT ? DT_F64 : kind == V_BOOL ? DT_BOOL : DT_I64;
}

/* x cast to dt (a new reference; x itself, referenced, when it is one). */
static Value cast(Interp *I, Tensor *x, DType dt) {
  if (x->dtype == dt) {
    dwV_incref_o(&x->h);
    return (Value){.t = V_TENSOR, .u = {.o = &x->h}};
  }
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.dtype = (uint8_t)dt;
  return dwR_op(I, OP_CAST, 1, &x, &at);
}

/* ------------------------------------------------------------------ */
/* Tensor.item()                                                        */
/* ------------------------------------------------------------------ */

/* The value of fake x now: the graph up to it run eagerly on the unit's
 * inputs, the random generator as it was. */
static bool hint(Interp *I, Trace *t, Tensor *x, int kind, Value *out) {
  Graph g;
  if (!dwG_clone(&g, &t->g)) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  int32_t id = x->node;
  Tensor *r = NULL;
  RngMark m;
  dwRng_mark(&I->c.rng, &m);
  bool ok = dwG_set_outputs(&g, 1, &id) && dwG_run_eager(&I->c, &g, t->inputs, &r);
  dwRng_rewind(&I->c.rng, &m);
  dwG_free(&g);
  if (!ok || !r) {
    if (r) dwV_decref_o(&I->c, &r->h);
    dwI_raise_ctx(I);
    return false;
  }
  *out = number_of(r, kind);
  dwV_decref_o(&I->c, &r->h);
  return true;
}

bool dwY_capturing(Interp *I) {
  if (!tracing(I)) return false;
  Value c = dwD_config(I, "capture_scalar_outputs");
  bool b = false;
  return c.t != V_NULL && dwOb_truth(I, c, &b) && b;
}

Value dwY_item(Interp *I, Value self) {
  Trace *t = tracing(I);
  Tensor *x = TEN(self);
  int64_t n = 1;
  for (int d = 0; d < x->ndim; d++) n *= x->shape[d];
  if (n != 1)
    return dwI_raise(I, EXC_RuntimeError, "a Tensor with %lld elements cannot be converted to Scalar",
                     (long long)n);
  int kind = dwT_is_float(x->dtype) ? V_FLOAT : x->dtype == DT_BOOL ? V_BOOL : V_INT;
  int tok = dwM_pre(I, FX_CALL_METHOD, "item", self, 0, NULL, 0, NULL);
  OpAttrs at;
  memset(&at, 0, sizeof at);
  Value in = self, cur = dwV_null();
  if (x->ndim) in = dwR_op(I, OP_RESHAPE, 1, &x, &at); /* to 0-d: i[] empty */
  else dwV_incref(in);
  if (in.t != V_NULL) {
    Tensor *z = TEN(in);
    at.dtype = (uint8_t)kind_dtype(kind);
    at.flag = CK_ITEM;
    cur = dwR_op(I, OP_CAST, 1, &z, &at); /* the item node, whatever the dtype */
    dwV_decref(&I->c, in);
  }
  dwM_post(I, tok, cur);
  if (cur.t == V_NULL) return cur;
  Tensor *f = TEN(cur);
  Value v;
  if (f->st || f->trace != t || !hint(I, t, f, kind, &v)) {
    dwV_decref(&I->c, cur);
    return f->st ? dwI_raise(I, EXC_InternalTorchDynamoError, "item() of a traced tensor gave no node")
                 : dwV_null();
  }
  v = tag(I, t, v, f);
  USym *u = entry(t, v);
  if (u && kind != V_BOOL) /* ShapeEnv's names: zuf0 for a float, u0 for an int */
    snprintf(u->expr, sizeof u->expr, kind == V_FLOAT ? "zuf%d" : "u%d",
             kind == V_FLOAT ? t->usyms->nzuf++ : t->usyms->nu++);
  dwV_decref(&I->c, cur); /* t->fakes holds it */
  return v;
}

/* ------------------------------------------------------------------ */
/* Arithmetic and comparisons                                          */
/* ------------------------------------------------------------------ */

static const char *const bin_fx[] = {
    "operator.add",      "operator.sub",    "operator.mul",    "operator.truediv",
    "operator.floordiv", "operator.mod",    "operator.pow",    "operator.matmul",
    "operator.lshift",   "operator.rshift", "operator.and_",   "operator.or_",
    "operator.xor"};
static const char *const cmp_fx[] = {"operator.eq", "operator.ne", "operator.lt",
                                     "operator.le", "operator.gt", "operator.ge"};

/* An operand of the graph's op: a tagged value's fake cast to dt, or the
 * Python number itself (a constant). */
static Value operand(Interp *I, Trace *t, Value v, DType dt) {
  USym *u = entry(t, v);
  if (u) return cast(I, u->fake, dt);
  return plain(v);
}

/* The dtype a tensor of dtype dx gives with a Python number of kind k
 * (at::result_type with a wrapped number: a float is the default dtype). */
static DType with_scalar(DType dx, int kind) {
  if (dwT_is_float(dx)) return dx;
  if (kind == V_FLOAT) return DT_F32;
  if (kind == V_INT && dx == DT_BOOL) return DT_I64;
  return dx;
}

/* op on a tensor and a tagged number: the number's fake, cast to the
 * dtype the number would have promoted to, is the op's operand. */
static Value tensor_op(Interp *I, Trace *t, int op, bool cmp, Value a, Value b) {
  Value v[2] = {a, b};
  int tok = dwM_pre(I, FX_CALL_FUNCTION, cmp ? cmp_fx[op] : bin_fx[op], dwV_null(), 2, v, 0, NULL);
  int s = a.t == V_TENSOR ? 1 : 0;
  USym *u = entry(t, v[s]);
  DType dt = with_scalar((DType)TEN(v[1 - s])->dtype, u->kind);
  Value o = cast(I, u->fake, dt);
  Value r = dwV_null();
  if (o.t != V_NULL) {
    v[s] = o;
    r = cmp ? dwL_tensor_compare(I, op, v[0], v[1]) : dwL_tensor_binop(I, op, v[0], v[1], false);
    dwV_decref(&I->c, o);
  }
  dwM_post(I, tok, r);
  return r;
}

/* r (the Python result of the values) as a graph node made by fn. */
static Value record(Interp *I, Trace *t, const char *target, int n, Value *v, Value r, int op,
                    int kind) {
  if (r.t != V_FLOAT && r.t != V_INT && r.t != V_BOOL) return r;
  /* the dtype the op computes in: float64 for a float result or a
   * comparison with a float, else int64 (bool for bool & bool) */
  int k = r.t;
  if (kind == 'c') {
    k = V_INT;
    for (int j = 0; j < n; j++) {
      USym *u = entry(t, v[j]);
      if ((u ? u->kind : v[j].t) == V_FLOAT) k = V_FLOAT;
    }
  }
  DType dt = kind_dtype(k);
  int tok = dwM_pre(I, FX_CALL_FUNCTION, target, dwV_null(), n, v, 0, NULL);
  Value o[2] = {dwV_null(), dwV_null()};
  bool ok = true;
  for (int j = 0; j < n && ok; j++) ok = (o[j] = operand(I, t, v[j], dt)).t != V_NULL;
  Value g = dwV_null();
  if (ok) {
    if (kind == 'c') g = dwL_tensor_compare(I, op, o[0], o[1]);
    else if (kind == 'u') g = dwL_tensor_unary(I, op, o[0]);
    else g = dwL_tensor_binop(I, op, o[0], o[1], false);
  }
  for (int j = 0; j < n; j++)
    if (o[j].t != V_NULL) dwV_decref(&I->c, o[j]);
  if (g.t != V_NULL && TEN(g)->dtype != kind_dtype(r.t)) {
    Value c = cast(I, TEN(g), kind_dtype(r.t));
    dwV_decref(&I->c, g);
    g = c;
  }
  dwM_post(I, tok, g);
  if (g.t == V_NULL) return g;
  Value res = TEN(g)->st ? r : tag(I, t, r, TEN(g));
  dwV_decref(&I->c, g);
  USym *ur = entry(t, res);
  if (ur) { /* backed when every tagged operand is */
    bool backed = true;
    for (int j = 0; j < n; j++) {
      USym *u = entry(t, v[j]);
      if (u && !u->backed) backed = false;
    }
    ur->backed = backed;
  }
  return res;
}

Value dwY_binop(Interp *I, int op, Value a, Value b) {
  Trace *t = tracing(I);
  bool ua = entry(t, a) != NULL, ub = entry(t, b) != NULL;
  if (!ua && !ub) return dwOb_binop(I, op, plain(a), plain(b));
  if (a.t == V_TENSOR || b.t == V_TENSOR) return tensor_op(I, t, op, false, a, b);
  Value r = dwOb_binop(I, op, plain(a), plain(b));
  if (r.t == V_NULL || op > BIN_XOR || op == BIN_MATMUL) return r;
  Value v[2] = {a, b};
  return record(I, t, bin_fx[op], 2, v, r, op, 'b');
}

Value dwY_compare(Interp *I, int op, Value a, Value b) {
  Trace *t = tracing(I);
  bool ta = entry(t, a) != NULL, tb = entry(t, b) != NULL;
  if ((!ta && !tb) || op > CMP_GE) return dwOb_compare(I, op, plain(a), plain(b));
  if (a.t == V_TENSOR || b.t == V_TENSOR) return tensor_op(I, t, op, true, a, b);
  Value r = dwOb_compare(I, op, plain(a), plain(b));
  if (r.t == V_NULL) return r;
  Value v[2] = {a, b};
  Value res = record(I, t, cmp_fx[op], 2, v, r, op, 'c');
  /* sympy's text of a symbol against an int: zuf0 > 2, Eq(u0, 1) */
  USym *ur = entry(t, res), *ua = entry(t, a), *ub = entry(t, b);
  static const char *const rel[] = {"Eq", "Ne", "<", "<=", ">", ">="};
  static const int8_t mirror[] = {CMP_EQ, CMP_NE, CMP_GT, CMP_GE, CMP_LT, CMP_LE};
  USym *in = ua && !ub ? ua : ub && !ua ? ub : NULL;
  Value k = ua ? b : a;
  if (ur && in && in->backed && in->slot >= 0 && in->cmp < 0 &&
      (k.t == V_FLOAT || k.t == V_INT || k.t == V_BOOL)) {
    ur->slot = in->slot; /* `y == 5.0` of a float input: guardable */
    ur->cmp = (int8_t)(ua ? op : mirror[op]);
    ur->c = k.t == V_FLOAT ? k.u.f : (double)k.u.i;
  }
  if (ur && ua && ua->expr[0] && !ub && b.t == V_INT)
    snprintf(ur->expr, sizeof ur->expr, op <= CMP_NE ? "%s(%s, %lld)" : "%s %s %lld",
             op <= CMP_NE ? rel[op] : ua->expr, op <= CMP_NE ? ua->expr : rel[op],
             (long long)b.u.i);
  return res;
}

Value dwY_unary(Interp *I, int op, Value a) {
  Trace *t = tracing(I);
  Value r = dwOb_unary(I, op, plain(a));
  if (r.t == V_NULL || !entry(t, a) || (op != UN_NEG && op != UN_POS)) return r;
  if (op == UN_POS) return a;
  return record(I, t, "operator.neg", 1, &a, r, op, 'u');
}

/* ------------------------------------------------------------------ */
/* Float inputs (specialize_float=False)                               */
/* ------------------------------------------------------------------ */

void dwY_float_input(Interp *I, Trace *t, int slot, Str *name) {
  Value *sv = &t->root->slots[slot];
  if (sv->t != V_FLOAT || (sv->sx & DW_SX_UNBACKED)) return;
  /* builder.py wrap_symfloat: a float64 tensor input, and its item() */
  Tensor *x = dwT_scalar(&I->c, DT_F64, sv->u.f, false);
  if (!x) {
    dwI_raise_ctx(I);
    drop_exc(I); /* out of memory: the float stays a constant */
    return;
  }
  int id = dwR_lift_named(I, t, x, name->s);
  Value xv = (Value){.t = V_TENSOR, .u = {.o = &x->h}};
  Value r = dwV_null();
  if (id >= 0) {
    int tok = dwM_pre(I, FX_CALL_METHOD, "item", xv, 0, NULL, 0, NULL);
    OpAttrs at;
    memset(&at, 0, sizeof at);
    at.dtype = DT_F64;
    at.flag = CK_ITEM;
    r = dwR_op(I, OP_CAST, 1, &x, &at);
    dwM_post(I, tok, r);
  }
  dwV_decref_o(&I->c, &x->h); /* the inputs hold it */
  if (r.t == V_NULL) {
    drop_exc(I); /* the float stays a constant of the graph */
    return;
  }
  Value v = tag(I, t, *sv, TEN(r));
  USym *u = entry(t, v);
  if (u) {
    u->backed = true;
    u->slot = slot;
    snprintf(u->expr, sizeof u->expr, "zf%d", t->usyms->nzuf++);
    *sv = v;
  }
  dwV_decref(&I->c, r);
}

bool dwY_backed(Interp *I, Value v) {
  Trace *t = tracing(I);
  USym *u = entry(t, v);
  if (!u || !u->backed) return false;
  if (u->slot >= 0 && u->cmp >= 0) {
    bool r = v.t == V_BOOL ? v.u.i != 0 : v.t == V_FLOAT ? v.u.f != 0 : v.u.i != 0;
    dwR_guard_fcmp(t, u->slot, u->cmp, u->c, r);
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* Graph breaks and outputs                                            */
/* ------------------------------------------------------------------ */

static bool pin(Trace *t, Tensor *x) {
  struct USyms *s = t->usyms;
  if (!DW_GROW(s->pin, s->cappin, s->npin, 8)) return false;
  dwV_incref_o(&x->h);
  s->pin[s->npin++] = x;
  return true;
}

const char *dwY_expr(Interp *I, Value v) {
  USym *u = entry(tracing(I), v);
  return u ? u->expr : "";
}

Tensor *dwY_cond(Interp *I, Value v) {
  Trace *t = tracing(I);
  USym *u = entry(t, v);
  if (!u) return NULL;
  /* Dynamo keeps the value on its stack: a graph output */
  if (!u->out && pin(t, u->fake)) u->out = u->fake;
  return u->fake;
}

/* The graph output of u (scalar_tensor of a SymFloat, made once). */
static void output(Interp *I, Trace *t, USym *u, Value v) {
  if (u->out) return;
  if (u->kind != V_FLOAT) {
    if (pin(t, u->fake)) u->out = u->fake;
    return;
  }
  KwArg kw = {dwI_intern(I, "dtype"), {.t = V_DTYPE, .u = {.i = DT_F64}}};
  int tok = dwM_pre(I, FX_CALL_FUNCTION, "torch.scalar_tensor", dwV_null(), 1, &v, 1, &kw);
  Tensor *x = u->fake;
  OpAttrs at;
  memset(&at, 0, sizeof at);
  at.dtype = DT_F64;
  at.flag = CK_SCALAR_TENSOR;
  Value r = dwR_op(I, OP_CAST, 1, &x, &at); /* a node of its own */
  dwM_post(I, tok, r);
  if (r.t == V_NULL) {
    drop_exc(I); /* out of memory: no output, the value stays right */
    return;
  }
  if (pin(t, TEN(r))) u->out = TEN(r);
  dwV_decref(&I->c, r);
}

/* The tagged values the frame keeps: root locals and the return value. */
static void scan(Interp *I, Trace *t, Value *v, bool patch) {
  USym *u = entry(t, *v);
  if (u && !patch) output(I, t, u, *v);
  if (u && patch && u->out && u->out->st && dwT_numel(u->out) == 1)
    *v = number_of(u->out, u->kind); /* the compiled graph's value */
  if (patch && (v->sx & DW_SX_UNBACKED) && (v->t == V_FLOAT || v->t == V_INT || v->t == V_BOOL))
    v->sx = 0;
}

static void scan_all(Interp *I, Frame *f, bool patch) {
  Trace *t = f->trace;
  if (!t || !dwY_any(t)) return;
  Frame *r = t->root;
  uint8_t *live = t->usyms->live;
  for (int k = 0; r && k < r->code->nslots; k++) {
    USym *u = entry(t, r->slots[k]);
    /* a float input the unit did not write is reloaded from its source */
    bool source = u && u->slot == k && u->cmp < 0 && !t->written[k];
    if (patch || ((!live || live[k]) && !source)) scan(I, t, &r->slots[k], patch);
  }
  if (t->at_return) {
    Value *rv = &I->retval;
    if (rv->t == V_TUPLE || rv->t == V_LIST) {
      int64_t n = rv->t == V_TUPLE ? ((Tuple *)rv->u.o)->len : ((List *)rv->u.o)->len;
      Value *it = rv->t == V_TUPLE ? ((Tuple *)rv->u.o)->items : ((List *)rv->u.o)->items;
      for (int64_t k = 0; k < n; k++) scan(I, t, &it[k], patch);
    } else {
      scan(I, t, rv, patch);
    }
  }
}

void dwY_unit_outputs(Interp *I, Frame *f) { scan_all(I, f, false); }

void dwY_live_at_jump(Trace *t, Node *stmt, Node *operand) {
  if (!dwY_any(t)) return;
  free(t->usyms->live);
  t->usyms->live = dwN_live_at_jump(t, stmt, operand);
}

void dwY_unit_done(Interp *I, Frame *f) {
  scan_all(I, f, true);
  dwY_free(I, f->trace);
}

void dwY_free(Interp *I, Trace *t) {
  struct USyms *s = t ? t->usyms : NULL;
  if (!s) return;
  for (int k = 0; k < s->npin; k++) dwV_decref_o(&I->c, &s->pin[k]->h);
  free(s->pin);
  s->pin = NULL;
  free(s->live);
  s->live = NULL;
  s->npin = s->cappin = 0;
  for (int k = 0; k < s->n; k++) s->v[k].out = NULL;
}

void dwY_destroy(Interp *I, Trace *t) {
  dwY_free(I, t);
  if (t->usyms) free(t->usyms->v);
  free(t->usyms);
  t->usyms = NULL;
}
