/* operator.c - Python's operator module: the operators as functions
 * (operator.add(a, b) is a + b). Graphs name their nodes after these
 * (`x + y` is a call_function node whose target is operator.add), so
 * `node.target == operator.add` must hold for the very objects this module
 * holds. */
#include "interp.h"

#include <stdio.h>
#include <string.h>

#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)

/* def->data: what each function is. */
enum {
  OPK_BIN,     /* a <op> b: BinOp in the low byte */
  OPK_INPLACE, /* a <op>= b */
  OPK_CMP,     /* a <cmp> b: CmpOp */
  OPK_UNARY,   /* <op> a: UnOp */
  OPK_GETITEM, /* a[b] */
  OPK_SETITEM, /* a[b] = c */
  OPK_CONTAINS,/* b in a */
  OPK_NOT,     /* not a */
  OPK_TRUTH,   /* bool(a) */
  OPK_ABS,     /* abs(a) */
  OPK_INDEX    /* a.__index__() */
};
#define OPD(kind, op) ((int16_t)((kind) << 8 | (op)))

static bool nargs(Interp *I, const BuiltinDef *d, Args *a, int n) {
  if (a->nkw) {
    dwI_raise(I, EXC_TypeError, "%s() takes no keyword arguments", strchr(d->name, '.') + 1);
    return false;
  }
  if (a->n != n) {
    dwI_raise(I, EXC_TypeError, "%s expected %d argument%s, got %d", strchr(d->name, '.') + 1, n,
              n == 1 ? "" : "s", a->n);
    return false;
  }
  return true;
}

BI(op_call) {
  (void)self;
  int kind = def->data >> 8, op = def->data & 0xff;
  switch (kind) {
  case OPK_BIN:
    return nargs(I, def, a, 2) ? dwOb_binop(I, op, a->v[0], a->v[1]) : dwV_null();
  case OPK_INPLACE:
    return nargs(I, def, a, 2) ? dwOb_inplace(I, op, a->v[0], a->v[1]) : dwV_null();
  case OPK_CMP:
    return nargs(I, def, a, 2) ? dwOb_compare(I, op, a->v[0], a->v[1]) : dwV_null();
  case OPK_UNARY:
    return nargs(I, def, a, 1) ? dwOb_unary(I, op, a->v[0]) : dwV_null();
  case OPK_GETITEM:
    return nargs(I, def, a, 2) ? dwOb_getitem(I, a->v[0], a->v[1]) : dwV_null();
  case OPK_SETITEM:
    if (!nargs(I, def, a, 3) || !dwOb_setitem(I, a->v[0], a->v[1], a->v[2])) return dwV_null();
    return dwV_none();
  case OPK_CONTAINS:
    return nargs(I, def, a, 2) ? dwOb_compare(I, CMP_IN, a->v[1], a->v[0]) : dwV_null();
  case OPK_NOT:
  case OPK_TRUTH: {
    bool t;
    if (!nargs(I, def, a, 1) || !dwOb_truth(I, a->v[0], &t)) return dwV_null();
    return dwV_bool(kind == OPK_TRUTH ? t : !t);
  }
  case OPK_ABS: {
    if (!nargs(I, def, a, 1)) return dwV_null();
    Value f = dwL_builtin(I, "abs");
    Value r = dwI_call(I, f, a);
    dwV_decref(&I->c, f);
    return r;
  }
  default: {
    int64_t n;
    if (!nargs(I, def, a, 1) || !dwOb_index(I, a->v[0], &n)) return dwV_null();
    return dwV_int(n);
  }
  }
}

#define B(n, op) {"operator." n, op_call, TK_PURE, OPD(OPK_BIN, op), 0}
#define IB(n, op) {"operator." n, op_call, TK_MUTATE, OPD(OPK_INPLACE, op), 0}
#define C(n, op) {"operator." n, op_call, TK_PURE, OPD(OPK_CMP, op), 0}
#define U(n, op) {"operator." n, op_call, TK_PURE, OPD(OPK_UNARY, op), 0}

static const BuiltinDef operator_defs[] = {
    B("add", BIN_ADD), B("sub", BIN_SUB), B("mul", BIN_MUL), B("truediv", BIN_DIV),
    B("floordiv", BIN_FLOORDIV), B("mod", BIN_MOD), B("pow", BIN_POW), B("matmul", BIN_MATMUL),
    B("lshift", BIN_LSHIFT), B("rshift", BIN_RSHIFT), B("and_", BIN_AND), B("or_", BIN_OR),
    B("xor", BIN_XOR),
    IB("iadd", BIN_ADD), IB("isub", BIN_SUB), IB("imul", BIN_MUL), IB("itruediv", BIN_DIV),
    IB("ifloordiv", BIN_FLOORDIV), IB("imod", BIN_MOD), IB("ipow", BIN_POW),
    IB("imatmul", BIN_MATMUL), IB("ilshift", BIN_LSHIFT), IB("irshift", BIN_RSHIFT),
    IB("iand", BIN_AND), IB("ior", BIN_OR), IB("ixor", BIN_XOR),
    C("eq", CMP_EQ), C("ne", CMP_NE), C("lt", CMP_LT), C("le", CMP_LE), C("gt", CMP_GT),
    C("ge", CMP_GE), C("is_", CMP_IS), C("is_not", CMP_ISNOT),
    U("neg", UN_NEG), U("pos", UN_POS), U("invert", UN_INVERT), U("inv", UN_INVERT),
    {"operator.getitem", op_call, TK_PURE, OPD(OPK_GETITEM, 0), 0},
    {"operator.setitem", op_call, TK_MUTATE, OPD(OPK_SETITEM, 0), 0},
    {"operator.contains", op_call, TK_PURE, OPD(OPK_CONTAINS, 0), 0},
    {"operator.not_", op_call, TK_PURE, OPD(OPK_NOT, 0), 0},
    {"operator.truth", op_call, TK_PURE, OPD(OPK_TRUTH, 0), 0},
    {"operator.abs", op_call, TK_PURE, OPD(OPK_ABS, 0), 0},
    {"operator.index", op_call, TK_PURE, OPD(OPK_INDEX, 0), 0},
    {NULL, NULL, 0, 0, 0}};

bool dwL_operator_init(Interp *I) {
  Module *m = dwL_module(I, "operator");
  if (!m || !dwL_add_defs(I, m->attrs, operator_defs)) return false;
  m->special = MOD_API;
  return true;
}
