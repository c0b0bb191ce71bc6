/* dynamo.h - private interface between the three files of dynamo/:
 *
 *   trace.c    compile units: tracing, undo, guards, caches, graph breaks
 *   live.c     live locals at a graph break (Dynamo's livevars_analysis)
 *   compile.c  the compile pipeline of a unit's graph, and running kernels
 *   report.c   marks, the run's records (frames, graphs, breaks), explain,
 *              the run report as JSON and as text
 *   symscalar.c  unbacked scalars (Tensor.item() traced)
 *
 * Not included by any other stage: what the runtime and the library call
 * is declared in runtime/interp.h. */
#ifndef DW_DYNAMO_H
#define DW_DYNAMO_H

#include "runtime/interp.h"

/* ------------------------------------------------------------------ */
/* Between the files of dynamo/ (what runtime/ and tensor/ call is in  */
/* the named interface section of runtime/interp.h)                    */
/* ------------------------------------------------------------------ */

/* Marks (report.c) of a graph break and of a disabled function. */
void dwJ_mark_break(Interp *I, const Break *b);
void dwJ_mark_disabled(Interp *I, int line, bool recursive, const char *fn);
/* dwR_break_here as a Value: V_NONE when the caller carries on, else
 * V_NULL (trace.c). */
Value dwR_break(Interp *I, int reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* dwR_break_here / dwR_break with PyTorch's registry entry gb: its
 * developer context and explanation (printf-style). */
bool dwR_break_here_gb(Interp *I, int reason, int gb, const char *context, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
Value dwR_break_gb(Interp *I, int reason, int gb, const char *context, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The VariableTracker Dynamo would make of v, as its messages show it:
 * ConstantVariable(str: 'x'), TensorVariable(), ... (report.c) */
void dwJ_vt_repr(Buf *b, Value v);
void dwR_log_slot(Interp *I, Value *slot); /* undo log: a value slot */
/* torch._dynamo.explain (dynapi.c): a collection starts (returns the one
 * it interrupts) ... */
void *dwJ_explain_begin(Interp *I);
/* ... and ends: the guards of the entries compiled meanwhile, one per
 * line, and the compile times as utils.py compile_times(repr="str")
 * writes them. */
void dwJ_explain_end(Interp *I, void *saved, Buf *guards, Buf *times);
Value dwD_config(Interp *I, const char *name);   /* borrowed; V_NULL: unknown */

/* ------------------------------------------------------------------ */
/* Cache entries and kernels (trace.c, compile.c)                      */
/* ------------------------------------------------------------------ */

enum EntryStatus {
  CE_COMPILED, /* a graph runs as a kernel */
  CE_EMPTY,    /* no tensor ops: nothing compiled */
  CE_FAILED,   /* compiler error suppressed: the unit runs eagerly */
  CE_SKIP      /* only in the report's units: thrown away for a break in a
                  while loop, the frame runs eagerly (UnitCache.skip) */
};

typedef struct Kernel {
  int backend;
  Value fn;          /* BK_CUSTOM: what the backend returned (a reference) */
  Graph g;           /* the graph (eager backend, and for the report) */
  int slot;          /* table index of the wasm kernel, -1 if none */
  size_t scratch;    /* bytes of scratch memory the kernel needs */
  int graph_id;      /* report record */
  struct KSized *sized; /* wasm backend, symbolic dims: the module takes the
                        sizes from a size block and serves every size its
                        code is the same for (compile.c); NULL: it was built
                        for the sizes of g */
  /* matmul B operands whose packed panels stay in scratch between calls
   * (WasmModule.keep_*): that scratch (kept while the kernel lives) and,
   * per operand, the input the panels were packed from: its storage's id
   * and writes and its address (id 0: nothing valid) */
  void *keep_mem;
  int nkeep;
  int keep_slot[DW_MAXKEEP];
  size_t keep_off[DW_MAXKEEP];
  uint64_t keep_id[DW_MAXKEEP];
  int64_t keep_writes[DW_MAXKEEP];
  const void *keep_data[DW_MAXKEEP];
} Kernel;

typedef struct Guard Guard; /* trace.c */
typedef struct Replay Replay; /* replay.c */
typedef struct MSnap MSnap;   /* modguard.c */

/* A guard of a cache entry: over what the unit read from one source
 * (a local at the frame's start, a closure cell, a global), or a
 * comparison of its SymInts (G_SYM). trace.c makes and checks them;
 * replay.c reads their sources again. */
struct Guard {
  uint8_t kind;      /* G_LOCAL, G_FREE, G_GLOBAL */
  int slot;
  uint64_t sig;      /* signature of the value (without its dynamic parts) */
  Str *name;
  uint8_t vt;        /* ValType when recorded */
  TMeta meta;        /* tensors */
  Value val;         /* scalars: the value (for messages) */
  uint8_t dyn;       /* tensors: bit d: dim d is symbolic (any size >= 2) */
  uint8_t ub;        /* ... and unbacked (any size: mark_as="unbacked") */
  uint8_t sym[DW_MAXDIM]; /* its symbol: 1 + index in the unit's symbols
                        (dims with one symbol must be equal: duck sizing) */
  bool idyn;         /* an int guarded by its type only (a dynamic int) */
  bool fdyn;         /* a finite float guarded by its type only: a graph
                        input (specialize_float=False, symscalar.c) */
  bool fcmp;         /* a comparison of such a float with a constant (val)
                        that held (cmp, nl: its result) */
  bool fcode;        /* a function guarded by its code (its closure cells
                        have guards of their own) */
  bool bytype;       /* an nn.Module guarded by its type and contents, not
                        its identity (inline_inbuilt_nn_modules) */
  const MSnap *snap; /* bytype: what it held (modguard.c), for the reason
                        of a failure; lives in the interpreter's arena */
  int8_t cell;       /* >= 0: the guard is on cell `cell` of the closure of
                        the function in that source (its cell_contents) */
  uint8_t cmp;       /* G_SYM: sizes compare (CmpOp: EQ NE LT LE GT GE) ... */
  uint8_t nl, nr;    /* ... the size expressions sx[0..nl) and sx[nl..nl+nr)
                        (tokens) this way */
  int64_t sx[2 * 12];
};
enum { G_LOCAL,  /* a local of the frame at the unit's start (slot) */
       G_FREE,   /* a closure cell of the frame's function (slot) */
       G_GLOBAL, /* a global (slot of I->globals) */
       G_SYM /* a comparison of SymInts the unit's code made (Dynamo's
                shape-env guard: `if x.shape[0] > 2` specialises the branch) */ };
#define GSYM_TOK 12
/* torch.cond (also torch._higher_order_ops.cond.cond and
 * functorch.experimental.control_flow.cond). */
bool dwH_init(Interp *I);

/* trace.c */
typedef struct Undo Undo;   /* trace.c */

/* A unit's shape symbols (dynamic shapes): sN, N a hash of the source that
 * created it (symbolic_shapes.py _generate_unique_id: sha256 of the source
 * name, modulo 100, plus 100 while taken). */
typedef struct Syms {
  int n;
  int16_t no[DW_MAXSYM];   /* N of sN */
  int64_t val[DW_MAXSYM];  /* the size it stood for while tracing */
} Syms;

/* Effective dynamic-shape config of a unit: DynamicMode over the config.
 * An entry serves only calls under the config it was compiled with. */
enum { CFG_AUTO = 1,        /* automatic_dynamic_shapes */
       CFG_STATIC = 2,      /* assume_static_by_default */
       CFG_PARAM_STATIC = 4, /* force_parameter_static_shapes */
       CFG_UNSPEC_FLOAT = 8, /* specialize_float=False */
       CFG_MARK_UNBACKED = 16 /* automatic_dynamic_shapes_mark_as="unbacked" */ };

typedef struct Entry {
  int status;        /* EntryStatus */
  int backend;       /* the backend it was made for (BK_*) ... */
  const Obj *backend_obj; /* ... BK_CUSTOM: which callable (compared, never
                             dereferenced); another backend recompiles, as
                             Dynamo's backend-match guard does */
  Guard *guards;
  int nguards;
  uint64_t hash;      /* dwG_hash of the graph it was compiled for */
  uint64_t shash;     /* dwG_hash_sizes: another trace with this hash is
                         the same graph at other sizes of its symbolic dims
                         (x[:-1], unsqueeze, flatten): one graph, as Dynamo
                         counts, built again for them (spec) */
  Kernel *kernel;    /* the graph's kernel (compiled for the sizes of its
                        first call) */
  Kernel **spec;     /* the same graph specialised to other sizes of its
                        symbolic dims (the backend's, not counted: one
                        graph) */
  int nspec;
  uint8_t cfg;       /* CFG_* it was compiled under */
  bool no_grad;      /* the grad mode at the unit's start (guarded: Dynamo's
                        GLOBAL_STATE guard) */
  Syms syms;
  Replay *replay;     /* how a call its guards pass runs without
                        evaluating the frame (replay.c); NULL: the frame
                        is evaluated again (not provably the same) */
} Entry;

/* How a unit ends (compile.c's answer to trace.c). */
enum UnitEnd {
  UE_OK,    /* compiled (or reused) and ran */
  UE_EAGER, /* a suppressed compiler error: the unit runs eagerly */
  UE_ERROR  /* an exception is pending, the unit taken back */
};

/* An open compile unit: Dynamo's frame (the function, or a resume
 * function) from its start to its end or its next graph break. */
struct Trace {
  Frame *root;
  Node *start;       /* where it starts (UnitKind start_kind) */
  uint8_t start_kind;
  UnitCache *cache;
  Entry *hit;        /* guards matched: reuse this entry's kernel */
  const CompileOpts *opts;
  uint64_t serial;   /* unique per unit (a freed Trace's address may return) */
  bool gen_inlined;  /* a generator was resumed inlined (runtime/gen.c): a
                        graph break skips the frame */
  Graph g;
  Tensor **inputs;   /* real tensors lifted as graph inputs (refs) */
  int *input_node;   /* their OP_INPUT node ids */
  int16_t *input_src; /* the guard whose source held each at the unit's
                        start (index in guards), -1: none (replay.c) */
  int ninputs, capinputs;
  Tensor **fakes;    /* fakes made by this trace (refs) */
  int nfakes, capfakes;
  Tensor **mut_in;   /* graph inputs mutated in place (refs) ... */
  Tensor **mut_val;  /* ... and their new values (fakes, refs) */
  int nmut, capmut;
  Undo *undo;
  int nundo, capundo;
  int stmt_undo;     /* undo position at the latest checkpoint: a slot is
                        logged once from there on */
  RngMark rng;       /* random state at the unit's start */
  int mark_start;    /* I->nmarks at the unit's start */
  Guard *guards;
  int nguards, capguards;
  uint8_t *written;  /* root slots written in this unit */
  int *gwritten;     /* global slots written in this unit */
  int ngw, capgw;
  uint8_t cfg;       /* CFG_*: how shapes are made dynamic */
  bool no_grad;      /* the grad mode at the frame's entry (guarded) */
  bool no_grad_now;  /* the grad mode at its start */
  GradBlock *gb0;    /* the grad-mode blocks of the root frame open at its
                        start, outermost first (a copy) */
  int ngb0;
  Syms syms;         /* shape symbols of this unit's inputs */
  Node *region;      /* the outermost loop or comprehension of the root
                        frame being traced (RegionKind region_kind) */
  uint8_t region_kind;
  Checkpoint region_cp; /* the unit at the region's first iteration */
  char *recompile_reason;
  double t0;
  struct Aliases *aliases; /* views of traced tensors and their roots
                        (mutate.c) */
  struct FxLog *fx;  /* how the traced calls were written (fx.c), for
                        units whose backend is a callable */
  int hop_depth;     /* tracing the branches of a higher-order op
                        (torch.cond, hop.c): a graph break there is an
                        error, as under fullgraph=True */
  const Break *brk;  /* while the unit ends at a graph break: the break (the
                        GraphModule's compile_subgraph_reason), else NULL */
  bool traced_event; /* its EV_TRACE is in the timeline already */
  bool at_return;    /* it ends because its frame returns (not at a break) */
  size_t out0, err0; /* the program's stdout and stderr lengths at its start */
  uint64_t id0;      /* Interp.id_reads at its start */
  uint64_t free0;    /* Interp.free_reads at its start */
  struct USyms *usyms; /* unbacked symbolic scalars (symscalar.c) */
};

/* symscalar.c: does t have unbacked scalars (then no replay plan)? */
bool dwY_any(const Trace *t);
/* Before a unit's outputs are chosen: the tagged values its frame keeps
 * (root locals, the return value) become graph outputs; after its graph
 * ran: they take the graph's values and lose their tags. */
void dwY_unit_outputs(Interp *I, Frame *f);
/* At a jump in the test of stmt: only the locals live there are kept
 * (Dynamo's prune_dead_locals); else every local is. */
void dwY_live_at_jump(Trace *t, Node *stmt, Node *operand);
void dwY_unit_done(Interp *I, Frame *f);
void dwY_free(Interp *I, Trace *t);    /* the outputs held */
void dwY_destroy(Interp *I, Trace *t); /* everything (trace_free) */
/* The fake of a tagged value of the current unit, else NULL. */
Tensor *dwY_fake(Interp *I, Value v);
/* specialize_float=False: local `slot` of t's root (a finite float just
 * guarded by its type) becomes a graph input (a float64 0-d tensor named
 * after it) and its value a backed SymFloat: `item = l_y_.item()`. */
void dwY_float_input(Interp *I, Trace *t, int slot, Str *name);
/* Is v a tagged value computed from float inputs only (backed)? A jump on
 * it does not break: the relation that held is guarded when it is an
 * input compared with a constant (dwR_guard_fcmp), then true. */
bool dwY_backed(Interp *I, Value v);
/* trace.c: lifts real tensor x as a graph input named `name` (L_name_ in
 * FX); its node id, -1 when out of memory ... */
int dwR_lift_named(Interp *I, Trace *t, Tensor *x, const char *name);
/* ... and the guard that float input `slot` compared with c gave result. */
void dwR_guard_fcmp(Trace *t, int slot, int cmp, double c, bool result);
/* modguard.c */
MSnap *dwMg_snapshot(Interp *I, Value v); /* an nn.Module's contents (arena) */
/* Writes why module v differs from snapshot s (src: the guard's source);
 * false when no difference is found in the snapshot. */
bool dwMg_diff(Interp *I, const MSnap *s, const char *src, Value v, Buf *why);
const char *dwMg_class_name(const MSnap *s);
/* The Dynamo source step from module m to its attribute key holding val:
 * ._modules['k'], ._parameters['k'], ._buffers['k'] or .k */
void dwMg_step(const Inst *m, const char *key, Value val, Buf *path);

/* replay.c */
/* A unit that ended because its whole frame returned, its graph run by
 * kernel k of entry e: if the frame provably does nothing but what a
 * guard check, its graph inputs read from their sources, k and its
 * return value rebuilt from k's outputs do, e gets that plan (replaced:
 * NULL when not provable). outs[j]: the node id of kernel output j before
 * DCE; ret: the frame's return value (fakes of t). Before concretize. */
void dwRp_record(Interp *I, Trace *t, Entry *e, const Kernel *k, const int32_t *outs, int nout,
                Value ret);
/* How dwRp_run went. */
enum ReplayResult {
  RP_DECLINE, /* nothing done: the frame is to be evaluated (a plan's
                 own check failed: aliasing, strides, no kernel yet) */
  RP_OK,      /* ran: I->retval holds the return value */
  RP_ERROR    /* the kernel failed: an exception is pending */
};
/* Runs the call of frame f (at its start, entry e's guards passed) by
 * e's plan. */
int dwRp_run(Interp *I, Frame *f, Entry *e);
/* Does e's plan (valid now: made at this attr_epoch) check at least what
 * guard j does (a guard whose value the plan walks: an nn.Module, object,
 * container or tensor)? Then a caller about to run the plan may leave that
 * guard to it, and check it only if the plan declines. */
bool dwRp_covers(const Interp *I, const Entry *e, int j);
void dwRp_free(Replay *p);
/* What a plan needs from trace.c: the value a guard's source holds in
 * frame f now ... */
Value dwR_guard_value(Interp *I, Frame *f, const Guard *g);
/* ... and held at the start of t's unit (while t is open); the guard
 * whose source held real tensor x at the start of t's unit (-1: none). */
Value dwR_start_value(Interp *I, const Trace *t, const Guard *g);
int dwR_source_of(Interp *I, Trace *t, const Tensor *x);
/* The index of entry e's guard on g's source (kind, slot, cell), -1 if
 * none (e may be NULL). */
int dwR_entry_guard(const Entry *e, const Guard *g);
/* mutate.c */
typedef struct Aliases Aliases;
/* view (a fake a view op made of base) is an alias of base's root. false
 * with an exception. */
bool dwU_view_made(Interp *I, Trace *t, Tensor *view, Tensor *base);
/* A rollback to nfakes fakes (views made since are forgotten). */
void dwU_truncate(Trace *t, int nfakes);
/* After t's graph ran and its graph inputs got their new values: the
 * fakes that were views of a graph input become views of its memory. */
void dwU_concretized(Interp *I, Trace *t);
void dwU_free(Trace *t);

/* dynapi.c */
/* gm.compile_subgraph_reason for t's unit (a GraphCompileReason). */
Value dwD_compile_reason(Interp *I, Trace *t);

/* trace.c */
/* A new cache entry of t's unit, taking t's guards. NULL: out of memory. */
Entry *dwR_entry_add(Trace *t, int status);
/* The graph input node of real tensor x in t (lifted now if it is not an
 * input yet); -1 when out of memory. */
int dwR_input_node(Interp *I, Trace *t, Tensor *x);
/* Abandons the open unit of f: every effect taken back. */
void dwR_unit_rollback(Interp *I, Frame *f);
/* The guards of an entry, one per line (Dynamo's GUARDS log); of an open
 * unit, the ones it has recorded so far. */
void dwR_guards_text(const Entry *e, Buf *b);
void dwR_trace_guards_text(const Trace *t, Buf *b);

/* The symbol of dim d of tensor x in t's unit: 1 + its index in t->syms,
 * 0 when the dim is static. An input's is its guard's; another tensor's
 * is the symbol standing for its size, if one does. */
int dwR_dim_sym(Interp *I, Trace *t, const Tensor *x, int d);
/* Makes sure an input of t's graph has symbol idx (0-based) as a dim, so
 * that the graph knows its size at each call (Dynamo passes the SymInt):
 * lifts the input tensor a guard gave that symbol if none is yet. false:
 * no input has it. */
bool dwR_sym_input(Interp *I, Trace *t, int idx);
/* Guards t's unit on sizes comparing that way: l[0..nl) cmp r[0..nr)
 * (size expressions, dwG_sx_eval) must hold at a call's sizes for its
 * entry to serve it (Dynamo's shape-env guard; at most 12 tokens in all,
 * longer ones are not kept). false: it specialises a dim marked with
 * mark_dynamic (ConstraintViolationError raised). */
bool dwR_guard_sym(Interp *I, Trace *t, int cmp, const int64_t *l, int nl, const int64_t *r,
                   int nr);

/* symint.c */
/* Gives node id of t's graph the size expressions of the SymInts noted
 * since the last op (dwS_note) that its attributes (or its constant
 * inputs) were computed from, then forgets the notes. */
void dwS_attach(Interp *I, Trace *t, int id);

/* live.c */
/* At a data-dependent jump on cond in the test of statement stmt (at
 * operand `operand` of that test): would Dynamo keep only tensors, i.e.
 * are the values it saves (the jump's stack, the root frame's modified
 * locals still live after the jump) all distinct tensors, with no side
 * effect pending? Then it compiles even a graph without ops. */
bool dwN_all_tensor_stack(Interp *I, Trace *t, Tensor *cond, Node *stmt, Node *operand);
/* The root frame's locals live at that jump: one byte per slot (malloc'd;
 * NULL: out of memory). */
uint8_t *dwN_live_at_jump(Trace *t, Node *stmt, Node *operand);
/* Undo-log access for live.c and replay.c: is every logged effect of t a
 * write of one of the root frame's own locals (or, unless `replay`, a
 * grad-mode change or any traced tensor rebound in place; with it, only
 * the unit's own fakes)? */
bool dwR_only_local_effects(const Trace *t, bool replay);

/* compile.c */
/* The kernel of t's unit for the graph outputs outs[0..nout): the one the
 * guards' entry compiled for this very graph, or a new one from the compile
 * pipeline. UE_OK with *out set; UE_EAGER (suppress_errors) or UE_ERROR
 * (raised, the unit rolled back) when it cannot be compiled. */
int dwC_compile(Interp *I, Trace *t, int nout, const int32_t *outs,
                double t_trace, Kernel **out);
/* suppress_errors: t's frame will not be converted (Dynamo's WON'T
 * CONVERT warning: `why` on stderr) and runs eagerly; `mark` is the
 * message of the suppressed_error mark that line gets. */
void dwC_wont_convert(Interp *I, Trace *t, int line, const char *why, const char *mark);
/* aotgrad.c: autograd through compiled graphs. dwAo_wants: grad mode is
 * on and an input requires grad. dwAo_attach: gives the outputs that
 * depend on such an input one CompiledFunctionBackward node (rands: the
 * graph's random draws in graph order, or NULL). */
bool dwAo_wants(Interp *I, int nin, Tensor **inputs);
bool dwAo_attach(Interp *I, const Graph *g, int nin, Tensor **inputs, Tensor **rands, Tensor **outs);

/* Runs a kernel on its inputs: outs get new tensors (nout of k's graph).
 * false with ctx->err, and in *err_line the line to blame (0: the
 * statement's). */
bool dwC_run(Interp *I, Kernel *k, Tensor **inputs, int nin, Tensor **outs,
             int *err_line);
void dwC_kernel_free(Interp *I, Kernel *k);
/* The kernel of entry e that serves these inputs as they are (no code
 * generated for new sizes), NULL if none. */
Kernel *dwC_kernel_for(Entry *e, Tensor **inputs);
/* Graph g compiled by a named backend (BK_*), as a Python callable that
 * runs it on tensors and returns its outputs as a tuple: what
 * lookup_backend("inductor")(gm, example_inputs) returns. */
Value dwC_compile_graph(Interp *I, const Graph *g, int backend);
/* Calls fn(*v) as plain Python outside the unit being traced (a backend
 * callable, the function it returned). */
Value dwC_call_outside(Interp *I, Value fn, int n, Value *v);

/* fx.c */
typedef struct FxLog FxLog;
/* How many calls t has recorded; a rollback keeps the first n. */
int dwM_count(const Trace *t);
void dwM_truncate(Trace *t, int n);
/* An in-place update rebound a tensor from node old to node now: FX
 * still names it as before (mutate.c). */
void dwM_rebind(Trace *t, int old, int now);
/* The grad mode changed to `enabled` while t was traced: a
 * torch._C._set_grad_enabled(enabled) node where the graph stands. */
void dwM_grad_node(Interp *I, Trace *t, bool enabled);
/* t resumes inside `with` blocks over grad-mode contexts of its root
 * frame: their enter nodes, as Dynamo's resume function makes them. */
void dwM_grad_reenter(Interp *I, Trace *t);
/* Graph input `index` of t is x: its placeholder is named after where the
 * unit's frame reaches x now (L['x'], L['self']._modules['fc']...). */
void dwM_input_source(Interp *I, Trace *t, int index, Tensor *x);
/* ... or the placeholder target given (L_y_: a float input) */
void dwM_input_rename(Interp *I, Trace *t, int index, const char *target);
void dwM_free(Trace *t);
/* The torch.fx.GraphModule of t's graph `pre` (before dead-code
 * elimination: FX keeps every traced call), whose outputs are the IR
 * nodes outs[0..nout); the GraphModule runs `pre`, which it takes (freed
 * on failure too). New reference, or V_NULL with an exception pending. */
Value dwM_graph_module(Interp *I, Trace *t, Graph *pre, int nout, const int32_t *outs);
/* lookup_backend(name)(gm, example_inputs) for a builtin backend (BK_*). */
Value dwM_compile_gm(Interp *I, Value gm, int bk);

/* ------------------------------------------------------------------ */
/* The run's records (report.c)                                        */
/* ------------------------------------------------------------------ */

/* A compiled graph, as the report lists it. */
typedef struct GraphRec {
  int id;
  char *function;
  int fline;
  int *lines;
  int nlines;
  int op_count;
  char *code;
  char **ops;
  int backend;
  size_t wasm_size;
  int slot;
  int nloops;
  bool relaxed_simd; /* its kernel uses relaxed SIMD (EMIT_RELAXED and a
                        multiply-add the emitter made relaxed) */
  int modules;    /* WebAssembly modules built for it: 1, or more when
                     symbolic sizes could not be arguments of one module
                     (a module per size) */
  double t_trace, t_codegen, t_optimize, t_instantiate, t_run;
  int runs;
  char *error;    /* a compile failure (suppressed or raised) */
  int error_line; /* the line it is attributed to, 0 if none */
  char *nodes;    /* JSON: the nodes (dwG_json_nodes) */
  char *outputs;  /* JSON: the output node ids */
  char *nests;    /* JSON: the kernel's loop nests, [] if none */
} GraphRec;

/* One cache entry of a frame's compile units, as the report lists it
 * (frames[i].units): the frame's own start or a resume point after a
 * graph break (Dynamo's resume functions), and what became of it. */
typedef struct UnitRec {
  int start_line;  /* where the unit starts: line and (0-based) column of its
                      resume point (UnitKind start_kind) */
  int start_col;
  uint8_t start_kind;
  bool resume;     /* starts after a graph break, not at the frame's start */
  int status;      /* EntryStatus; CE_FAILED also when the error was raised */
  int graph;       /* graph id, -1 if none */
  char *guards;    /* the entry's guards, one per line */
  char *recompile; /* why the previous entry of this start did not match */
} UnitRec;

/* A function compiled at least once, as the report lists it. */
typedef struct FrameRec {
  Code *code;
  int id;            /* order of first compile in the run (Dynamo's frame id) */
  int compiles, cache_hits, eager_runs;
  int replays;       /* cache hits run by their entry's plan (replay.c),
                        without evaluating the frame */
  int *graphs;
  int ngraphs;
  char **recompiles;
  int nrecompiles;
  char *guards;      /* guards of the latest entry, one per line */
  UnitRec *units;    /* every cache entry made, in order */
  int nunits;
} FrameRec;

/* What a graph break made run eagerly (explain.break_reasons[i].action). */
enum BreakEffectKind {
  BX_RESUME,     /* the graph ended at the break; its code ran eagerly and
                    tracing resumed after it (Dynamo's resume function) */
  BX_EAGER_LOOP, /* a break in a for loop or comprehension: it ran eagerly
                    as a whole between two graphs */
  BX_EAGER_BLOCK, /* a break in a try statement: the graph before it
                     compiled, it and the rest of the frame ran eagerly
                     (Dynamo makes no resume point inside a try block) */
  BX_SKIP_FRAME  /* a break in a while loop (or a resume point inside it):
                    the rest of the frame ran eagerly (Dynamo skips it) */
};

typedef struct BreakEffect {
  uint8_t kind;             /* BreakEffectKind */
  int eager_from, eager_to; /* the lines that ran eagerly because of it */
  int resume_line;          /* where tracing resumed, 0 if it did not (in
                               this frame) */
} BreakEffect;

/* The events of the run timeline (report "timeline"): where the time of
 * each call of a compiled function went. */
enum EventKind {
  EV_TRACE,       /* a unit traced: its Python evaluated over fake tensors */
  EV_CODEGEN,     /* a graph lowered to a WebAssembly module (or handed to
                     a custom backend, which returned its callable) */
  EV_OPTIMIZE,    /* the host optimising the module (Binaryen) */
  EV_INSTANTIATE, /* the engine compiling and linking it (host) */
  EV_RUN,         /* a graph's kernel running */
  EV_EAGER,       /* Python running eagerly in the call, between graphs */
  EV_COUNT
};

/* A break's message as marks, logs and explain give it: PyTorch's
 * structured text for registry breaks (the title, Explanation, Hint lines,
 * the developer context, the gb link), else a line that says where it
 * happened when that was in a function the unit's frame called. */
void dwJ_break_message(const Break *b, Buf *out);
/* The title of registry entry gb (GbKind). */
const char *dwJ_gb_title(int gb);
/* str(Unsupported) of a fullgraph break: the message and the user stack
 * ("from user code:"), as exc.py augment_exc_message writes it. */
void dwJ_unsupported_text(Interp *I, const Break *b, Buf *out);
/* Marks of an open unit are tentative: taken back with it or kept. */
void dwJ_marks_truncate(Interp *I, int to);
void dwJ_marks_commit(Interp *I, int from);
/* Tentative `traced` marks from index `from` on (and, if line > 0, the
 * one of that line) become `not_traced`: code that ran eagerly after all. */
void dwJ_marks_untrace(Interp *I, int from, int line);
/* The suppressed compiler error of I->suppressed, if any, as a mark. */
void dwJ_mark_suppressed(Interp *I);
/* The record of code's frame (made on first use); NULL: out of memory. */
FrameRec *dwJ_frame(Interp *I, Code *code);
/* Is a torch._dynamo.explain(...) collecting? */
bool dwJ_explaining(Interp *I);
/* A graph break that ended a unit of frame f: counted with what it made
 * run eagerly, logged (graph_breaks). */
void dwJ_break(Interp *I, Frame *f, const Break *b, const BreakEffect *a);
/* Tracing of frame f resumes at `line` after its last break (0: it ends
 * eagerly), which ran eagerly up to line eager_to. */
void dwJ_break_resumed(Interp *I, Frame *f, int line, int eager_to);
/* A new record for the graph of t, about to be compiled. */
GraphRec *dwJ_graph_new(Interp *I, Trace *t, double t_trace);
GraphRec *dwJ_graph_rec(Interp *I, int id); /* NULL: not in this run */
/* The graph's nodes, and (m) the loop nests of its module computing them. */
void dwJ_graph_nodes(GraphRec *rec, const Graph *g, const WasmModule *m);
void dwJ_graph_failed(GraphRec *rec, const char *err, int err_line);
/* Lists t's cache entry e (NULL: a failed compile that was raised, with
 * t's own guards) under its frame: its status and graph, and why it was
 * made (recompile, else t->recompile_reason). */
void dwJ_unit(Interp *I, Trace *t, int status, int graph, const Entry *e,
              const char *recompile);
/* The timeline of calls of compiled functions: a call of frame f begins
 * and ends; an event of it (EventKind; abandoned: a trace thrown away);
 * f runs eagerly from now until eager_end at time t1 (< 0: now). */
void dwJ_call_begin(Interp *I, Frame *f);
void dwJ_call_end(Interp *I, Frame *f);
void dwJ_event(Interp *I, Frame *f, int kind, int graph, double t0, double t1,
               bool abandoned);
void dwJ_eager_begin(Interp *I, Frame *f);
void dwJ_eager_end(Interp *I, Frame *f, double t1);
/* f's call returns: the time since its last unit is not eager Python. */
void dwJ_eager_cancel(Interp *I, Frame *f);
/* A unit compiled into entry e: frame counts, recompile reasons, guards,
 * the graph counted for explain, the logs. */
void dwJ_compiled(Interp *I, Trace *t, GraphRec *rec, Entry *e);
/* Entry e of code's frame is current: its guards become the frame's. */
void dwJ_frame_guards(FrameRec *fr, const Entry *e);
/* Graph `id` ran once more, taking ms. */
void dwJ_graph_ran(Interp *I, int id, double ms);

#endif /* DW_DYNAMO_H */
