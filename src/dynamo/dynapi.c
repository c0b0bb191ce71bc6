/* dynapi.c - the compiler API as Python sees it: torch.compile,
 * torch.compiler.*, torch._dynamo.* (optimize, optimize_assert, disable,
 * graph_break, allow_in_graph / disallow_in_graph, the backend registry:
 * lookup_backend, register_backend, list_backends), torch._dynamo.config
 * (its options, config.patch), torch._dynamo.exc, and the helpers PyTorch's
 * own tests use (torch._dynamo.testing: CompileCounter,
 * CompileCounterWithBackend, EagerAndRecordGraphs, same, unsupported, ...).
 *
 * A backend is a string naming one of dynawasm's ("inductor"/"wasm",
 * "eager", "aot_eager", the TESTING_ONLY ones, or one registered with
 * register_backend) or a callable fn(gm, example_inputs) that receives the
 * torch.fx.GraphModule of each graph (dynamo/fx.c) and returns the function
 * to run it with (compile.c calls it). Behaviour and messages follow
 * PyTorch's sources: torch/__init__.py (compile), torch/_dynamo/eval_frame.py,
 * decorators.py, exc.py, testing.py, backends/registry.py,
 * utils/_config_module.py. */
#include "dynamo.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBJ(v) ((v).u.o)
#define STR(v) ((Str *)(v).u.o)
#define TEN(v) ((Tensor *)(v).u.o)
#define VSTR(s) ((Value){.t = V_STR, .u = {.o = &(s)->h}})
#define BI(name) static Value name(Interp *I, const BuiltinDef *def, Value self, Args *a)

static void drop(Interp *I, Value v) { dwV_decref(&I->c, v); }

/* The PyTorch release dynawasm's Dynamo follows: the first with the
 * for-loop graph-break rule (pytorch/pytorch PR #175927), see README. */
#define DW_TORCH_VERSION "2.12.0"

static Value str_new(Interp *I, const char *s);

static bool truthy(Interp *I, Value v, bool dflt, bool *out) {
  if (v.t == V_NULL) {
    *out = dflt;
    return true;
  }
  return dwOb_truth(I, v, out);
}

static Module *module_of(Interp *I, const char *name) {
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, name));
  return m.t == V_MODULE ? (Module *)OBJ(m) : NULL;
}

/* A hidden attribute of torch._dynamo (registries live there, so they die
 * with the run like every other object). */
static Value dyn_state(Interp *I, const char *name) {
  Module *m = module_of(I, "torch._dynamo");
  return m ? dwV_dict_gets(m->attrs, dwI_intern(I, name)) : dwV_null();
}

static Value str_value(Interp *I, const char *s) {
  Str *r = dwV_str(&I->c, s, strlen(s));
  return r ? VSTR(r) : dwI_raise_ctx(I);
}

/* ------------------------------------------------------------------ */
/* Backends                                                            */
/* ------------------------------------------------------------------ */

/* dynawasm's own backends, with the tags list_backends filters on. */
static const struct {
  const char *name;
  int bk;
  bool debug;
} builtin_backends[] = {{"inductor", BK_WASM, false},
                        {"wasm", BK_WASM, false},
                        {"eager", BK_EAGER, true},
                        {"aot_eager", BK_AOT_EAGER, true},
                        {"relu_compile_error_TESTING_ONLY", BK_RELU_COMPILE_ERROR, true},
                        {"relu_runtime_error_TESTING_ONLY", BK_RELU_RUNTIME_ERROR, true}};
#define NBUILTIN_BACKENDS (int)(sizeof builtin_backends / sizeof *builtin_backends)

static int builtin_backend(const char *s) {
  for (int k = 0; k < NBUILTIN_BACKENDS; k++)
    if (!strcmp(builtin_backends[k].name, s)) return k;
  return -1;
}

/* register_backend's registry: name -> (compiler_fn, tags). */
static Dict *registry(Interp *I) {
  Value r = dyn_state(I, "_dw_backends");
  return r.t == V_DICT ? (Dict *)OBJ(r) : NULL;
}

static Value invalid_backend(Interp *I, const char *name) {
  Buf r = {0};
  dwV_repr_str(&r, name, strlen(name), false);
  Value e = dwI_raise(I, EXC_InvalidBackend,
                      "Invalid backend: %s. See `torch._dynamo.list_backends()` for available "
                      "backends.",
                      r.p ? r.p : "");
  dwB_free(&r);
  return e;
}

/* The name torch.compile gives a backend (torch/__init__.py
 * _TorchCompileWrapper): the string, its __name__, or str(backend). */
static Str *backend_name(Interp *I, Value v, bool str_fallback) {
  if (v.t == V_STR) {
    dwV_incref(v);
    return STR(v);
  }
  Value n = dwV_null();
  if (v.t == V_FUNC || v.t == V_CLASS || v.t == V_BUILTIN || v.t == V_WRAP || v.t == V_BOUND ||
      v.t == V_INST) {
    n = dwOb_getattr(I, v, dwI_intern(I, "__name__"));
    if (n.t == V_NULL) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
    }
  }
  if (n.t == V_STR) return STR(n);
  drop(I, n);
  if (!str_fallback) return NULL;
  Buf b = {0};
  if (!dwFm_str_value(I, &b, v)) {
    dwB_free(&b);
    dwV_decref(&I->c, I->exc);
    I->exc = dwV_null();
    return NULL;
  }
  Str *s = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return s;
}

/* Fills the backend part of o from a torch.compile/optimize backend
 * argument; false with an exception (an unknown name). */
static bool set_backend(Interp *I, CompileOpts *o, Value v, bool str_fallback) {
  o->backend = BK_WASM;
  o->backend_fn = dwV_null();
  o->backend_name = NULL;
  if (v.t == V_STR) {
    int k = builtin_backend(STR(v)->s);
    if (k >= 0) {
      o->backend = builtin_backends[k].bk;
    } else {
      Dict *r = registry(I);
      Value e = r ? dwV_dict_get(r, v) : dwV_null();
      if (e.t != V_TUPLE) return invalid_backend(I, STR(v)->s).t != V_NULL;
      o->backend = BK_CUSTOM;
      o->backend_fn = ((Tuple *)OBJ(e))->items[0];
      dwV_incref(o->backend_fn);
      dwV_incref(v);
      o->backend_name = STR(v);
      return true;
    }
  } else if (v.t != V_NULL && v.t != V_NONE) {
    /* a callable (or anything: PyTorch only fails at the first compile) */
    o->backend = BK_CUSTOM;
    o->backend_fn = v;
    dwV_incref(v);
    o->backend_name = backend_name(I, v, str_fallback);
    return true;
  }
  /* the run's --backend option overrides the ordinary backends */
  if (o->backend <= BK_AOT_EAGER) {
    if (I->opt.backend == DW_BACKEND_EAGER) o->backend = BK_EAGER;
    else if (I->opt.backend == DW_BACKEND_WASM) o->backend = BK_WASM;
  }
  return true;
}

static void opts_copy(CompileOpts *dst, const CompileOpts *src) {
  *dst = *src;
  dwV_incref(dst->backend_fn);
  if (dst->backend_name) dwV_incref_o(&dst->backend_name->h);
}

/* ------------------------------------------------------------------ */
/* torch.compile, optimize, disable                                    */
/* ------------------------------------------------------------------ */

static Value make_wrap(Interp *I, int kind, Value target) {
  Wrap *w = (Wrap *)dwV_alloc(&I->c, V_WRAP, sizeof(Wrap));
  if (!w) return dwI_raise_ctx(I);
  w->kind = (uint8_t)kind;
  w->target = target;
  dwV_incref(target);
  w->recursive = true;
  w->fset = dwV_null();
  return dwV_obj(&w->h);
}

static void mark_disabled(Interp *I, Value target, bool recursive) {
  Value t = target;
  if (t.t == V_BOUND) t = ((Bound *)OBJ(t))->func;
  if (t.t == V_WRAP) t = ((Wrap *)OBJ(t))->target;
  if (t.t == V_FUNC) {
    Code *c = ((Func *)OBJ(t))->code;
    dwJ_mark_disabled(I, c->firstline, recursive, c->name);
  }
}

/* a Wrap with no target is a decorator waiting for its function */
Value dwD_wrap_apply(Interp *I, Wrap *w, Value target) {
  Value r = make_wrap(I, w->kind, target);
  if (r.t == V_NULL) return r;
  Wrap *n = (Wrap *)OBJ(r);
  n->recursive = w->recursive;
  opts_copy(&n->opts, &w->opts);
  n->reason = w->reason;
  if (n->reason) dwV_incref_o(&n->reason->h);
  if (w->kind == WRAP_DISABLE) mark_disabled(I, target, w->recursive);
  return r;
}

static Value compile_wrap(Interp *I, Value model, Value backend, bool fullgraph, Value dynamic,
                          bool str_fallback) {
  Value r = make_wrap(I, WRAP_COMPILE, model.t == V_NULL ? dwV_null() : model);
  if (r.t == V_NULL) return r;
  Wrap *w = (Wrap *)OBJ(r);
  if (!set_backend(I, &w->opts, backend, str_fallback)) {
    drop(I, r);
    return dwV_null();
  }
  w->opts.fullgraph = fullgraph;
  w->opts.dynamic = -1;
  if (dynamic.t != V_NULL && dynamic.t != V_NONE) {
    bool d;
    if (!dwOb_truth(I, dynamic, &d)) {
      drop(I, r);
      return dwV_null();
    }
    w->opts.dynamic = d;
  }
  return r;
}

BI(c_compile) {
  (void)def;
  Value v[8];
  if (!dwL_bind(I, "compile", self, a, "model,fullgraph,dynamic,backend,mode,options,disable", v, 7))
    return dwV_null();
  bool fullgraph, disable;
  if (!truthy(I, v[1], false, &fullgraph) || !truthy(I, v[6], false, &disable)) return dwV_null();
  if (disable) {
    if (v[0].t == V_NULL) return make_wrap(I, WRAP_DISABLE, dwV_null()); /* rare: identity-ish */
    dwV_incref(v[0]);
    return v[0];
  }
  return compile_wrap(I, v[0], v[3], fullgraph, v[2], true);
}

/* torch._dynamo.optimize(backend="inductor", *, nopython=False, ...):
 * a decorator (eval_frame.py optimize); nopython is fullgraph. */
BI(c_optimize) {
  Value v[9];
  if (!dwL_bind(I, def->data ? "optimize_assert" : "optimize", self, a,
                def->data ? "backend,hooks,export,export_constraints,dynamic,rebuild_ctx"
                          : "backend,nopython,guard_export_fn,guard_fail_fn,guard_filter_fn,"
                            "disable,dynamic,rebuild_ctx,package",
                v, 9))
    return dwV_null();
  Value backend = v[0].t == V_NULL ? dwV_null() : v[0];
  Value dynamic = def->data ? v[4] : v[6];
  bool nopython = def->data == 1, disable = false;
  if (!def->data && (!truthy(I, v[1], false, &nopython) || !truthy(I, v[5], false, &disable)))
    return dwV_null();
  if (!def->data && (v[2].t != V_NULL && v[2].t != V_NONE))
    return dwI_raise(I, EXC_NotImplementedError, "torch._dynamo.optimize(guard_export_fn=...) is not supported");
  if (disable) return make_wrap(I, WRAP_DISABLE, dwV_null());
  if (v[0].t == V_NULL) {
    Str *ind = dwI_intern(I, "inductor");
    return compile_wrap(I, dwV_null(), VSTR(ind), nopython, dynamic, false);
  }
  return compile_wrap(I, dwV_null(), backend, nopython, dynamic, false);
}

BI(c_disable) {
  (void)def;
  Value v[3];
  if (!dwL_bind(I, "disable", self, a, "fn,recursive,reason", v, 3)) return dwV_null();
  bool recursive;
  if (!truthy(I, v[1], true, &recursive)) return dwV_null();
  Value r = make_wrap(I, WRAP_DISABLE, v[0].t == V_NULL || v[0].t == V_NONE ? dwV_null() : v[0]);
  if (r.t == V_NULL) return r;
  Wrap *w = (Wrap *)OBJ(r);
  w->recursive = recursive;
  if (v[2].t == V_STR) {
    w->reason = STR(v[2]);
    dwV_incref_o(&w->reason->h);
  }
  if (w->target.t != V_NULL) mark_disabled(I, w->target, recursive);
  return r;
}

/* graph_break(msg=None): decorators.py; the message is PyTorch's
 * (variables/functions.py, GB0025). */
BI(c_graph_break) {
  Value v[1];
  if (!dwL_bind(I, "graph_break", self, a, "msg", v, 1)) return dwV_null();
  if (!dwR_tracing(I)) return dwV_none();
  Buf ctx = {0}, msg = {0};
  dwB_puts(&ctx, "Called `torch._dynamo.graph_break()` with args `[");
  for (int k = 0; k < a->n; k++) {
    if (k) dwB_puts(&ctx, ", ");
    dwJ_vt_repr(&ctx, a->v[k]);
  }
  dwB_puts(&ctx, "]`, kwargs `{");
  for (int k = 0; k < a->nkw; k++) {
    if (k) dwB_puts(&ctx, ", ");
    dwV_repr_str(&ctx, a->kw[k].name->s, strlen(a->kw[k].name->s), false);
    dwB_puts(&ctx, ": ");
    dwJ_vt_repr(&ctx, a->kw[k].v);
  }
  dwB_puts(&ctx, "}`");
  if (v[0].t == V_NULL || v[0].t == V_NONE) dwB_puts(&msg, "None");
  else dwV_str_of(&msg, v[0]);
  Value r = dwR_break_gb(I, BR_GRAPH_BREAK_CALL, GB_GRAPH_BREAK, ctx.p,
                         "User-inserted graph break. Message: %s", msg.p ? msg.p : "");
  dwB_free(&ctx);
  dwB_free(&msg);
  (void)def;
  return r;
}

BI(c_reset) {
  (void)def;
  (void)self;
  (void)a;
  dwR_forget(I, I->codes, I->ncodes);
  return dwV_none();
}

static Value explain_call(Interp *I, Value fn, Args *a);

BI(c_explain_call) {
  (void)def;
  return explain_call(I, self, a);
}

static const BuiltinDef explain_bound = {"explain.<call>", c_explain_call, TK_UNSUPPORTED, 0, 0};

BI(c_explain) {
  (void)def;
  (void)self;
  if (a->n < 1) return dwI_raise(I, EXC_TypeError, "explain() missing 1 required positional argument: 'f'");
  if (a->n > 1 || a->nkw) {
    /* the old form explain(f, *args) */
    Args rest = {a->n - 1, a->v + 1, a->nkw, a->kw};
    return explain_call(I, a->v[0], &rest);
  }
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) return dwI_raise_ctx(I);
  b->def = &explain_bound;
  b->self = dwV_null();
  dwV_incref(b->extra = a->v[0]);
  return dwV_obj(&b->h);
}

/* torch._dynamo.mark_dynamic(t, index) (decorators.py): an int index is
 * recorded on the tensor (not bounds-checked: an index past the rank is
 * never consulted), a list or tuple marks each, anything else is an
 * AssertionError. */
static bool mark_dynamic(Interp *I, Value t, Value index) {
  if (index.t == V_INT || index.t == V_BOOL) {
    if (t.t != V_TENSOR) {
      dwI_raise(I, EXC_AttributeError, "'%s' object has no attribute '_dynamo_dynamic_indices'",
                dwV_type_name(t));
      return false;
    }
    if (index.u.i >= 0 && index.u.i < DW_MAXDIM)
      ((Tensor *)OBJ(t))->dyn_marked |= (uint8_t)(1u << index.u.i);
    return true;
  }
  if (index.t != V_LIST && index.t != V_TUPLE) {
    dwI_raise(I, EXC_AssertionError, "%s", "");
    return false;
  }
  int64_t n = index.t == V_LIST ? ((List *)OBJ(index))->len : ((Tuple *)OBJ(index))->len;
  for (int64_t k = 0; k < n; k++) {
    Value *items = index.t == V_LIST ? ((List *)OBJ(index))->items : ((Tuple *)OBJ(index))->items;
    if (!mark_dynamic(I, t, items[k])) return false;
  }
  return true;
}

/* Forbidden in a traced frame (@forbid_in_graph). */
BI(c_mark_dynamic) {
  if (dwR_tracing(I))
    return dwI_raise(I, EXC_AssertionError,
                     "Attempt to trace forbidden callable <function mark_dynamic at 0x%llx>",
                     (unsigned long long)(uintptr_t)def);
  Value v[4];
  if (!dwL_bind(I, "mark_dynamic", self, a, def->doc, v, 4)) return dwV_null();
  return mark_dynamic(I, v[0], v[1]) ? dwV_none() : dwV_null();
}

BI(c_passthrough) {
  /* assume_constant_result(fn) */
  (void)self;
  (void)def;
  if (a->n < 1) return dwV_none();
  dwV_incref(a->v[0]);
  return a->v[0];
}

/* True while tracing (the arguments of a call that breaks the graph are
 * traced too). */
BI(c_is_compiling) {
  (void)def;
  (void)self;
  (void)a;
  return dwV_bool(dwR_tracing(I));
}

/* ------------------------------------------------------------------ */
/* allow_in_graph / disallow_in_graph                                  */
/* ------------------------------------------------------------------ */

static List *state_list(Interp *I, const char *name) {
  Value l = dyn_state(I, name);
  return l.t == V_LIST ? (List *)OBJ(l) : NULL;
}

static int64_t list_find(List *l, Value v) {
  for (int64_t k = 0; l && k < l->len; k++)
    if (l->items[k].t == v.t && (!V_ISOBJ(v.t) || OBJ(l->items[k]) == OBJ(v))) return k;
  return -1;
}

static void list_remove(Interp *I, List *l, int64_t k) {
  if (!l || k < 0) return;
  Value x = l->items[k];
  memmove(&l->items[k], &l->items[k + 1], sizeof(Value) * (size_t)(l->len - k - 1));
  l->len--;
  drop(I, x);
}

/* The function behind a callable value (compiled/disabled wrappers). */
static Value unwrap_fn(Value v) {
  for (int g = 0; g < 8 && v.t == V_WRAP && ((Wrap *)OBJ(v))->kind != WRAP_PROPERTY; g++)
    v = ((Wrap *)OBJ(v))->target;
  return v;
}

/* Is a call to fn from traced code to be one call node of the graph
 * (torch ops, and functions given to allow_in_graph)? */
static bool in_graph_op(Interp *I, Value fn) {
  if (fn.t == V_BUILTIN) return ((Builtin *)OBJ(fn))->def->trace == TK_TENSOR;
  return list_find(state_list(I, "_dw_allowed"), fn) >= 0;
}

BI(c_allow_in_graph) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "allow_in_graph", self, a, "fn", v, 1)) return dwV_null();
  if (v[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "allow_in_graph() missing 1 required positional argument: 'fn'");
  Value fn = unwrap_fn(v[0]);
  List *dis = state_list(I, "_dw_disallowed"), *al = state_list(I, "_dw_allowed");
  list_remove(I, dis, list_find(dis, fn));
  if (fn.t == V_FUNC && list_find(al, fn) < 0 && al) dwV_list_append(&I->c, al, fn);
  dwV_incref(v[0]);
  return v[0];
}

BI(c_disallow_in_graph) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "disallow_in_graph", self, a, "fn", v, 1)) return dwV_null();
  if (v[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "disallow_in_graph() missing 1 required positional argument: 'fn'");
  Value fn = unwrap_fn(v[0]);
  if (!in_graph_op(I, fn))
    return dwI_raise(I, EXC_RuntimeError,
                     "disallow_in_graph is expected to be used on an already allowed callable "
                     "(like torch.* ops). Allowed callables means callables that TorchDynamo "
                     "puts as-is in the extracted graph.");
  List *dis = state_list(I, "_dw_disallowed"), *al = state_list(I, "_dw_allowed");
  list_remove(I, al, list_find(al, fn));
  if (list_find(dis, fn) < 0 && dis) dwV_list_append(&I->c, dis, fn);
  dwV_incref(v[0]);
  return v[0];
}

bool dwD_allowed_in_graph(Interp *I, Value fn) {
  List *al = state_list(I, "_dw_allowed");
  return al && al->len && list_find(al, fn) >= 0;
}

bool dwD_disallowed(Interp *I, Value fn) {
  List *dis = state_list(I, "_dw_disallowed");
  if (!dis || !dis->len) return false;
  if (list_find(dis, fn) >= 0) return true;
  /* the same torch op reached through another object (torch.sub) */
  if (fn.t == V_BUILTIN)
    for (int64_t k = 0; k < dis->len; k++)
      if (dis->items[k].t == V_BUILTIN &&
          ((Builtin *)OBJ(dis->items[k]))->def == ((Builtin *)OBJ(fn))->def)
        return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* The backend registry                                                */
/* ------------------------------------------------------------------ */

/* A builtin backend as a callable: backend(gm, example_inputs) returns
 * what that backend would run the graph with. */
BI(c_backend_call) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "backend", dwV_null(), a, "gm,example_inputs", v, 2)) return dwV_null();
  const char *name = self.t == V_STR ? STR(self)->s : "eager";
  int k = builtin_backend(name);
  int bk = k >= 0 ? builtin_backends[k].bk : BK_EAGER;
  if (v[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "%s() missing 2 required positional arguments: 'gm' and 'example_inputs'", name);
  return dwM_compile_gm(I, v[0], bk);
}

static const BuiltinDef backend_call_def = {"backend", c_backend_call, TK_UNSUPPORTED, 0, 0};

static Value builtin_backend_value(Interp *I, const char *name) {
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  if (!b) return dwI_raise_ctx(I);
  b->def = &backend_call_def;
  b->self = dwV_null();
  b->extra = str_value(I, name);
  if (b->extra.t == V_NULL) {
    drop(I, dwV_obj(&b->h));
    return dwV_null();
  }
  return dwV_obj(&b->h);
}

/* lookup_backend(compiler_fn): a callable as it is, a name to its
 * compiler function (backends/registry.py). */
BI(c_lookup_backend) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "lookup_backend", self, a, "compiler_fn", v, 1)) return dwV_null();
  if (v[0].t != V_STR) {
    if (v[0].t == V_NULL) return dwI_raise(I, EXC_TypeError, "lookup_backend() missing 1 required positional argument: 'compiler_fn'");
    dwV_incref(v[0]);
    return v[0];
  }
  if (builtin_backend(STR(v[0])->s) >= 0) return builtin_backend_value(I, STR(v[0])->s);
  Dict *r = registry(I);
  Value e = r ? dwV_dict_get(r, v[0]) : dwV_null();
  if (e.t != V_TUPLE) return invalid_backend(I, STR(v[0])->s);
  Value fn = ((Tuple *)OBJ(e))->items[0];
  dwV_incref(fn);
  return fn;
}

/* Registers fn under name (or fn.__name__) with tags. */
static Value register_fn(Interp *I, Value fn, Value name, Value tags) {
  Str *n = NULL;
  if (name.t == V_STR) {
    n = STR(name);
    dwV_incref_o(&n->h);
  } else {
    n = backend_name(I, fn, false);
    if (!n) return dwI_raise(I, EXC_AttributeError, "'%s' object has no attribute '__name__'", dwV_type_name(fn));
  }
  Dict *r = registry(I);
  bool taken = builtin_backend(n->s) >= 0 || (r && dwV_dict_gets(r, n).t != V_NULL);
  if (taken) {
    Value e = dwI_raise(I, EXC_AssertionError, "duplicate name: %s", n->s);
    dwV_decref_o(&I->c, &n->h);
    return e;
  }
  Tuple *e = dwV_tuple(&I->c, 2);
  if (!e || !r) {
    dwV_decref_o(&I->c, &n->h);
    return dwI_raise_ctx(I);
  }
  e->items[0] = fn;
  dwV_incref(fn);
  e->items[1] = tags.t == V_NULL ? dwV_none() : tags;
  dwV_incref(e->items[1]);
  bool ok = dwV_dict_set(&I->c, r, VSTR(n), dwV_obj(&e->h));
  dwV_decref_o(&I->c, &e->h);
  dwV_decref_o(&I->c, &n->h);
  if (!ok) return dwI_raise_ctx(I);
  dwV_incref(fn);
  return fn;
}

/* The decorator register_backend(name=..., tags=...) returns (self: the
 * tuple (name, tags)). */
BI(c_register_deco) {
  (void)def;
  if (a->n != 1 || a->nkw) return dwI_raise(I, EXC_TypeError, "register_backend() decorates one function");
  Tuple *t = (Tuple *)OBJ(self);
  return register_fn(I, a->v[0], t->items[0], t->items[1]);
}

static const BuiltinDef register_deco_def = {"register_backend", c_register_deco, TK_UNSUPPORTED, 0, 0};

/* register_backend(compiler_fn=None, name=None, tags=()): a decorator when
 * called without the function (backends/registry.py). */
BI(c_register_backend) {
  (void)def;
  Value v[3];
  if (!dwL_bind(I, "register_backend", self, a, "compiler_fn,name,tags", v, 3)) return dwV_null();
  if (v[0].t != V_NULL && v[0].t != V_NONE) return register_fn(I, v[0], v[1], v[2]);
  Builtin *b = (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin));
  Tuple *t = b ? dwV_tuple(&I->c, 2) : NULL;
  if (!t) {
    if (b) drop(I, dwV_obj(&b->h));
    return dwI_raise_ctx(I);
  }
  t->items[0] = v[1].t == V_NULL ? dwV_none() : v[1];
  t->items[1] = v[2].t == V_NULL ? dwV_none() : v[2];
  dwV_incref(t->items[0]);
  dwV_incref(t->items[1]);
  b->def = &register_deco_def;
  b->self = dwV_obj(&t->h);
  b->extra = dwV_null();
  return dwV_obj(&b->h);
}

/* Does a backend with these tags survive exclude_tags? */
static bool tags_excluded(Interp *I, Value tags, Value exclude, bool debug, bool *out) {
  *out = false;
  if (exclude.t == V_NONE) return true;
  List *ex = dwOb_to_list(I, exclude);
  if (!ex) return false;
  for (int64_t k = 0; k < ex->len && !*out; k++) {
    if (ex->items[k].t != V_STR) continue;
    if (debug && !strcmp(STR(ex->items[k])->s, "debug")) *out = true;
    if (tags.t == V_TUPLE || tags.t == V_LIST) {
      List *tl = dwOb_to_list(I, tags);
      for (int64_t j = 0; tl && j < tl->len; j++)
        if (tl->items[j].t == V_STR && !strcmp(STR(tl->items[j])->s, STR(ex->items[k])->s))
          *out = true;
      if (tl) dwV_decref_o(&I->c, &tl->h);
    }
  }
  dwV_decref_o(&I->c, &ex->h);
  return true;
}

/* list_backends(exclude_tags=("debug", "experimental")): sorted names. */
BI(c_list_backends) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "list_backends", self, a, "exclude_tags", v, 1)) return dwV_null();
  Value exclude = v[0];
  Tuple *dflt = NULL;
  if (exclude.t == V_NULL) {
    dflt = dwV_tuple(&I->c, 2);
    if (!dflt) return dwI_raise_ctx(I);
    dflt->items[0] = str_value(I, "debug");
    dflt->items[1] = str_value(I, "experimental");
    exclude = dwV_obj(&dflt->h);
  }
  List *out = dwV_list(&I->c, 0);
  bool ok = out != NULL;
  for (int k = 0; ok && k < NBUILTIN_BACKENDS; k++) {
    bool ex;
    ok = tags_excluded(I, dwV_none(), exclude, builtin_backends[k].debug, &ex);
    if (ok && !ex) {
      Value s = str_value(I, builtin_backends[k].name);
      ok = s.t != V_NULL && dwV_list_append(&I->c, out, s);
      drop(I, s);
    }
  }
  Dict *r = registry(I);
  for (int64_t k = 0; ok && r && k < r->nent; k++) {
    if (!r->ent[k].used) continue;
    bool ex;
    ok = tags_excluded(I, ((Tuple *)OBJ(r->ent[k].val))->items[1], exclude, false, &ex);
    if (ok && !ex) ok = dwV_list_append(&I->c, out, r->ent[k].key);
  }
  if (dflt) dwV_decref_o(&I->c, &dflt->h);
  if (!ok) {
    if (out) dwV_decref_o(&I->c, &out->h);
    return I->exc.t != V_NULL ? dwV_null() : dwI_raise_ctx(I);
  }
  if (!dwL_sort_list(I, out, dwV_null(), false)) {
    dwV_decref_o(&I->c, &out->h);
    return dwV_null();
  }
  return dwV_obj(&out->h);
}

/* ------------------------------------------------------------------ */
/* torch._dynamo.config                                                */
/* ------------------------------------------------------------------ */

/* The options of torch/_dynamo/config.py that dynawasm knows, with
 * PyTorch's defaults. Options marked `used` change what dynawasm does;
 * the others are kept (readable, patchable) for programs that set them. */
typedef struct ConfigOpt {
  const char *name;
  char type;          /* 'b' bool, 'i' int, 'f' float, 's' str, 'n' None */
  double dflt;
  const char *sdflt;
  const char *alias;  /* this name is another option's */
} ConfigOpt;

static const ConfigOpt config_opts[] = {
    {"verbose", 'b', 0, NULL, NULL},
    {"verify_correctness", 'b', 0, NULL, NULL},
    {"minimum_call_count", 'i', 1, NULL, NULL},
    {"dead_code_elimination", 'b', 1, NULL, NULL},
    {"recompile_limit", 'i', 8, NULL, NULL},
    {"cache_size_limit", 'i', 8, NULL, "recompile_limit"},
    {"accumulated_recompile_limit", 'i', 256, NULL, NULL},
    {"accumulated_cache_size_limit", 'i', 256, NULL, "accumulated_recompile_limit"},
    {"fail_on_recompile_limit_hit", 'b', 0, NULL, NULL},
    {"fail_on_cache_limit_hit", 'b', 0, NULL, "fail_on_recompile_limit_hit"},
    {"skip_code_recursive_on_recompile_limit_hit", 'b', 1, NULL, NULL},
    {"specialize_int", 'b', 0, NULL, NULL},
    {"specialize_float", 'b', 1, NULL, NULL},
    {"dynamic_shapes", 'b', 1, NULL, NULL},
    {"assume_static_by_default", 'b', 1, NULL, NULL},
    {"automatic_dynamic_shapes", 'b', 1, NULL, NULL},
    {"automatic_dynamic_shapes_mark_as", 's', 0, "dynamic", NULL},
    {"force_parameter_static_shapes", 'b', 1, NULL, NULL},
    {"force_nn_module_property_static_shapes", 'b', 1, NULL, NULL},
    {"allow_ignore_mark_dynamic", 'b', 0, NULL, NULL},
    {"guard_nn_modules", 'b', 0, NULL, NULL},
    {"guard_nn_modules_using_dict_tags", 'b', 1, NULL, NULL},
    {"suppress_errors", 'b', 0, NULL, NULL},
    {"replay_record_enabled", 'b', 0, NULL, NULL},
    {"rewrite_assert_with_torch_assert", 'b', 1, NULL, NULL},
    {"disable", 'b', 0, NULL, NULL},
    {"cprofile", 'b', 0, NULL, NULL},
    {"repro_after", 'n', 0, NULL, NULL},
    {"repro_level", 'i', 2, NULL, NULL},
    {"repro_forward_only", 'b', 0, NULL, NULL},
    {"repro_tolerance", 'f', 1e-3, NULL, NULL},
    {"same_two_models_use_fp64", 'b', 1, NULL, NULL},
    {"capture_scalar_outputs", 'b', 0, NULL, NULL},
    {"capture_dynamic_output_shape_ops", 'b', 0, NULL, NULL},
    {"prefer_deferred_runtime_asserts_over_guards", 'b', 0, NULL, NULL},
    {"enforce_cond_guards_match", 'b', 1, NULL, NULL},
    {"optimize_ddp", 'b', 1, NULL, NULL},
    {"skip_fsdp_guards", 'b', 1, NULL, NULL},
    {"skip_nnmodule_hook_guards", 'b', 1, NULL, NULL},
    {"raise_on_ctx_manager_usage", 'b', 1, NULL, NULL},
    {"raise_on_unsafe_aot_autograd", 'b', 0, NULL, NULL},
    {"error_on_nested_jit_trace", 'b', 1, NULL, NULL},
    {"error_on_nested_fx_trace", 'b', 1, NULL, NULL},
    {"allow_rnn", 'b', 0, NULL, NULL},
    {"error_on_recompile", 'b', 0, NULL, NULL},
    {"report_guard_failures", 'b', 1, NULL, NULL},
    {"trace_numpy", 'b', 1, NULL, NULL},
    {"trace_distributed", 'b', 0, NULL, NULL},
    {"numpy_default_float", 's', 0, "float64", NULL},
    {"numpy_default_complex", 's', 0, "complex128", NULL},
    {"numpy_default_int", 's', 0, "int64", NULL},
    {"use_numpy_random_stream", 'b', 0, NULL, NULL},
    {"only_allow_pt2_compliant_ops", 'b', 0, NULL, NULL},
    {"capture_autograd_function", 'b', 1, NULL, NULL},
    {"capture_func_transforms", 'b', 1, NULL, NULL},
    {"log_compilation_metrics", 'b', 1, NULL, NULL},
    {"inject_BUILD_SET_unimplemented_TESTING_ONLY", 'b', 0, NULL, NULL},
    {"inline_inbuilt_nn_modules", 'b', 1, NULL, NULL},
    {"install_free_tensors", 'b', 0, NULL, NULL},
    {"do_not_emit_runtime_asserts", 'b', 0, NULL, NULL},
    {"use_graph_deduplication", 'b', 0, NULL, NULL},
    {"graph_break_on_nn_param_ctor", 'b', 1, NULL, NULL},
    {"nested_graph_breaks", 'b', 0, NULL, NULL},
    {"enable_trace_contextlib", 'b', 1, NULL, NULL},
    {"enable_trace_unittest", 'b', 0, NULL, NULL},
    {"allow_unspec_int_on_nn_module", 'b', 0, NULL, NULL},
    {"automatic_dynamic_local_pgo", 'b', 1, NULL, NULL},
    {"compiled_autograd", 'b', 0, NULL, NULL},
    {"wrap_top_frame", 'b', 0, NULL, NULL},
    {"error_on_graph_break", 'b', 0, NULL, NULL},
    {"dont_skip_tracing", 'b', 0, NULL, NULL},
    {"debug_force_nested_calls", 'b', 0, NULL, NULL},
    {"caching_precompile", 'b', 0, NULL, NULL},
};
#define NCONFIG (int)(sizeof config_opts / sizeof *config_opts)

static const ConfigOpt *config_find(const char *name) {
  for (int k = 0; k < NCONFIG; k++)
    if (!strcmp(config_opts[k].name, name)) return &config_opts[k];
  return NULL;
}

static Dict *config_dict(Interp *I) { return I->dynamo_config ? I->dynamo_config->attrs : NULL; }

static Value config_missing(Interp *I, const char *name) {
  return dwI_raise(I, EXC_AttributeError, "torch._dynamo.config.%s does not exist", name);
}

Value dwD_config_get(Interp *I, Str *name) {
  const ConfigOpt *o = config_find(name->s);
  if (!o) return config_missing(I, name->s);
  if (o->alias) {
    Value v = dwV_dict_gets(config_dict(I), dwI_intern(I, o->alias));
    if (v.t != V_NULL) {
      dwV_incref(v);
      return v;
    }
  }
  return config_missing(I, name->s);
}

/* Mirrors of the options the C code reads on hot paths. */
static bool config_sync(Interp *I, const char *name, Value v) {
  if (!strcmp(name, "suppress_errors")) {
    bool b;
    if (!dwOb_truth(I, v, &b)) return false;
    I->suppress_errors = b;
  } else if (!strcmp(name, "recompile_limit") || !strcmp(name, "accumulated_recompile_limit")) {
    /* not range-checked: a negative limit makes every frame run eagerly */
    int64_t n;
    if (!dwL_int(I, v, name, &n)) return false;
    *(name[0] == 'a' ? &I->accum_limit : &I->cache_size_limit) = n;
  } else if (!strcmp(name, "automatic_dynamic_shapes_mark_as")) {
    I->mark_unbacked = v.t == V_STR && !strcmp(STR(v)->s, "unbacked");
  } else {
    bool *flag = !strcmp(name, "automatic_dynamic_shapes")      ? &I->auto_dynamic
                 : !strcmp(name, "assume_static_by_default")    ? &I->static_default
                 : !strcmp(name, "force_parameter_static_shapes") ? &I->param_static
                 : !strcmp(name, "specialize_float")            ? &I->spec_float
                 : !strcmp(name, "fail_on_recompile_limit_hit") ? &I->fail_on_limit
                 : !strcmp(name, "inline_inbuilt_nn_modules")   ? &I->inline_nn
                 : !strcmp(name, "error_on_recompile")          ? &I->error_on_recompile
                                                                : NULL;
    if (flag) return dwOb_truth(I, v, flag);
  }
  return true;
}

bool dwD_config_set(Interp *I, Str *name, Value v) {
  const ConfigOpt *o = config_find(name->s);
  if (!o) {
    config_missing(I, name->s);
    return false;
  }
  const char *canon = o->alias ? o->alias : o->name;
  if (!config_sync(I, canon, v)) return false;
  if (!dwL_set(I, config_dict(I), canon, v)) {
    dwI_raise_ctx(I);
    return false;
  }
  return true;
}

/* Reads an option (borrowed; V_NULL for an unknown name). */
Value dwD_config(Interp *I, const char *name) {
  const ConfigOpt *o = config_find(name);
  if (!o) return dwV_null();
  return dwV_dict_gets(config_dict(I), dwI_intern(I, o->alias ? o->alias : o->name));
}

static bool config_init(Interp *I, Module *cfg) {
  for (int k = 0; k < NCONFIG; k++) {
    const ConfigOpt *o = &config_opts[k];
    if (o->alias) continue;
    Value v;
    switch (o->type) {
    case 'b':
      v = dwV_bool(o->dflt != 0);
      break;
    case 'i':
      v = dwV_int((int64_t)o->dflt);
      break;
    case 'f':
      v = dwV_float(o->dflt);
      break;
    case 's':
      v = str_value(I, o->sdflt);
      break;
    default:
      v = dwV_none();
      break;
    }
    if (v.t == V_NULL) return false;
    bool ok = dwL_set(I, cfg->attrs, o->name, v);
    drop(I, v);
    if (!ok) return false;
  }
  if (I->suppress_errors) dwL_set(I, cfg->attrs, "suppress_errors", dwV_bool(true));
  return true;
}

/* config.patch(...): the changes it makes, as a dict of option -> value
 * (utils/_config_module.py: patch("name", value), patch({...}),
 * patch(name=value)); unknown options are an AttributeError at once. */
static Dict *patch_changes(Interp *I, Args *a) {
  Dict *d = dwV_dict(&I->c);
  if (!d) {
    dwI_raise_ctx(I);
    return NULL;
  }
  bool ok = true;
  if (a->n == 2) {
    ok = a->v[0].t == V_STR && dwV_dict_set(&I->c, d, a->v[0], a->v[1]);
    if (!ok && a->v[0].t != V_STR) dwI_raise(I, EXC_TypeError, "patch() expects a str option name");
  } else if (a->n == 1) {
    if (a->v[0].t != V_DICT) {
      ok = false;
      dwI_raise(I, EXC_TypeError, "patch() expects a dict of changes");
    } else {
      Dict *s = (Dict *)OBJ(a->v[0]);
      for (int64_t k = 0; ok && k < s->nent; k++)
        if (s->ent[k].used) ok = dwV_dict_set(&I->c, d, s->ent[k].key, s->ent[k].val);
    }
  } else if (a->n > 2) {
    ok = false;
    dwI_raise(I, EXC_TypeError, "patch() takes at most 2 positional arguments (%d given)", a->n);
  }
  for (int k = 0; ok && k < a->nkw; k++) ok = dwV_dict_set(&I->c, d, VSTR(a->kw[k].name), a->kw[k].v);
  for (int64_t k = 0; ok && k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    if (d->ent[k].key.t != V_STR || !config_find(STR(d->ent[k].key)->s)) {
      ok = false;
      if (d->ent[k].key.t == V_STR) config_missing(I, STR(d->ent[k].key)->s);
      else dwI_raise(I, EXC_TypeError, "config option names are strings");
    }
  }
  if (!ok) {
    dwV_decref_o(&I->c, &d->h);
    if (I->exc.t == V_NULL) dwI_raise_ctx(I);
    return NULL;
  }
  return d;
}

static Class *dyn_class(Interp *I, const char *module, const char *name) {
  Module *m = module_of(I, module);
  Value c = m ? dwV_dict_gets(m->attrs, dwI_intern(I, name)) : dwV_null();
  return c.t == V_CLASS ? (Class *)OBJ(c) : NULL;
}

static Value inst_new(Interp *I, Class *c) {
  if (!c) return dwI_raise(I, EXC_InternalTorchDynamoError, "class missing");
  Inst *in = (Inst *)dwV_alloc(&I->c, V_INST, sizeof(Inst));
  if (!in) return dwI_raise_ctx(I);
  in->cls = c;
  dwV_incref_o(&c->h);
  in->attrs = dwV_dict(&I->c);
  if (!in->attrs) {
    drop(I, dwV_obj(&in->h));
    return dwI_raise_ctx(I);
  }
  return dwV_obj(&in->h);
}

/* inst.name, borrowed */
static Value iattr(Interp *I, Value inst, const char *name) {
  return inst.t == V_INST ? dwV_dict_gets(((Inst *)OBJ(inst))->attrs, dwI_intern(I, name))
                          : dwV_null();
}

static bool iset(Interp *I, Value inst, const char *name, Value v) {
  if (v.t == V_NULL) return false;
  bool ok = dwL_set(I, ((Inst *)OBJ(inst))->attrs, name, v);
  drop(I, v);
  if (!ok) dwI_raise_ctx(I);
  return ok;
}

BI(c_config_patch) {
  (void)def;
  (void)self;
  Dict *d = patch_changes(I, a);
  if (!d) return dwV_null();
  Value p = inst_new(I, dyn_class(I, "torch._dynamo.config", "_ConfigPatch"));
  if (p.t == V_NULL || !iset(I, p, "changes", dwV_obj(&d->h))) {
    drop(I, p);
    return dwV_null();
  }
  return p;
}

/* Applies a patch, keeping the prior values in the patch. */
static bool patch_enter(Interp *I, Value p) {
  Value ch = iattr(I, p, "changes");
  if (ch.t != V_DICT) return dwI_raise(I, EXC_RuntimeError, "not a config patch").t != V_NULL;
  Dict *d = (Dict *)OBJ(ch), *prior = dwV_dict(&I->c);
  if (!prior) return dwI_raise_ctx(I).t != V_NULL;
  bool ok = true;
  for (int64_t k = 0; ok && k < d->nent; k++) {
    if (!d->ent[k].used) continue;
    Str *name = STR(d->ent[k].key);
    Value old = dwD_config(I, name->s);
    ok = old.t != V_NULL && dwV_dict_set(&I->c, prior, d->ent[k].key, old);
    if (!ok && I->exc.t == V_NULL) config_missing(I, name->s);
  }
  if (ok) ok = iset(I, p, "prior", dwV_obj(&prior->h));
  else drop(I, dwV_obj(&prior->h));
  for (int64_t k = 0; ok && k < d->nent; k++)
    if (d->ent[k].used) ok = dwD_config_set(I, STR(d->ent[k].key), d->ent[k].val);
  return ok;
}

static bool patch_exit(Interp *I, Value p) {
  Value pr = iattr(I, p, "prior");
  if (pr.t != V_DICT) return true;
  Dict *d = (Dict *)OBJ(pr);
  bool ok = true;
  for (int64_t k = d->nent - 1; ok && k >= 0; k--)
    if (d->ent[k].used) ok = dwD_config_set(I, STR(d->ent[k].key), d->ent[k].val);
  return ok;
}

BI(c_patch_enter) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__enter__", self, a, "self", v, 1)) return dwV_null();
  if (!patch_enter(I, v[0])) return dwV_null();
  return dwV_none();
}

BI(c_patch_exit) {
  (void)def;
  Value v[4];
  if (!dwL_bind(I, "__exit__", self, a, "self,t,e,tb", v, 4)) return dwV_null();
  if (!patch_exit(I, v[0])) return dwV_null();
  return dwV_bool(false);
}

/* The function a patch decorates: it runs with the patch applied. */
BI(c_patched_call) {
  (void)def;
  Value p = ((Tuple *)OBJ(self))->items[0], fn = ((Tuple *)OBJ(self))->items[1];
  if (!patch_enter(I, p)) return dwV_null();
  Value r = dwI_call(I, fn, a);
  Value pending = I->exc;
  I->exc = dwV_null();
  bool ok = patch_exit(I, p);
  if (pending.t != V_NULL) {
    if (!ok) drop(I, I->exc);
    I->exc = pending;
    return dwV_null();
  }
  if (!ok) {
    drop(I, r);
    return dwV_null();
  }
  return r;
}

static const BuiltinDef patched_def = {"patched", c_patched_call, TK_UNSUPPORTED, 0, 0};

BI(c_patch_call) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "__call__", self, a, "self,fn", v, 2)) return dwV_null();
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "patch() as a decorator needs a function");
  Tuple *t = dwV_tuple(&I->c, 2);
  Builtin *b = t ? (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin)) : NULL;
  if (!b) {
    if (t) dwV_decref_o(&I->c, &t->h);
    return dwI_raise_ctx(I);
  }
  t->items[0] = v[0];
  t->items[1] = v[1];
  dwV_incref(v[0]);
  dwV_incref(v[1]);
  b->def = &patched_def;
  b->self = dwV_obj(&t->h);
  b->extra = dwV_null();
  return dwV_obj(&b->h);
}

/* ------------------------------------------------------------------ */
/* torch._dynamo.testing                                               */
/* ------------------------------------------------------------------ */

/* obj.name as an int (0 when missing) */
static bool int_attr(Interp *I, Value obj, const char *name, int64_t *out) {
  Value v = dwOb_getattr(I, obj, dwI_intern(I, name));
  if (v.t == V_NULL) return false;
  bool ok = dwL_int(I, v, name, out);
  drop(I, v);
  return ok;
}

static bool set_int(Interp *I, Value obj, const char *name, int64_t n) {
  return dwOb_setattr(I, obj, dwI_intern(I, name), dwV_int(n));
}

/* The nodes of gm.graph whose op names a call (testing.py counts these). */
static bool count_call_nodes(Interp *I, Value gm, int64_t *n) {
  *n = 0;
  Value g = dwOb_getattr(I, gm, dwI_intern(I, "graph"));
  if (g.t == V_NULL) return false;
  Value nodes = dwOb_getattr(I, g, dwI_intern(I, "nodes"));
  drop(I, g);
  if (nodes.t == V_NULL) return false;
  List *l = dwOb_to_list(I, nodes);
  drop(I, nodes);
  if (!l) return false;
  bool ok = true;
  for (int64_t k = 0; ok && k < l->len; k++) {
    Value op = dwOb_getattr(I, l->items[k], dwI_intern(I, "op"));
    ok = op.t != V_NULL;
    if (ok && op.t == V_STR && strstr(STR(op)->s, "call")) (*n)++;
    drop(I, op);
  }
  dwV_decref_o(&I->c, &l->h);
  return ok;
}

static Value gm_forward_of(Interp *I, Value gm) {
  return dwOb_getattr(I, gm, dwI_intern(I, "forward"));
}

BI(cc_init) {
  Value v[2];
  if (!dwL_bind(I, "__init__", self, a, def->data ? "self,backend" : "self", v, def->data ? 2 : 1))
    return dwV_null();
  if (!set_int(I, v[0], "frame_count", 0) || !set_int(I, v[0], "op_count", 0)) return dwV_null();
  if (def->data) {
    /* CompileCounterWithBackend(backend) */
    if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "__init__() missing 1 required positional argument: 'backend'");
    if (!dwOb_setattr(I, v[0], dwI_intern(I, "backend"), v[1])) return dwV_null();
    List *g = dwV_list(&I->c, 0);
    bool ok = g && dwOb_setattr(I, v[0], dwI_intern(I, "graphs"), dwV_obj(&g->h));
    if (g) dwV_decref_o(&I->c, &g->h);
    if (!ok) return g ? dwV_null() : dwI_raise_ctx(I);
  }
  return dwV_none();
}

BI(cc_clear) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "clear", self, a, "self", v, 1)) return dwV_null();
  if (!set_int(I, v[0], "frame_count", 0) || !set_int(I, v[0], "op_count", 0)) return dwV_null();
  return dwV_none();
}

static bool append_graph(Interp *I, Value self, Value gm) {
  Value g = dwOb_getattr(I, self, dwI_intern(I, "graphs"));
  if (g.t == V_NULL) return false;
  bool ok = g.t == V_LIST && dwV_list_append(&I->c, (List *)OBJ(g), gm);
  if (!ok && I->exc.t == V_NULL) dwI_raise(I, EXC_TypeError, "graphs is not a list");
  drop(I, g);
  return ok;
}

/* CompileCounter / CompileCounterWithBackend: count the frame and its call
 * nodes, then run the graph as it is, or with the named backend. */
BI(cc_call) {
  Value v[3];
  if (!dwL_bind(I, "__call__", self, a, "self,gm,example_inputs", v, 3)) return dwV_null();
  int64_t fc, oc, n;
  if (!int_attr(I, v[0], "frame_count", &fc) || !set_int(I, v[0], "frame_count", fc + 1) ||
      !count_call_nodes(I, v[1], &n) || !int_attr(I, v[0], "op_count", &oc) ||
      !set_int(I, v[0], "op_count", oc + n))
    return dwV_null();
  if (!def->data) return gm_forward_of(I, v[1]);
  if (!append_graph(I, v[0], v[1])) return dwV_null();
  Value bk = dwOb_getattr(I, v[0], dwI_intern(I, "backend"));
  if (bk.t == V_NULL) return bk;
  Args la = {1, &bk, 0, NULL};
  Value fn = c_lookup_backend(I, def, dwV_null(), &la);
  drop(I, bk);
  if (fn.t == V_NULL) return fn;
  Value args[2] = {v[1], v[2].t == V_NULL ? dwV_none() : v[2]};
  Value r = dwI_call0(I, fn, 2, args);
  drop(I, fn);
  return r;
}

BI(eg_init) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__init__", self, a, "self", v, 1)) return dwV_null();
  List *g = dwV_list(&I->c, 0);
  bool ok = g && dwOb_setattr(I, v[0], dwI_intern(I, "graphs"), dwV_obj(&g->h));
  if (g) dwV_decref_o(&I->c, &g->h);
  if (!ok) return g ? dwV_null() : dwI_raise_ctx(I);
  return dwV_none();
}

/* EagerAndRecordGraphs: keep the graph, run it as it is. */
BI(eg_call) {
  (void)def;
  Value v[3];
  if (!dwL_bind(I, "__call__", self, a, "self,gm,example_inputs", v, 3)) return dwV_null();
  if (!append_graph(I, v[0], v[1])) return dwV_null();
  return gm_forward_of(I, v[1]);
}

/* unsupported(a, b): returns b; Dynamo cannot trace it (a C function in
 * PyTorch), so calling it from compiled code breaks the graph. */
BI(c_unsupported) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "unsupported", self, a, "a,b", v, 2)) return dwV_null();
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "unsupported() takes exactly 2 arguments");
  dwV_incref(v[1]);
  return v[1];
}

/* same(ref, res, ...): utils.py's comparison of results: containers item
 * by item, tensors with allclose at tol (exactly for ints and bools) after
 * the dtypes compare equal (exact_dtype, default True), floats within tol. */
static bool same_values(Interp *I, Value ref, Value res, double tol, bool equal_nan,
                        bool exact_dtype, bool *out, int depth) {
  *out = false;
  if (depth > 64) return true;
  if (ref.t == V_LIST || ref.t == V_TUPLE) {
    if (res.t != V_LIST && res.t != V_TUPLE) return true;
    int64_t n = ref.t == V_LIST ? ((List *)OBJ(ref))->len : ((Tuple *)OBJ(ref))->len;
    int64_t m = res.t == V_LIST ? ((List *)OBJ(res))->len : ((Tuple *)OBJ(res))->len;
    if (n != m) return true;
    Value *x = ref.t == V_LIST ? ((List *)OBJ(ref))->items : ((Tuple *)OBJ(ref))->items;
    Value *y = res.t == V_LIST ? ((List *)OBJ(res))->items : ((Tuple *)OBJ(res))->items;
    for (int64_t k = 0; k < n; k++) {
      if (!same_values(I, x[k], y[k], tol, equal_nan, exact_dtype, out, depth + 1)) return false;
      if (!*out) return true;
    }
    *out = true;
    return true;
  }
  if (ref.t == V_DICT) {
    if (res.t != V_DICT) return true;
    Dict *x = (Dict *)OBJ(ref), *y = (Dict *)OBJ(res);
    if (x->len != y->len) return true;
    for (int64_t k = 0; k < x->nent; k++) {
      if (!x->ent[k].used) continue;
      Value other = dwV_dict_get(y, x->ent[k].key);
      if (other.t == V_NULL) return true;
      if (!same_values(I, x->ent[k].val, other, tol, equal_nan, exact_dtype, out, depth + 1)) return false;
      if (!*out) return true;
    }
    *out = true;
    return true;
  }
  if (ref.t == V_TENSOR && (res.t == V_INT || res.t == V_BOOL || res.t == V_FLOAT)) {
    /* utils.py: a number res becomes torch.tensor(res) (0-d: it broadcasts
     * in allclose), and exact_dtype compares the dtypes first. */
    Tensor *x = TEN(ref);
    if (!x->st) {
      dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
      return false;
    }
    DType dt = res.t == V_BOOL ? DT_BOOL : res.t == V_INT ? DT_I64 : DT_F32;
    if (exact_dtype && x->dtype != dt) return true;
    double q = res.t == V_FLOAT ? (double)(float)res.u.f : (double)res.u.i;
    int64_t n = dwT_numel(x);
    for (int64_t k = 0; k < n; k++) {
      double p = dwT_get(x, k);
      if (isnan(p) || isnan(q)) {
        if (!(equal_nan && isnan(p) && isnan(q))) return true;
        continue;
      }
      if (p != q && !(dt == DT_F32 && fabs(p - q) <= tol + tol * fabs(q))) return true;
    }
    *out = true;
    return true;
  }
  if (ref.t == V_TENSOR) {
    if (res.t != V_TENSOR) return true;
    Tensor *x = TEN(ref), *y = TEN(res);
    if (!x->st || !y->st) {
      dwI_raise(I, EXC_InternalTorchDynamoError, "a traced tensor escaped its graph");
      return false;
    }
    if (exact_dtype && x->dtype != y->dtype) return true; /* "dtype mismatch" */
    if (x->ndim != y->ndim) return true;
    for (int d = 0; d < x->ndim; d++)
      if (x->shape[d] != y->shape[d]) return true;
    int64_t n = dwT_numel(x);
    bool fl = dwT_is_float(x->dtype) || dwT_is_float(y->dtype);
    for (int64_t k = 0; k < n; k++) {
      double p = dwT_get(x, k), q = dwT_get(y, k);
      if (!fl) {
        if (p != q) return true;
        continue;
      }
      if (isnan(p) || isnan(q)) {
        if (!(equal_nan && isnan(p) && isnan(q))) return true;
        continue;
      }
      if (p == q) continue;
      if (!(fabs(p - q) <= tol + tol * fabs(q))) return true;
    }
    *out = true;
    return true;
  }
  if (ref.t == V_INST) {
    /* utils.py compares instances of a few named classes attribute by
     * attribute (ref.__dict__); any other class is "unsupported type" */
    static const char *const by_attrs[] = {
        "MaskedLMOutput", "Seq2SeqLMOutput", "CausalLMOutputWithCrossAttentions",
        "LongformerMaskedLMOutput", "Instances", "SquashedNormal", "Boxes", "Normal",
        "TanhTransform", "Foo", "Variable"};
    Inst *x = (Inst *)OBJ(ref);
    bool named = false;
    for (size_t k = 0; k < sizeof by_attrs / sizeof *by_attrs && !named; k++)
      named = !strcmp(x->cls->name->s, by_attrs[k]);
    if (!named) {
      dwI_raise(I, EXC_RuntimeError, "unsupported type: %s", x->cls->name->s);
      return false;
    }
    if (res.t != V_INST || ((Inst *)OBJ(res))->cls != x->cls) {
      dwI_raise(I, EXC_AssertionError, "%s", "");
      return false;
    }
    Dict *y = ((Inst *)OBJ(res))->attrs;
    for (int64_t k = 0; k < x->attrs->nent; k++) {
      if (!x->attrs->ent[k].used) continue;
      Value other = dwV_dict_get(y, x->attrs->ent[k].key);
      if (other.t == V_NULL) return true;
      if (!same_values(I, x->attrs->ent[k].val, other, tol, equal_nan, exact_dtype, out, depth + 1)) return false;
      if (!*out) return true;
    }
    *out = true;
    return true;
  }
  if (ref.t == V_FLOAT || res.t == V_FLOAT) {
    double p, q;
    if (!dwL_float(I, ref, "ref", &p) || !dwL_float(I, res, "res", &q)) {
      dwV_decref(&I->c, I->exc);
      I->exc = dwV_null();
      return true;
    }
    if (isnan(p) && isnan(q)) *out = equal_nan;
    else *out = p == q || fabs(p - q) <= tol * fmax(fabs(p), fabs(q)) || fabs(p - q) <= tol;
    return true;
  }
  return dwOb_eq(I, ref, res, out);
}

BI(c_same) {
  (void)def;
  Value v[7];
  if (!dwL_bind(I, "same", self, a, "ref,res,fp64_ref,cos_similarity,tol,equal_nan,exact_dtype",
                v, 7))
    return dwV_null();
  if (v[0].t == V_NULL || v[1].t == V_NULL)
    return dwI_raise(I, EXC_TypeError, "same() missing required positional arguments 'ref' and 'res'");
  double tol = 1e-4;
  bool equal_nan = false, exact_dtype = true, out;
  if ((v[4].t != V_NULL && !dwL_float(I, v[4], "tol", &tol)) ||
      !truthy(I, v[5], false, &equal_nan) || !truthy(I, v[6], true, &exact_dtype))
    return dwV_null();
  if (!same_values(I, v[0], v[1], tol, equal_nan, exact_dtype, &out, 0)) return dwV_null();
  return dwV_bool(out);
}

BI(c_reset_rng_state) {
  (void)def;
  (void)self;
  (void)a;
  dwT_seed(&I->c, 1337);
  return dwV_none();
}

/* normalize_gm(s): comment lines dropped, trailing spaces stripped. */
BI(c_normalize_gm) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "normalize_gm", self, a, "gm_str", v, 1)) return dwV_null();
  if (v[0].t != V_STR) return dwI_raise(I, EXC_TypeError, "normalize_gm() expects a str");
  const char *p = STR(v[0])->s, *end = p + STR(v[0])->len;
  Buf b = {0};
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *le = nl ? nl : end;
    const char *q = p;
    while (q < le && *q == ' ') q++;
    if (q < le && *q == '#') {
      p = nl ? nl + 1 : end;
      continue;
    }
    const char *e = le;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t')) e--;
    dwB_putn(&b, p, (size_t)(e - p));
    if (nl) dwB_putc(&b, '\n');
    p = nl ? nl + 1 : end;
  }
  Str *s = dwV_str(&I->c, b.p ? b.p : "", b.len);
  dwB_free(&b);
  return s ? VSTR(s) : dwI_raise_ctx(I);
}

/* ------------------------------------------------------------------ */
/* torch.compiler.set_stance                                           */
/* ------------------------------------------------------------------ */

/* A stance is kept as (stance, skip_guard_eval_unsafe, backend), the
 * fields of eval_frame.py's DynamoStance; the current one is torch._dynamo's
 * hidden _dw_stance, mirrored in I->stance. */
static int stance_code(Value t) {
  static const char *const names[] = {"default", "force_eager", "eager_on_recompile",
                                      "fail_on_recompile"};
  Value n = ((Tuple *)OBJ(t))->items[0];
  for (int k = 0; k < 4; k++)
    if (n.t == V_STR && !strcmp(STR(n)->s, names[k])) return k;
  return ST_INVALID;
}

static Value stance_tuple(Interp *I, Value stance, bool skip, Value backend) {
  Tuple *t = dwV_tuple(&I->c, 3);
  if (!t) return dwI_raise_ctx(I);
  t->items[0] = stance;
  dwV_incref(stance);
  t->items[1] = dwV_bool(skip);
  t->items[2] = backend.t == V_NULL ? dwV_none() : backend;
  dwV_incref(t->items[2]);
  return dwV_obj(&t->h);
}

/* Makes t the current stance; returns the previous one (new reference). */
static Value stance_set(Interp *I, Value t) {
  Module *dyn = module_of(I, "torch._dynamo");
  Value prev = dyn_state(I, "_dw_stance");
  dwV_incref(prev);
  if (!dwL_set(I, dyn->attrs, "_dw_stance", t)) {
    drop(I, prev);
    return dwI_raise_ctx(I);
  }
  I->stance = (uint8_t)stance_code(t);
  return prev;
}

/* repr(DynamoStance(...)) */
static void stance_repr(Interp *I, Value t, Buf *b) {
  Tuple *x = (Tuple *)OBJ(t);
  dwB_puts(b, "DynamoStance(stance=");
  dwFm_repr_value(I, b, x->items[0]);
  dwB_printf(b, ", skip_guard_eval_unsafe=%s, backend=", x->items[1].u.i ? "True" : "False");
  dwFm_repr_value(I, b, x->items[2]);
  dwB_putc(b, ')');
}

Value dwD_stance_error(Interp *I) {
  Buf b = {0};
  stance_repr(I, dyn_state(I, "_dw_stance"), &b);
  Value e = dwI_raise(I, EXC_RuntimeError, "invalid torch.compile stance '%s'", b.p ? b.p : "");
  dwB_free(&b);
  return e;
}

/* set_stance(stance="default", *, skip_guard_eval_unsafe=False,
 * force_backend=None): sets the stance at once (a plain call), and as a
 * context manager or decorator restores the previous one after
 * (eval_frame.py set_stance). */
BI(c_stance_init) {
  (void)def;
  Value v[4];
  if (!dwL_bind(I, "set_stance", self, a, "self,stance,skip_guard_eval_unsafe,force_backend", v, 4))
    return dwV_null();
  bool skip;
  if (!truthy(I, v[2], false, &skip)) return dwV_null();
  Value name = v[1];
  Str *dflt = dwI_intern(I, "default");
  if (name.t == V_NULL) name = VSTR(dflt);
  bool force = v[3].t != V_NULL && v[3].t != V_NONE;
  if (force && !(name.t == V_STR && !strcmp(STR(name)->s, "default")))
    return dwI_raise(I, EXC_RuntimeError, "non-default stance cannot have force_backend set");
  if (force)
    return dwI_raise(I, EXC_NotImplementedError,
                     "torch.compiler.set_stance(force_backend=...) is not supported");
  Value t = stance_tuple(I, name, skip, v[3]);
  if (t.t == V_NULL || !iset(I, v[0], "stance", t)) return dwV_null();
  Value prev = stance_set(I, iattr(I, v[0], "stance"));
  if (prev.t == V_NULL || !iset(I, v[0], "prev", prev)) return dwV_null();
  return dwV_none();
}

BI(c_stance_enter) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__enter__", self, a, "self", v, 1)) return dwV_null();
  Value p = stance_set(I, iattr(I, v[0], "stance"));
  if (p.t == V_NULL) return p;
  drop(I, p);
  return dwV_none();
}

BI(c_stance_exit) {
  (void)def;
  Value v[4];
  if (!dwL_bind(I, "__exit__", self, a, "self,t,e,tb", v, 4)) return dwV_null();
  Value p = stance_set(I, iattr(I, v[0], "prev"));
  if (p.t == V_NULL) return p;
  drop(I, p);
  return dwV_bool(false);
}

/* The function a set_stance decorates: it runs under that stance. */
BI(c_stanced_call) {
  (void)def;
  Value st = ((Tuple *)OBJ(self))->items[0], fn = ((Tuple *)OBJ(self))->items[1];
  Value prev = stance_set(I, iattr(I, st, "stance"));
  if (prev.t == V_NULL) return prev;
  Value r = dwI_call(I, fn, a);
  Value back = stance_set(I, prev);
  drop(I, prev);
  if (back.t == V_NULL) {
    drop(I, r);
    return back;
  }
  drop(I, back);
  return r;
}

static const BuiltinDef stanced_def = {"stanced", c_stanced_call, TK_UNSUPPORTED, 0, 0};

BI(c_stance_call) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "__call__", self, a, "self,fn", v, 2)) return dwV_null();
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "set_stance() as a decorator needs a function");
  /* decorating leaves the stance as it was */
  Value p = stance_set(I, iattr(I, v[0], "prev"));
  if (p.t == V_NULL) return p;
  drop(I, p);
  Tuple *t = dwV_tuple(&I->c, 2);
  Builtin *b = t ? (Builtin *)dwV_alloc(&I->c, V_BUILTIN, sizeof(Builtin)) : NULL;
  if (!b) {
    if (t) dwV_decref_o(&I->c, &t->h);
    return dwI_raise_ctx(I);
  }
  t->items[0] = v[0];
  t->items[1] = v[1];
  dwV_incref(v[0]);
  dwV_incref(v[1]);
  b->def = &stanced_def;
  b->self = dwV_obj(&t->h);
  b->extra = dwV_null();
  return dwV_obj(&b->h);
}

/* ------------------------------------------------------------------ */
/* torch._dynamo.explain, ExplainWithBackend, ExplainOutput            */
/* ------------------------------------------------------------------ */

/* A class of module mod (borrowed), V_NULL when missing. */
static Value mod_class(Interp *I, const char *mod, const char *name) {
  Value m = dwV_dict_gets(I->modules, dwI_intern(I, mod));
  if (m.t != V_MODULE) return dwV_null();
  Value c = dwV_dict_gets(((Module *)OBJ(m))->attrs, dwI_intern(I, name));
  return c.t == V_CLASS ? c : dwV_null();
}

static Value new_of(Interp *I, const char *mod, const char *name, int n, Value *v) {
  Value c = mod_class(I, mod, name);
  if (c.t == V_NULL) return dwI_raise(I, EXC_InternalTorchDynamoError, "%s.%s is missing", mod, name);
  return dwI_call0(I, c, n, v);
}

static bool set_attr(Interp *I, Value obj, const char *name, Value v) {
  return dwOb_setattr(I, obj, dwI_intern(I, name), v);
}

/* obj.name = v, taking the reference to v */
static bool set_attr_take(Interp *I, Value obj, const char *name, Value v) {
  if (v.t == V_NULL) return false;
  bool ok = set_attr(I, obj, name, v);
  drop(I, v);
  return ok;
}

static Value str_new(Interp *I, const char *s) {
  Str *r = dwV_str(&I->c, s, strlen(s));
  return r ? VSTR(r) : dwI_raise_ctx(I);
}

static Value list_new(Interp *I) {
  List *l = dwV_list(&I->c, 0);
  return l ? dwV_obj(&l->h) : dwI_raise_ctx(I);
}

/* FrameSummary(filename, lineno, name): traceback.FrameSummary as the
 * user stacks of break reasons hold it. */
BI(fs_init) {
  (void)def;
  Value v[5];
  if (!dwL_bind(I, "__init__", self, a, "self,filename,lineno,name,line", v, 5)) return dwV_null();
  if (v[3].t == V_NULL) return dwI_raise(I, EXC_TypeError, "__init__() missing required arguments");
  if (!set_attr(I, v[0], "filename", v[1]) || !set_attr(I, v[0], "lineno", v[2]) ||
      !set_attr(I, v[0], "name", v[3]) ||
      !set_attr(I, v[0], "line", v[4].t == V_NULL ? dwV_none() : v[4]))
    return dwV_null();
  return dwV_none();
}

/* <FrameSummary file F, line N in NAME> */
BI(fs_repr) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__repr__", self, a, "self", v, 1)) return dwV_null();
  const char *names[3] = {"filename", "lineno", "name"};
  Value f[3];
  for (int k = 0; k < 3; k++) {
    f[k] = dwOb_getattr(I, v[0], dwI_intern(I, names[k]));
    if (f[k].t == V_NULL) {
      for (int j = 0; j < k; j++) drop(I, f[j]);
      return f[k];
    }
  }
  Buf b = {0};
  dwB_puts(&b, "<FrameSummary file ");
  bool ok = dwFm_str_value(I, &b, f[0]);
  dwB_puts(&b, ", line ");
  ok = ok && dwFm_str_value(I, &b, f[1]);
  dwB_puts(&b, " in ");
  ok = ok && dwFm_str_value(I, &b, f[2]);
  dwB_putc(&b, '>');
  for (int k = 0; k < 3; k++) drop(I, f[k]);
  Value r = ok ? str_new(I, b.p) : dwV_null();
  dwB_free(&b);
  return r;
}

static Value frame_summary(Interp *I, int line, const char *fn) {
  Value v[3] = {str_new(I, I->filename ? I->filename : ""), dwV_int(line), str_new(I, fn)};
  Value r = v[0].t != V_NULL && v[2].t != V_NULL
                ? new_of(I, "torch._dynamo.output_graph", "FrameSummary", 3, v)
                : dwV_null();
  drop(I, v[0]);
  drop(I, v[2]);
  return r;
}

/* GraphCompileReason(reason, user_stack, graph_break=True) */
BI(gcr_init) {
  (void)def;
  Value v[4];
  if (!dwL_bind(I, "__init__", self, a, "self,reason,user_stack,graph_break", v, 4)) return dwV_null();
  if (v[2].t == V_NULL) return dwI_raise(I, EXC_TypeError, "__init__() missing 1 required positional argument: 'user_stack'");
  if (!set_attr(I, v[0], "reason", v[1]) || !set_attr(I, v[0], "user_stack", v[2]) ||
      !set_attr(I, v[0], "graph_break", v[3].t == V_NULL ? dwV_bool(true) : v[3]))
    return dwV_null();
  return dwV_none();
}

/* The dataclass repr: GraphCompileReason(reason=..., user_stack=[...], graph_break=...) */
BI(gcr_repr) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__repr__", self, a, "self", v, 1)) return dwV_null();
  const char *names[3] = {"reason", "user_stack", "graph_break"};
  Buf b = {0};
  dwB_puts(&b, "GraphCompileReason(");
  bool ok = true;
  for (int k = 0; ok && k < 3; k++) {
    Value f = dwOb_getattr(I, v[0], dwI_intern(I, names[k]));
    ok = f.t != V_NULL;
    dwB_printf(&b, "%s%s=", k ? ", " : "", names[k]);
    ok = ok && dwFm_repr_value(I, &b, f);
    drop(I, f);
  }
  dwB_putc(&b, ')');
  Value r = ok ? str_new(I, b.p) : dwV_null();
  dwB_free(&b);
  return r;
}

/* gm.compile_subgraph_reason of the GraphModule of t's unit: the graph
 * break that ends it (its message, the user stack outermost frame first),
 * or "return_value" (output_graph.py). */
Value dwD_compile_reason(Interp *I, Trace *t) {
  Value stack = list_new(I);
  if (stack.t == V_NULL) return stack;
  const Break *b = t->brk;
  bool ok = true;
  int n = b ? 1 + b->nstack : 1;
  for (int k = 0; ok && k < n; k++) {
    Value fs = !b ? frame_summary(I, t->root->line, t->root->code->name)
               : k == 0 ? frame_summary(I, b->line, b->fn)
                        : frame_summary(I, b->stack[k - 1].line, b->stack[k - 1].fn);
    ok = fs.t != V_NULL && dwV_list_append(&I->c, (List *)OBJ(stack), fs);
    drop(I, fs);
  }
  Value r = dwV_null();
  if (ok) {
    Buf m = {0};
    if (b) dwJ_break_message(b, &m);
    Value v[3] = {str_new(I, b ? (m.p ? m.p : "") : "return_value"), stack, dwV_bool(b != NULL)};
    dwB_free(&m);
    if (v[0].t != V_NULL) r = new_of(I, "torch._dynamo.output_graph", "GraphCompileReason", 3, v);
    drop(I, v[0]);
  }
  drop(I, stack);
  return r;
}

/* Guard: a guard of out_guards, printed as torch/_guards.py Guard.__str__
 * prints one (from dynawasm's guard text "KIND: source ..."). */
static Value guard_of(Interp *I, const char *line) {
  const char *colon = strstr(line, ": ");
  if (!colon) return dwV_none();
  char kind[64], name[256];
  snprintf(kind, sizeof kind, "%.*s", (int)(colon - line), line);
  const char *src = colon + 2, *sp = strchr(src, ' ');
  snprintf(name, sizeof name, "%.*s", sp ? (int)(sp - src) : (int)strlen(src), src);
  Value g = new_of(I, "torch._guards", "Guard", 0, NULL);
  if (g.t == V_NULL) return g;
  List *types = dwV_list(&I->c, 0), *code = dwV_list(&I->c, 0);
  Value ks = str_new(I, kind), cs = str_new(I, src);
  bool ok = types && code && ks.t != V_NULL && cs.t != V_NULL &&
            dwV_list_append(&I->c, types, ks) && dwV_list_append(&I->c, code, cs);
  ok = ok && set_attr_take(I, g, "name", str_new(I, name)) &&
       set_attr_take(I, g, "source", str_new(I, !strncmp(name, "G[", 2) ? "global" : "local")) &&
       set_attr_take(I, g, "create_fn_name", ks) &&
       set_attr(I, g, "guard_types", dwV_obj(&types->h)) &&
       set_attr(I, g, "code_list", dwV_obj(&code->h));
  if (!ok && ks.t != V_NULL) drop(I, ks); /* set_attr_take took it on success */
  drop(I, cs);
  if (types) dwV_decref_o(&I->c, &types->h);
  if (code) dwV_decref_o(&I->c, &code->h);
  if (!ok) {
    drop(I, g);
    return I->exc.t == V_NULL ? dwI_raise_ctx(I) : dwV_null();
  }
  return g;
}

BI(guard_str) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__str__", self, a, "self", v, 1)) return dwV_null();
  static const char *const fields[] = {"name", "source", "create_fn_name", "guard_types", "code_list"};
  static const char *const labels[] = {"Name: ", "    Source: ", "    Create Function: ",
                                       "    Guard Types: ", "    Code List: "};
  Buf b = {0};
  bool ok = true;
  for (int k = 0; ok && k < 5; k++) {
    Value f = dwOb_getattr(I, v[0], dwI_intern(I, fields[k]));
    ok = f.t != V_NULL;
    dwB_puts(&b, labels[k]);
    ok = ok && (k == 0 ? dwFm_repr_value(I, &b, f) : dwFm_str_value(I, &b, f));
    dwB_putc(&b, '\n');
    drop(I, f);
  }
  dwB_puts(&b, "    Object Weakref: None\n    Guarded Class Weakref: None\n");
  Value r = ok ? str_new(I, b.p) : dwV_null();
  dwB_free(&b);
  return r;
}

/* ExplainOutput(graphs, graph_count, graph_break_count, break_reasons,
 * op_count, ops_per_graph=None, out_guards=None, compile_times=None) */
static const char *const eo_fields[8] = {"graphs", "graph_count", "graph_break_count",
                                         "break_reasons", "op_count", "ops_per_graph",
                                         "out_guards", "compile_times"};
BI(eo_init) {
  (void)def;
  Value v[9];
  if (!dwL_bind(I, "__init__", self, a,
                "self,graphs,graph_count,graph_break_count,break_reasons,op_count,"
                "ops_per_graph,out_guards,compile_times",
                v, 9))
    return dwV_null();
  if (v[5].t == V_NULL) return dwI_raise(I, EXC_TypeError, "__init__() missing required positional arguments");
  for (int k = 0; k < 8; k++)
    if (!set_attr(I, v[0], eo_fields[k], v[k + 1].t == V_NULL ? dwV_none() : v[k + 1]))
      return dwV_null();
  return dwV_none();
}

/* items of a list or tuple attribute (a new list), NULL with an exception */
static List *attr_list(Interp *I, Value obj, const char *name) {
  Value f = dwOb_getattr(I, obj, dwI_intern(I, name));
  if (f.t == V_NULL) return NULL;
  List *l = dwOb_to_list(I, f);
  drop(I, f);
  return l;
}

/* ExplainOutput.__str__ as backends/debugging.py writes it. */
BI(eo_str) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "__str__", self, a, "self", v, 1)) return dwV_null();
  Buf b = {0};
  bool ok = true;
  static const char *const head[3][2] = {
      {"graph_count", "Graph Count: "}, {"graph_break_count", "Graph Break Count: "},
      {"op_count", "Op Count: "}};
  for (int k = 0; ok && k < 3; k++) {
    Value f = dwOb_getattr(I, v[0], dwI_intern(I, head[k][0]));
    dwB_puts(&b, head[k][1]);
    ok = f.t != V_NULL && dwFm_str_value(I, &b, f);
    dwB_putc(&b, '\n');
    drop(I, f);
  }
  dwB_puts(&b, "Break Reasons:\n");
  List *br = ok ? attr_list(I, v[0], "break_reasons") : NULL;
  ok = br != NULL;
  for (int64_t k = 0; ok && k < br->len; k++) {
    dwB_printf(&b, "  Break Reason %lld:\n    Reason: ", (long long)k + 1);
    Value r = dwOb_getattr(I, br->items[k], dwI_intern(I, "reason"));
    ok = r.t != V_NULL && dwFm_str_value(I, &b, r);
    drop(I, r);
    dwB_puts(&b, "\n    User Stack:\n");
    List *st = ok ? attr_list(I, br->items[k], "user_stack") : NULL;
    ok = st != NULL;
    for (int64_t j = 0; ok && j < st->len; j++) {
      dwB_puts(&b, "      ");
      ok = dwFm_str_value(I, &b, st->items[j]);
      dwB_putc(&b, '\n');
    }
    if (st) dwV_decref_o(&I->c, &st->h);
  }
  if (br) dwV_decref_o(&I->c, &br->h);
  Value f = ok ? dwOb_getattr(I, v[0], dwI_intern(I, "ops_per_graph")) : dwV_null();
  ok = ok && f.t != V_NULL;
  if (ok && f.t != V_NONE) {
    dwB_puts(&b, "Ops per Graph:\n");
    List *gl = dwOb_to_list(I, f);
    ok = gl != NULL;
    for (int64_t k = 0; ok && k < gl->len; k++) {
      dwB_printf(&b, "  Ops %lld:\n", (long long)k + 1);
      List *ops = dwOb_to_list(I, gl->items[k]);
      ok = ops != NULL;
      for (int64_t j = 0; ok && j < ops->len; j++) {
        dwB_puts(&b, "    ");
        ok = dwFm_str_value(I, &b, ops->items[j]);
        dwB_putc(&b, '\n');
      }
      if (ops) dwV_decref_o(&I->c, &ops->h);
    }
    if (gl) dwV_decref_o(&I->c, &gl->h);
  }
  drop(I, f);
  f = ok ? dwOb_getattr(I, v[0], dwI_intern(I, "out_guards")) : dwV_null();
  ok = ok && f.t != V_NULL;
  if (ok && f.t != V_NONE) {
    dwB_puts(&b, "Out Guards:\n");
    List *gl = dwOb_to_list(I, f);
    ok = gl != NULL;
    for (int64_t k = 0; ok && k < gl->len; k++) {
      /* as PyTorch: no newline after the guard (its text ends with one) */
      dwB_printf(&b, "  Guard %lld:\n    ", (long long)k + 1);
      ok = dwFm_str_value(I, &b, gl->items[k]);
    }
    if (gl) dwV_decref_o(&I->c, &gl->h);
  }
  drop(I, f);
  f = ok ? dwOb_getattr(I, v[0], dwI_intern(I, "compile_times")) : dwV_null();
  ok = ok && f.t != V_NULL;
  if (ok && f.t != V_NONE) {
    dwB_puts(&b, "Compile Times: ");
    ok = dwFm_str_value(I, &b, f);
    dwB_putc(&b, '\n');
  }
  drop(I, f);
  Value r = ok ? str_new(I, b.p ? b.p : "") : dwV_null();
  dwB_free(&b);
  return r;
}

/* The targets of gm's call_function nodes (_explain_graph_detail). */
static List *call_function_targets(Interp *I, Value gm) {
  Value g = dwOb_getattr(I, gm, dwI_intern(I, "graph"));
  if (g.t == V_NULL) return NULL;
  List *nodes = attr_list(I, g, "nodes");
  drop(I, g);
  if (!nodes) return NULL;
  List *out = dwV_list(&I->c, 0);
  bool ok = out != NULL;
  for (int64_t k = 0; ok && k < nodes->len; k++) {
    Value op = dwOb_getattr(I, nodes->items[k], dwI_intern(I, "op"));
    ok = op.t != V_NULL;
    if (ok && op.t == V_STR && !strcmp(STR(op)->s, "call_function")) {
      Value tg = dwOb_getattr(I, nodes->items[k], dwI_intern(I, "target"));
      ok = tg.t != V_NULL && dwV_list_append(&I->c, out, tg);
      drop(I, tg);
    }
    drop(I, op);
  }
  dwV_decref_o(&I->c, &nodes->h);
  if (!ok && out) {
    dwV_decref_o(&I->c, &out->h);
    out = NULL;
  }
  if (!out && I->exc.t == V_NULL) dwI_raise_ctx(I);
  return out;
}

/* ExplainWithBackend(backend) */
BI(ewb_init) {
  (void)def;
  Value v[2];
  if (!dwL_bind(I, "__init__", self, a, "self,backend", v, 2)) return dwV_null();
  if (v[1].t == V_NULL) return dwI_raise(I, EXC_TypeError, "__init__() missing 1 required positional argument: 'backend'");
  Args la = {1, &v[1], 0, NULL};
  Value fn = c_lookup_backend(I, def, dwV_null(), &la);
  if (fn.t == V_NULL) return fn;
  bool ok = set_attr_take(I, v[0], "backend", fn) &&
            set_attr_take(I, v[0], "graphs", list_new(I)) && set_int(I, v[0], "op_count", 0) &&
            set_attr_take(I, v[0], "break_reasons", list_new(I));
  return ok ? dwV_none() : dwV_null();
}

static bool list_attr_append(Interp *I, Value obj, const char *name, Value item) {
  Value l = dwOb_getattr(I, obj, dwI_intern(I, name));
  if (l.t == V_NULL) return false;
  bool ok = l.t == V_LIST && dwV_list_append(&I->c, (List *)OBJ(l), item);
  if (!ok && I->exc.t == V_NULL) dwI_raise(I, EXC_TypeError, "%s is not a list", name);
  drop(I, l);
  return ok;
}

/* __call__(gm, example_inputs): _explain_graph_detail, then the backend. */
BI(ewb_call) {
  (void)def;
  Value v[3];
  if (!dwL_bind(I, "__call__", self, a, "self,gm,example_inputs", v, 3)) return dwV_null();
  if (!list_attr_append(I, v[0], "graphs", v[1])) return dwV_null();
  List *ops = call_function_targets(I, v[1]);
  if (!ops) return dwV_null();
  int64_t oc;
  bool ok = int_attr(I, v[0], "op_count", &oc) && set_int(I, v[0], "op_count", oc + ops->len);
  dwV_decref_o(&I->c, &ops->h);
  if (!ok) return dwV_null();
  Value reason = dwOb_getattr(I, v[1], dwI_intern(I, "compile_subgraph_reason"));
  if (reason.t == V_NULL) return reason;
  Value gb = dwOb_getattr(I, reason, dwI_intern(I, "graph_break"));
  bool brk = false;
  ok = gb.t != V_NULL && dwOb_truth(I, gb, &brk);
  drop(I, gb);
  if (ok && brk) ok = list_attr_append(I, v[0], "break_reasons", reason);
  drop(I, reason);
  if (!ok) return dwV_null();
  Value bk = dwOb_getattr(I, v[0], dwI_intern(I, "backend"));
  if (bk.t == V_NULL) return bk;
  Value args[2] = {v[1], v[2].t == V_NULL ? dwV_none() : v[2]};
  Value r = dwI_call0(I, bk, 2, args);
  drop(I, bk);
  return r;
}

/* output(): ExplainOutput(graphs, n, n - 1, break_reasons, op_count) */
BI(ewb_output) {
  (void)def;
  Value v[1];
  if (!dwL_bind(I, "output", self, a, "self", v, 1)) return dwV_null();
  Value f[5] = {dwV_null(), dwV_null(), dwV_null(), dwV_null(), dwV_null()};
  f[0] = dwOb_getattr(I, v[0], dwI_intern(I, "graphs"));
  f[3] = f[0].t != V_NULL ? dwOb_getattr(I, v[0], dwI_intern(I, "break_reasons")) : dwV_null();
  f[4] = f[3].t != V_NULL ? dwOb_getattr(I, v[0], dwI_intern(I, "op_count")) : dwV_null();
  Value r = dwV_null();
  if (f[4].t != V_NULL) {
    int64_t n = dwL_len(I, f[0]);
    if (n >= 0 || I->exc.t == V_NULL) {
      f[1] = dwV_int(n);
      f[2] = dwV_int(n - 1);
      r = new_of(I, "torch._dynamo.backends.debugging", "ExplainOutput", 5, f);
    }
  }
  drop(I, f[0]);
  drop(I, f[3]);
  drop(I, f[4]);
  return r;
}

/* torch._dynamo.explain(fn)(*args): reset, fn run under an
 * ExplainWithBackend("eager") (graphs as Dynamo captures them, run as they
 * are), then the ExplainOutput with the ops per graph, the guards and
 * compile times; reset again (eval_frame.py). */
static Value explain_call(Interp *I, Value fn, Args *a) {
  dwR_forget(I, I->codes, I->ncodes);
  Value name = str_new(I, "eager");
  if (name.t == V_NULL) return name;
  Value eb = new_of(I, "torch._dynamo.backends.debugging", "ExplainWithBackend", 1, &name);
  drop(I, name);
  if (eb.t == V_NULL) return eb;
  CompileOpts opts = {.backend = BK_CUSTOM, .explain = true, .dynamic = -1, .backend_fn = eb};
  Str *bn = dwI_intern(I, "dynamo_graph_accumulating_compiler");
  opts.backend_name = bn;
  Value target = fn;
  if (fn.t == V_WRAP && ((Wrap *)OBJ(fn))->kind == WRAP_COMPILE) {
    opts.fullgraph = ((Wrap *)OBJ(fn))->opts.fullgraph;
    opts.dynamic = ((Wrap *)OBJ(fn))->opts.dynamic;
    target = ((Wrap *)OBJ(fn))->target;
  }
  void *saved = dwJ_explain_begin(I);
  Value r;
  Frame *caller = I->frame;
  const CompileOpts *saved_ctx = caller ? caller->cctx : NULL;
  Func *mf = dwNm_compiled_forward(I, target);
  if (target.t == V_FUNC || mf) {
    r = dwR_call_compiled(I, mf ? mf : (Func *)OBJ(target), mf ? target : dwV_null(), a, &opts,
                          dwV_null());
  } else {
    if (caller) caller->cctx = &opts;
    r = dwI_call(I, target, a);
    if (caller) caller->cctx = saved_ctx;
  }
  Buf guards = {0}, times = {0};
  dwJ_explain_end(I, saved, &guards, &times);
  Value out = dwV_null();
  if (r.t != V_NULL) {
    drop(I, r);
    out = ewb_output(I, NULL, eb, &(Args){0, NULL, 0, NULL});
  }
  /* ops_per_graph, out_guards, compile_times */
  bool ok = out.t != V_NULL;
  if (ok) {
    List *graphs = attr_list(I, eb, "graphs");
    List *per = dwV_list(&I->c, 0);
    ok = graphs && per;
    for (int64_t k = 0; ok && k < graphs->len; k++) {
      List *ops = call_function_targets(I, graphs->items[k]);
      ok = ops && dwV_list_append(&I->c, per, dwV_obj(&ops->h));
      if (ops) dwV_decref_o(&I->c, &ops->h);
    }
    if (graphs) dwV_decref_o(&I->c, &graphs->h);
    ok = ok && set_attr(I, out, "ops_per_graph", dwV_obj(&per->h));
    if (per) dwV_decref_o(&I->c, &per->h);
  }
  if (ok) {
    List *gl = dwV_list(&I->c, 0);
    ok = gl != NULL;
    for (const char *p = guards.p ? guards.p : ""; ok && *p;) {
      const char *nl = strchr(p, '\n');
      char line[512];
      snprintf(line, sizeof line, "%.*s", nl ? (int)(nl - p) : (int)strlen(p), p);
      Value g = guard_of(I, line);
      ok = g.t != V_NULL && dwV_list_append(&I->c, gl, g);
      drop(I, g);
      p = nl ? nl + 1 : p + strlen(p);
    }
    ok = ok && set_attr(I, out, "out_guards", dwV_obj(&gl->h));
    if (gl) dwV_decref_o(&I->c, &gl->h);
  }
  if (ok) ok = set_attr_take(I, out, "compile_times", str_new(I, times.p ? times.p : ""));
  dwB_free(&guards);
  dwB_free(&times);
  drop(I, eb);
  dwR_forget(I, I->codes, I->ncodes);
  if (!ok) {
    drop(I, out);
    if (I->exc.t == V_NULL) dwI_raise_ctx(I);
    return dwV_null();
  }
  return out;
}

static const BuiltinDef fs_methods[] = {
    {"FrameSummary.__init__", fs_init, TK_PURE, 0, 0},
    {"FrameSummary.__repr__", fs_repr, TK_PURE, 0, 0},
    {"FrameSummary.__str__", fs_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef gcr_methods[] = {
    {"GraphCompileReason.__init__", gcr_init, TK_PURE, 0, 0},
    {"GraphCompileReason.__repr__", gcr_repr, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef guard_methods[] = {
    {"Guard.__str__", guard_str, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef eo_methods[] = {
    {"ExplainOutput.__init__", eo_init, TK_PURE, 0, 0},
    {"ExplainOutput.__str__", eo_str, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef ewb_methods[] = {
    {"ExplainWithBackend.__init__", ewb_init, TK_UNSUPPORTED, 0, 0},
    {"ExplainWithBackend.__call__", ewb_call, TK_UNSUPPORTED, 0, 0},
    {"ExplainWithBackend.output", ewb_output, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

/* ------------------------------------------------------------------ */
/* torch._logging.set_logs                                             */
/* ------------------------------------------------------------------ */

/* The artifacts and components set_logs takes (torch/_logging/
 * _registrations.py); those with a DW_LOG_* bit print what the CLI's
 * --logs prints, the others are accepted and print nothing. */
static const struct {
  const char *name;
  int bit;
} log_names[] = {
    {"graph_breaks", DW_LOG_GRAPH_BREAKS}, {"recompiles", DW_LOG_RECOMPILES},
    {"recompiles_verbose", DW_LOG_RECOMPILES}, {"guards", DW_LOG_GUARDS},
    {"graph_code", DW_LOG_GRAPH_CODE}, {"output_code", DW_LOG_OUTPUT_CODE},
    {"all", 0}, {"dynamo", 0}, {"aot", 0}, {"autograd", 0}, {"dynamic", 0}, {"inductor", 0},
    {"distributed", 0}, {"dtensor", 0}, {"onnx", 0}, {"export", 0}, {"bytecode", 0},
    {"aot_graphs", 0}, {"aot_joint_graph", 0}, {"ddp_graphs", 0}, {"graph", 0},
    {"graph_sizes", 0}, {"trace_source", 0}, {"trace_call", 0}, {"trace_bytecode", 0},
    {"kernel_code", 0}, {"schedule", 0}, {"perf_hints", 0}, {"post_grad_graphs", 0},
    {"pre_grad_graphs", 0}, {"cudagraphs", 0}, {"sym_node", 0}, {"compiled_autograd", 0},
    {"compiled_autograd_verbose", 0}, {"fusion", 0}, {"overlap", 0}, {"modules", 0},
    {"cudagraph_static_inputs", 0}, {"benchmarking", 0}, {"loop_ordering", 0},
    {"autotuning", 0}, {"graph_region_expansion", 0}, {"inductor_metrics", 0},
    {"hierarchical_compile", 0}, {"fsdp", 0}, {"c10d", 0}, {"ddp", 0}};

/* set_logs(**kwargs): every call replaces the previous settings (as
 * PyTorch's does); a true value turns an artifact on. */
BI(c_set_logs) {
  (void)def;
  (void)self;
  if (a->n) return dwI_raise(I, EXC_TypeError, "set_logs() takes 0 positional arguments but %d were given", a->n);
  int logs = 0;
  for (int k = 0; k < a->nkw; k++) {
    const char *n = a->kw[k].name->s;
    int j = 0, nn = (int)(sizeof log_names / sizeof *log_names);
    while (j < nn && strcmp(log_names[j].name, n)) j++;
    if (j == nn)
      return dwI_raise(I, EXC_TypeError, "set_logs() got an unexpected keyword argument '%s'", n);
    Value v = a->kw[k].v;
    bool on;
    if (v.t == V_NONE) on = false;
    else if (!dwOb_truth(I, v, &on)) return dwV_null();
    if (on) logs |= log_names[j].bit;
  }
  I->opt.logs = logs;
  return dwV_none();
}

/* ------------------------------------------------------------------ */
/* Missing names                                                       */
/* ------------------------------------------------------------------ */

/* A public name the compiler API modules do not have is a PyTorch API
 * dynawasm does not implement: NotImplementedError, not AttributeError. */
/* The compiler APIs of torch dynawasm does not have, as attributes of
 * torch and as modules under these names. */
static const char *const torch_apis[] = {
    "export", "_export", "_inductor", "_functorch", "func", "vmap", "while_loop", "jit",
    "library", "onnx", "_subclasses", NULL};
static const char *const api_modules[] = {
    "torch._dynamo.", "torch.compiler.", "torch.fx.", "torch._higher_order_ops.", "torch._guards.",
    "torch._logging.", "functorch.", NULL};

Value dwD_missing(Interp *I, Module *m, Str *name) {
  bool api = m->special == MOD_API && name->s[0] != '_';
  for (int k = 0; !api && m == I->torch && torch_apis[k]; k++) api = !strcmp(name->s, torch_apis[k]);
  if (!api)
    return dwI_raise(I, EXC_AttributeError, "module '%s' has no attribute '%s'", m->name->s,
                     name->s);
  return dwI_raise(I, EXC_NotImplementedError, "%s.%s is not supported", m->name->s, name->s);
}

bool dwD_missing_module(Interp *I, const char *dotted) {
  bool api = false;
  for (int k = 0; !api && api_modules[k]; k++) {
    size_t n = strlen(api_modules[k]);
    api = !strncmp(dotted, api_modules[k], n) ||
          (!strncmp(dotted, api_modules[k], n - 1) && dotted[n - 1] == 0);
  }
  for (int k = 0; !api && torch_apis[k]; k++) {
    size_t n = strlen(torch_apis[k]);
    api = !strncmp(dotted, "torch.", 6) && !strncmp(dotted + 6, torch_apis[k], n) &&
          (dotted[6 + n] == 0 || dotted[6 + n] == '.');
  }
  if (api) dwI_raise(I, EXC_NotImplementedError, "%s is not supported", dotted);
  return api;
}

/* ------------------------------------------------------------------ */
/* Tables and init                                                     */
/* ------------------------------------------------------------------ */

static const BuiltinDef dynamo_defs[] = {
    {"torch._dynamo.graph_break", c_graph_break, TK_SPECIAL, 0, 0},
    {"torch._dynamo.disable", c_disable, TK_PURE, 0, 0},
    {"torch._dynamo.reset", c_reset, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.explain", c_explain, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.allow_in_graph", c_allow_in_graph, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.disallow_in_graph", c_disallow_in_graph, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.mark_dynamic", c_mark_dynamic, TK_PURE, 0, "t,index,min,max"},
    {"torch._dynamo.assume_constant_result", c_passthrough, TK_PURE, 0, 0},
    {"torch._dynamo.is_compiling", c_is_compiling, TK_PURE, 0, 0},
    {"torch._dynamo.optimize", c_optimize, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.optimize_assert", c_optimize, TK_UNSUPPORTED, 1, 0},
    {"torch._dynamo.lookup_backend", c_lookup_backend, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.register_backend", c_register_backend, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.list_backends", c_list_backends, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef compiler_defs[] = {
    {"torch.compiler.disable", c_disable, TK_PURE, 0, 0},
    {"torch.compiler.reset", c_reset, TK_UNSUPPORTED, 0, 0},
    {"torch.compiler.allow_in_graph", c_allow_in_graph, TK_UNSUPPORTED, 0, 0},
    {"torch.compiler.disallow_in_graph", c_disallow_in_graph, TK_UNSUPPORTED, 0, 0},
    {"torch.compiler.assume_constant_result", c_passthrough, TK_PURE, 0, 0},
    {"torch.compiler.is_compiling", c_is_compiling, TK_PURE, 0, 0},
    {"torch.compiler.is_dynamo_compiling", c_is_compiling, TK_PURE, 0, 0},
    {"torch.compiler.list_backends", c_list_backends, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef testing_defs[] = {
    {"torch._dynamo.testing.same", c_same, TK_DATA, 0, 0},
    {"torch._dynamo.testing.unsupported", c_unsupported, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.testing.reset_rng_state", c_reset_rng_state, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.testing.normalize_gm", c_normalize_gm, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef registry_defs[] = {
    {"torch._dynamo.backends.registry.lookup_backend", c_lookup_backend, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.backends.registry.register_backend", c_register_backend, TK_UNSUPPORTED, 0, 0},
    {"torch._dynamo.backends.registry.list_backends", c_list_backends, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef logging_defs[] = {
    {"torch._logging.set_logs", c_set_logs, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef config_defs[] = {
    {"torch._dynamo.config.patch", c_config_patch, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef counter_methods[] = {
    {"CompileCounter.__init__", cc_init, TK_PURE, 0, 0},
    {"CompileCounter.__call__", cc_call, TK_UNSUPPORTED, 0, 0},
    {"CompileCounter.clear", cc_clear, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef counter_backend_methods[] = {
    {"CompileCounterWithBackend.__init__", cc_init, TK_PURE, 1, 0},
    {"CompileCounterWithBackend.__call__", cc_call, TK_UNSUPPORTED, 1, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef record_methods[] = {
    {"EagerAndRecordGraphs.__init__", eg_init, TK_PURE, 0, 0},
    {"EagerAndRecordGraphs.__call__", eg_call, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};
static const BuiltinDef patch_methods[] = {
    {"_ConfigPatch.__enter__", c_patch_enter, TK_UNSUPPORTED, 0, 0},
    {"_ConfigPatch.__exit__", c_patch_exit, TK_UNSUPPORTED, 0, 0},
    {"_ConfigPatch.__call__", c_patch_call, TK_PURE, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static const BuiltinDef stance_methods[] = {
    {"set_stance.__init__", c_stance_init, TK_UNSUPPORTED, 0, 0},
    {"set_stance.__enter__", c_stance_enter, TK_UNSUPPORTED, 0, 0},
    {"set_stance.__exit__", c_stance_exit, TK_UNSUPPORTED, 0, 0},
    {"set_stance.__call__", c_stance_call, TK_UNSUPPORTED, 0, 0},
    {NULL, NULL, 0, 0, 0}};

static bool add_class(Interp *I, Module *m, const char *name, const BuiltinDef *methods) {
  Class *c = dwL_new_class(I, name, NULL, CLS_BUILTIN);
  if (!c || !dwL_add_defs(I, c->ns, methods)) return false;
  bool ok = dwL_set(I, m->attrs, name, dwV_obj(&c->h));
  dwV_decref_o(&I->c, &c->h);
  return ok;
}

static bool set_mod(Interp *I, Module *parent, const char *name, Module *child) {
  return dwL_set(I, parent->attrs, name, dwV_obj(&child->h));
}

/* The exception classes of torch._dynamo.exc (the runtime knows every
 * exception type by name among the builtins, where they stay too). */
static bool exc_classes(Interp *I, Module *exc, Module *debugging) {
  static const ExcType dyn[] = {
      EXC_TorchDynamoException, EXC_Unsupported, EXC_ShortenTraceback,
      EXC_BackendCompilerFailed, EXC_InternalTorchDynamoError, EXC_InvalidBackend,
      EXC_TorchRuntimeError, EXC_UserError, EXC_RecompileError, EXC_SkipFrame,
      EXC_ResetRequired, EXC_UncapturedHigherOrderOpError, EXC_CondOpArgsMismatchError,
      EXC_ObservedException, EXC_ObservedUserStopIteration, EXC_ObservedLookupError,
      EXC_ObservedIndexError, EXC_ObservedKeyError, EXC_ObservedAttributeError,
      EXC_ObservedRuntimeError, EXC_ObservedNotImplementedError, EXC_ObservedTypeError,
      EXC_FailOnRecompileLimitHit, EXC_ReluCompileError, EXC_TestingOnlyCompileError};
  for (size_t k = 0; k < sizeof dyn / sizeof *dyn; k++) {
    Str *name = dwI_intern(I, dwV_exc_names[dyn[k]]);
    Value c = dwV_dict_gets(I->builtins, name);
    if (c.t != V_CLASS) continue;
    Module *to = dyn[k] == EXC_ReluCompileError || dyn[k] == EXC_TestingOnlyCompileError ? debugging : exc;
    if (!dwL_set(I, to->attrs, name->s, c)) return false;
  }
  return true;
}

bool dwD_init(Interp *I) {
  Module *torch = I->torch;
  Module *dyn = dwL_module(I, "torch._dynamo");
  Module *cfg = dwL_module(I, "torch._dynamo.config");
  Module *comp = dwL_module(I, "torch.compiler");
  Module *testing = dwL_module(I, "torch._dynamo.testing");
  Module *exc = dwL_module(I, "torch._dynamo.exc");
  Module *backends = dwL_module(I, "torch._dynamo.backends");
  Module *reg = dwL_module(I, "torch._dynamo.backends.registry");
  Module *dbg = dwL_module(I, "torch._dynamo.backends.debugging");
  Module *utils = dwL_module(I, "torch._dynamo.utils");
  Module *evf = dwL_module(I, "torch._dynamo.eval_frame");
  Module *lg = dwL_module(I, "torch._logging");
  Module *og = dwL_module(I, "torch._dynamo.output_graph");
  Module *gd = dwL_module(I, "torch._guards");
  if (!torch || !dyn || !cfg || !comp || !testing || !exc || !backends || !reg || !dbg ||
      !utils || !evf || !lg || !og || !gd)
    return false;
  if (!dwL_add_defs(I, lg->attrs, logging_defs) || !set_mod(I, torch, "_logging", lg)) return false;
  cfg->special = MOD_DYNAMO_CONFIG;
  I->dynamo_config = cfg;
  Module *api[] = {dyn, comp, testing, exc, backends, reg, dbg, utils, evf, lg, og, gd};
  for (size_t k = 0; k < sizeof api / sizeof *api; k++) api[k]->special = MOD_API;
  static const BuiltinDef compile_def[] = {{"torch.compile", c_compile, TK_PURE, 0, 0},
                                           {NULL, NULL, 0, 0, 0}};
  if (!dwL_add_defs(I, torch->attrs, compile_def) || !dwL_add_defs(I, dyn->attrs, dynamo_defs) ||
      !dwL_add_defs(I, comp->attrs, compiler_defs) || !dwL_add_defs(I, testing->attrs, testing_defs) ||
      !dwL_add_defs(I, reg->attrs, registry_defs) || !dwL_add_defs(I, cfg->attrs, config_defs) ||
      !config_init(I, cfg))
    return false;
  if (!set_mod(I, torch, "_dynamo", dyn) || !set_mod(I, dyn, "config", cfg) ||
      !set_mod(I, torch, "compiler", comp) || !set_mod(I, dyn, "testing", testing) ||
      !set_mod(I, dyn, "exc", exc) || !set_mod(I, dyn, "backends", backends) ||
      !set_mod(I, backends, "registry", reg) || !set_mod(I, backends, "debugging", dbg) ||
      !set_mod(I, dyn, "utils", utils) || !set_mod(I, dyn, "eval_frame", evf) ||
      !set_mod(I, dyn, "output_graph", og) || !set_mod(I, torch, "_guards", gd))
    return false;
  /* torch.__version__: the release whose Dynamo the ports match (README,
   * "Which PyTorch") */
  {
    Value ver = str_new(I, DW_TORCH_VERSION);
    bool ok = ver.t != V_NULL && dwL_set(I, torch->attrs, "__version__", ver);
    drop(I, ver);
    if (!ok) return false;
  }
  /* the same functions under the names PyTorch also gives them */
  dwL_set(I, utils->attrs, "same", dwV_dict_gets(testing->attrs, dwI_intern(I, "same")));
  dwL_set(I, evf->attrs, "unsupported", dwV_dict_gets(testing->attrs, dwI_intern(I, "unsupported")));
  dwL_set(I, testing->attrs, "three", dwV_int(3));
  /* classes */
  if (!add_class(I, testing, "CompileCounter", counter_methods) ||
      !add_class(I, testing, "CompileCounterWithBackend", counter_backend_methods) ||
      !add_class(I, testing, "EagerAndRecordGraphs", record_methods) ||
      !add_class(I, cfg, "_ConfigPatch", patch_methods) ||
      !add_class(I, comp, "set_stance", stance_methods) ||
      !add_class(I, og, "FrameSummary", fs_methods) ||
      !add_class(I, og, "GraphCompileReason", gcr_methods) ||
      !add_class(I, gd, "Guard", guard_methods) ||
      !add_class(I, dbg, "ExplainOutput", eo_methods) ||
      !add_class(I, dbg, "ExplainWithBackend", ewb_methods))
    return false;
  dwL_set(I, evf->attrs, "set_stance", dwV_dict_gets(comp->attrs, dwI_intern(I, "set_stance")));
  {
    Str *d = dwI_intern(I, "default");
    Value t = stance_tuple(I, VSTR(d), false, dwV_none());
    bool ok = t.t != V_NULL && dwL_set(I, dyn->attrs, "_dw_stance", t);
    drop(I, t);
    if (!ok) return false;
    I->stance = ST_DEFAULT;
  }
  /* registries */
  Dict *bk = dwV_dict(&I->c);
  List *al = dwV_list(&I->c, 0), *dis = dwV_list(&I->c, 0);
  bool ok = bk && al && dis && dwL_set(I, dyn->attrs, "_dw_backends", dwV_obj(&bk->h)) &&
            dwL_set(I, dyn->attrs, "_dw_allowed", dwV_obj(&al->h)) &&
            dwL_set(I, dyn->attrs, "_dw_disallowed", dwV_obj(&dis->h));
  if (bk) dwV_decref_o(&I->c, &bk->h);
  if (al) dwV_decref_o(&I->c, &al->h);
  if (dis) dwV_decref_o(&I->c, &dis->h);
  return ok && exc_classes(I, exc, dbg) && dwH_init(I);
}
