/* optim.c - torch.optim: SGD, Adam and AdamW with PyTorch's defaults and
 * the updates of their single-tensor paths (torch/optim/sgd.py
 * _single_tensor_sgd, adam.py _single_tensor_adam; PyTorch's CPU default,
 * foreach being for CUDA tensors), computed in the parameter's dtype
 * (float32: float arithmetic, the hyper-parameters rounded to float as
 * PyTorch's kernels take a Python scalar). An optimizer is an instance of
 * its class (a subclass of torch.optim.Optimizer) holding param_groups (a
 * list of dicts: the params and the hyper-parameters, read again at each
 * step, so `g["lr"] = ...` works), defaults and state (a dict keyed by
 * parameter: Adam's step, exp_avg, exp_avg_sq, max_exp_avg_sq; SGD's
 * momentum_buffer). step(closure=None), zero_grad(set_to_none=True),
 * state_dict() (params numbered as PyTorch numbers them), repr. */
#include "tensor/tensor_impl.h"
#include "tensor/torchlib.h"

#include <math.h>

enum { OPT_SGD, OPT_ADAM, OPT_ADAMW };

static const char *const opt_names[] = {"SGD", "Adam", "AdamW"};

static Value get(Interp *I, Dict *d, const char *k) {
  return dwV_dict_get(d, VSTR(dwI_intern(I, k)));
}

static bool put(Interp *I, Dict *d, const char *k, Value v) {
  bool ok = dwV_dict_set(&I->c, d, VSTR(dwI_intern(I, k)), v);
  if (!ok) dwI_raise_ctx(I);
  return ok;
}

static bool num(Interp *I, Dict *g, const char *k, double *out) {
  Value v = get(I, g, k);
  if (v.t == V_NULL) {
    dwI_raise(I, EXC_KeyError, "'%s'", k);
    return false;
  }
  if (v.t == V_TENSOR) {
    *out = dwT_get(TEN(v), 0);
    return true;
  }
  return dwL_float(I, v, k, out);
}

static bool flag(Interp *I, Dict *g, const char *k, bool *out) {
  Value v = get(I, g, k);
  return truthy(I, v, false, out);
}

/* The params of a group: a tensor, or an iterable of them, as a new list;
 * PyTorch's checks */
static List *param_list(Interp *I, Value ps) {
  List *l = dwV_list(&I->c, 0);
  if (!l) {
    dwI_raise_ctx(I);
    return NULL;
  }
  if (ps.t == V_TENSOR) {
    dwI_raise(I, EXC_TypeError,
              "params argument given to the optimizer should be an iterable of "
              "Tensors or dicts, but got "
              "torch.FloatTensor");
    dwV_decref_o(&I->c, &l->h);
    return NULL;
  }
  if (!dwOb_foreach(I, ps, dwOb_collect, l)) {
    dwV_decref_o(&I->c, &l->h);
    return NULL;
  }
  for (int64_t k = 0; k < l->len; k++) {
    Value p = l->items[k];
    const char *why = p.t != V_TENSOR ? NULL
                      : !dwAg_is_leaf(TEN(p))
                          ? "can't optimize a non-leaf Tensor"
                          : "";
    if (!why) {
      dwI_raise(
          I, EXC_TypeError,
          "optimizer can only optimize Tensors, but one of the params is %s",
          dwV_type_name(p));
    } else if (*why) {
      dwI_raise(I, EXC_ValueError, "%s", why);
    } else {
      continue;
    }
    dwV_decref_o(&I->c, &l->h);
    return NULL;
  }
  return l;
}

/* add_param_group: the group's params and every default it lacks */
static bool add_group(Interp *I, List *groups, Dict *defaults, Value gv) {
  Dict *g = dwV_dict(&I->c);
  if (!g) return dwI_raise_ctx(I), false;
  bool ok = true;
  if (gv.t == V_DICT) {
    Dict *src = (Dict *)OBJ(gv);
    for (int64_t k = 0; ok && k < src->nent; k++)
      if (src->ent[k].used)
        ok = dwV_dict_set(&I->c, g, src->ent[k].key, src->ent[k].val) ||
             (dwI_raise_ctx(I), false);
    Value ps = get(I, g, "params");
    if (ok && ps.t == V_NULL) {
      dwI_raise(I, EXC_KeyError, "'params'");
      ok = false;
    }
    List *l = ok ? param_list(I, ps) : NULL;
    ok = l && put(I, g, "params", dwV_obj(&l->h));
    if (l) dwV_decref_o(&I->c, &l->h);
  } else {
    List *l = param_list(I, gv);
    ok = l && put(I, g, "params", dwV_obj(&l->h));
    if (l) dwV_decref_o(&I->c, &l->h);
  }
  for (int64_t k = 0; ok && k < defaults->nent; k++)
    if (defaults->ent[k].used &&
        dwV_dict_get(g, defaults->ent[k].key).t == V_NULL)
      ok = dwV_dict_set(&I->c, g, defaults->ent[k].key, defaults->ent[k].val) ||
           (dwI_raise_ctx(I), false);
  ok = ok && (dwV_list_append(&I->c, groups, dwV_obj(&g->h)) ||
              (dwI_raise_ctx(I), false));
  dwV_decref_o(&I->c, &g->h);
  return ok;
}

/* Optimizer.__init__(params, defaults) */
static bool opt_init(Interp *I, Value self, Value params, Dict *defaults) {
  List *groups = dwV_list(&I->c, 0);
  Dict *state = dwV_dict(&I->c);
  bool ok = groups && state;
  if (!ok) dwI_raise_ctx(I);
  List *items = ok ? dwV_list(&I->c, 0) : NULL;
  ok = ok && items && dwOb_foreach(I, params, dwOb_collect, items);
  if (ok && items->len == 0) {
    dwI_raise(I, EXC_ValueError, "optimizer got an empty parameter list");
    ok = false;
  }
  if (ok && items->items[0].t == V_DICT) {
    for (int64_t k = 0; ok && k < items->len; k++)
      ok = add_group(I, groups, defaults, items->items[k]);
  } else if (ok) {
    ok = add_group(I, groups, defaults, dwV_obj(&items->h));
  }
  ok = ok && dwL_attr_set(I, self, "defaults", dwV_obj(&defaults->h)) &&
       dwL_attr_set(I, self, "param_groups", dwV_obj(&groups->h)) &&
       dwL_attr_set(I, self, "state", dwV_obj(&state->h));
  if (items) dwV_decref_o(&I->c, &items->h);
  if (groups) dwV_decref_o(&I->c, &groups->h);
  if (state) dwV_decref_o(&I->c, &state->h);
  return ok;
}

static bool check_range(Interp *I, const char *what, Value v, bool ok) {
  if (ok) return true;
  Buf b = {0};
  dwFm_str_value(I, &b, v);
  dwI_raise(I, EXC_ValueError, "Invalid %s: %s", what, b.p ? b.p : "");
  dwB_free(&b);
  return false;
}

/* SGD(params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
 * nesterov=False, *, maximize=False, foreach=None, differentiable=False,
 * fused=None) / Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
 * weight_decay=0, amsgrad=False, *, foreach=None, maximize=False,
 * capturable=False, differentiable=False, fused=None); AdamW's
 * weight_decay defaults to 1e-2 */
BI(o_init) {
  int kind = def->data;
  Value v[12];
  const char *names = kind == OPT_SGD
                          ? "self,params,lr,momentum,dampening,weight_decay,"
                            "nesterov,maximize,foreach,differentiable,fused"
                          : "self,params,lr,betas,eps,weight_decay,amsgrad,"
                            "foreach,maximize,capturable,differentiable";
  if (!dwL_bind(I, "__init__", self, a, names, v, kind == OPT_SGD ? 11 : 12))
    return dwV_null();
  if (v[1].t == V_NULL)
    return dwI_raise(
        I, EXC_TypeError,
        "__init__() missing 1 required positional argument: 'params'");
  Dict *d = dwV_dict(&I->c);
  if (!d) return dwI_raise_ctx(I);
  bool ok = true;
  static const char *const sgd_keys[] = {
      "lr",       "momentum", "dampening",      "weight_decay", "nesterov",
      "maximize", "foreach",  "differentiable", "fused"};
  static const char *const adam_keys[] = {
      "lr",      "betas",    "eps",        "weight_decay",   "amsgrad",
      "foreach", "maximize", "capturable", "differentiable", "fused"};
  Value dflt_sgd[] = {dwV_float(1e-3), dwV_int(0),      dwV_int(0),
                      dwV_int(0),      dwV_bool(false), dwV_bool(false),
                      dwV_none(),      dwV_bool(false), dwV_none()};
  Value dflt_adam[] = {
      dwV_float(1e-3), dwV_null(),
      dwV_float(1e-8), kind == OPT_ADAMW ? dwV_float(1e-2) : dwV_int(0),
      dwV_bool(false), dwV_none(),
      dwV_bool(false), dwV_bool(false),
      dwV_bool(false), dwV_none()};
  int n = kind == OPT_SGD ? 9 : 10;
  for (int k = 0; ok && k < n; k++) {
    Value x = v[k + 2];
    if (x.t == V_NULL) x = kind == OPT_SGD ? dflt_sgd[k] : dflt_adam[k];
    if (x.t == V_NULL) { /* betas=(0.9, 0.999) */
      Tuple *t = dwV_tuple(&I->c, 2);
      if (!t) {
        ok = false;
        dwI_raise_ctx(I);
        break;
      }
      t->items[0] = dwV_float(0.9);
      t->items[1] = dwV_float(0.999);
      ok = put(I, d, "betas", dwV_obj(&t->h));
      dwV_decref_o(&I->c, &t->h);
      continue;
    }
    ok = put(I, d, kind == OPT_SGD ? sgd_keys[k] : adam_keys[k], x);
  }
  /* the constructors' checks */
  double lr = 0, mom = 0, damp = 0, wd = 0, eps = 0;
  ok = ok && num(I, d, "lr", &lr) && num(I, d, "weight_decay", &wd) &&
       check_range(I, "learning rate", get(I, d, "lr"), lr >= 0);
  if (ok && kind == OPT_SGD) {
    bool nest = false;
    ok = num(I, d, "momentum", &mom) && num(I, d, "dampening", &damp) &&
         flag(I, d, "nesterov", &nest) &&
         check_range(I, "momentum value", get(I, d, "momentum"), mom >= 0) &&
         check_range(I, "weight_decay value", get(I, d, "weight_decay"),
                     wd >= 0);
    if (ok && nest && (mom <= 0 || damp != 0)) {
      dwI_raise(I, EXC_ValueError,
                "Nesterov momentum requires a momentum and zero dampening");
      ok = false;
    }
  } else if (ok) {
    Value b = get(I, d, "betas");
    double b0 = 0, b1 = 0;
    Value *bi = b.t == V_TUPLE  ? ((Tuple *)OBJ(b))->items
                : b.t == V_LIST ? ((List *)OBJ(b))->items
                                : NULL;
    int64_t bn = b.t == V_TUPLE  ? ((Tuple *)OBJ(b))->len
                 : b.t == V_LIST ? ((List *)OBJ(b))->len
                                 : 0;
    if (!bi || bn != 2) {
      dwI_raise(I, EXC_ValueError, "betas must be a pair of floats");
      ok = false;
    }
    ok =
        ok && num(I, d, "eps", &eps) && dwL_float(I, bi[0], "betas", &b0) &&
        dwL_float(I, bi[1], "betas", &b1) &&
        check_range(I, "epsilon value", get(I, d, "eps"), eps >= 0) &&
        check_range(I, "beta parameter at index 0", bi[0], b0 >= 0 && b0 < 1) &&
        check_range(I, "beta parameter at index 1", bi[1], b1 >= 0 && b1 < 1) &&
        check_range(I, "weight_decay value", get(I, d, "weight_decay"),
                    wd >= 0);
  }
  ok = ok && opt_init(I, self, v[1], d);
  dwV_decref_o(&I->c, &d->h);
  return ok ? dwV_none() : dwV_null();
}

static Dict *attr_dict(Interp *I, Value self, const char *name) {
  Value v = dwL_attr_get(I, self, name);
  if (v.t != V_DICT) {
    dwI_raise(I, EXC_AttributeError, "'%s' object has no attribute '%s'",
              dwV_type_name(self), name);
    return NULL;
  }
  return (Dict *)OBJ(v);
}
static List *groups_of(Interp *I, Value self) {
  Value v = dwL_attr_get(I, self, "param_groups");
  if (v.t != V_LIST) {
    dwI_raise(I, EXC_AttributeError,
              "'%s' object has no attribute 'param_groups'",
              dwV_type_name(self));
    return NULL;
  }
  return (List *)OBJ(v);
}

/* a zero tensor like p in state[name] (made when missing); borrowed */
static Tensor *state_tensor(Interp *I, Dict *st, const char *name, Tensor *p,
                            bool *fresh) {
  Value v = get(I, st, name);
  if (fresh) *fresh = v.t != V_TENSOR;
  if (v.t == V_TENSOR) return TEN(v);
  Tensor *z = dwT_new(&I->c, (DType)p->dtype, p->ndim, p->shape);
  if (!z) return dwI_raise_ctx(I), NULL;
  bool ok = put(I, st, name, tv(z));
  dwV_decref_o(&I->c, &z->h);
  return ok ? z : NULL;
}

/* the parameter's state dict, made when missing; borrowed */
static Dict *param_state(Interp *I, Dict *state, Tensor *p) {
  Value v = dwV_dict_get(state, tv(p));
  if (v.t == V_DICT) return (Dict *)OBJ(v);
  Dict *d = dwV_dict(&I->c);
  bool ok = d && dwV_dict_set(&I->c, state, tv(p), dwV_obj(&d->h));
  if (d) dwV_decref_o(&I->c, &d->h);
  if (!ok) dwI_raise_ctx(I);
  return ok ? d : NULL;
}

/* contiguous data of a float tensor (p, its grad, its state are) */
static bool plain(Interp *I, Tensor *t) {
  if (dwT_is_contiguous(t) && dwT_is_float(t->dtype)) return true;
  dwI_raise(I, EXC_NotImplementedError,
            "torch.optim in dynawasm updates contiguous floating tensors only");
  return false;
}

#define UPDATE_LOOP(T)                                                         \
  do {                                                                         \
    T *P = dwT_data(p), *G = dwT_data(gr), *B = buf ? dwT_data(buf) : NULL,    \
      *M = m ? dwT_data(m) : NULL;                                             \
    T *V = vv ? dwT_data(vv) : NULL, *MX = vmax ? dwT_data(vmax) : NULL;       \
    for (int64_t i = 0; i < n; i++) {                                          \
      T grad = maximize ? -G[i] : G[i];                                        \
      if (kind == OPT_SGD) {                                                   \
        if (wd != 0) grad = grad + (T)wd * P[i];                               \
        if (mom != 0) {                                                        \
          if (fresh)                                                           \
            B[i] = grad;                                                       \
          else                                                                 \
            B[i] = B[i] * (T)mom + (T)(1 - damp) * grad;                       \
          grad = nest ? grad + (T)mom * B[i] : B[i];                           \
        }                                                                      \
        P[i] = P[i] + (T)(-lr) * grad;                                         \
        continue;                                                              \
      }                                                                        \
      if (kind == OPT_ADAMW)                                                   \
        P[i] = P[i] * (T)(1 - lr * wd);                                        \
      else if (wd != 0)                                                        \
        grad = grad + (T)wd * P[i];                                            \
      /* exp_avg.lerp_(grad, 1 - beta1) (weight < 0.5) */                      \
      M[i] = M[i] + (T)(1 - b1) * (grad - M[i]);                               \
      V[i] = V[i] * (T)b2 + (T)(1 - b2) * grad * grad;                         \
      T den;                                                                   \
      if (MX) {                                                                \
        MX[i] = MX[i] > V[i] ? MX[i] : V[i];                                   \
        den = (T)(sqrt(MX[i]) / (T)bc2s) + (T)eps;                             \
      } else {                                                                 \
        den = (T)(sqrt(V[i]) / (T)bc2s) + (T)eps;                              \
      }                                                                        \
      P[i] = P[i] + (T)(-step_size) * M[i] / den;                              \
    }                                                                          \
  } while (0)

static bool update(Interp *I, int kind, Dict *g, Dict *state, Tensor *p) {
  Tensor *g0 = p->ag ? p->ag->grad : NULL;
  if (!g0) return true; /* params without a gradient are skipped */
  double lr, wd, mom = 0, damp = 0, eps = 0, b1 = 0, b2 = 0;
  bool nest = false, maximize = false, ams = false;
  if (!num(I, g, "lr", &lr) || !num(I, g, "weight_decay", &wd) ||
      !flag(I, g, "maximize", &maximize))
    return false;
  if (kind == OPT_SGD) {
    if (!num(I, g, "momentum", &mom) || !num(I, g, "dampening", &damp) ||
        !flag(I, g, "nesterov", &nest))
      return false;
  } else {
    Value b = get(I, g, "betas");
    Value *bi = b.t == V_TUPLE  ? ((Tuple *)OBJ(b))->items
                : b.t == V_LIST ? ((List *)OBJ(b))->items
                                : NULL;
    if (!bi)
      return dwI_raise(I, EXC_TypeError, "betas must be a pair of floats"),
             false;
    if (!num(I, g, "eps", &eps) || !flag(I, g, "amsgrad", &ams) ||
        !dwL_float(I, bi[0], "betas", &b1) ||
        !dwL_float(I, bi[1], "betas", &b2))
      return false;
  }
  if (!plain(I, p)) return false;
  Value gc =
      cast_to(I, g0, p->dtype); /* a gradient of another layout or dtype */
  if (gc.t == V_NULL) return false;
  Tensor *g1 = TEN(gc),
         *gcont = dwT_is_contiguous(g1) ? NULL : dwT_contiguous(&I->c, g1);
  Tensor *gr = gcont ? gcont : g1;
  bool ok = true, fresh = false;
  Tensor *buf = NULL, *m = NULL, *vv = NULL, *vmax = NULL;
  double step_size = 0, bc2s = 1;
  Dict *st = param_state(I, state, p);
  ok = st != NULL;
  if (ok && kind == OPT_SGD && mom != 0) {
    Value bv = get(I, st, "momentum_buffer");
    fresh = bv.t != V_TENSOR;
    buf = fresh ? state_tensor(I, st, "momentum_buffer", p, NULL) : TEN(bv);
    ok = buf != NULL;
  } else if (ok && kind == OPT_SGD) {
    ok = put(I, st, "momentum_buffer", dwV_none());
  } else if (ok) {
    /* step: a float32 0-d tensor counted up; bias corrections in double */
    Value sv = get(I, st, "step");
    double step = sv.t == V_TENSOR ? dwT_get(TEN(sv), 0) : 0;
    step += 1;
    Tensor *stt = dwT_scalar(&I->c, DT_F32, step, false);
    ok = stt && put(I, st, "step", tv(stt));
    if (stt) dwV_decref_o(&I->c, &stt->h);
    if (!stt) dwI_raise_ctx(I);
    m = ok ? state_tensor(I, st, "exp_avg", p, NULL) : NULL;
    vv = m ? state_tensor(I, st, "exp_avg_sq", p, NULL) : NULL;
    vmax = vv && ams ? state_tensor(I, st, "max_exp_avg_sq", p, NULL) : NULL;
    ok = vv && (!ams || vmax);
    step_size = lr / (1 - pow(b1, step));
    bc2s = sqrt(1 - pow(b2, step));
  }
  if (ok) {
    int64_t n = dwT_numel(p);
    if (p->dtype == DT_F64)
      UPDATE_LOOP(double);
    else
      UPDATE_LOOP(float);
    ok = dwT_bump(p, kind == OPT_ADAMW ? 2 : 1) && (!buf || dwT_bump(buf, 1)) &&
         (!m || dwT_bump(m, 1)) && (!vv || dwT_bump(vv, 1));
    if (!ok) dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  if (gcont) dwV_decref_o(&I->c, &gcont->h);
  drop(I, gc);
  return ok;
}

/* step(closure=None) */
BI(o_step) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "step", self, a, "self,closure", v, 2)) return dwV_null();
  Value loss = dwV_none();
  if (v[1].t != V_NULL &&
      v[1].t != V_NONE) { /* the closure runs with grad enabled */
    bool ng = I->no_grad;
    I->no_grad = false;
    Args none = {0, NULL, 0, NULL};
    loss = dwI_call(I, v[1], &none);
    I->no_grad = ng;
    if (loss.t == V_NULL) return loss;
  }
  Class *c = ((Inst *)OBJ(v[0]))->cls;
  while (c && c->base && !(c->cflags & CLS_BUILTIN))
    c = c->base;
  int kind = OPT_SGD;
  for (int k = 0; k < 3; k++)
    if (c && !strcmp(c->name->s, opt_names[k])) kind = k;
  List *groups = groups_of(I, v[0]);
  Dict *state = groups ? attr_dict(I, v[0], "state") : NULL;
  bool ok = state != NULL;
  for (int64_t k = 0; ok && k < groups->len; k++) {
    if (groups->items[k].t != V_DICT) continue;
    Dict *g = (Dict *)OBJ(groups->items[k]);
    Value ps = get(I, g, "params");
    if (ps.t != V_LIST) continue;
    List *pl = (List *)OBJ(ps);
    for (int64_t j = 0; ok && j < pl->len; j++)
      if (pl->items[j].t == V_TENSOR)
        ok = update(I, kind, g, state, TEN(pl->items[j]));
  }
  if (!ok) {
    drop(I, loss);
    return dwV_null();
  }
  return loss;
}

/* zero_grad(set_to_none=True) */
BI(o_zero_grad) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "zero_grad", self, a, "self,set_to_none", v, 2))
    return dwV_null();
  bool none;
  if (!truthy(I, v[1], true, &none)) return dwV_null();
  List *groups = groups_of(I, v[0]);
  for (int64_t k = 0; groups && k < groups->len; k++) {
    if (groups->items[k].t != V_DICT) continue;
    Value ps = get(I, (Dict *)OBJ(groups->items[k]), "params");
    if (ps.t == V_LIST && !dwAp_zero_grads(I, ps, none)) return dwV_null();
  }
  return groups ? dwV_none() : dwV_null();
}

/* add_param_group(param_group) */
BI(o_add_group) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "add_param_group", self, a, "self,param_group", v, 2))
    return dwV_null();
  if (v[1].t != V_DICT)
    return dwI_raise(I, EXC_TypeError, "param_group must be a dict");
  List *groups = groups_of(I, v[0]);
  Dict *d = groups ? attr_dict(I, v[0], "defaults") : NULL;
  return d && add_group(I, groups, d, v[1]) ? dwV_none() : dwV_null();
}

/* state_dict(): {'state': {index: {...}}, 'param_groups': [{..., 'params':
 * [indices]}]} */
BI(o_state_dict) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "state_dict", self, a, "self", v, 1)) return dwV_null();
  List *groups = groups_of(I, v[0]);
  Dict *state = groups ? attr_dict(I, v[0], "state") : NULL;
  if (!state) return dwV_null();
  Dict *out = dwV_dict(&I->c), *pst = dwV_dict(&I->c);
  List *pg = dwV_list(&I->c, 0);
  bool ok = out && pst && pg;
  if (!ok) dwI_raise_ctx(I);
  int64_t index = 0;
  for (int64_t k = 0; ok && k < groups->len; k++) {
    if (groups->items[k].t != V_DICT) continue;
    Dict *g = (Dict *)OBJ(groups->items[k]), *ng = dwV_dict(&I->c);
    List *ids = dwV_list(&I->c, 0);
    ok = ng && ids;
    if (!ok) dwI_raise_ctx(I);
    for (int64_t e = 0; ok && e < g->nent; e++) {
      if (!g->ent[e].used) continue;
      Value key = g->ent[e].key;
      if (key.t == V_STR && !strcmp(STR(key)->s, "params")) {
        Value ps = g->ent[e].val;
        for (int64_t j = 0; ok && ps.t == V_LIST && j < ((List *)OBJ(ps))->len;
             j++, index++) {
          Value p = ((List *)OBJ(ps))->items[j];
          Value s = dwV_dict_get(state, p);
          ok = dwV_list_append(&I->c, ids, dwV_int(index)) &&
               (s.t == V_NULL || dwV_dict_set(&I->c, pst, dwV_int(index), s));
        }
        ok = ok && dwV_dict_set(&I->c, ng, key, dwV_obj(&ids->h));
      } else {
        ok = dwV_dict_set(&I->c, ng, key, g->ent[e].val);
      }
      if (!ok) dwI_raise_ctx(I);
    }
    ok = ok && (dwV_list_append(&I->c, pg, dwV_obj(&ng->h)) ||
                (dwI_raise_ctx(I), false));
    if (ng) dwV_decref_o(&I->c, &ng->h);
    if (ids) dwV_decref_o(&I->c, &ids->h);
  }
  ok = ok && put(I, out, "state", dwV_obj(&pst->h)) &&
       put(I, out, "param_groups", dwV_obj(&pg->h));
  if (pst) dwV_decref_o(&I->c, &pst->h);
  if (pg) dwV_decref_o(&I->c, &pg->h);
  if (!ok) {
    if (out) dwV_decref_o(&I->c, &out->h);
    return dwV_null();
  }
  return dwV_obj(&out->h);
}

/* Optimizer.__repr__: the class name, then each group's keys sorted */
BI(o_repr) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__repr__", self, a, "self", v, 1)) return dwV_null();
  List *groups = groups_of(I, v[0]);
  if (!groups) return dwV_null();
  Buf b = {0};
  dwB_printf(&b, "%s (", ((Inst *)OBJ(v[0]))->cls->name->s);
  bool ok = true;
  for (int64_t k = 0; ok && k < groups->len; k++) {
    if (groups->items[k].t != V_DICT) continue;
    Dict *g = (Dict *)OBJ(groups->items[k]);
    List *keys = dwV_list(&I->c, 0);
    for (int64_t e = 0; keys && e < g->nent; e++)
      if (g->ent[e].used && !(g->ent[e].key.t == V_STR &&
                              !strcmp(STR(g->ent[e].key)->s, "params")))
        dwV_list_append(&I->c, keys, g->ent[e].key);
    ok = keys && dwL_sort_list(I, keys, dwV_null(), false);
    dwB_printf(&b, "\nParameter Group %lld\n", (long long)k);
    for (int64_t e = 0; ok && e < keys->len; e++) {
      dwB_printf(&b, "    %s: ", STR(keys->items[e])->s);
      ok = dwFm_str_value(I, &b, dwV_dict_get(g, keys->items[e]));
      dwB_putc(&b, '\n');
    }
    if (keys)
      dwV_decref_o(&I->c, &keys->h);
    else
      dwI_raise_ctx(I);
  }
  dwB_putc(&b, ')');
  Str *s = ok ? dwV_str(&I->c, b.p, b.len) : NULL;
  dwB_free(&b);
  if (ok && !s) dwI_raise_ctx(I);
  return s ? VSTR(s) : dwV_null();
}

static const BuiltinDef optimizer_methods[] = {
    {"Optimizer.step", o_step, TK_UNSUPPORTED, 0, 0},
    {"Optimizer.zero_grad", o_zero_grad, TK_PURE, 0, 0},
    {"Optimizer.add_param_group", o_add_group, TK_PURE, 0, 0},
    {"Optimizer.state_dict", o_state_dict, TK_PURE, 0, 0},
    {"Optimizer.__repr__", o_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef init_defs[] = {
    {"SGD.__init__", o_init, TK_PURE, OPT_SGD, 0},
    {"Adam.__init__", o_init, TK_PURE, OPT_ADAM, 0},
    {"AdamW.__init__", o_init, TK_PURE, OPT_ADAMW, 0}};

bool dwOpt_init(Interp *I, Module *optim) {
  Class *base = dwL_new_class(I, "Optimizer", NULL, CLS_BUILTIN);
  if (!base || !dwL_add_defs(I, base->ns, optimizer_methods) ||
      !dwL_set(I, optim->attrs, "Optimizer", dwV_obj(&base->h)))
    return false;
  bool ok = true;
  for (int k = 0; ok && k < 3; k++) {
    Class *c = dwL_new_class(I, opt_names[k], base, CLS_BUILTIN);
    Value f = c ? dwL_new_builtin(I, &init_defs[k]) : dwV_null();
    ok = f.t != V_NULL && dwL_set(I, c->ns, "__init__", f) &&
         dwL_set(I, optim->attrs, opt_names[k], dwV_obj(&c->h));
    drop(I, f);
    if (c) dwV_decref_o(&I->c, &c->h);
  }
  dwV_decref_o(&I->c, &base->h);
  return ok;
}
