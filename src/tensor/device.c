/* device.c - devices and the missing autograd, as PyTorch scripts meet
 * them: torch.device (only the CPU holds tensors: CUDA and MPS are absent,
 * with PyTorch's messages), torch.cuda / torch.backends.mps
 * (is_available() is False), and NotImplementedError naming autograd for
 * requires_grad=True, .backward(), .grad and torch.optim, so that a
 * training script is never silently run without gradients. */
#include "tensor/torchlib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The class of torch.device (made by dwDv_init, named "device"). */
static bool is_device_class(const Class *c) {
  return c && (c->cflags & CLS_BUILTIN) && !(c->cflags & CLS_NN_MODULE) && !strcmp(c->name->s, "device");
}

/* The device string s is valid for torch.device: type[:index]. */
static bool parse_device(Interp *I, const char *s, char *type, size_t cap, int64_t *index) {
  static const char *const known[] = {"cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip",
                                      "ve", "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu",
                                      "mtia", "privateuseone", NULL};
  const char *colon = strchr(s, ':');
  size_t n = colon ? (size_t)(colon - s) : strlen(s);
  bool ok = false;
  for (int k = 0; known[k]; k++) ok = ok || (strlen(known[k]) == n && !strncmp(known[k], s, n));
  if (!ok || n >= cap) {
    dwI_raise(I, EXC_RuntimeError,
              "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, "
              "lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of device string: %s",
              s);
    return false;
  }
  memcpy(type, s, n);
  type[n] = 0;
  *index = -1;
  if (colon) {
    char *end;
    long long v = strtoll(colon + 1, &end, 10);
    if (!colon[1] || *end || v < 0) {
      dwI_raise(I, EXC_RuntimeError, "Invalid device string: '%s'", s);
      return false;
    }
    *index = v;
  }
  return true;
}

/* The device a value names (a string or torch.device): its type. */
static bool device_type(Interp *I, Value v, char *type, size_t cap) {
  int64_t index;
  if (v.t == V_STR) return parse_device(I, STR(v)->s, type, cap, &index);
  if (dwDv_is_device(v)) {
    Value t = dwL_attr_get(I, v, "type");
    snprintf(type, cap, "%s", t.t == V_STR ? STR(t)->s : "cpu");
    return true;
  }
  dwI_raise(I, EXC_TypeError, "expected a device (a string or torch.device), not %s", dwV_type_name(v));
  return false;
}

bool dwDv_check_device(Interp *I, Value v) {
  char type[32];
  if (v.t == V_NULL || v.t == V_NONE) return true;
  if (v.t == V_INT) { /* a CUDA ordinal */
    dwI_raise(I, EXC_AssertionError, "Torch not compiled with CUDA enabled");
    return false;
  }
  if (!device_type(I, v, type, sizeof type)) return false;
  if (!strcmp(type, "cpu")) return true;
  if (!strcmp(type, "cuda")) {
    dwI_raise(I, EXC_AssertionError, "Torch not compiled with CUDA enabled");
    return false;
  }
  if (!strcmp(type, "mps")) {
    dwI_raise(I, EXC_RuntimeError, "PyTorch is not linked with support for mps devices");
    return false;
  }
  dwI_raise(I, EXC_RuntimeError, "Could not run an op on the '%s' device: dynawasm has only the CPU", type);
  return false;
}

bool dwDv_is_device(Value v) { return v.t == V_INST && is_device_class(((Inst *)OBJ(v))->cls); }

static Value new_device(Interp *I, const char *type, int64_t index) {
  Args none = {0, NULL, 0, NULL};
  Value cls = dwV_dict_gets(I->builtins, dwI_intern(I, "__torch_device_class"));
  if (cls.t != V_CLASS) return dwI_raise(I, EXC_RuntimeError, "torch.device is not set up");
  Value d = dwL_builtin_class_call(I, (Class *)OBJ(cls), &none);
  if (d.t == V_NULL) return d;
  Str *s = dwV_str(&I->c, type, strlen(type));
  Value sv = s ? VSTR(s) : dwV_null();
  bool ok = s && dwL_attr_set(I, d, "type", sv) && dwL_attr_set(I, d, "index", index < 0 ? dwV_none() : dwV_int(index));
  drop(I, sv);
  if (!ok) {
    drop(I, d);
    return s ? dwV_null() : dwI_raise_ctx(I);
  }
  return d;
}

Value dwDv_cpu(Interp *I) { return new_device(I, "cpu", -1); }

/* torch.device(type) / torch.device(type, index) */
BI(d_new) {
  (void)def;
  (void)self;
  Value v[2];
  if (!dwL_bind(I, "device", dwV_null(), a, "type,index", v, 2)) return dwV_null();
  if (dwDv_is_device(v[0])) {
    dwV_incref(v[0]);
    return v[0];
  }
  if (v[0].t != V_STR)
    return dwI_raise(I, EXC_TypeError, "device() received an invalid combination of arguments - got (%s)",
                     dwV_type_name(v[0]));
  char type[32];
  int64_t index;
  if (!parse_device(I, STR(v[0])->s, type, sizeof type, &index)) return dwV_null();
  if (v[1].t != V_NULL && v[1].t != V_NONE) {
    if (index >= 0)
      return dwI_raise(I, EXC_RuntimeError, "type (string) must not include an index because index was passed explicitly: %s",
                       STR(v[0])->s);
    if (!dwL_int(I, v[1], "index", &index)) return dwV_null();
  }
  return new_device(I, type, index);
}

static void device_text(Interp *I, Buf *b, Value d, bool repr) {
  Value t = dwL_attr_get(I, d, "type"), ix = dwL_attr_get(I, d, "index");
  const char *ty = t.t == V_STR ? STR(t)->s : "cpu";
  if (repr) {
    dwB_printf(b, "device(type='%s'", ty);
    if (ix.t == V_INT) dwB_printf(b, ", index=%lld", (long long)ix.u.i);
    dwB_putc(b, ')');
  } else {
    dwB_puts(b, ty);
    if (ix.t == V_INT) dwB_printf(b, ":%lld", (long long)ix.u.i);
  }
}

/* __repr__ (data 1) / __str__ (data 0) */
/* the receiver of a method called bound (self) or through the class */
static Value recv(Value self, Args *a, int *first) {
  *first = 0;
  if (self.t != V_NULL) return self;
  if (a->n == 0) return dwV_null();
  *first = 1;
  return a->v[0];
}

BI(d_text) {
  int f;
  self = recv(self, a, &f);
  if (!dwDv_is_device(self)) return dwI_raise(I, EXC_TypeError, "descriptor needs a 'torch.device' object");
  Buf b = {0};
  device_text(I, &b, self, def->data != 0);
  Str *s = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

BI(d_eq) {
  (void)def;
  int f;
  self = recv(self, a, &f);
  if (a->n - f != 1 || !dwDv_is_device(self)) return dwI_raise(I, EXC_TypeError, "__eq__ takes 1 argument");
  Value o = a->v[f];
  if (!dwDv_is_device(o)) return dwV_bool(false);
  Buf x = {0}, y = {0};
  device_text(I, &x, self, false);
  device_text(I, &y, o, false);
  bool eq = x.len == y.len && (!x.len || !memcmp(x.p, y.p, x.len));
  dwB_free(&x);
  dwB_free(&y);
  return dwV_bool(eq);
}

BI(d_hash) {
  (void)def;
  int f;
  self = recv(self, a, &f);
  if (!dwDv_is_device(self)) return dwI_raise(I, EXC_TypeError, "descriptor needs a 'torch.device' object");
  Buf x = {0};
  device_text(I, &x, self, false);
  Str *s = dwV_str(&I->c, x.p ? x.p : "", x.len);
  dwB_free(&x);
  if (!s) return dwI_raise_ctx(I);
  int64_t h = dwV_hash_str(s);
  dwV_decref_o(&I->c, &s->h);
  return dwV_int(h);
}

Value dwDv_no_autograd(Interp *I, const char *what) {
  return dwI_raise(I, EXC_NotImplementedError,
                   "autograd is not supported by dynawasm: %s (tensors record no gradients here)", what);
}

/* torch.cuda.is_available() and friends: no CUDA, no MPS */
BI(d_false) {
  (void)I;
  (void)def;
  (void)self;
  (void)a;
  return dwV_bool(false);
}
BI(d_zero) {
  (void)I;
  (void)def;
  (void)self;
  (void)a;
  return dwV_int(0);
}
BI(d_no_cuda) {
  /* Tensor.cuda / Module.cuda: the arguments are parsed before CUDA's
   * lazy init fails */
  if (self.t != V_NULL) {
    Value v[4];
    bool tensor = self.t == V_TENSOR;
    if (!dwL_bind(I, "cuda", self, a, tensor ? "self,device,non_blocking,memory_format" : "self,device", v,
                  tensor ? 4 : 2))
      return dwV_null();
  }
  (void)def;
  return dwI_raise(I, EXC_AssertionError, "Torch not compiled with CUDA enabled");
}

/* torch.cuda.manual_seed(seed): torch/cuda/random.py converts the seed
 * with int() and queues the seeding until CUDA initialises, which a CPU
 * build never does: no error */
BI(d_cuda_seed) {
  Value v[1];
  int64_t seed;
  (void)def;
  if (!dwL_bind(I, "manual_seed", self, a, "seed", v, 1)) return dwV_null();
  if (v[0].t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "manual_seed() missing 1 required positional argument: 'seed'");
  if (!dwL_int(I, v[0], "seed", &seed)) return dwV_null();
  return dwV_none();
}

/* torch.optim.* and torch.autograd.grad/backward: autograd */
BI(d_optim) {
  (void)self;
  (void)a;
  char what[96];
  snprintf(what, sizeof what, "%s needs gradients", def->name);
  return dwDv_no_autograd(I, what);
}

/* Module.requires_grad_(requires_grad=True) */
BI(d_backward) {
  (void)self;
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "requires_grad_", self, a, "self,requires_grad", v, 2)) return dwV_null();
  bool on = true;
  if (v[1].t != V_NULL && !dwOb_truth(I, v[1], &on)) return dwV_null();
  if (!dwNm_set_requires_grad(I, v[0], on)) return dwV_null();
  dwV_incref(v[0]);
  return v[0];
}

/* ------------------------------------------------------------------ */
/* Grad modes                                                          */
/* ------------------------------------------------------------------ */

/* There is no autograd, but the grad mode is program-visible state, as in
 * PyTorch: torch.is_grad_enabled(), the contexts that change it (also as
 * decorators), torch._C._set_grad_enabled. A change made while a frame is
 * traced is Dynamo's: a torch._C._set_grad_enabled node in the FX graph,
 * undone with the unit (dwR_grad_changed); the mode at a unit's start is
 * guarded (trace.c). */

#define OPQ_GRAD_CTX DW_OPQ_GRAD_CTX /* a grad-mode context (GradCtx) */
#define OPQ_GRAD_FN DW_OPQ_GRAD_FN   /* a function one wraps (GradCtx.fn) */

/* What a grad-mode context is. */
enum GradCtxKind {
  GC_NO_GRAD,     /* torch.no_grad() */
  GC_ENABLE_GRAD, /* torch.enable_grad() */
  GC_SET,         /* torch.set_grad_enabled(mode): sets the mode when made */
  GC_INFERENCE    /* torch.inference_mode(mode=True) */
};

typedef struct GradCtx {
  uint8_t kind; /* GradCtxKind */
  bool mode;    /* GC_SET: the grad mode; GC_INFERENCE: inference on */
  bool prev;    /* GC_SET: the grad mode when it was made (restored at exit) */
  Value fn;     /* OPQ_GRAD_FN: the wrapped function (a reference) */
} GradCtx;

/* Sets the grad mode; a change in a traced frame goes to the tracer (a
 * _set_grad_enabled node unless torch.inference_mode made it: Dynamo
 * records that context with nodes of its own). */
static void grad_set_as(Interp *I, bool enabled, bool node) {
  if (I->no_grad == !enabled) return;
  I->no_grad = !enabled;
  if (dwR_tracing(I)) dwR_grad_changed(I, enabled, node);
}

static void grad_set(Interp *I, bool enabled) { grad_set_as(I, enabled, true); }

static void gctx_free(Ctx *c, void *p) {
  GradCtx *g = p;
  if (g) dwV_decref(c, g->fn);
  free(g);
}

/* repr: the context's as PyTorch's classes print; a wrapped function is
 * the function's (functools.wraps) */
static void gctx_repr(Buf *b, void *p) {
  static const char *const names[] = {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"};
  const GradCtx *g = p;
  if (g->fn.t != V_NULL) dwV_repr(b, g->fn);
  else dwB_printf(b, "<torch.autograd.grad_mode.%s object at 0x%08llx>", names[g->kind],
                  (unsigned long long)(uintptr_t)p & 0xffffffffull);
}

/* A wrapped function's attributes are its function's (functools.wraps
 * copies __name__, __doc__, ...), and __wrapped__ is the function. */
static Value gfn_getattr(void *interp, void *p, const char *name) {
  Interp *I = interp;
  const GradCtx *g = p;
  if (g->fn.t == V_NULL) return dwV_null();
  if (!strcmp(name, "__wrapped__")) {
    dwV_incref(g->fn);
    return g->fn;
  }
  return dwOb_getattr(I, g->fn, dwI_intern(I, name));
}

static Value gctx_new(Interp *I, int okind, uint8_t kind, bool mode, bool prev, Value fn) {
  GradCtx *g = calloc(1, sizeof *g);
  Opaque *o = g ? (Opaque *)dwV_alloc(&I->c, V_OPAQUE, sizeof(Opaque)) : NULL;
  if (!o) {
    free(g);
    return dwI_raise(I, EXC_MemoryError, "out of memory");
  }
  g->kind = kind;
  g->mode = mode;
  g->prev = prev;
  g->fn = fn;
  dwV_incref(fn);
  o->kind = okind;
  o->p = g;
  o->free = gctx_free;
  o->repr = gctx_repr;
  o->getattr = gfn_getattr;
  return dwV_obj(&o->h);
}

static GradCtx *gctx_of(Value v, int okind) {
  if (v.t != V_OPAQUE || ((Opaque *)v.u.o)->kind != okind) return NULL;
  return ((Opaque *)v.u.o)->p;
}

/* torch.no_grad() / enable_grad() / inference_mode(mode=True): a context;
 * with a function instead (the decorator without parentheses), the
 * function wrapped. */
BI(g_ctx) {
  bool mode = true;
  Value v[1];
  if (!dwL_bind(I, def->name + 6, self, a, def->data == GC_INFERENCE ? "mode" : "orig_func", v, 1))
    return dwV_null();
  /* _NoParamDecoratorContextManager.__new__: anything but None (for
   * inference_mode: but a bool) is the function to wrap */
  if (v[0].t != V_NULL && v[0].t != V_NONE && (def->data != GC_INFERENCE || v[0].t != V_BOOL))
    return gctx_new(I, OPQ_GRAD_FN, (uint8_t)def->data, true, false, v[0]);
  if (def->data == GC_INFERENCE && v[0].t != V_NULL && !dwOb_truth(I, v[0], &mode)) return dwV_null();
  return gctx_new(I, OPQ_GRAD_CTX, (uint8_t)def->data, mode, false, dwV_null());
}

/* The argument of torch._C._set_grad_enabled(enabled) (PythonArgParser's
 * bool), which torch.set_grad_enabled(mode) calls with its mode. */
static bool grad_arg(Interp *I, const char *fname, const char *param, Args *a, bool *out) {
  Value v[1];
  if (!dwL_bind(I, fname, dwV_null(), a, param, v, 1)) return false;
  if (v[0].t == V_NULL) {
    if (*param == 'm')
      dwI_raise(I, EXC_TypeError, "%s() missing 1 required positional argument: 'mode'", fname);
    else
      dwI_raise(I, EXC_TypeError, "%s() missing 1 required positional argument: \"enabled\"", fname);
    return false;
  }
  if (v[0].t != V_BOOL) {
    dwI_raise(I, EXC_TypeError, "_set_grad_enabled(): argument 'enabled' (position 1) must be bool, not %s",
              dwV_type_name(v[0]));
    return false;
  }
  *out = v[0].u.i != 0;
  return true;
}

BI(g_set_c) {
  (void)def;
  (void)self;
  bool on;
  if (!grad_arg(I, "_set_grad_enabled", "enabled", a, &on)) return dwV_null();
  grad_set(I, on);
  return dwV_none();
}

/* torch.set_grad_enabled(mode): sets the mode at once (its __init__);
 * exiting its `with` block restores the mode it replaced. */
BI(g_set) {
  (void)def;
  (void)self;
  bool on;
  if (!grad_arg(I, "set_grad_enabled.__init__", "mode", a, &on)) return dwV_null();
  bool prev = !I->no_grad;
  grad_set(I, on);
  return gctx_new(I, OPQ_GRAD_CTX, GC_SET, on, prev, dwV_null());
}

BI(g_is_enabled) {
  (void)self;
  if (a->n || a->nkw)
    return dwI_raise(I, EXC_TypeError, "%s() takes 0 positional arguments but %d was given", def->name + 6,
                     a->n + a->nkw);
  return dwV_bool(def->data ? I->inference : !I->no_grad);
}

static bool block_push(Interp *I, Frame *f, bool grad, bool target, bool inference) {
  if (!DW_GROW(I->gblk, I->capgblk, I->ngblk, 8)) {
    dwI_raise(I, EXC_MemoryError, "out of memory");
    return false;
  }
  I->gblk[I->ngblk++] = (GradBlock){.f = f, .grad = grad, .prev = !I->no_grad, .target = target,
                                    .inf_prev = I->inference, .inference = inference};
  return true;
}

bool dwDv_grad_enter(Interp *I, Frame *f, Value ctx) {
  GradCtx *g = gctx_of(ctx, OPQ_GRAD_CTX);
  if (!g && (g = gctx_of(ctx, OPQ_GRAD_FN)) && g->kind == GC_SET) {
    /* a function set_grad_enabled(mode) wraps: a fresh context of the mode
     * (_DecoratorContextManager.clone()), made and entered at once */
    bool prev = !I->no_grad;
    grad_set(I, g->mode);
    if (!block_push(I, f, true, g->mode, false)) return false;
    I->gblk[I->ngblk - 1].prev = prev;
    return true;
  }
  if (!g) return block_push(I, f, false, !I->no_grad, false); /* changes nothing */
  if (g->kind == GC_SET) {
    /* set when made (the block runs in the mode it finds): the block
     * restores what it replaced */
    if (!block_push(I, f, true, !I->no_grad, false)) return false;
    I->gblk[I->ngblk - 1].prev = g->prev;
    return true;
  }
  /* c10::InferenceMode(enabled): grad mode !enabled */
  bool target = g->kind == GC_ENABLE_GRAD || (g->kind == GC_INFERENCE && !g->mode);
  if (!block_push(I, f, true, target, g->kind == GC_INFERENCE)) return false;
  if (g->kind == GC_INFERENCE) I->inference = g->mode;
  grad_set_as(I, target, g->kind != GC_INFERENCE);
  return true;
}

void dwDv_grad_leave(Interp *I, Frame *f, const Node *s) {
  while (I->ngblk > 0 && I->gblk[I->ngblk - 1].f == f && I->gblk[I->ngblk - 1].stmt == s) dwDv_grad_exit(I);
}

void dwDv_grad_exit(Interp *I) {
  if (I->ngblk <= 0) return;
  GradBlock b = I->gblk[--I->ngblk];
  if (!b.grad) return;
  if (b.inference) I->inference = b.inf_prev;
  grad_set_as(I, b.prev, !b.inference);
}

Value dwDv_grad_fn(Value v) {
  GradCtx *g = gctx_of(v, OPQ_GRAD_FN);
  return g ? g->fn : dwV_null();
}

Value dwDv_grad_call(Interp *I, Value callee, Value self, Args *a) {
  GradCtx *g = gctx_of(callee, OPQ_GRAD_CTX);
  if (g) {
    /* a context applied to a function (a decorator); set_grad_enabled's
     * __call__ first restores the mode it replaced */
    if (a->n != 1 || a->nkw)
      return dwI_raise(I, EXC_TypeError, "__call__() takes 2 positional arguments but %d were given", a->n + 1);
    if (g->kind == GC_SET) grad_set(I, g->prev);
    return gctx_new(I, OPQ_GRAD_FN, g->kind, g->mode, g->prev, a->v[0]);
  }
  g = gctx_of(callee, OPQ_GRAD_FN);
  if (!g) return dwI_raise(I, EXC_TypeError, "'object' object is not callable");
  /* the function runs in a fresh context of the same kind (a method: bound
   * to self first) */
  Value fn = g->fn;
  if (self.t != V_NULL && (fn = dwOb_bind(I, self, g->fn)).t == V_NULL) return fn;
  if (self.t == V_NULL) dwV_incref(fn);
  Value r = dwV_null();
  if (dwDv_grad_enter(I, I->frame, callee)) {
    r = dwI_call(I, fn, a);
    dwDv_grad_exit(I);
  }
  drop(I, fn);
  return r;
}

bool dwDv_grad_key(Value v, uint64_t *key) {
  GradCtx *g = gctx_of(v, OPQ_GRAD_CTX);
  if (!g) g = gctx_of(v, OPQ_GRAD_FN);
  if (!g) return false;
  *key = (uint64_t)(g->kind * 8 + g->mode * 4 + g->prev * 2 + (g->fn.t != V_NULL));
  if (g->fn.t != V_NULL) *key = *key * 0x9e3779b97f4a7c15ull + (uint64_t)(uintptr_t)g->fn.u.o;
  return true;
}

static const BuiltinDef grad_defs[] = {
    {"torch.no_grad", g_ctx, TK_PURE, GC_NO_GRAD, 0},
    {"torch.enable_grad", g_ctx, TK_PURE, GC_ENABLE_GRAD, 0},
    {"torch.inference_mode", g_ctx, TK_PURE, GC_INFERENCE, 0},
    {"torch.set_grad_enabled", g_set, TK_PURE, 0, 0},
    {"torch.is_grad_enabled", g_is_enabled, TK_PURE, 0, 0},
    {"torch.is_inference_mode_enabled", g_is_enabled, TK_PURE, 1, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef grad_c_defs[] = {
    {"torch._C._set_grad_enabled", g_set_c, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef device_methods[] = {
    {"device.__repr__", d_text, TK_PURE, 1, 0},
    {"device.__str__", d_text, TK_PURE, 0, 0},
    {"device.__eq__", d_eq, TK_PURE, 0, 0},
    {"device.__hash__", d_hash, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef cuda_defs[] = {
    {"torch.cuda.is_available", d_false, TK_PURE, 0, 0},
    {"torch.cuda.device_count", d_zero, TK_PURE, 0, 0},
    {"torch.cuda.current_device", d_no_cuda, TK_PURE, 0, 0},
    {"torch.cuda.synchronize", d_no_cuda, TK_PURE, 0, 0},
    {"torch.cuda.manual_seed", d_cuda_seed, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef mps_defs[] = {
    {"torch.backends.mps.is_available", d_false, TK_PURE, 0, 0},
    {"torch.backends.mps.is_built", d_false, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef optim_defs[] = {
    {"torch.optim.RMSprop", d_optim, TK_PURE, 0, 0},
    {"torch.optim.Adagrad", d_optim, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};


const BuiltinDef dwDv_tensor_methods[] = {
    {"Tensor.cuda", d_no_cuda, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* Module.to(device or dtype ...): the CPU; a float dtype converts the
 * floating parameters and buffers (nn.Module.to: only floating types) */
BI(d_module_to) {
  (void)def;
  for (int k = 0; k < a->n + a->nkw; k++) {
    Value v = k < a->n ? a->v[k] : a->kw[k - a->n].v;
    if (v.t == V_DTYPE) {
      if (!dwT_is_float((int)v.u.i))
        return dwI_raise(I, EXC_TypeError,
                         "nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=%s",
                         dwT_dtype_names[v.u.i]);
      if (!dwNm_to_dtype(I, self, (DType)v.u.i)) return dwV_null();
      continue;
    }
    if (v.t == V_BOOL && k >= a->n) continue; /* non_blocking= */
    if (!dwDv_check_device(I, v)) return dwV_null();
  }
  dwV_incref(self);
  return self;
}

const BuiltinDef dwDv_module_methods[] = {
    {"Module.to", d_module_to, TK_PURE, 0, 0},
    {"Module.cuda", d_no_cuda, TK_PURE, 0, 0},
    {"Module.requires_grad_", d_backward, TK_PURE, 1, 0},
    {NULL, NULL, 0, 0, 0}};

static bool submodule(Interp *I, Module *parent, const char *name, const char *full,
                      const BuiltinDef *defs, Module **out) {
  Module *m = dwL_module(I, full);
  if (!m || !dwL_add_defs(I, m->attrs, defs) || !dwL_set(I, parent->attrs, name, dwV_obj(&m->h))) return false;
  if (out) *out = m;
  return true;
}

bool dwDv_init(Interp *I, Module *torch) {
  static const BuiltinDef ctor = {"torch.device", d_new, TK_PURE, 0, 0};
  Class *c = (Class *)dwV_alloc(&I->c, V_CLASS, sizeof(Class));
  if (!c) return false;
  c->name = dwI_intern(I, "device");
  dwV_incref_o(&c->name->h);
  c->builtin_base = -1;
  c->cflags = CLS_BUILTIN;
  c->ns = dwV_dict(&I->c);
  if (!c->ns || !dwL_add_defs(I, c->ns, device_methods)) return false;
  /* torch.device(...) constructs; isinstance(d, torch.device) is by class */
  Value cv = dwV_obj(&c->h);
  bool ok = dwL_set(I, I->builtins, "__torch_device_class", cv);
  dwV_decref_o(&I->c, &c->h);
  Value f = dwL_new_builtin(I, &ctor);
  ok = ok && f.t != V_NULL && dwL_set(I, torch->attrs, "device", f);
  drop(I, f);
  Module *backends = NULL, *optim = NULL;
  Value tc = dwV_dict_gets(torch->attrs, dwI_intern(I, "_C")); /* torchlib.c made it */
  ok = ok && tc.t == V_MODULE && dwL_add_defs(I, torch->attrs, grad_defs) &&
       dwL_add_defs(I, ((Module *)tc.u.o)->attrs, grad_c_defs);
  ok = ok && submodule(I, torch, "cuda", "torch.cuda", cuda_defs, NULL) &&
       submodule(I, torch, "optim", "torch.optim", optim_defs, &optim) && dwOpt_init(I, optim) &&
       submodule(I, torch, "linalg", "torch.linalg", dwTm_linalg_defs, NULL) &&
       submodule(I, torch, "autograd", "torch.autograd", dwAp_autograd_defs, NULL) &&
       submodule(I, (Module *)tc.u.o, "_autograd", "torch._C._autograd", dwVr_autograd_c_defs, NULL) &&
       submodule(I, torch, "backends", "torch.backends", cuda_defs + 5, &backends) &&
       submodule(I, backends, "mps", "torch.backends.mps", mps_defs, NULL);
  return ok;
}
