/* interp.h - the evaluator's structures, shared by interp.c (evaluation),
 * resolve.c (scopes), builtins.c / torchlib.c (library), trace.c (Dynamo
 * semantics), report.c (the run report) and api.c (sessions and runs). */
#ifndef DW_INTERP_H
#define DW_INTERP_H

#include "dw.h"
#include "dynawasm.h"

typedef struct Interp Interp;
typedef struct Frame Frame;
typedef struct Trace Trace;
typedef struct UnitCache UnitCache;

/* ------------------------------------------------------------------ */
/* Scopes and code (resolve.c)                                         */
/* ------------------------------------------------------------------ */

/* Where a name lives, decided once after parsing. */
enum ResolvedScope {
  RS_LOCAL,  /* frame->slots[slot] */
  RS_CELL,   /* frame->slots[slot] holds a Cell (captured by an inner def) */
  RS_FREE,   /* frame->func->cells[slot]: a cell of an enclosing function */
  RS_GLOBAL, /* I->globals[slot]; falls back to the builtin of that name */
  RS_CLASS   /* class body: the class namespace, then RS_GLOBAL slot */
};

/* One function body, lambda, comprehension, class body or module. */
typedef struct Code {
  Node *node;          /* N_DEF, N_LAMBDA, N_LISTCOMP..., N_CLASS, N_MODULE */
  const char *name;    /* "f", "<lambda>", "<listcomp>", "<module>" */
  struct Code *parent; /* lexically enclosing code */
  int nslots;          /* locals (incl. parameters and cells) */
  Str **slotnames;     /* for NameError/UnboundLocalError and guards */
  uint8_t *slotcell;   /* slotcell[k]: slot k holds a Cell */
  int nfree;           /* cells captured from enclosing scopes */
  int *freefrom;       /* per free var: encoded source in the parent:
                          >= 0 parent's slot (a cell), < 0: -1-k parent's
                          free var k */
  Str **freenames;
  int nparams;         /* positional-or-keyword + keyword-only params */
  int firstline;       /* the def line */
  bool is_module, is_class, is_comp;
  bool prelude;        /* runtime library code (no marks, own file name) */
  struct UnitCache *caches; /* Dynamo caches of this code (trace.c) */
} Code;

/* Global variables: one slot per name ever bound at module level or read
 * as a global anywhere. */
typedef struct GlobalSlot {
  Str *name;
  Value v;       /* V_NULL while unbound */
  Value builtin; /* the builtin of that name, V_NULL if none */
} GlobalSlot;

bool dwI_resolve(Interp *I, Node *module, Code **out);

/* ------------------------------------------------------------------ */
/* Interpreter objects                                                 */
/* ------------------------------------------------------------------ */

/* torch.compile options carried by a compile context. */
typedef struct CompileOpts {
  int backend;        /* BK_* */
  bool fullgraph;
  bool explain;       /* a torch._dynamo.explain(...) call is collecting */
} CompileOpts;

enum Backend {
  BK_WASM,                 /* "wasm" (also "inductor", the default) */
  BK_EAGER,                /* "eager": graph op by op on eager kernels */
  BK_AOT_EAGER,            /* "aot_eager": treated as "eager" */
  BK_RELU_COMPILE_ERROR,   /* "relu_compile_error_TESTING_ONLY" */
  BK_RELU_RUNTIME_ERROR    /* "relu_runtime_error_TESTING_ONLY" */
};
extern const char *const dwR_backend_names[];

typedef struct Func {
  Obj h;
  Code *code;
  Value *defaults;   /* code->nparams entries, V_NULL where none */
  Cell **cells;      /* code->nfree captured cells */
  Str *name;         /* __name__ */
  Value module_ns;   /* unused (globals are session slots) */
  Dict *attrs;       /* function attributes (rare) */
  struct Class *owner; /* class whose body defined it (for super()) */
} Func;

/* A C function. `self` is the bound receiver (V_NULL when unbound). */
typedef struct KwArg {
  Str *name;
  Value v;
} KwArg;
typedef struct Args {
  int n;           /* positional */
  Value *v;
  int nkw;         /* keyword */
  KwArg *kw;
} Args;
struct BuiltinDef;
typedef Value (*BuiltinFn)(Interp *I, const struct BuiltinDef *def, Value self,
                           Args *a);

/* What calling a builtin means to the tracer. */
enum TraceKind {
  TK_PURE,        /* Python-level, no side effects: runs while tracing */
  TK_TENSOR,      /* tensor op: records into the graph while tracing */
  TK_MUTATE,      /* mutates its receiver (list.append): logged, runs */
  TK_UNSUPPORTED, /* print, input, time.*: an unsupported_call break */
  TK_DATA,        /* needs tensor data (item, tolist): data_dependent */
  TK_SPECIAL      /* handled by the evaluator itself (graph_break, ...) */
};

typedef struct BuiltinDef {
  const char *name;    /* "print", "sum", "Tensor.sum", "torch.sin" */
  BuiltinFn fn;
  uint8_t trace;       /* TraceKind */
  int16_t data;        /* free for the implementation (an Op, a flag) */
  const char *doc;     /* argument names, "input,dim,keepdim" (optional) */
} BuiltinDef;

typedef struct Builtin {
  Obj h;
  const BuiltinDef *def;
  Value self;          /* bound receiver or V_NULL */
  Value extra;         /* partial argument (explain(f), ...) */
} Builtin;

typedef struct Bound {
  Obj h;
  Value self;
  Value func;          /* Func or Wrap */
} Bound;

enum WrapKind {
  WRAP_COMPILE,     /* torch.compile(f) */
  WRAP_DISABLE,     /* torch.compiler.disable(f) */
  WRAP_PROPERTY,    /* property(fget): read through the instance */
  WRAP_STATIC,      /* staticmethod(f): not bound */
  WRAP_CLASSMETHOD  /* classmethod(f): bound to the class */
};
typedef struct Wrap {
  Obj h;
  uint8_t kind;        /* WrapKind */
  bool recursive;      /* WRAP_DISABLE */
  Str *reason;         /* WRAP_DISABLE reason= */
  CompileOpts opts;    /* WRAP_COMPILE */
  Value target;        /* the wrapped callable */
} Wrap;

enum ClassFlags {
  CLS_NN_MODULE = 1,   /* derives from torch.nn.Module */
  CLS_EXCEPTION = 2,   /* derives from an exception type */
  CLS_BUILTIN = 4      /* provided by the runtime (ValueError, nn.Module) */
};
typedef struct Class {
  Obj h;
  Str *name;
  struct Class *base;  /* user base class, or NULL */
  int builtin_base;    /* -1, or ExcType for exception subclasses */
  uint16_t cflags;     /* ClassFlags */
  Dict *ns;            /* methods and class attributes */
  int line;
} Class;

typedef struct Inst {
  Obj h;
  Class *cls;
  Dict *attrs;
} Inst;

typedef struct Module {
  Obj h;
  Str *name;           /* "torch", "torch.nn.functional", "math" */
  Dict *attrs;
  int special;         /* MOD_* */
} Module;
enum { MOD_PLAIN, MOD_DYNAMO_CONFIG };

enum IterKind {
  IT_SEQ,       /* list/tuple/str by index */
  IT_RANGE,     /* range */
  IT_DICT,      /* dict keys (items/values via mode) */
  IT_ENUMERATE, /* (i, x) over an inner iterator */
  IT_ZIP,       /* tuples over inner iterators */
  IT_TENSOR,    /* rows of a tensor (select dim 0) */
  IT_MAP,       /* map(f, it) */
  IT_REVERSED   /* reversed(seq) */
};
typedef struct Iter {
  Obj h;
  uint8_t kind;
  uint8_t mode;        /* IT_DICT: 0 keys, 1 values, 2 items */
  Value src;           /* sequence / inner iterator / function */
  Value *inner;        /* IT_ZIP: iterators */
  int ninner;
  int64_t i, n, step;  /* position */
} Iter;

/* ------------------------------------------------------------------ */
/* Marks, breaks, report data                                          */
/* ------------------------------------------------------------------ */

enum MarkKind {
  MK_TRACED,           /* traced */
  MK_NOT_TRACED,       /* not_traced */
  MK_GRAPH_BREAK,      /* graph_break (reason, message, function, hint) */
  MK_DISABLED,         /* disabled (recursive, function) */
  MK_SUPPRESSED,       /* suppressed_error (message, function) */
  MK_COUNT
};
extern const char *const dwR_mark_names[MK_COUNT];

enum BreakReason {
  BR_GRAPH_BREAK_CALL, /* torch._dynamo.graph_break() */
  BR_DISABLED_CALL,    /* calling a disabled function */
  BR_UNSUPPORTED_CALL, /* print, input, time, unknown methods */
  BR_DATA_DEPENDENT,   /* Python value needed from tensor data */
  BR_UNSUPPORTED_SYNTAX, /* try, raise, global writes, ... */
  BR_COUNT
};
extern const char *const dwR_reason_names[BR_COUNT];

typedef struct Mark {
  int line;
  uint8_t kind;        /* MarkKind */
  uint8_t reason;      /* MK_GRAPH_BREAK */
  bool recursive;      /* MK_DISABLED */
  char *message;       /* owned; graph breaks and suppressed errors */
  char *function;      /* owned */
  char *hint;          /* owned; graph breaks */
} Mark;

/* A pending graph break travelling from where it happened to the
 * statement of the unit's root frame that it breaks. */
typedef struct Break {
  bool pending;
  uint8_t reason;      /* BreakReason */
  int line, col;       /* where, in the innermost traced frame */
  char msg[400];       /* PyTorch-like message */
  char fn[80];         /* function it happened in */
  /* the user stack, innermost last */
  struct { char fn[80]; int line; } stack[16];
  int nstack;
} Break;

/* ------------------------------------------------------------------ */
/* Frames and the interpreter                                          */
/* ------------------------------------------------------------------ */

/* Statement results. */
typedef enum Exec {
  X_NORMAL,   /* fell through */
  X_RETURN,   /* `return`: value in I->retval */
  X_BREAK,    /* `break` */
  X_CONTINUE, /* `continue` */
  X_EXC,      /* an exception is pending (I->exc) */
  X_GBREAK,   /* a graph break is pending (I->brk) */
  X_SKIP      /* the unit must be thrown away and run eagerly */
} Exec;

struct Frame {
  Frame *back;
  Code *code;
  Func *func;          /* NULL for module and class bodies */
  Value *slots;        /* code->nslots */
  Dict *ns;            /* class body namespace */
  int line, col;       /* current position (statement / expression) */
  const CompileOpts *cctx; /* compile context: callees are compiled */
  Trace *trace;        /* non-NULL while this frame is traced */
  bool unit_root;      /* the root frame of trace->unit */
  int loop_depth;      /* nesting of for/while in this frame */
  int depth;           /* recursion depth */
};

struct Interp {
  Ctx c;               /* library context (must be first) */
  dw_options opt;
  const char *filename;
  const char *src;     /* the program, for tracebacks */
  size_t srclen;
  Arena arena;         /* run lifetime: AST, code, names */
  Buf out, err;        /* the program's stdout and stderr */
  Frame *frame;        /* current frame */
  Value exc;           /* pending exception (V_EXC) or V_NULL */
  Value retval;        /* X_RETURN value */
  Value handling;      /* exception being handled (bare `raise`) */
  Value ellipsis;      /* the Ellipsis singleton */
  volatile int *interrupt; /* set by the host to stop the program */
  Break brk;           /* pending graph break */
  int depth;           /* frames on the stack */
  int max_depth;       /* RecursionError beyond (1000) */
  uintptr_t stack_base;  /* address near the bottom of dw_run's C stack */
  size_t stack_budget;   /* RecursionError when the C stack grows beyond */
  uint64_t steps;      /* statements executed */
  Dict *interned;      /* interned strings */
  Dict *builtins;      /* name -> builtin function / class */
  Dict *modules;       /* dotted name -> Module */
  Dict *tensor_methods;/* name -> index into torchlib's method table */
  bool stop_iter;      /* a dwI_foreach callback stopped early on purpose */
  GlobalSlot *globals;
  int nglobals, capglobals;
  Code **codes;        /* every code of the run (resolve.c) */
  int ncodes, capcodes;
  Module *torch, *dynamo_config;
  /* Dynamo state (trace.c) */
  bool suppress_errors;
  int64_t cache_size_limit;
  Trace *trace;        /* the active trace, if any */
  Mark *marks;
  int nmarks, capmarks;
  void *rt;            /* trace.c's run state (graphs, frames, explain) */
  bool no_mark;        /* the next statement mark is dropped */
  Tensor **memo;       /* ops a breaking statement traced (trace.c) */
  uint16_t *memo_op;
  int nmemo, memo_pos;
  Frame *replaying;    /* frame re-running a breaking statement eagerly */
  uint64_t unit_serial;
  struct {
    bool pending;
    int line;
    char msg[600], fn[80];
  } suppressed;        /* a suppressed compiler error, to mark */
  dw_host_compile_fn host_fn;
  void *host;
  double t0;           /* start of the run, ms */
};

/* ------------------------------------------------------------------ */
/* interp.c                                                            */
/* ------------------------------------------------------------------ */

Value dwI_raise(Interp *I, ExcType t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
Value dwI_raise_ctx(Interp *I); /* raise the library error in I->c */
Value dwI_raise_key(Interp *I, Value key); /* KeyError(key) */
Value dwI_call(Interp *I, Value callee, Args *a);
Value dwI_call0(Interp *I, Value callee, int n, Value *v);
Value dwI_getattr(Interp *I, Value obj, Str *name);
bool dwI_setattr(Interp *I, Value obj, Str *name, Value v);
Value dwI_iter(Interp *I, Value v);
/* Next item: V_NULL with no exception at the end. */
Value dwI_next(Interp *I, Value it);
bool dwI_truth(Interp *I, Value v, bool *out);
Value dwI_binop(Interp *I, int op, Value a, Value b);
Value dwI_compare(Interp *I, int op, Value a, Value b);
Str *dwI_intern(Interp *I, const char *s);
Value dwI_eval(Interp *I, Frame *f, Node *n);
bool dwI_stack_ok(Interp *I); /* RecursionError when the C stack is low */
void dwI_tb_add(Interp *I, Frame *f);
Exec dwI_exec_stmt(Interp *I, Frame *f, Node *s);
Exec dwI_exec_block(Interp *I, Frame *f, NodeList *b);
Exec dwI_exec_from(Interp *I, Frame *f, Node *s); /* s..end of the body */
Value dwI_run_code(Interp *I, Code *code);         /* a module body */
Frame *dwI_frame_push(Interp *I, Func *fn, Value self, Args *a);
void dwI_frame_pop(Interp *I, Frame *f);
Value dwI_run_frame(Interp *I, Frame *f, Exec *status);
Value dwI_getitem(Interp *I, Value obj, Value idx);
bool dwI_setitem(Interp *I, Value obj, Value idx, Value v);
bool dwI_slice_indices(Interp *I, Slice *s, int64_t n, int64_t *start,
                       int64_t *stop, int64_t *step);
Value dwI_class_lookup(struct Class *c, Str *name); /* borrowed */
Value dwI_new_exc(Interp *I, ExcType t, struct Class *cls, Args *a);
bool dwI_foreach(Interp *I, Value iterable,
                 bool (*fn)(Interp *I, Value item, void *ud), void *ud);
List *dwI_to_list(Interp *I, Value iterable);
int dwI_global_slot(Interp *I, Str *name);
void dwI_format_exc(Interp *I, Buf *b, Exc *e);
double dw_now_ms(void);

/* ------------------------------------------------------------------ */
/* trace.c: the Dynamo part                                            */
/* ------------------------------------------------------------------ */

/* Records a mark (tentative while a trace is active). */
void dwR_mark(Interp *I, int line, int kind);
void dwR_mark_break(Interp *I, const Break *b);
void dwR_mark_disabled(Interp *I, int line, bool recursive, const char *fn);
/* Raises a graph break from the current (traced) position: returns V_NULL
 * with I->brk pending. */
Value dwR_break(Interp *I, int reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Runs a user function as a compiled frame (Dynamo's frame evaluation). */
Value dwR_call_compiled(Interp *I, Func *f, Value self, Args *a,
                        const CompileOpts *opts);
/* Tensor op dispatch: records into the active graph when the current
 * frame is traced (lifting real tensors as inputs), else runs eagerly. */
Value dwR_op(Interp *I, Op op, int nin, Tensor **in, const OpAttrs *at);
bool dwR_tracing(Interp *I);
/* Guards: what the active trace read from its unit's inputs. */
void dwR_guard_read_slow(Interp *I, Frame *f, int slot, bool free);
void dwR_guard_global_slow(Interp *I, int slot);
#define dwR_guard_read(I, f, slot, fr)                                        \
  do {                                                                       \
    if ((f)->trace && (f)->unit_root) dwR_guard_read_slow(I, f, slot, fr);   \
  } while (0)
#define dwR_guard_global(I, slot)                                             \
  do {                                                                       \
    if ((I)->trace) dwR_guard_global_slow(I, slot);                          \
  } while (0)
/* A traced frame writes a global: a graph break (false) or allowed. */
bool dwR_global_write(Interp *I, Node *name);
/* A graph break leaves an inlined frame: re-attribute it to the call. */
void dwR_break_passes(Interp *I, Frame *callee);
/* Undo log for the Python-level effects of a trace. */
void dwR_log_slot(Interp *I, Value *slot);
void dwR_log_store(Interp *I, Frame *f, Node *name, Value *slot);
void dwR_log_tensor(Interp *I, Tensor *x); /* before an in-place rebind */
void dwR_log_obj(Interp *I, Obj *o);
Exec dwR_exec_stmt(Interp *I, Frame *f, Node *s); /* unit-root statements */
void dwR_run_begin(Interp *I);
void dwR_run_end(Interp *I);
void dwR_forget(Interp *I, Code **codes, int n); /* drop Dynamo caches */
Value dwR_explain_call(Interp *I, Value fn, Args *a);
void dwR_reset(Interp *I);
void dwR_report(Interp *I, Buf *b); /* marks, frames, graphs, explain */

/* ------------------------------------------------------------------ */
/* Library (builtins.c, torchlib.c)                                    */
/* ------------------------------------------------------------------ */

bool dwL_init(Interp *I); /* builtins, torch, math, time modules */
bool dwL_torch_init(Interp *I);
bool dwL_bind(Interp *I, const char *fname, Value self, Args *a,
              const char *names, Value *out, int nout);
bool dwL_int(Interp *I, Value v, const char *what, int64_t *out);
bool dwL_float(Interp *I, Value v, const char *what, double *out);
int64_t dwL_len(Interp *I, Value v);
Value dwL_tuple_of(Interp *I, Value v);
bool dwL_repr_value(Interp *I, Buf *b, Value v);
Value dwL_new_builtin(Interp *I, const BuiltinDef *d);
Value dwL_bound(Interp *I, const BuiltinDef *d, Value self);
bool dwL_add_defs(Interp *I, Dict *d, const BuiltinDef *tab);
Module *dwL_module(Interp *I, const char *name);
bool dwL_set(Interp *I, Dict *d, const char *name, Value v);
bool dwL_sort_list(Interp *I, List *l, Value key, bool reverse);
Value dwL_tensor_attr(Interp *I, Value t, Str *name);
Value dwL_tensor_round(Interp *I, Value t, Value ndigits);
Value dwL_builtin(Interp *I, const char *name);
/* Attribute of a tensor / str / list / dict / ... value. */
Value dwL_method(Interp *I, Value self, Str *name);
Value dwL_tensor_binop(Interp *I, int binop, Value a, Value b, bool inplace);
Value dwL_tensor_unary(Interp *I, int unop, Value a);
Value dwL_tensor_compare(Interp *I, int cmpop, Value a, Value b);
Value dwL_tensor_getitem(Interp *I, Tensor *t, Value idx);
bool dwL_tensor_setitem(Interp *I, Tensor *t, Value idx, Value v);
Value dwL_wrap_apply(Interp *I, Wrap *w, Value target);
/* graph inputs mutated in place while tracing (functionalised) */
bool dwR_inplace_input(Interp *I, Tensor *x, Tensor *value);
Value dwL_import(Interp *I, const char *dotted);
Value dwL_config_get(Interp *I, Str *name);
bool dwL_config_set(Interp *I, Str *name, Value v);
Value dwL_module_attr(Interp *I, Value inst, Str *name); /* nn.Module */
Value dwL_builtin_class_call(Interp *I, struct Class *c, Args *a);
Value dwL_str_percent(Interp *I, Str *fmt, Value args);
Value dwL_tensor_contains(Interp *I, Tensor *t, Value item);
bool dwL_deep_eq(Value a, Value b);
bool dwL_str_value(Interp *I, Buf *b, Value v); /* str(v), may call __str__ */
bool dwL_format(Interp *I, Buf *b, Value v, Str *spec); /* format(v, spec) */

/* value helpers (value.c) */
Str *dwV_str(Ctx *c, const char *s, size_t n);
Str *dwV_strf(Ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint32_t dwV_hash_str(Str *s);
bool dwV_hashable(Value v);
uint32_t dwV_hash(Value v);
bool dwV_eq(Value a, Value b); /* Python == for hashable keys */
List *dwV_list(Ctx *c, int64_t n);
bool dwV_list_append(Ctx *c, List *l, Value v); /* increfs v */
Tuple *dwV_tuple(Ctx *c, int64_t n);
Dict *dwV_dict(Ctx *c);
Value dwV_dict_get(Dict *d, Value key); /* borrowed; V_NULL if missing */
bool dwV_dict_set(Ctx *c, Dict *d, Value key, Value v); /* increfs both */
bool dwV_dict_del(Ctx *c, Dict *d, Value key);
Value dwV_dict_gets(Dict *d, Str *key);
void dwV_repr(Buf *b, Value v);
void dwV_str_of(Buf *b, Value v);
const char *dwV_type_name(Value v);

#endif
