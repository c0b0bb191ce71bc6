/* interp.h - the evaluator: its structures (frames, the interpreter,
 * marks and breaks), what resolve.c, object.c and interp.c offer the rest
 * of the core, and the named interface section of the Dynamo loop
 * (INTERFACE_BEGIN ... INTERFACE_END below): every call the evaluator and
 * the library make into the layers above them. Included by the runtime,
 * the library (runtime/builtins.h, tensor/torchlib.h), dynamo/ and api.c;
 * never by anything below the evaluator (docs/architecture.md). */
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

/* Global variables: one slot per name ever bound at module level or read
 * as a global anywhere. */
typedef struct GlobalSlot {
  Str *name;
  Value v;       /* V_NULL while unbound */
  Value builtin; /* the builtin of that name, V_NULL if none */
} GlobalSlot;

bool dwI_resolve(Interp *I, Node *module, Code **out);

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
extern const char *const dwJ_mark_names[MK_COUNT]; /* report.c */

enum BreakReason {
  BR_GRAPH_BREAK_CALL, /* torch._dynamo.graph_break() */
  BR_DISABLED_CALL,    /* calling a disabled function */
  BR_UNSUPPORTED_CALL, /* print, input, time, unknown methods */
  BR_DATA_DEPENDENT,   /* Python value needed from tensor data */
  BR_UNSUPPORTED_SYNTAX, /* try, raise, global writes, ... */
  BR_COUNT
};
extern const char *const dwJ_reason_names[BR_COUNT]; /* report.c */

typedef struct Mark {
  int line;
  uint8_t kind;        /* MarkKind */
  uint8_t reason;      /* MK_GRAPH_BREAK */
  bool recursive;      /* MK_DISABLED */
  char *message;       /* owned; graph breaks and suppressed errors */
  char *function;      /* owned */
  char *hint;          /* owned; graph breaks */
  char *title;         /* owned; graph breaks: the message's first line */
} Mark;

/* The graph breaks dynawasm raises that PyTorch's graph-break registry
 * (torch/_dynamo/graph_break_registry.json) knows: their messages are
 * PyTorch's structured ones (report.c). */
enum GbKind {
  GB_NONE,          /* dynawasm's own: a one-line message */
  GB_GRAPH_BREAK,   /* GB0025 Call to `torch._dynamo.graph_break()` */
  GB_SKIP_DISABLED, /* GB0098 Skip calling `torch.compiler.disable()`d function */
  GB_SKIP_INLINE,   /* GB0099 Skip inlining `torch.compiler.disable()`d function */
  GB_BUILTIN,       /* GB0059 Failed to trace builtin operator */
  GB_DATA_BRANCH,   /* GB0170 Data-dependent branching */
  GB_OBSERVED_EXC,  /* GB0088 Observed exception */
  GB_ITEM,          /* GB0124 Unsupported Tensor.item() call with capture_scalar_outputs=False */
  GB_METHOD,        /* GB0156 Unsupported method call */
  GB_COUNT
};

/* What a pending break asks of the frames it travels through (trace.c). */
enum BreakAction {
  BA_CALL,   /* from an inlined frame to the call in the unit's root frame
                that made it: that call breaks the graph */
  BA_REGION, /* to the loop or comprehension of the root frame that now
                runs eagerly (Break.region) */
  BA_SKIP    /* to the root frame's compiled call: the unit is taken back
                and the frame runs eagerly from the unit's start */
};

/* A pending graph break travelling from where it happened to the frame
 * and place that handles it (BreakAction). */
typedef struct Break {
  bool pending;
  uint8_t action;      /* BreakAction */
  bool counted;        /* BA_SKIP: a graph break to count and mark (false:
                          a suppressed compiler error) */
  Node *region;        /* BA_REGION: the loop or comprehension */
  uint8_t reason;      /* BreakReason */
  uint8_t gb;          /* GbKind */
  int line, col;       /* where, in the innermost traced frame */
  char msg[400];       /* PyTorch-like message (GB_*: the registry's title) */
  char expl[600];      /* GB_*: the explanation ... */
  char context[400];   /* ... and the developer debug context */
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
  int try_depth;       /* try bodies with an except clause running in this
                          frame (a raise under one is caught, not a break) */
  int depth;           /* recursion depth */
  /* Compiled frames between units (trace.c): */
  bool armed;          /* a graph break ended the unit: a new one starts at
                          the next resume point (after the expression or
                          statement that broke) */
  bool no_resume;      /* the rest of the frame runs eagerly */
  Node *eager_stmt;    /* a statement (loop, try, with, class) running
                          eagerly because the graph broke in it */
  CompileOpts own_opts;/* run-only copy of cctx (the recompile limit) */
  bool replayed;       /* its call ran by a cache entry's plan: I->retval
                          holds the return value (dynamo/replay.c) */
};

/* A `with` block over an opaque context (Interp.gblk): a grad-mode one
 * (device.c) sets `target` and restores `prev` at its exit. */
typedef struct GradBlock {
  Frame *f;       /* the frame running the block */
  const Node *stmt; /* its `with` statement (NULL: a decorator's) */
  bool grad;      /* a grad-mode context (false: one that changes nothing) */
  bool prev;      /* grad enabled when it was entered ... */
  bool target;    /* ... and while it runs */
  bool inf_prev;  /* inference mode when it was entered */
  bool inference; /* torch.inference_mode: the inference mode changes too */
} GradBlock;

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
  struct NnForward *nn_forward; /* per runtime-provided nn.Module class compiled
                              whole: the Python forward traced for it
                              (tensor/nn_module.c dwNm_compiled_forward) */
  int nn_nforward, nn_capforward;
  Value handling;      /* exception being handled (bare `raise`) */
  Value ellipsis;      /* the Ellipsis singleton */
  volatile int *interrupt; /* set by the host to stop the program */
  Break brk;           /* pending graph break */
  int depth;           /* frames on the stack */
  int max_depth;       /* RecursionError beyond (1000) */
  bool stack_limited;  /* a RecursionError came from the stack, not from
                          max_depth (the report's stack_limited: a host
                          may run the program again on a bigger stack) */
  int host_frames0;     /* dw_host_frames when the run started */
  int host_frames_max;  /* RecursionError beyond that many more (api.c) */
  uintptr_t stack_base;  /* address near the bottom of dw_run's C stack */
  size_t stack_budget;   /* RecursionError when the C stack grows beyond */
  uint64_t steps;      /* statements executed */
  uint64_t attr_epoch; /* attribute writes on modules, classes and
                          functions so far (a cache entry's replay plan
                          holds only while none happens: dynamo/replay.c) */
  uint64_t free_reads; /* closure cells no guard covers read by frames a
                          unit's trace called: a unit that read one is not
                          replayed (dynamo/replay.c) */
  uint64_t id_reads;   /* id() and hash() of objects and tensor versions
                          (Tensor._version) read so far: a unit that read
                          one is not replayed (dynamo/replay.c) */
  Dict *interned;      /* interned strings */
  Dict *builtins;      /* name -> builtin function / class */
  Dict *modules;       /* dotted name -> Module */
  Dict *tensor_methods;/* name -> index into torchlib's method table */
  bool stop_iter;      /* a dwOb_foreach callback stopped early on purpose */
  Obj **reprs;         /* containers being printed (cycles print [...]):
                          reprs_small, or malloc'd while deeper */
  int nreprs, capreprs;
  Obj *reprs_small[32];
  int cmp_depth;       /* nesting of container comparisons / hashing */
  Value not_implemented; /* the NotImplemented singleton */
  GlobalSlot *globals;
  int nglobals, capglobals;
  Code **codes;        /* every code of the run (resolve.c) */
  int ncodes, capcodes;
  Module *torch, *dynamo_config;
  /* Dynamo state (trace.c) */
  uint8_t stance;      /* Stance: torch.compiler.set_stance (dynapi.c) */
  bool suppress_errors;
  int64_t cache_size_limit;  /* config.recompile_limit (alias cache_size_limit) */
  int64_t accum_limit;       /* config.accumulated_recompile_limit */
  bool auto_dynamic;         /* config.automatic_dynamic_shapes */
  bool static_default;       /* config.assume_static_by_default */
  bool param_static;         /* config.force_parameter_static_shapes */
  bool spec_float;           /* config.specialize_float */
  bool mark_unbacked;        /* config.automatic_dynamic_shapes_mark_as == "unbacked" */
  bool fail_on_limit;        /* config.fail_on_recompile_limit_hit */
  bool inline_nn;            /* config.inline_inbuilt_nn_modules */
  bool error_on_recompile;   /* config.error_on_recompile */
  Trace *trace;        /* the active trace, if any */
  /* Grad mode (tensor/device.c): torch.is_grad_enabled() is !no_grad;
   * torch.is_inference_mode_enabled() is inference. gblk: the `with` blocks
   * over grad-mode contexts running now, innermost last (Dynamo's block
   * stack: a graph break inside them exits and re-enters them). */
  bool no_grad;
  bool inference;
  struct GradBlock *gblk;
  int ngblk, capgblk;
  Mark *marks;
  int nmarks, capmarks;
  void *rt;            /* report.c's run records (graphs, frames, explain) */
  void *sympool;       /* symint.c's size expressions (SymInts) */
  uint64_t unit_serial;
  struct {
    bool pending;
    int line;
    char msg[600], fn[80];
  } suppressed;        /* a suppressed compiler error, to mark */
  dw_host_compile_fn host_fn;
  void *host;
  unsigned host_features; /* DW_HOST_* of the session: what kernels may use */
  double t0;           /* start of the run, ms */
};

/* ------------------------------------------------------------------ */
/* interp.c: exceptions, classes, names, calls, the evaluator          */
/* ------------------------------------------------------------------ */

/* The classes of a class's method resolution order, in order: fills
 * out[0..min(n, cap)) and returns n (cap 0: just counts). */
int dwI_class_mro(Class *c, Class **out, int cap);
/* Is `c` the class `base` or derived from it (builtin exception classes
 * through the builtin exception hierarchy)? */
bool dwI_subclass(Class *c, Class *base);
Value dwI_raise(Interp *I, ExcType t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
Value dwI_raise_ctx(Interp *I); /* raise the library error in I->c */
Value dwI_raise_key(Interp *I, Value key); /* KeyError(key) */
Value dwI_new_exc(Interp *I, ExcType t, struct Class *cls, Args *a);
/* object.__new__(c): a new instance of a user class, __init__ not run */
Value dwI_new_inst(Interp *I, struct Class *c);
/* traceback.c */
void dwTb_format(Interp *I, Buf *b, Exc *e); /* the text CPython prints */
void dwTb_add(Interp *I, Frame *f);          /* f's entry while unwinding */
void dwTb_err_at(Interp *I, Frame *f, const Node *n); /* n failed in f */
/* line `line` of the program (to *end, no newline); NULL past the end */
const char *dwTb_line(Interp *I, int line, const char **end);
Str *dwI_intern(Interp *I, const char *s);
int dwI_global_slot(Interp *I, Str *name);
Value dwI_call(Interp *I, Value callee, Args *a);
Value dwI_call0(Interp *I, Value callee, int n, Value *v);
Value dwI_eval(Interp *I, Frame *f, Node *n);
/* WebAssembly frames live on the engine's own stack (V8: 984 KB in Node
 * and Chrome), which no C code can measure: the core is compiled with
 * -finstrument-functions-after-inlining there and api.c counts the frames
 * in dw_host_frames. Native builds measure the C stack instead. */
#if defined(__EMSCRIPTEN__)
extern int dw_host_frames;
#define DW_HOST_DEEP(I) (dw_host_frames - (I)->host_frames0 > (I)->host_frames_max)
/* A call needs some room left (dwFr_push): plain recursion then runs
 * out at a call, as in CPython, whatever the budget's remainder modulo a
 * call's frames (the loader's budget varies by a frame or so with the
 * JS stack it is measured on); the checks above stay for the rest. */
#define DW_HOST_CALL_MARGIN 48
#define DW_HOST_NEAR(I) \
  (dw_host_frames - (I)->host_frames0 > (I)->host_frames_max - DW_HOST_CALL_MARGIN)
#else
#define DW_HOST_DEEP(I) 0
#define DW_HOST_NEAR(I) 0
#endif
Exec dwI_exec_stmt(Interp *I, Frame *f, Node *s);
Exec dwI_exec_block(Interp *I, Frame *f, NodeList *b);
Exec dwI_exec_from(Interp *I, Frame *f, Node *s); /* s..end of the body */
/* a with statement's enter and exit (interp.c; gen.c resumes bodies) */
Exec dwI_with_enter(Interp *I, Value ctx, Value *exitm, Value *ev);
Exec dwI_with_exit(Interp *I, Value exitm, Exec st);
Value dwI_run_code(Interp *I, Code *code);         /* a module body */
Value dwI_run_frame(Interp *I, Frame *f, Exec *status);
double dw_now_ms(void);

/* frame.c: call frames and the recursion checks */
bool dwFr_stack_ok(Interp *I); /* RecursionError when the C stack is low */
bool dwFr_stack_exceeded(Interp *I); /* that RecursionError (stack_limited) */
/* a frame for fn(self, *a), its arguments bound; NULL: an exception set
 * (RecursionError at the recursion limit or low stack, TypeError, ...) */
Frame *dwFr_push(Interp *I, Func *fn, Value self, Args *a);
void dwFr_pop(Interp *I, Frame *f);
/* a generator's slots: fn's arguments bound, no frame pushed (gen.c) */
Value *dwFr_bind_slots(Interp *I, Func *fn, Value self, Args *a);
/* interp.c for gen.c: assignment, names, an if/while test, except matching */
bool dwI_assign(Interp *I, Frame *f, Node *target, Value v);
bool dwI_store_name(Interp *I, Frame *f, Node *n, Value v);
bool dwI_delete_name(Interp *I, Frame *f, Node *n);
bool dwI_test(Interp *I, Frame *f, Node *stmt, Node *n, bool *out);
bool dwI_exc_matches(Value e, Value cls);

/* gen.c: generators. Calling a generator function makes one (dwGe_new:
 * its arguments bound, its body not started). The C API, for the
 * evaluator and the library (contextlib.contextmanager, ...): each
 * resumption returns GR_YIELD with the yielded value in *out (a new
 * reference), GR_RETURN when the body ended (*out: its return value, None
 * when it fell off the end; the Python methods raise StopIteration(value)
 * for it) or GR_ERROR with an exception (or a graph break) pending. */
enum GenResult { GR_YIELD, GR_RETURN, GR_ERROR };
Value dwGe_new(Interp *I, Func *fn, Value self, Args *a);
int dwGe_next(Interp *I, Gen *g, Value *out);             /* next(g) */
int dwGe_send(Interp *I, Gen *g, Value v, Value *out);    /* g.send(v) */
int dwGe_throw(Interp *I, Gen *g, Value exc, Value *out); /* g.throw(exc): an
                                        exception instance or class */
/* g.close(): GeneratorExit at the yield; true when the generator ended
 * (false: an exception pending, RuntimeError if it yielded again) */
bool dwGe_close(Interp *I, Gen *g);
/* dwOb_next on a generator: the next value, V_NULL with nothing pending
 * when it ended */
Value dwGe_iternext(Interp *I, Gen *g);
/* next(g[, dflt]): the value; at the end dflt (V_NULL: none) or
 * StopIteration(return value) */
Value dwGe_next_value(Interp *I, Gen *g, Value dflt);
extern const BuiltinDef dwGe_methods[]; /* send, throw, close, __next__, ... */
/* A generator named qualname ("Module.parameters") yielding the items of
 * `items` (stolen): what a library function that is a generator in
 * PyTorch returns. */
Value dwGe_over(Interp *I, const char *qualname, Value items);
Value dwGe_attr(Interp *I, Gen *g, Str *name); /* gi_running, __name__, ... */

/* ------------------------------------------------------------------ */
/* object.c: the object protocol                                       */
/* ------------------------------------------------------------------ */

bool dwOb_truth(Interp *I, Value v, bool *out);
Value dwOb_binop(Interp *I, int op, Value a, Value b);
Value dwOb_inplace(Interp *I, int op, Value a, Value b); /* a op= b */
Value dwOb_unary(Interp *I, int op, Value v);            /* UnOp */
Value dwOb_compare(Interp *I, int op, Value a, Value b);
/* a == b with Python's rules (identity first, containers by value, user
 * __eq__); false with an exception pending on error. */
bool dwOb_eq(Interp *I, Value a, Value b, bool *out);
/* Raises TypeError for unhashable values (and RecursionError for
 * too deeply nested tuples); returns whether v may be a dict key. */
bool dwOb_check_hashable(Interp *I, Value v);
Value dwOb_iter(Interp *I, Value v);
Value dwOb_iter_range_reversed(Interp *I, Range *r); /* reversed(range) */
/* Next item: V_NULL with no exception at the end. */
Value dwOb_next(Interp *I, Value it);
bool dwOb_foreach(Interp *I, Value iterable,
                  bool (*fn)(Interp *I, Value item, void *ud), void *ud);
/* A dwOb_foreach callback appending each item to the List ud. */
bool dwOb_collect(Interp *I, Value v, void *ud);
List *dwOb_to_list(Interp *I, Value iterable);
/* The length of range(start, stop, step) (step != 0). */
uint64_t dwOb_range_count(int64_t start, int64_t stop, int64_t step);
Value dwOb_getattr(Interp *I, Value obj, Str *name);
Value dwOb_getattr_default(Interp *I, Value obj, Str *name); /* object.__getattribute__ */
bool dwOb_setattr(Interp *I, Value obj, Str *name, Value v);
/* AttributeError for obj.name, worded as CPython's; V_NULL. */
Value dwOb_attr_error(Interp *I, Value obj, Str *name);
Value dwOb_class_lookup(struct Class *c, Str *name); /* borrowed */
Value dwOb_bind(Interp *I, Value self, Value fn); /* instance.method */
/* BaseException.__init__(exc, *args): sets args and the message. */
bool dwOb_exc_init(Interp *I, Value exc, Args *a);
/* An int from an int, bool or an object with __index__. */
bool dwOb_index(Interp *I, Value v, int64_t *out);
Value dwOb_getitem(Interp *I, Value obj, Value idx);
bool dwOb_setitem(Interp *I, Value obj, Value idx, Value v);
bool dwOb_delitem(Interp *I, Value obj, Value idx); /* del obj[idx] */
bool dwOb_slice_indices(Interp *I, Slice *s, int64_t n, int64_t *start,
                        int64_t *stop, int64_t *step);

/* ================================================================== */
/* INTERFACE_BEGIN: the Dynamo loop (runtime <-> library <-> tracer)   */
/* ================================================================== */
/*
 * Dynamo is a loop. The evaluator (resolve.c, object.c, interp.c) runs
 * user code and calls the library for what values do (methods, tensor
 * operators, imports, text); in a traced frame the evaluator and the
 * library call the tracer (dynamo/: record an op, break the graph, guard
 * a value, log an effect, mark a line), and the tracer calls back down
 * into the evaluator to run frames (dwI_run_frame, dwI_exec_from, ...
 * above). Every call the evaluator or the library makes into a layer above
 * its own is declared here, and only here: tests/lib/layers.mjs checks it
 * (docs/architecture.md, "Layers and the include rule"). Nothing below the
 * evaluator (front/, value.c, the eager tensors, backend/) calls any of it.
 */

/* ---- the evaluator calls the library (runtime/, tensor/) ---- */

Value dwL_builtin(Interp *I, const char *name);   /* a builtin by name */
Value dwL_type_of(Interp *I, Value v);             /* type(v), also v.__class__ */
Value dwL_import(Interp *I, const char *dotted);  /* a module */
/* Calls a class implemented in C (a builtin's or torch's class). */
Value dwL_builtin_class_call(Interp *I, struct Class *c, Args *a);
int64_t dwL_len(Interp *I, Value v);
Value dwL_tuple_of(Interp *I, Value v);
/* A tuple of l's items; takes the reference to l. */
Value dwL_list_to_tuple(Interp *I, List *l);
void dwL_ascii_of(Buf *out, const char *s, size_t n); /* escapes non-ASCII */
Value dwL_module_attr(Interp *I, Value inst, Str *name); /* nn.Module */
/* Tensors in the object protocol (torchlib.c). */
Value dwL_tensor_binop(Interp *I, int binop, Value a, Value b, bool inplace);
Value dwL_tensor_unary(Interp *I, int unop, Value a);
Value dwL_tensor_compare(Interp *I, int cmpop, Value a, Value b);
Value dwL_tensor_getitem(Interp *I, Tensor *t, Value idx);
bool dwL_tensor_setitem(Interp *I, Tensor *t, Value idx, Value v);
Value dwL_tensor_contains(Interp *I, Tensor *t, Value item);
/* Text of values (format.c). */
bool dwFm_repr_value(Interp *I, Buf *b, Value v);  /* repr(v) */
bool dwFm_str_value(Interp *I, Buf *b, Value v);   /* str(v), may call __str__ */
bool dwFm_format(Interp *I, Buf *b, Value v, Str *spec); /* format(v, spec) */
Value dwFm_str_percent(Interp *I, Str *fmt, Value args); /* fmt % args */
/* Methods and sets (methods.c). */
/* Attribute of a tensor / str / list / dict / ... value. */
Value dwMt_method(Interp *I, Value self, Str *name);
Value dwMt_set_new(Interp *I);                   /* an empty set */
bool dwMt_set_add(Interp *I, Set *s, Value v);   /* raises if unhashable */
bool dwMt_set_from(Interp *I, Set *s, Value iterable);
List *dwMt_set_order(Interp *I, Set *s);         /* elements, display order */
Value dwMt_set_binop(Interp *I, int op, Value a, Value b, bool inplace);
bool dwMt_set_eq(Interp *I, Value a, Value b, bool *out);

/* Grad modes (device.c). A `with` over a grad-mode context (and over the
 * other opaque contexts, which change nothing): enter (false: raised) and
 * exit, which restores the mode the block found, on every way out. */
#define DW_OPQ_GRAD_CTX 3 /* Opaque kind: a grad-mode context */
#define DW_OPQ_GRAD_FN 13 /* Opaque kind: a function a grad-mode context wraps */
/* ctx: a context, or a wrapped function (entered as a fresh context). */
bool dwDv_grad_enter(Interp *I, Frame *f, Value ctx);
void dwDv_grad_exit(Interp *I);
/* Leaving statement s of frame f other than through exec_with (a unit
 * run again eagerly from a point inside the `with` block, dwI_exec_from):
 * the exits of s's blocks. */
void dwDv_grad_leave(Interp *I, Frame *f, const Node *s);
/* Calling a grad-mode context (a decorator: returns the wrapped function)
 * or a function it wrapped (runs it under the mode; self: a method's
 * instance, or V_NULL). */
Value dwDv_grad_call(Interp *I, Value callee, Value self, Args *a);
/* t.requires_grad = v / t.grad = v (tensor/autograd_py.c); other
 * attributes of a tensor are read-only */
bool dwAp_tensor_setattr(Interp *I, Tensor *t, Str *name, Value v);
/* The function a DW_OPQ_GRAD_FN wraps (borrowed), else V_NULL. */
Value dwDv_grad_fn(Value v);
/* A grad-mode context's kind, mode and the mode it replaces as one number
 * (a guard compares contexts by what they do, not by identity); false: v
 * is none. */
bool dwDv_grad_key(Value v, uint64_t *key);

/* ---- the evaluator and the library call the tracer (dynamo/) ---- */

/* The grad mode changed (from !enabled to enabled) while the current
 * frame is traced: logged for undo, and (node) a torch._C._set_grad_enabled
 * node in the unit's FX graph (trace.c). */
void dwR_grad_changed(Interp *I, bool enabled, bool node);

bool dwR_tracing(Interp *I); /* is the current frame traced? */
/* The line a graph node made now records: the frame's, 0 in runtime library
 * code (Code.prelude: its lines are not the program's). */
int dwR_node_line(const Interp *I);

/* SymInts (dynamo/symint.c): the tag (Value.sx) of the int for dim d of
 * x while tracing, 0 when it is no symbolic size ... */
uint32_t dwS_size(Interp *I, const Tensor *x, int d);
/* ... of the int result of a op b (BinOp) or -a, 0 when neither operand
 * has one ... */
uint32_t dwS_binop(Interp *I, int op, Value a, Value b);
uint32_t dwS_neg(Interp *I, Value a);
/* max(a, b) / min(a, b) of ints, one of them a SymInt: Dynamo's
 * sym_max/sym_min, no guard on which is larger. */
uint32_t dwS_minmax(Interp *I, bool is_max, Value a, Value b);
/* x.numel() while tracing: the product of x's sizes, 0 if none is
 * symbolic. */
uint32_t dwS_numel(Interp *I, const Tensor *x);
/* ... a comparison of ints one of which has one: the unit is guarded on
 * its result (Dynamo's shape-env guard; false: an exception is pending,
 * ConstraintViolationError) ... */
bool dwS_compare(Interp *I, int cmp, Value a, Value b, bool result);
/* ... and a tagged int passed to an op: the op recorded next may take its
 * expression for an attribute of that value. */
void dwS_note_slow(Interp *I, Value v);
static inline void dwS_note(Interp *I, Value v) {
  if (v.sx) dwS_note_slow(I, v);
}
void dwS_free(Interp *I); /* the end of a run */
/* Unbacked symbolic scalars (dynamo/symscalar.c): Tensor.item() while
 * tracing under capture_scalar_outputs=True is a graph node, and the
 * Python number it returns carries a tag (Value.sx & DW_SX_UNBACKED) ... */
#define DW_SX_UNBACKED 0x80000000u
bool dwY_capturing(Interp *I); /* traced, capture_scalar_outputs on */
Value dwY_item(Interp *I, Value self);
/* ... arithmetic, comparisons and tensor ops on tagged numbers are graph
 * nodes (operands: any values, one of them tagged; a tag of another unit
 * is inert) ... */
Value dwY_binop(Interp *I, int op, Value a, Value b);
Value dwY_compare(Interp *I, int op, Value a, Value b);
Value dwY_unary(Interp *I, int op, Value a);
/* ... and a jump on one is data-dependent: its fake (kept as a graph
 * output), NULL when v is no tagged value of this unit. */
Tensor *dwY_cond(Interp *I, Value v);
/* the sympy text of v when simple (zuf0, u0 > 2), else "" */
const char *dwY_expr(Interp *I, Value v);
/* Tensor op dispatch: records into the active graph when the current
 * frame is traced (lifting real tensors as inputs), else runs eagerly. */
Value dwR_op(Interp *I, Op op, int nin, Tensor **in, const OpAttrs *at);
/* torch.tensor(data) of Python constants while tracing: a graph node
 * (OP_TENSOR) holding x's elements, as Dynamo records the call */
Value dwR_tensor_data(Interp *I, Tensor *x);
/* a traced tensor that is such a constant: a new real tensor of its
 * elements (for the checks an op makes of its arguments' data), else NULL */
Tensor *dwR_constant_of(Interp *I, Tensor *x);
/* graph inputs mutated in place while tracing (functionalised) */
bool dwR_inplace_input(Interp *I, Tensor *x, Tensor *value);
/* The in-place updates of graph input x recorded by the open trace (its
 * version advances by as many at the write-back) */
int64_t dwR_pending_writes(Interp *I, const Tensor *x);
/* While tracing: tensor x (a fake, or a real graph input) takes value
 * (a fake of the same meta) in place; its views and its base see the
 * update (mutate.c). false: an exception, or a graph break pending. */
bool dwU_mutate(Interp *I, Tensor *x, Tensor *value);
/* Runs a user function as a compiled frame (Dynamo's frame evaluation);
 * gw: V_NULL, or the grad-mode decorator f is wrapped in, whose mode the
 * frame runs in (its block is the frame's, as Dynamo inlines f into the
 * decorator's frame: enter and exit nodes in the graphs). */
Value dwR_call_compiled(Interp *I, Func *f, Value self, Args *a,
                        const CompileOpts *opts, Value gw);
/* A graph break at the current position of a traced frame. true: the
 * unit ended right here (its graph compiled and ran, every traced tensor
 * still referenced is real now); the caller carries on eagerly and tracing
 * resumes at the next resume point of the frame (Dynamo's resume function
 * at the next instruction). false: V_NULL / X_GBREAK must travel up, with
 * a break pending (I->brk: from an inlined frame to its call in the root
 * frame, to a loop of the root frame that then runs eagerly, or to the
 * frame's start) or an exception (fullgraph=True, a compiler error). */
bool dwR_break_here(Interp *I, int reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A data-dependent jump on tensor `cond` (if/while/and/or/ternary). test:
 * the jump is part of the test of an if/while/assert statement `stmt`, at
 * its operand `operand`, where Dynamo compiles even an op-less graph when
 * every value it must keep is a tensor (OutputGraph.compile_subgraph). */
bool dwR_break_jump(Interp *I, Tensor *cond, bool test, Node *stmt, Node *operand);
/* dwR_break_jump on a Python value: a tensor, or a tagged number (a
 * SymNodeVariable); true for any other value (nothing to break on). */
bool dwR_break_jump_v(Interp *I, Value v, bool test, Node *stmt, Node *operand);
/* A graph break leaves an inlined frame: re-attribute it to the call. */
void dwR_break_passes(Interp *I, Frame *callee);
/* Resume points of a compiled frame (UnitKind: where the unit starts). */
enum UnitKind {
  UK_STMT,   /* at statement `at` */
  UK_NEXT,   /* after statement `at` (it ran eagerly, or its expression broke) */
  UK_AFTER,  /* after expression `at`, in the middle of its statement */
  UK_BEFORE  /* before expression `at`, in the middle of its statement */
};
/* Starts the unit at a resume point (if the frame resumes). false: an
 * exception is pending (fail_on_recompile_limit_hit). */
bool dwR_resume(Interp *I, Frame *f, Node *at, int kind);
/* Loops and comprehensions of a traced root frame (for: a break inside
 * runs the whole loop eagerly and tracing resumes after it; while: the
 * frame runs eagerly). dwR_region_enter before the first iteration (after
 * the iterable); dwR_region_broke when the body returned X_GBREAK: true if
 * the region must now run eagerly (the unit ended at its start); then
 * dwR_region_done after that eager run; dwR_region_leave in any case. */
enum RegionKind {
  RG_FOR,   /* a for loop: runs eagerly as a whole, tracing resumes after it */
  RG_WHILE, /* a while loop: the frame is skipped (runs eagerly) */
  RG_COMP,  /* a comprehension: as a for loop, resuming after the expression */
  RG_TRY    /* a try statement: Dynamo makes no resume point inside a try
               block, so a break in it compiles the graph before it and the
               rest of the frame runs eagerly (step_graph_break) */
};
bool dwR_region_enter(Interp *I, Frame *f, Node *s, int kind);
bool dwR_region_broke(Interp *I, Frame *f, Node *s);
bool dwR_region_done(Interp *I, Frame *f, Node *s);
void dwR_region_leave(Interp *I, Frame *f, Node *s);
/* A user exception escaped the try statement s, region of f's unit (no
 * handler of the traced code caught it: Dynamo's "Observed exception",
 * GB0088): it becomes a graph break at the region (true: I->brk pending,
 * the exception dropped; the eager rerun raises it again) or, under
 * fullgraph, the Unsupported error (true, raised). false: not such a case,
 * nothing changed. */
bool dwR_region_raised(Interp *I, Frame *f, Node *s);
/* Would a raise in the traced frame f be caught inside the unit (a try
 * body with an except clause running in f or a traced frame above it)? */
bool dwR_raise_caught(Interp *I, Frame *f);
/* A traced frame calls an inlined user function: a checkpoint before the
 * call, and what to do when the call broke (true: call it compiled now;
 * false: travel up). */
typedef struct Checkpoint {
  int nundo, nmarks, gn, ninputs, nfakes, nmut, nguards, ngw, nfx;
  RngMark rng;
  bool valid;
} Checkpoint;
void dwR_call_checkpoint(Interp *I, Frame *caller, Checkpoint *cp);
bool dwR_call_broke(Interp *I, Frame *caller, const Checkpoint *cp);
/* Guards: what the active trace read from its unit's inputs. */
void dwR_guard_read_slow(Interp *I, Frame *f, int slot, bool free);
/* A frame the unit's root called (a comprehension, an inner function)
 * reads free variable `slot`: a cell of the root frame is guarded as the
 * root's own read would be; another cell counts in Interp.free_reads. */
void dwR_nested_free_read(Interp *I, Frame *f, int slot);
void dwR_guard_global_slow(Interp *I, int slot);
#define dwR_guard_read(I, f, slot, fr)                                        \
  do {                                                                       \
    if ((f)->trace && (f)->unit_root) dwR_guard_read_slow(I, f, slot, fr);   \
  } while (0)
#define dwR_guard_global(I, slot)                                             \
  do {                                                                       \
    if ((I)->trace) dwR_guard_global_slow(I, slot);                          \
  } while (0)
/* A traced frame writes a global (a side effect, replayed as in Dynamo). */
void dwR_global_write(Interp *I, int slot);
/* Undo log for the Python-level effects of a trace. */
void dwR_log_store(Interp *I, Frame *f, Node *name, Value *slot);
void dwR_log_tensor(Interp *I, Tensor *x); /* before an in-place rebind */
void dwR_log_obj(Interp *I, Obj *o);
/* Records a mark (tentative while a trace is active; report.c). */
void dwJ_mark(Interp *I, int line, int kind);
/* The graph breaks of the evaluator, with PyTorch's messages (report.c):
 * a call of a disabled function (target, its disable() options), a builtin
 * the graph cannot hold (print, time, Tensor.item, ...), a `raise` under
 * fullgraph (exc: the exception, V_NULL for a bare raise). As
 * dwR_break_here: true to go on eagerly, false to stop (an exception, or
 * the break travelling up). */
bool dwJ_break_disabled(Interp *I, Value target, bool recursive, Str *reason);
bool dwJ_break_call(Interp *I, const BuiltinDef *d, Value self, Args *a);
bool dwJ_break_raise(Interp *I, Value exc);
/* A binary operator on a user object that has no method for it (`a - b`
 * without __sub__): Dynamo calls self's dunder `name` with arg and does
 * not know that method (GB0156); eagerly it is the TypeError. */
bool dwJ_break_method(Interp *I, Value self, const char *name, Value arg);
/* The FX view of traced graphs (dynamo/fx.c). Around each tensor API call
 * made from traced code, dwM_pre records how the call was written (a
 * function with its qualified name, "torch.sin", "operator.add", or a
 * method name) and its arguments, dwM_post the graph nodes it made; the
 * token goes from one to the other (-1: nothing recorded). Only units
 * whose backend is a callable record. */
enum FxKind {
  FX_CALL_FUNCTION, /* call_function: target is a qualified name */
  FX_CALL_METHOD    /* call_method: target is the method name */
};
int dwM_pre(Interp *I, int kind, const char *target, Value self, int n, const Value *v,
            int nkw, const KwArg *kw);
int dwM_pre_builtin(Interp *I, const BuiltinDef *d, Value self, Args *a);
/* A call of a Python function given to allow_in_graph (target: fn). */
int dwM_pre_obj(Interp *I, Value fn, Args *a);
void dwM_post(Interp *I, int tok, Value result);
/* A traced frame stored v in the local `name`: the node that made v is
 * named after it (Dynamo's name hints). */
void dwM_name_hint(Interp *I, Value v, Str *name);
/* The compiler API as Python sees it (dynamo/dynapi.c). */
bool dwD_init(Interp *I); /* torch.compile, torch._dynamo, torch.compiler */
bool dwM_init(Interp *I); /* the torch.fx module (fx.c) */
/* a Wrap with no target is a decorator waiting for its function */
Value dwD_wrap_apply(Interp *I, Wrap *w, Value target);
Value dwD_config_get(Interp *I, Str *name);      /* an unset alias, or error */
bool dwD_config_set(Interp *I, Str *name, Value v);
Value dwD_missing(Interp *I, Module *m, Str *name); /* MOD_API or torch miss */
Value dwL_stdlib_missing(Interp *I, Module *m, Str *name); /* MOD_STDLIB miss (stdmod.c) */
/* v is an endless itertools iterator (count, cycle, repeat without times):
 * a traced for loop, which takes its iterable whole, raises this error
 * (NotImplementedError) and returns true (mod_itertools.c) */
bool dwL_endless_iter(Interp *I, Value v);
/* isinstance(v, cls) when cls is a typing object (*handled), mod_typing.c */
bool dwL_typing_instancecheck(Interp *I, Value v, Value cls, bool *out, bool *handled);
/* import of a module that does not exist: a compiler API of PyTorch
 * dynawasm lacks (torch._inductor, torch.export, ...) is NotImplementedError
 * (true, raised); false: not one, nothing raised. */
bool dwD_missing_module(Interp *I, const char *dotted);
/* torch._dynamo.allow_in_graph / disallow_in_graph registries */
bool dwD_allowed_in_graph(Interp *I, Value fn);
bool dwD_disallowed(Interp *I, Value fn);
/* torch.compiler.set_stance's stances (Interp.stance). */
enum Stance {
  ST_DEFAULT,            /* compile as usual */
  ST_FORCE_EAGER,        /* compiled functions run eagerly */
  ST_EAGER_ON_RECOMPILE, /* cached code still runs; what would compile runs eagerly */
  ST_FAIL_ON_RECOMPILE,  /* what would compile raises RuntimeError */
  ST_INVALID             /* an unknown stance: the next compiled call raises */
};
/* The RuntimeError a compiled call meets under ST_INVALID; V_NULL. */
Value dwD_stance_error(Interp *I);
/* The Python forward compiled for m when m is a runtime-provided
 * nn.Module (a C forward: nn.Linear, nn.Sequential), NULL for any other
 * value (tensor/nn_module.c). */
struct Func *dwNm_compiled_forward(Interp *I, Value m);

/* Generators under Dynamo (trace.c): the unit being traced (its serial,
 * 0: none), which a generator made there is inlined into when resumed;
 * dwR_gen_inlined notes that one was: from then on a graph break in the
 * unit skips the frame, as Dynamo does after a break in a generator's
 * next() (its rerun makes the generator again). */
uint64_t dwR_gen_unit(Interp *I);
void dwR_gen_inlined(Interp *I);

/* ================================================================== */
/* INTERFACE_END                                                       */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Runs (api.c calls dynamo/)                                          */
/* ------------------------------------------------------------------ */

/* The run's records (report.c): made before the program runs, freed after
 * the report is written. */
void dwJ_run_begin(Interp *I);
void dwJ_run_end(Interp *I);
/* The run report of the run that just ended (ok: no exception escaped)
 * into json (docs/report.md), with what a command line prints: the
 * traceback of the error into tb ("" when none), the explain summary into
 * ex. t0: when the run started (dw_now_ms). */
void dwJ_report(Interp *I, bool ok, double t0, Buf *json, Buf *tb, Buf *ex);
/* The report of a run that could not be made or did not fit: a MemoryError
 * with this message and traceback text. */
void dwJ_report_failed(Buf *json, Buf *tb, Buf *ex, const char *message,
                       const char *text);
void dwR_forget(Interp *I, Code **codes, int n); /* drop Dynamo caches */

/* ------------------------------------------------------------------ */
/* The library among itself, and for dynamo/ and api.c                 */
/* ------------------------------------------------------------------ */

bool dwL_init(Interp *I); /* builtins, torch, math, time modules */
bool dwL_torch_init(Interp *I);
bool dwL_operator_init(Interp *I); /* the operator module (operator.c) */
bool dwL_stdlib_init(Interp *I);   /* typing, __future__, itertools, ... (stdmod.c) */
bool dwL_bind(Interp *I, const char *fname, Value self, Args *a,
              const char *names, Value *out, int nout);
bool dwL_int(Interp *I, Value v, const char *what, int64_t *out);
bool dwL_float(Interp *I, Value v, const char *what, double *out);
Value dwL_new_builtin(Interp *I, const BuiltinDef *d);
bool dwL_add_defs(Interp *I, Dict *d, const BuiltinDef *tab);
Module *dwL_module(Interp *I, const char *name);
bool dwL_set(Interp *I, Dict *d, const char *name, Value v);
bool dwL_sort_list(Interp *I, List *l, Value key, bool reverse);
Value dwL_tensor_attr(Interp *I, Value t, Str *name);
Value dwL_tensor_round(Interp *I, Value t, Value ndigits);
/* A class implemented in C (instances are Inst, methods builtins in ns);
 * new reference. */
Class *dwL_new_class(Interp *I, const char *name, Class *base, uint16_t flags);
Value dwMt_bound(Interp *I, const BuiltinDef *d, Value self);

#endif
