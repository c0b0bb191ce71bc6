/* dw.h - the one internal header of the dynawasm core.
 *
 * Plain C11, no Emscripten or JS. One folder per stage of a run, one file
 * per phase, each with a prefix that names it (Lua style):
 *
 *   dwA_  arena.c                arenas and growable buffers (dwB_)
 *         api.c                  sessions and runs (dynawasm.h, dw_*)
 *   front/    the program as a tree
 *   dwX_  front/lex.c            tokens from source (indentation, f-strings)
 *   dwP_  front/parse.c          AST from tokens
 *   runtime/  Python: values, the object protocol, the evaluator, library
 *   dwI_  runtime/resolve.c      scopes: where every name lives (Code)
 *   dwV_  runtime/value.c        every object's layout (below), allocation,
 *                                refcounting, teardown, plain repr, dicts
 *   dwOb_ runtime/object.c       the object protocol: truth, arithmetic,
 *                                comparison, iteration, attributes, items
 *   dwI_  runtime/interp.c       exceptions, names, calls, the evaluator
 *                                (eager and tracing modes)
 *   dwGe_ runtime/gen.c          generators: resumable bodies, next/send/
 *                                throw/close
 *   dwL_  runtime/builtins.c     builtin functions, isinstance, sys, the
 *                                registry (runtime/builtins.h: the library's
 *                                own header)
 *   dwFm_ runtime/format.c       repr/str (one recursion guard), format(),
 *                                format specs, str.format, %
 *   dwMt_ runtime/methods.c      methods of str, list, dict, tuple, set
 *   dwMa_ runtime/mathlib.c      the math and time modules
 *   dwL_  runtime/operator.c     the operator module
 *   dwSl_ runtime/stdmod.c       what the standard-library modules share
 *   dwTy_ runtime/mod_typing.c   typing and __future__
 *   dwIt_ runtime/mod_itertools.c itertools
 *   dwFt_ runtime/mod_functools.c functools
 *   dwCo_ runtime/mod_collections.c collections (namedtuple, OrderedDict,
 *                                defaultdict, Counter, deque)
 *   dwTp_ runtime/mod_types.c    types (SimpleNamespace, MethodType)
 *   dwCp_ runtime/mod_copy.c     copy (copy, deepcopy)
 *   tensor/   tensors and the torch library
 *   dwT_  tensor/tensor.c        tensors: shape inference, views, dispatch
 *         tensor/tensor_kernels.c  the eager kernels
 *         tensor/tensor_print.c  printing with PyTorch's print options
 *   dwL_  tensor/torchlib.c      the torch module, Tensor methods
 *   dwO_  tensor/torchops.c      more tensor ops (einsum, gather, sort, ...)
 *   dwTm_ tensor/torchmore.c     more ops (isnan, norms, new_*, diag, meshgrid, unique, ...)
 *   dwNn_ tensor/nn.c            torch.nn layers and torch.nn.functional
 *   dwNx_ tensor/nnmore.c        F.interpolate, nn.Upsample, the BCE losses
 *   dwNm_ tensor/nn_module.c     nn.Module machinery (parameters, state_dict)
 *   dwDv_ tensor/device.c        torch.device, torch.cuda, the grad mode
 *   dwAg_ tensor/autograd.c      autograd: backward nodes, the engine (autograd.h)
 *         tensor/derivatives.c   autograd: each op's backward formula
 *   dwAp_ tensor/autograd_py.c   autograd as Python sees it (.grad, backward)
 *   dwOpt_ tensor/optim.c        torch.optim: SGD, Adam, AdamW
 *   dynamo/   tracing and compiling (dynamo/dynamo.h)
 *   dwR_  dynamo/trace.c         compile units, graph breaks, guards, undo
 *   dwN_  dynamo/live.c          live locals at a graph break
 *   dwC_  dynamo/compile.c       the compile pipeline: dce, fuse, emit, host
 *   dwJ_  dynamo/report.c        marks, records, explain, the run report
 *   dwM_  dynamo/fx.c            the torch.fx GraphModule of a traced graph
 *   dwD_  dynamo/dynapi.c        the compiler API as Python sees it
 *   dwH_  dynamo/hop.c           higher-order ops: torch.cond
 *   dwS_  dynamo/symint.c        SymInts: ints computed from symbolic sizes
 *   dwY_  dynamo/symscalar.c     unbacked scalars: Tensor.item() in the graph
 *   dwU_  dynamo/mutate.c        in-place updates and item assignment, functionalised
 *   dwMg_ dynamo/modguard.c      nn.Module guards: what they held, failure reasons, sources
 *   dwAo_ dynamo/aotgrad.c       autograd through compiled graphs (CompiledFunctionBackward)
 *   backend/  graphs to WebAssembly
 *   dwG_  backend/graph.c        graph IR: building, printing, eager execution
 *   dwF_  backend/fuse.c         graph -> loop nests (fusion, scheduling)
 *   dwW_  backend/wasm_emit.c    loop nests -> WebAssembly bytes (SIMD)
 *         backend/wasm_math.c    dwmath.h's transcendentals as SIMD code
 *         backend/wasm_values.h  a loop body's values: locals, loads, stores
 *         backend/wasm_sort.c    sort nests: a stable merge sort of rows
 *         backend/wasm_module.c  the module: sections, names, source map
 *         backend/wasm_sized.c   sizes as arguments: constants from a size block
 *         native/dwrun.c         the native CLI (not part of the core)
 *
 * Conventions
 * - Errors are values. Functions that can fail return NULL / false /
 *   a Value of type V_NULL and leave the error in the context (Ctx.err for
 *   library code, the pending exception for the interpreter). Nothing in
 *   this library calls exit() or abort().
 * - Objects are reference counted. A function returning Obj* or Value
 *   returns a NEW reference; arguments are BORROWED unless the name says
 *   "steal". dwV_incref / dwV_decref.
 * - Lines are 1-based, columns 0-based (as Python's ast).
 */
#ifndef DW_H
#define DW_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Interp Interp; /* the evaluator (runtime/interp.h) */
typedef struct Node Node;     /* a node of the AST (below) */

#define DW_MAXDIM 8        /* max tensor rank */
#define DW_ERRMSG 512      /* max length of a library error message */

/* ------------------------------------------------------------------ */
/* Arenas and buffers (arena.c)                                        */
/* ------------------------------------------------------------------ */

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
  ArenaBlock *head; /* current block (blocks are chained backwards) */
  size_t total;     /* bytes handed out, for statistics */
} Arena;

void dwA_init(Arena *a);
void *dwA_alloc(Arena *a, size_t n); /* zeroed, 16-byte aligned, NULL on OOM */
char *dwA_strndup(Arena *a, const char *s, size_t n);
void dwA_free(Arena *a); /* frees every block; the arena can be reused */

/* Growable byte buffer; always NUL-terminated when len > 0. */
typedef struct Buf {
  char *p;
  size_t len, cap;
  bool oom; /* an allocation failed; contents are truncated */
} Buf;

void dwB_putc(Buf *b, char c);
void dwB_puts(Buf *b, const char *s);
void dwB_putn(Buf *b, const char *s, size_t n);
void dwB_printf(Buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void dwB_vprintf(Buf *b, const char *fmt, va_list ap);
void dwB_json_str(Buf *b, const char *s, size_t n); /* "quoted, escaped" */
void dwB_float(Buf *b, double v); /* Python's repr of a float */
char *dwB_take(Buf *b);                             /* returns p, resets b */
void dwB_free(Buf *b);

/* Growable arrays: makes *pp (*cap elements of size sz, n in use) hold
 * n + 1, doubling (or starting at `first`). false: out of memory, with
 * *pp and *cap unchanged. */
bool dw_grow(void **pp, int *cap, int n, size_t sz, int first);
#define DW_GROW(arr, cap, n, first) \
  dw_grow((void **)&(arr), &(cap), (n), sizeof *(arr), (first))

/* ------------------------------------------------------------------ */
/* Errors raised by library code (tensor.c, graph.c, ...)              */
/* ------------------------------------------------------------------ */

/* The Python exception types the core can raise, with their bases.
 * X(name, base) */
#define DW_EXC_TYPES(X)                                                       \
  X(BaseException, BaseException)                                            \
  X(Exception, BaseException)                                                \
  X(ArithmeticError, Exception)                                              \
  X(ZeroDivisionError, ArithmeticError)                                      \
  X(OverflowError, ArithmeticError)                                          \
  X(AssertionError, Exception)                                               \
  X(AttributeError, Exception)                                               \
  X(LookupError, Exception)                                                  \
  X(IndexError, LookupError)                                                 \
  X(KeyError, LookupError)                                                   \
  X(NameError, Exception)                                                    \
  X(UnboundLocalError, NameError)                                            \
  X(RuntimeError, Exception)                                                 \
  X(NotImplementedError, RuntimeError)                                       \
  X(RecursionError, RuntimeError)                                            \
  X(TorchDynamoException, RuntimeError)                                      \
  X(Unsupported, TorchDynamoException)                                       \
  X(ShortenTraceback, TorchDynamoException)                                  \
  X(BackendCompilerFailed, ShortenTraceback)                                 \
  X(InternalTorchDynamoError, TorchDynamoException)                          \
  X(InvalidBackend, TorchDynamoException)                                    \
  X(TorchRuntimeError, TorchDynamoException)                                 \
  X(UserError, Unsupported)                                                  \
  X(RecompileError, TorchDynamoException)                                    \
  X(SkipFrame, TorchDynamoException)                                         \
  X(ResetRequired, TorchDynamoException)                                     \
  X(UncapturedHigherOrderOpError, TorchDynamoException)                      \
  X(CondOpArgsMismatchError, TorchDynamoException)                           \
  X(ObservedException, TorchDynamoException)                                 \
  X(ObservedUserStopIteration, ObservedException)                            \
  X(ObservedLookupError, ObservedException)                                  \
  X(ObservedIndexError, ObservedLookupError)                                 \
  X(ObservedKeyError, ObservedLookupError)                                   \
  X(ObservedAttributeError, ObservedException)                               \
  X(ObservedRuntimeError, ObservedException)                                 \
  X(ObservedNotImplementedError, ObservedException)                          \
  X(ObservedTypeError, ObservedException)                                    \
  X(ConstraintViolationError, RuntimeError)                                  \
  X(FailOnRecompileLimitHit, Exception)                                      \
  X(ReluCompileError, Exception)                                             \
  X(TestingOnlyCompileError, Exception)                                      \
  X(StopIteration, Exception)                                                \
  X(SyntaxError, Exception)                                                  \
  X(IndentationError, SyntaxError)                                           \
  X(TypeError, Exception)                                                    \
  X(ValueError, Exception)                                                   \
  X(MemoryError, Exception)                                                  \
  X(ImportError, Exception)                                                  \
  X(ModuleNotFoundError, ImportError)                                        \
  X(OSError, Exception)                                                      \
  X(TimeoutError, OSError)                                                   \
  X(KeyboardInterrupt, BaseException)                                        \
  X(GeneratorExit, BaseException)

typedef enum ExcType {
#define X(name, base) EXC_##name,
  DW_EXC_TYPES(X)
#undef X
      EXC_COUNT
} ExcType;

extern const char *const dwV_exc_names[EXC_COUNT];
extern const ExcType dwV_exc_base[EXC_COUNT];
/* Is builtin exception type t the type `base` or below it? */
bool dwV_exc_below(int t, int base);

/* ------------------------------------------------------------------ */
/* Objects and values (value.c)                                        */
/* ------------------------------------------------------------------ */

/* Value types. The first ones are immediate; from V_STR on, u.o points to
 * a reference-counted object whose Obj.type is the same code. */
typedef enum ValType {
  V_NULL,    /* not a value: an exception or signal is pending */
  V_NONE,    /* None */
  V_BOOL,    /* u.i = 0/1 */
  V_INT,     /* u.i: 64-bit (OverflowError beyond) */
  V_FLOAT,   /* u.f */
  V_DTYPE,   /* u.i = DType: torch.float32 ... */
  V_STR,     /* Str */
  V_LIST,    /* List */
  V_TUPLE,   /* Tuple (also torch.Size and torch.return_types.*) */
  V_DICT,    /* Dict */
  V_TENSOR,  /* Tensor */
  V_FUNC,    /* Func: a user function or lambda */
  V_BUILTIN, /* Builtin: a C function, possibly bound to a receiver */
  V_BOUND,   /* Bound: a user method bound to an instance */
  V_WRAP,    /* Wrap: torch.compile / torch.compiler.disable wrapper */
  V_CLASS,   /* Class */
  V_INST,    /* Inst: an instance of a user class */
  V_MODULE,  /* Module: torch, math, ... */
  V_RANGE,   /* Range */
  V_SLICE,   /* Slice */
  V_ITER,    /* Iter: iterator over a sequence */
  V_EXC,     /* Exc: an exception instance */
  V_CELL,    /* Cell: a closure variable */
  V_OPAQUE,  /* Opaque: host objects (explain results, ...) */
  V_SET,     /* Set: a set (interp.h; its elements live in a Dict) */
  V_DICTVIEW,/* DictView: dict.keys() / values() / items() (interp.h) */
  V_GEN,     /* Gen: a generator (runtime/gen.c) */
  V_COUNT
} ValType;

/* Header of every heap object. Live objects of a run are kept on a list so
 * that the end of a run frees cycles too. */
typedef struct Obj {
  struct Obj *next, *prev; /* the context's list of live objects */
  int32_t rc;              /* reference count */
  uint16_t type;           /* ValType */
  uint16_t flags;          /* per type */
} Obj;

typedef struct Value {
  uint32_t t;  /* ValType */
  uint32_t sx; /* V_INT while tracing: 0, or the size expression the int
                  was computed from (a SymInt: dynamo/symint.c); with
                  DW_SX_UNBACKED, a V_INT / V_FLOAT / V_BOOL computed from
                  Tensor.item() (dynamo/symscalar.c); copies carry it */
  union {
    int64_t i;
    double f;
    Obj *o;
  } u;
} Value;

#define V_ISOBJ(t) ((t) >= V_STR)

/* Shared state of library code: the object list, memory accounting,
 * random numbers and the last error. Embedded at the start of the session
 * (so library code never needs more than a Ctx*). */
/* torch's CPU generator (CPUGeneratorImpl: mt19937; random.c) */
typedef struct Rng {
  uint32_t mt[624];  /* mt19937 state */
  int idx;           /* next word of mt (624: twist first) */
  bool ready;        /* seeded (else the default seed on first use) */
  bool has_normal;   /* Box-Muller's second sample is waiting */
  double normal;     /* that sample (next_double_normal_sample) */
  uint64_t seed;     /* torch.initial_seed() */
  uint64_t draws;    /* 32-bit words drawn since the seed */
} Rng;
/* A generator's position, to take it back there (dwRng_rewind) */
typedef struct RngMark {
  uint64_t seed, draws;
  double normal;
  bool has_normal;
} RngMark;
/* What dwRng_fill draws */
typedef enum RngDist {
  RNG_UNIFORM, /* uniform_(from, to) */
  RNG_NORMAL,  /* normal_(mean, std) */
  RNG_INT      /* random_(from, to): integers in [from, to), any dtype */
} RngDist;

typedef struct Ctx {
  Obj live;                  /* sentinel of the list of live objects */
  size_t tensor_bytes;       /* bytes of live tensor storage */
  size_t tensor_cap;         /* RuntimeError before exceeding (1 GiB) */
  size_t tensor_peak;        /* high-water mark of tensor_bytes */
  Rng rng;                   /* torch's CPU generator (random.c) */
  ExcType err;               /* error type of the last failure */
  char errmsg[DW_ERRMSG];    /* its message (no "Type: " prefix) */
  int (*host_compile)(void *host, const uint8_t *wasm, size_t n,
                      char *err, size_t errcap); /* optional */
  void *host;
  /* Teardown of nested objects: beyond a depth, objects whose count
   * reached zero wait on this list (linked through Obj.next) and the
   * outermost dwV_decref_o frees them, so freeing a deeply nested
   * structure never recurses deeply on the C stack. */
  Obj *free_later;
  int free_depth;
  /* A suspended generator whose count reached zero is closed before it is
   * freed, as CPython's finalizer does (runtime/gen.c sets it; NULL: none) */
  void (*gen_final)(struct Ctx *c, Obj *o);
  struct AgNode *ag_nodes;   /* every live autograd node (tensor/autograd.c) */
  uint64_t ag_seq;           /* the next node's sequence number */
  uint32_t ag_run;           /* the engine's runs */
  bool ag_sweep;             /* dwV_free_all is sweeping: nodes wait for
                                dwAg_free_all */
} Ctx;

/* Sets ctx->err/errmsg and returns false / NULL-friendly 0. */
bool dw_fail(Ctx *c, ExcType t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Allocates a zeroed object of `size` bytes with rc = 1 and links it to
 * the live list. NULL (and MemoryError in c) on failure. */
Obj *dwV_alloc(Ctx *c, ValType t, size_t size);
void dwV_free_obj(Ctx *c, Obj *o); /* type-specific teardown + free */
void dwV_free_all(Ctx *c);         /* end of run: frees every live object */

static inline void dwV_incref_o(Obj *o) { o->rc++; }
void dwV_decref_o(Ctx *c, Obj *o);
static inline void dwV_incref(Value v) {
  if (V_ISOBJ(v.t)) v.u.o->rc++;
}
static inline void dwV_decref(Ctx *c, Value v) {
  if (V_ISOBJ(v.t)) dwV_decref_o(c, v.u.o);
}

static inline Value dwV_null(void) { return (Value){.t = V_NULL, .u = {0}}; }
static inline Value dwV_none(void) { return (Value){.t = V_NONE, .u = {0}}; }
static inline Value dwV_bool(bool b) { return (Value){.t = V_BOOL, .u = {.i = b}}; }
static inline Value dwV_int(int64_t i) { return (Value){.t = V_INT, .u = {.i = i}}; }
static inline Value dwV_float(double f) {
  return (Value){.t = V_FLOAT, .u = {.f = f}};
}
static inline Value dwV_obj(Obj *o) {
  return (Value){.t = o ? o->type : V_NULL, .u = {.o = o}};
}

/* ------------------------------------------------------------------ */
/* Object layouts: every type (value.c allocates, tears down and     */
/* prints them all)                                                    */
/* ------------------------------------------------------------------ */

/* Strings are immutable UTF-8 byte strings;
 * Python-level lengths and indices count code points (dwV_str_* helpers),
 * with a fast path for pure-ASCII strings. */
typedef struct Str {
  Obj h;
  uint32_t hash;  /* 0: not computed yet */
  uint8_t interned;
  uint8_t ascii;  /* 0: not known yet, 1: all bytes < 0x80, 2: not ASCII */
  size_t len;     /* bytes */
  char s[];       /* NUL-terminated */
} Str;

typedef struct List {
  Obj h;
  int64_t len, cap;
  Value *items;
} List;

enum TupleKind {
  TUP_PLAIN,
  TUP_SIZE /* torch.Size */,
  TUP_RETTYPE /* torch.return_types.<name> */,
  TUP_NAMED /* an instance of a collections.namedtuple class (cls) */
};
typedef struct Tuple {
  Obj h;          /* h.flags = TupleKind */
  int64_t len;
  union {
    const char *rt_name;   /* TUP_RETTYPE: "max", "min" */
    struct Class *cls;     /* TUP_NAMED: its class (a reference) */
  };
  Value items[];
} Tuple;

typedef struct DictEntry {
  Value key, val;
  uint32_t hash;
  bool used;      /* false: deleted slot */
} DictEntry;
typedef struct Dict {
  Obj h;
  int64_t len;        /* live entries */
  int64_t nent, cap;  /* entries used (incl. deleted), capacity */
  DictEntry *ent;     /* insertion order */
  int32_t *idx;       /* open-addressing index into ent; -1 empty */
  int64_t idxcap;     /* power of two */
  /* an instance of a dict subclass of collections (OrderedDict,
   * defaultdict, Counter, or a class deriving from one): its class and,
   * for a defaultdict, default_factory (references); NULL / V_NULL */
  struct Class *cls;
  Value extra;
} Dict;

typedef struct Range {
  Obj h;
  int64_t start, stop, step;
} Range;

typedef struct Slice {
  Obj h;
  Value start, stop, step; /* V_NONE when absent */
} Slice;

typedef struct Cell {
  Obj h;
  Value v;        /* V_NULL: unbound */
} Cell;

typedef struct TbEntry {
  const char *func;   /* static or owned by the exception (see Exc) */
  int line;
  /* the failing expression's range (bytes from the start of `line`), as
   * CPython 3.11's instruction positions: col < 0 when the entry has none
   * (a statement: raise, for, ...); anchor_l..anchor_r (from col; < 0:
   * none) the operator of a binary operation or the [index] of a
   * subscript, CPython's ~~^^~~ */
  int col, end_line, end_col, anchor_l, anchor_r;
} TbEntry;

typedef struct Exc {
  Obj h;
  ExcType type;       /* builtin type, or the builtin base of cls */
  struct Class *cls;  /* user subclass (NULL for builtin) */
  Str *msg;           /* str(exc) */
  Value args;         /* tuple of args */
  TbEntry *tb;        /* innermost last, as printed */
  int ntb, tbcap;
  char **tbnames;     /* owned copies of function names */
  int line, col;      /* where raised */
  int end_col;        /* a SyntaxError's end on its line (CPython's ^^^ range;
                         <= col: one caret) */
  Dict *attrs;        /* attributes set on the instance (NULL: none) */
  int cur_line;       /* the line of the frame being unwound where the
                         exception happened (its traceback entry's line) */
  const void *cur_frame; /* that frame (compared, never dereferenced) */
  const struct Node *cur_node; /* the innermost expression that failed in
                                  that frame (traceback.c), NULL: none */
  const void *tb_frame;  /* the frame whose entry was added when a handler
                            caught the exception there (a bare re-raise
                            adds none) */
} Exc;

typedef struct Opaque {
  Obj h;
  int kind;                        /* per user */
  void *p;
  void (*free)(Ctx *c, void *p);   /* teardown of p */
  void (*repr)(Buf *b, void *p);   /* str() */
  /* attribute access (the interpreter passes itself as `interp`); returns
   * V_NULL for "no such attribute" */
  Value (*getattr)(void *interp, void *p, const char *name);
} Opaque;

typedef enum DType {
  DT_F32,  /* torch.float32 (default float) */
  DT_I64,  /* torch.int64 (default integer) */
  DT_I32,  /* torch.int32 */
  DT_BOOL, /* torch.bool (1 byte) */
  DT_F64,  /* torch.float64 / torch.double */
  DT_COUNT
} DType;

/* float32 or float64 (PyTorch's is_floating_point). */
static inline bool dwT_is_float(int dt) { return dt == DT_F32 || dt == DT_F64; }

#define DW_MAXKEEP 4 /* kept matmul panels per kernel (WasmModule.keep_slot) */

typedef struct Storage {
  int32_t rc;      /* tensors (views) sharing it */
  size_t nbytes;   /* accounted in Ctx.tensor_bytes */
  void *data;      /* 16-byte aligned */
  int64_t version; /* PyTorch's version counter (Tensor._version) of the
                      tensors on this storage without one of their own
                      (Tensor.vc): bumped by every in-place write */
  int64_t writes;  /* every in-place write, whichever counter it moved
                      (x.data's too) */
  uint64_t id;     /* unique in the process (never reused, unlike the
                      address): with writes, what kept matmul panels are
                      keyed by (dynamo/compile.c) */
} Storage;

/* A version counter of its own, shared by a tensor and its views: PyTorch
 * gives `x.data` a new counter on x's memory (VariableVersion). */
typedef struct VCounter {
  int32_t rc;    /* tensors sharing it */
  int64_t v;     /* the version */
} VCounter;

typedef struct Tensor {
  Obj h;
  uint8_t dtype;   /* DType */
  uint8_t ndim;    /* 0..DW_MAXDIM */
  uint8_t wrapped; /* a 0-d tensor made from a Python scalar */
  uint8_t dyn_marked; /* torch._dynamo.mark_dynamic: bit d marks dim d */
  int64_t shape[DW_MAXDIM];
  int64_t stride[DW_MAXDIM]; /* in elements */
  int64_t offset;            /* in elements, into st->data */
  Storage *st;               /* NULL while fake (a traced value) */
  int32_t node;              /* graph node while fake, else -1 */
  struct Trace *trace;       /* the trace that made this fake */
  VCounter *vc;              /* NULL: the version counter is st->version;
                                else this one (x.data and its views; a
                                fake written in place while traced) */
  struct AgMeta *ag;         /* autograd: grad_fn, .grad (tensor/autograd.h);
                                NULL: none */
} Tensor;

/* Obj.flags of a real tensor: an nn.Parameter (torch.nn parameters()),
 * a parameter whose requires_grad is False (Parameter(requires_grad=
 * False), requires_grad_(False)), and requires_grad (a leaf made so, a
 * parameter, or the result of an op recorded by autograd) */
#define DW_TENSOR_VIEW 0x1000 /* made by a view op from another tensor's memory */
#define DW_TENSOR_RG 0x2000
#define DW_TENSOR_PARAM 0x4000
#define DW_TENSOR_NOGRAD 0x8000
#define DW_REQUIRES_GRAD(t) (((t)->h.flags & DW_TENSOR_RG) != 0)

/* One function body, lambda, comprehension, class body or module. */
typedef struct Code {
  Node *node;          /* N_DEF, N_LAMBDA, N_LISTCOMP..., N_CLASS, N_MODULE */
  const char *name;    /* "f", "<lambda>", "<listcomp>", "<module>" */
  const char *qualname;/* "A.f", "outer.<locals>.inner" (argument errors) */
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
  bool is_gen;         /* a generator function: its body has a yield */
  bool prelude;        /* runtime library code (no marks, own file name) */
  struct UnitCache *caches; /* Dynamo caches of this code (trace.c) */
} Code;

/* torch.compile options carried by a compile context. */
typedef struct CompileOpts {
  int backend;        /* BK_* */
  bool fullgraph;
  bool explain;       /* a torch._dynamo.explain(...) call is collecting */
  bool run_only;      /* a frame over the recompile limit runs eagerly and
                         whatever it calls uses existing cache entries
                         only: nothing new is compiled (trace.c) */
  int8_t dynamic;     /* DynamicMode: torch.compile(dynamic=...) */
  Value backend_fn;   /* BK_CUSTOM: the backend callable (a reference) */
  Str *backend_name;  /* BK_CUSTOM: the name errors give it (a reference;
                         NULL: '?', as for torch._dynamo.optimize(obj)) */
} CompileOpts;

/* torch.compile(dynamic=...) (eval_frame.py make_set_enable_dynamic). */
enum DynamicMode {
  DYN_DEFAULT = -1, /* None: the config decides (automatic dynamic shapes) */
  DYN_FALSE = 0,    /* False: automatic_dynamic_shapes=False,
                       assume_static_by_default=True */
  DYN_TRUE = 1      /* any true value: assume_static_by_default=False */
};

enum Backend {
  BK_WASM,                 /* "wasm" (also "inductor", the default) */
  BK_EAGER,                /* "eager": graph op by op on eager kernels */
  BK_AOT_EAGER,            /* "aot_eager": treated as "eager" */
  BK_RELU_COMPILE_ERROR,   /* "relu_compile_error_TESTING_ONLY" */
  BK_RELU_RUNTIME_ERROR,   /* "relu_runtime_error_TESTING_ONLY" */
  BK_CUSTOM                /* a callable fn(gm, example_inputs) (dynamo/fx.c) */
};
extern const char *const dwC_backend_names[]; /* compile.c */
/* The backend's name as errors give it ("eager", a callable's __name__). */
const char *dwC_backend_label(const CompileOpts *o);

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
  Value func;          /* Func or Wrap (or a grad-mode decorator's Opaque) */
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
  Value target;        /* the wrapped callable (WRAP_PROPERTY: the getter) */
  Value fset;          /* WRAP_PROPERTY: the setter, V_NULL when none */
} Wrap;

enum ClassFlags {
  CLS_NN_MODULE = 1,   /* derives from torch.nn.Module */
  CLS_EXCEPTION = 2,   /* derives from an exception type */
  CLS_BUILTIN = 4,     /* provided by the runtime (ValueError, nn.Module) */
  CLS_OBJECT = 8,      /* the class `object` */
  CLS_GETATTRIBUTE = 16, /* it or a base defines __getattribute__ */
  CLS_NEW = 32           /* it or a base defines __new__ */
};
typedef struct Class {
  Obj h;
  Str *name;
  struct Class *base;  /* first base class, or NULL */
  int builtin_base;    /* -1, or ExcType for exception subclasses */
  uint16_t cflags;     /* ClassFlags */
  Dict *ns;            /* methods and class attributes */
  int line;
  /* Classes made by `class` statements: every base (references held) and
   * the C3 method resolution order, mro[0] == the class itself (the others
   * referenced). NULL for runtime classes: their order is the base chain. */
  struct Class **bases;
  int nbases;
  struct Class **mro;
  int nmro;
} Class;

typedef struct Inst {
  Obj h;
  Class *cls;
  Dict *attrs;
} Inst;

/* A set: its elements are the keys of a dict (values None), so a traced
 * frame logs a set mutation by logging that dict (dwR_log_obj). Iteration
 * and printing follow CPython's hash-table order for elements whose hash
 * CPython fixes (int, bool, float, str and tuples of them, with
 * PYTHONHASHSEED=0), else insertion order (builtins.c, set_order). */
typedef struct SetSlot {
  Value key;           /* borrowed from d (active slots) */
  int64_t hash;        /* CPython's hash(key) */
  uint8_t state;       /* 0 empty, 1 active, 2 dummy (deleted) */
} SetSlot;

typedef struct Set {
  Obj h;
  Dict *d;             /* the elements (keys; values None) */
  /* a model of CPython's table (Objects/setobject.c), kept while every
   * element has a CPython-fixed hash (model_ok): its slot order is the
   * iteration order */
  SetSlot *tab;        /* mask + 1 slots, NULL: the empty 8-slot table */
  size_t mask, fill, used, finger;
  bool model_off;      /* an element without a fixed hash was added */
} Set;

/* dict.keys() / values() / items(): a live view of the dict. */
typedef struct DictView {
  Obj h;
  Dict *d;
  uint8_t mode;        /* 0 keys, 1 values, 2 items */
} DictView;

typedef struct Module {
  Obj h;
  Str *name;           /* "torch", "torch.nn.functional", "math" */
  Dict *attrs;
  int special;         /* MOD_* */
} Module;
enum {
  MOD_PLAIN,         /* a missing attribute is an AttributeError */
  MOD_DYNAMO_CONFIG, /* torch._dynamo.config: options (dynamo/dynapi.c) */
  MOD_API,           /* a compiler API module: a missing public name is a
                        PyTorch API not implemented (NotImplementedError) */
  MOD_STDLIB         /* a standard-library module (typing, ...): a name
                        CPython's has is NotImplementedError, any other an
                        AttributeError (dwL_stdlib_missing) */
};

enum IterKind {
  IT_SEQ,       /* list/tuple/str by index */
  IT_RANGE,     /* range */
  IT_DICT,      /* dict keys (items/values via mode) */
  IT_ENUMERATE, /* (i, x) over an inner iterator */
  IT_ZIP,       /* tuples over inner iterators */
  IT_TENSOR,    /* rows of a tensor (select dim 0) */
  IT_MAP,       /* map(f, it...) over inner iterators */
  IT_REVERSED,  /* reversed(seq) */
  IT_NEXT,      /* a user iterator: src.__next__() until StopIteration */
  IT_GETITEM,   /* src.__getitem__(0, 1, ...) until IndexError */
  IT_SET        /* a set: src = snapshot list, inner[0] = the set */
};
typedef struct Iter {
  Obj h;
  uint8_t kind;
  uint8_t mode;        /* IT_DICT: 0 keys, 1 values, 2 items */
  Value src;           /* sequence / inner iterator / function */
  Value *inner;        /* IT_ZIP: iterators */
  int ninner;
  int64_t i, n, step;  /* position (IT_RANGE: next value, items left,
                          step; IT_DICT / IT_SET: size when created) */
} Iter;

/* A generator (runtime/gen.c): the slots of its function's frame, kept
 * between resumptions, and where its body stopped: one record per level
 * of the statements on the path to the yield it is suspended at (a
 * block's statement index; an if's branch; a for loop's iterator; a
 * try's part, the exception it handles or the outcome its finally block
 * holds; a with's __exit__; a yield from's iterator). */
typedef struct GenRec {
  Value v, w;   /* held values (references), V_NULL when none */
  int idx;      /* a block: the statement index */
  int part;     /* a compound statement: which of its blocks */
  int sub;      /* try: the handler index, or the status a finally holds */
} GenRec;

enum GenState { GS_CREATED, GS_SUSPENDED, GS_RUNNING, GS_DONE };

typedef struct Gen {
  Obj h;
  Func *fn;            /* the generator function (a reference) */
  Value *slots;        /* fn->code->nslots; NULL once done */
  GenRec *rec;         /* the records of the suspended path */
  int nrec, caprec;
  uint8_t state;       /* GenState */
  int line;            /* the line it stopped at */
  uint64_t owner;      /* the Dynamo unit (trace serial) that made it, 0:
                          made eagerly */
  Value yielded;       /* the value being yielded (while suspending) */
} Gen;

/* ------------------------------------------------------------------ */
/* Values (value.c)                                                    */
/* ------------------------------------------------------------------ */

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
Value dwV_dict_get_key(Dict *d, Value key); /* the stored equal key */
bool dwV_dict_set(Ctx *c, Dict *d, Value key, Value v); /* increfs both */
bool dwV_dict_del(Ctx *c, Dict *d, Value key);
void dwV_dict_clear(Ctx *c, Dict *d); /* every entry dropped, index reset */
Value dwV_dict_gets(Dict *d, Str *key);
bool dwV_str_ascii(Str *s);              /* every byte < 0x80 */
int64_t dwV_str_cplen(Str *s);           /* length in code points */
size_t dwV_str_cpoff(Str *s, int64_t k); /* byte offset of code point k */
int64_t dwV_utf8_cplen(const char *p, size_t n);
/* CPython's hash() for values whose hash CPython fixes (int, bool, finite
 * float, str with PYTHONHASHSEED=0, tuples of them): false for others. */
bool dwV_pyhash(Value v, int64_t *out);
void dwV_repr(Buf *b, Value v);
void dwV_repr_str(Buf *b, const char *s, size_t n, bool ascii); /* 'quoted' */
/* The elements of a set (borrowed) in iteration order; malloc'd, NULL
 * when out of memory. */
Value *dwV_set_items(Ctx *c, Set *s, int64_t *n); /* c NULL: read-only */
/* The doc string of the builtin defs that are types (int, str, ...): they
 * print as <class 'int'>. */
extern const char dwV_type_doc[];
bool dwV_is_type_def(const BuiltinDef *d);
void dwV_str_of(Buf *b, Value v);
const char *dwV_type_name(Value v);
/* the class of an instance, exception, namedtuple or collections dict;
 * NULL for any other value */
struct Class *dwV_class_of(Value v);

/* Set primitives (value.c): they keep the dict and the model in step,
 * in CPython's order of operations. false: out of memory (in c). */
bool dwV_set_add(Ctx *c, Set *s, Value key);     /* no-op if present */
bool dwV_set_discard(Ctx *c, Set *s, Value key); /* true if it was there */
void dwV_set_clear(Ctx *c, Set *s);
bool dwV_set_merge(Ctx *c, Set *dst, Set *src);  /* set_merge: |= a set */
void dwV_set_presize(Set *s, int64_t n);         /* before adding n from a dict */
Value dwV_set_pop(Ctx *c, Set *s);               /* new ref; V_NULL if empty */
bool dwV_set_assign(Ctx *c, Set *a, Set *b);     /* a's elements := b's */
void dwV_set_shrink(Set *s);                     /* drops many dummies */

/* ------------------------------------------------------------------ */
/* Tensors (tensor.c, tensor_print.c)                                  */
/* ------------------------------------------------------------------ */

extern const char *const dwT_dtype_names[DT_COUNT]; /* "torch.float32" */
extern const size_t dwT_dtype_size[DT_COUNT];
/* Name of a dtype as PyTorch's C++ messages spell it ("Float", "Long"). */
const char *dwT_scalar_name(DType dt);

/* Shape and dtype without data: what shape inference works on. */
typedef struct TMeta {
  uint8_t dtype, ndim, wrapped;
  int64_t shape[DW_MAXDIM];
} TMeta;

typedef enum OpKind {
  K_INPUT,  /* graph input */
  K_CONST,  /* wrapped scalar constant */
  K_UNARY,  /* pointwise, one input */
  K_BINARY, /* pointwise, two inputs, broadcasting */
  K_WHERE,  /* pointwise, three inputs, broadcasting */
  K_REDUCE, /* reduction over dims */
  K_MATMUL, /* batched matrix product */
  K_VIEW,   /* reshape/permute/expand/slice/select */
  K_COPY,   /* clone */
  K_CAT,    /* concatenation */
  K_GATHER, /* indexed load along a dim (index tensor of the output's shape) */
  K_SORT,   /* the sorting order of each row (argsort along the last dim) */
  K_CREATE  /* full/arange */
} OpKind;

typedef enum Op {
#define OP(id, name, kind, nin, sym) OP_##id,
#include "ops.def"
#undef OP
  OP_COUNT
} Op;

typedef struct OpInfo {
  const char *name, *sym;
  OpKind kind;
  int nin;
} OpInfo;
extern const OpInfo dw_ops[OP_COUNT];

/* Attributes of one op application (meaning per op: see ops.def). */
typedef struct OpAttrs {
  int64_t i[DW_MAXDIM + 2]; /* integer attributes */
  int ni;                   /* how many of i[] are used */
  double f[2];              /* float attributes */
  uint8_t has_f[2];         /* f[k] given (clamp min/max) */
  uint8_t dtype;            /* CAST / CREATE target */
  uint8_t keepdim;          /* reductions */
  uint8_t flag;             /* per op (RESHAPE strict view, GELU tanh) */
  uint8_t from_end;         /* SLICE bit 0 start, bit 1 stop, SELECT bit 0
                               the index: given counted from the end of the
                               dim (x[-3:], x[:-1], x[:], x[-1]), so the
                               graph is the same at every size of a
                               symbolic dim (dwG_hash_sizes) */
} OpAttrs;

/* OP_EXP's flag: which exp (tensor/dwmath.h). */
typedef enum ExpKind {
  EXP_PLAIN,   /* torch.exp: dw_expf, within 1 ulp of the correctly rounded
                  expf everywhere */
  EXP_SOFTMAX, /* softmax's / log_softmax's own exp of x - amax(x) (<= 0 or
                  nan): dw_expf_sm, within 2 ulp there (torchlib.c) */
  EXP_NONPOS,  /* the emitter's dw_expf_nonpos for a plain exp of an
                  argument <= 0 (wasm_emit.c; never in a graph) */
  EXP_SOFTMAX_UNSCALED /* softmax's exp whose values only feed the sum and
                  the product by its reciprocal (torchlib.c dwL_softmax,
                  not log_softmax): float32 e^x * 2^63 (dw_expf_smu), the
                  factor cancels in e / sum; float64 e^x */
} ExpKind;

/* OP_GATHER's flag: which op it implements, for its bounds rule and the
 * message of an index out of range (the data decides, so compiled kernels
 * return DW_KERR_INDEX and the graph reruns eagerly for the message). */
typedef enum GatherKind {
  GK_GATHER,       /* torch.gather / take_along_dim: 0 <= i < n */
  GK_INDEX_SELECT, /* index_select / embedding: 0 <= i < n, "index out of
                      range in self" */
  GK_INDEX,        /* x[index_tensor]: -n <= i < n (negative wraps) */
  GK_ONE_HOT,      /* F.one_hot: class values */
  GK_TARGET        /* nll_loss / cross_entropy targets */
} GatherKind;

/* OP_CAST's flag: the call it records (printing and naming only). */
typedef enum CastKind {
  CK_TO,           /* x.to(dtype) and the other dtype conversions */
  CK_ITEM,         /* x.item() under capture_scalar_outputs: a 0-d float64,
                      int64 or bool (dynamo/symscalar.c) */
  CK_SCALAR_TENSOR /* torch.scalar_tensor(v, dtype=torch.float64): an item()
                      float the frame keeps, as a graph output */
} CastKind;

/* OP_RAND's flag: which random function (the draws are dwT_rand's). */
typedef enum RandKind {
  RK_RAND,   /* torch.rand: uniform on [0, 1) */
  RK_RANDN,  /* torch.randn: standard normal */
  RK_RANDINT /* torch.randint: integers in [f[0], f[1]) */
} RandKind;

/* OP_ALIAS's flag: the call that returned its argument unchanged. Eagerly
 * these return the tensor itself; traced, Dynamo still records the call
 * (a call_method node, counted as an op), so the graph has a node for it
 * whose value is a view of its input with the same layout. */
typedef enum AliasKind {
  AK_CONTIGUOUS, /* x.contiguous() of a contiguous x */
  AK_FLOAT,      /* x.float() of a float32 x */
  AK_DOUBLE,     /* x.double() of a float64 x */
  AK_LONG,       /* x.long() of an int64 x */
  AK_INT,        /* x.int() of an int32 x */
  AK_BOOL,       /* x.bool() of a bool x */
  AK_TO_DTYPE,   /* x.to(dtype) of that dtype (printed with the dtype) */
  AK_TO_DEVICE,  /* x.to('cpu') / x.to(device) */
  AK_TYPE,       /* x.type(dtype) of that dtype */
  AK_CPU,        /* x.cpu() */
  AK_DETACH,     /* x.detach() */
  AK_DROPOUT,    /* F.dropout / nn.Dropout in eval mode or with p = 0: f[0] = p,
                    f[1] = training */
  AK_COUNT
} AliasKind;
/* Per AliasKind: the method's name (the node's name and its call). */
extern const char *const dw_alias_method[AK_COUNT];

/* Construction and access (tensor.c). */
Tensor *dwT_new(Ctx *c, DType dt, int ndim, const int64_t *shape); /* zeroed */
Tensor *dwT_fake(Ctx *c, const TMeta *m); /* no storage; node = -1 */
Tensor *dwT_scalar(Ctx *c, DType dt, double v, bool wrapped);   /* 0-d */
Tensor *dwT_view(Ctx *c, Tensor *base, int ndim, const int64_t *shape,
                 const int64_t *stride, int64_t offset);
Tensor *dwT_contiguous(Ctx *c, Tensor *t); /* new ref; t itself if already */
/* Uninitialised contiguous data (the caller writes every element). */
Tensor *dwT_empty(Ctx *c, DType dt, int ndim, const int64_t *shape);
void dwT_contig_strides(int ndim, const int64_t *shape, int64_t *stride);
/* The layout (strides, offset) eager execution gives the result of a view
 * op (ops.def K_VIEW): 1 a view, 0 a RESHAPE that copies (contiguous), -1
 * a strict .view() that cannot view (ctx->err set). Needs no data: the
 * tracer keeps its fake tensors' layouts with it. */
int dwT_view_layout(Ctx *c, Op op, const Tensor *x, const OpAttrs *a,
                    const TMeta *m, int64_t *stride, int64_t *offset);
void dwT_meta_of(const Tensor *t, TMeta *m);
int64_t dwT_numel_meta(const TMeta *m);
static inline int64_t dwT_numel(const Tensor *t) {
  int64_t n = 1;
  for (int k = 0; k < t->ndim; k++) n *= t->shape[k];
  return n;
}
bool dwT_is_contiguous(const Tensor *t);
void *dwT_data(const Tensor *t); /* pointer to element 0 (offset applied) */
double dwT_get(const Tensor *t, int64_t flat);      /* row-major index */
int64_t dwT_get_int(const Tensor *t, int64_t flat); /* exact for ints */
bool dwT_set(Ctx *c, Tensor *t, int64_t flat, double v);
/* Copies src into dst (broadcasting src, converting dtype) in place. */
/* "[2, 3]" into buf, as PyTorch prints sizes in messages; returns buf. */
const char *dwT_shape_str(char *buf, size_t cap, int n, const int64_t *s);
bool dwT_copy_into(Ctx *c, Tensor *dst, Tensor *src);
/* Tensor._version: t's version counter (its own, else its storage's; 0 for
 * a fake never written). */
int64_t dwT_version(const Tensor *t);
/* n in-place writes into t: its version counter advances by n (a fake
 * gets a counter of its own). false when out of memory. */
bool dwT_bump(Tensor *t, int64_t n);
/* t's counter becomes a new one at 0 (x.data), or, with from, from's
 * (shared). false when out of memory. */
bool dwT_set_counter(Tensor *t, const Tensor *from);
/* Drops t's own counter (Tensor freed). */
void dwT_counter_drop(Tensor *t);
/* Whether an in-place op's result `res` may be written into `dst`
 * (x.add_(y), x += y): the same shape, and a dtype PyTorch casts to dst's
 * (no float into int/bool, no int into bool); false + ctx error (PyTorch's
 * TensorIterator messages) otherwise. */
bool dwT_check_inplace(Ctx *c, const TMeta *dst, const TMeta *res);
/* The broadcast of a's and b's shapes, with their promoted dtype (false +
 * ctx error, PyTorch's infer_size message, when they do not broadcast). */
bool dwT_broadcast(Ctx *c, const TMeta *a, const TMeta *b, TMeta *out);

/* Shape inference: checks everything eager execution would check and
 * raises PyTorch's messages (ctx->err). `in` has dw_ops[op].nin entries
 * (nin for variable-arity ops). */
bool dwT_meta(Ctx *c, Op op, int nin, const TMeta *in, const OpAttrs *a,
              TMeta *out);
/* Eager execution: meta, then the kernel. Views share storage. */
Tensor *dwT_op(Ctx *c, Op op, int nin, Tensor **in, const OpAttrs *a);
/* Result dtype of a binary pointwise op on these inputs (PyTorch rules). */
DType dwT_promote(const TMeta *a, const TMeta *b);
/* torch.arange length: ceil((end - start) / step) computed in double, with
 * PyTorch's errors (zero step, bound inconsistent with the step's sign). */
bool dwT_arange_len(Ctx *c, double start, double end, double step,
                    int64_t *n);

/* Random numbers (random.c): PyTorch's CPU generator and distributions,
 * the same numbers as PyTorch for the same seed. */
void dwT_seed(Ctx *c, uint64_t seed);
/* torch.rand (U[0, 1)) or torch.randn (N(0, 1)) of dtype dt (F32 or F64) */
Tensor *dwT_rand_dt(Ctx *c, DType dt, int ndim, const int64_t *shape, bool normal);
Tensor *dwT_rand(Ctx *c, int ndim, const int64_t *shape, bool normal); /* float32 */
void dwRng_seed(Rng *g, uint64_t seed);        /* torch.manual_seed */
uint64_t dwRng_seed_of(Rng *g);                /* torch.initial_seed */
uint32_t dwRng_u32(Rng *g);                    /* CPUGeneratorImpl::random() */
uint64_t dwRng_u64(Rng *g);                    /* random64() */
double dwRng_normal(Rng *g);                   /* normal_distribution<double>(0, 1) */
float dwRng_uniform_f(Rng *g);                 /* uniform_real_distribution<float>(0, 1) */
/* fills contiguous tensor t as uniform_(a, b), normal_(a, b) (mean a,
 * std b) or random_(a, b) do; false for uniform/normal of a dtype that is
 * not F32/F64 */
bool dwRng_fill(Rng *g, Tensor *t, RngDist dist, double a, double b);
void dwRng_mark(Rng *g, RngMark *m);           /* a checkpoint of g */
void dwRng_rewind(Rng *g, const RngMark *m);   /* g as it was at m */
bool dwRng_at(const Rng *g, const RngMark *m); /* g has drawn nothing since m */

/* Printing with PyTorch's default print options (tensor_print.c). */
void dwT_repr(Buf *b, const Tensor *t);      /* tensor([...]) */
/* torch.set_printoptions's PRINT_OPTS (sci_mode -1: None), read by dwT_repr */
typedef struct DwPrintOpts {
  int precision;
  double threshold; /* inf: profile='full' */
  int edgeitems, linewidth;
  int sci_mode;
} DwPrintOpts;
DwPrintOpts *dwT_print_opts(void);

/* ------------------------------------------------------------------ */
/* Tokens and AST (lex.c, parse.c)                                     */
/* ------------------------------------------------------------------ */

typedef enum NodeKind {
  /* expressions */
  N_NAME,     /* s = identifier */
  N_INT,      /* ival (a literal too big for int64 is a SyntaxError-free
                 OverflowError at run time: flag NF_BIGINT, s = digits) */
  N_FLOAT,    /* fval */
  N_STR,      /* s, slen: decoded contents (may hold NUL bytes) */
  N_FSTR,     /* f-string: kids = parts, each N_STR or N_FORMAT */
  N_FORMAT,   /* {a!conv:spec}: a = expr; op = conversion ('r','s','a',0);
                 b = spec (N_FSTR, NULL when absent) */
  N_TRUE,     /* True */
  N_FALSE,    /* False */
  N_NONE,     /* None */
  N_ELLIPSIS, /* ... */
  N_TUPLE,    /* kids */
  N_LIST,     /* kids */
  N_DICT,     /* kids = key, value, key, value, ... */
  N_SET,      /* kids (set literal, {a, b}) */
  N_LISTCOMP, /* a = element; kids = N_COMPFOR generators */
  N_DICTCOMP, /* a = key, b = value; kids = N_COMPFOR generators */
  N_SETCOMP,  /* a = element; kids = N_COMPFOR generators */
  N_GENEXP,   /* a = element; kids = N_COMPFOR (as in sum(x for x in y)) */
  N_COMPFOR,  /* a = target, b = iterable, kids = if-conditions */
  N_BINOP,    /* op = BinOp; a, b */
  N_UNARY,    /* op = UnOp; a */
  N_BOOLOP,   /* op = BOOL_AND/BOOL_OR; kids (>= 2 operands) */
  N_COMPARE,  /* a = leftmost; kids = comparators; cmpops[k] = CmpOp */
  N_CALL,     /* a = callee; kids = arguments: expressions, N_STARRED,
                 N_KEYWORD, N_DSTAR */
  N_KEYWORD,  /* s = name; a = value */
  N_STARRED,  /* *a (in calls, assignment targets, list/tuple displays) */
  N_DSTAR,    /* **a in calls */
  N_ATTR,     /* a.s */
  N_SUBSCRIPT,/* a[b]; b is an expression, N_SLICE or N_TUPLE of them */
  N_SLICE,    /* a:b:c, each may be NULL */
  N_LAMBDA,   /* params; a = body expression */
  N_IFEXP,    /* b if a else c */
  N_NAMEDEXPR,/* s := a (walrus) */
  N_YIELD,    /* yield a (a may be NULL): in a generator (runtime/gen.c), only
                 as an expression statement or an assignment's value */
  N_YIELDFROM,/* yield from a: the same places */
  /* statements */
  N_MODULE,   /* body */
  N_EXPR,     /* a */
  N_ASSIGN,   /* kids = targets (a = b = value); a = value */
  N_AUGASSIGN,/* op = BinOp; a = target; b = value */
  N_ANNASSIGN,/* a = target; b = value (may be NULL); c = annotation */
  N_IF,       /* a = test; body; orelse (elif: a single N_IF in orelse,
                 flag NF_ELIF) */
  N_WHILE,    /* a = test; body; orelse */
  N_FOR,      /* a = target; b = iterable; body; orelse */
  N_BREAK,    /* break */
  N_CONTINUE, /* continue */
  N_PASS,     /* pass */
  N_RETURN,   /* a (may be NULL) */
  N_DEF,      /* s = name; params; body; decos = decorators; line is the
                 `def` line, deco lines are in decos */
  N_CLASS,    /* s = name; kids = bases (and N_KEYWORD); body; decos */
  N_IMPORT,   /* names: list of N_ALIAS */
  N_FROMIMPORT,/* s = module (dotted); kids = N_ALIAS ("*" allowed) */
  N_ALIAS,    /* s = dotted name; s2 = as-name (NULL when absent) */
  N_GLOBAL,   /* kids = N_NAME */
  N_NONLOCAL, /* kids = N_NAME */
  N_ASSERT,   /* a = test; b = message (may be NULL) */
  N_RAISE,    /* a = exception (may be NULL); b = cause (from) */
  N_TRY,      /* body; kids = N_HANDLER; orelse; finalbody */
  N_HANDLER,  /* a = type expression (may be NULL); s = as-name; body */
  N_DEL,      /* kids = targets */
  N_WITH,     /* kids = N_WITHITEM; body */
  N_WITHITEM, /* a = context expression; b = target (may be NULL) */
  N_COUNT
} NodeKind;

typedef enum BinOp {
  BIN_ADD, BIN_SUB, BIN_MUL, BIN_DIV, BIN_FLOORDIV, BIN_MOD, BIN_POW,
  BIN_MATMUL, BIN_LSHIFT, BIN_RSHIFT, BIN_AND, BIN_OR, BIN_XOR
} BinOp;
typedef enum UnOp { UN_NEG, UN_POS, UN_NOT, UN_INVERT } UnOp;
typedef enum BoolOp { BOOL_AND, BOOL_OR } BoolOp;
typedef enum CmpOp {
  CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_IS, CMP_ISNOT,
  CMP_IN, CMP_NOTIN
} CmpOp;

enum NodeFlags {
  NF_ELIF = 1,      /* N_IF that came from `elif` */
  NF_PAREN = 2,     /* expression was parenthesised (tuples) */
  NF_BIGINT = 4,    /* integer literal beyond int64 */
  NF_TRIPLE = 8,    /* string literal was triple-quoted */
  NF_YIELD = 16,    /* statement of a generator with a yield in it or in a
                       statement it holds (resolve.c; runtime/gen.c) */
};

typedef struct Node Node;
typedef struct NodeList {
  Node **v;
  int n;
} NodeList;

/* Function parameters: def f(a, b=1, *args, c, d=2, **kw) */
typedef struct Params {
  int n;             /* all named parameters, in order (not the star ones) */
  const char **names;
  Node **defaults;   /* n entries; NULL where no default */
  int nposonly;      /* parameters before `/` (0 when absent) */
  int nkwonly;       /* the last nkwonly of names are keyword-only */
  const char *vararg;  /* *args name or NULL */
  const char *kwarg;   /* **kw name or NULL */
  int line, col;
} Params;

struct Node {
  uint8_t kind;      /* NodeKind */
  uint8_t op;        /* BinOp / UnOp / BoolOp / conversion char */
  uint16_t flags;    /* NF_* */
  int line, col;     /* start */
  int end_line, end_col;
  Node *a, *b, *c;   /* children, per kind (see NodeKind) */
  NodeList kids;     /* children, per kind */
  NodeList body, orelse, finalbody, decos;
  const char *s;     /* identifier / string contents (arena, NUL-ended) */
  size_t slen;       /* byte length of s (strings may contain NUL) */
  const char *s2;    /* N_ALIAS as-name */
  int64_t ival;      /* N_INT */
  double fval;       /* N_FLOAT */
  Params *params;    /* N_DEF, N_LAMBDA */
  uint8_t *cmpops;   /* N_COMPARE: kids.n entries of CmpOp */
  /* --- filled after parsing by the resolver (interp.c) --- */
  void *str;         /* interned Str* of s */
  int scope;         /* N_NAME: RS_* resolved scope */
  int slot;          /* N_NAME: slot index in that scope */
  struct Code *code; /* N_DEF / N_LAMBDA / N_CLASS / N_LISTCOMP: the code */
  Node *parent;      /* statements: enclosing statement (NULL at top) */
  int index;         /* statements: index in the containing block */
  uint8_t block;     /* statements: which block of parent (0 body, 1 orelse,
                        2 finalbody, 3 handler body) */
};

typedef struct ParseError {
  int line, col;       /* where (1-based line, 0-based col) */
  int end_col;         /* the end of the offending range on that line, as
                          CPython's carets show it (0: one caret; INT_MAX:
                          to the end of the line) */
  ExcType type;        /* EXC_SyntaxError or EXC_IndentationError */
  char msg[256];       /* Python's wording: "expected ':'", "invalid syntax" */
} ParseError;

/* Parses a whole module. Returns N_MODULE or NULL with *err filled. All
 * nodes and strings live in `a`. Never reads past src[len]. */
Node *dwP_parse(Arena *a, const char *src, size_t len, ParseError *err);
/* Debugging / tests: S-expression dump of a tree. */
void dwP_dump(Buf *b, const Node *n);
extern const char *const dwP_kind_names[N_COUNT];

/* ------------------------------------------------------------------ */
/* Graph IR (graph.c)                                                  */
/* ------------------------------------------------------------------ */

typedef struct GNode {
  uint16_t op;       /* Op (OP_INPUT / OP_CONST included) */
  TMeta meta;        /* result shape and dtype */
  int nin;           /* inputs (node ids in the same graph) */
  int32_t *in;
  OpAttrs at;
  double value;      /* OP_CONST: the scalar */
  int input;         /* OP_INPUT: index of the graph input */
  uint8_t sym[DW_MAXDIM]; /* OP_INPUT: per dim 0 (static) or 1 + the id of
                        its shape symbol (dynamic shapes): the graph serves
                        every size of that dim */
  int line, col;     /* source position of the op in the user's program */
  const char *name;  /* printed name: "add", "add_1", "x" */
  int32_t sx;        /* 0, or 1 + the offset in Graph.sx of the first of
                        its size expressions (dwG_set_sx) */
  const void *data;  /* OP_TENSOR: its elements, contiguous, of meta.dtype
                        (in the graph's arena; dwG_set_data) */
} GNode;

typedef struct Graph {
  Arena arena;       /* nodes' inputs, names */
  GNode *nodes;
  int n, cap;
  int ninputs;       /* OP_INPUT nodes */
  int32_t *outputs;  /* node ids whose values leave the graph */
  int nout;
  bool named;        /* names assigned (dwG_name; done lazily: tracing adds
                        nodes on every call, names are needed when printing) */
  int64_t *sx;       /* size expressions of nodes' attributes (dwG_set_sx) */
  int nsx, capsx;
} Graph;

/* A size expression (dynamic shapes: a SymInt such as `s0 - 2`), in
 * postfix, two int64 per token: the op, its argument. An attribute of a
 * node that was computed in Python from a symbolic size carries one; the
 * graph then takes it from the sizes of each call, as Dynamo's graph takes
 * the SymInt. */
typedef enum SxOp {
  SX_CONST,    /* push the argument */
  SX_SYM,      /* push the size of symbol `argument` (0-based: GNode.sym - 1) */
  SX_ADD,      /* a + b */
  SX_SUB,      /* a - b */
  SX_MUL,      /* a * b */
  SX_FLOORDIV, /* a // b (Python's: towards -inf) */
  SX_MOD,      /* a % b (Python's: the sign of b) */
  SX_NEG,      /* -a */
  SX_MAX,      /* max(a, b) (Dynamo's torch.sym_max: no guard) */
  SX_MIN       /* min(a, b) (torch.sym_min) */
} SxOp;
#define DW_SX_MAXTOK 64 /* tokens of one expression at most */
#define DW_MAXSYM 32    /* shape symbols of a unit at most (dynamo/trace.c) */

void dwG_init(Graph *g);
void dwG_free(Graph *g);
int dwG_add(Graph *g, Op op, const TMeta *meta, int nin, const int32_t *in,
            const OpAttrs *at, int line, int col); /* returns node id or -1 */
void dwG_dump(Buf *b, const Graph *g, const char *fn_name); /* FX-like */
/* The nodes as a JSON array (the report's graphs[i].nodes): id, name, op,
 * expr (as in dwG_dump), meta, inputs, line, and nest[k] (NULL: null). */
void dwG_json_nodes(Buf *b, const Graph *g, const int *nest);
/* Runs the graph op by op on the eager kernels. inputs: ninputs tensors;
 * outputs: nout new references. false with ctx->err on failure. */
bool dwG_run_eager(Ctx *c, const Graph *g, Tensor **inputs, Tensor **outputs);
/* The same; on failure *failed is the node that raised (-1: none). */
bool dwG_run_eager_at(Ctx *c, const Graph *g, Tensor **inputs,
                      Tensor **outputs, int *failed);
/* The same, for autograd through a compiled graph (dynamo/aotgrad.c):
 * rands (dwG_ntensors entries) receives the graph's random draws (new
 * references), or with supply gives them (a re-run draws nothing);
 * record: ops on tensors that require grad record backward nodes
 * (dwAg_op). */
bool dwG_run_eager_ex(Ctx *c, const Graph *g, Tensor **inputs, Tensor **outputs,
                      int *failed, Tensor **rands, bool supply, bool record);
/* The node the chain of view ops (ops.def K_VIEW) ending at node k starts
 * at: k's eager value shares memory with that node's (k itself when it is
 * no view). */
int dwG_view_base(const Graph *g, int k);
/* The eager value of node k: its view ops replayed from `base` (the node
 * dwG_view_base returned) holding `basev`. New reference; NULL: error. */
Tensor *dwG_eval_views(Ctx *c, const Graph *g, int k, int base, Tensor *basev,
                       const int64_t *symv);
/* Structural fingerprint: ops, attributes, edges, and the metas of the
 * inputs (a symbolic dim by its symbol, not its size); the other nodes'
 * shapes follow from those. */
uint64_t dwG_hash(const Graph *g);       /* the exact graph */
/* nd's attributes for an input of this shape when it differs from the
 * graph's (a symbolic dim): those that follow from the input's sizes
 * (dwG_hash_sizes) follow from this one's, and those with a size
 * expression are evaluated at the symbols' sizes symv (dwG_sym_values;
 * NULL: the graph's own). */
void dwG_attrs_at(const Graph *g, const GNode *nd, int ndim, const int64_t *shape,
                  const int64_t *symv, OpAttrs *at);
/* The size each symbol stands for (-1: none): from the shapes of `inputs`,
 * or with inputs NULL from the graph's own OP_INPUT metas. symv holds
 * DW_MAXSYM values. */
void dwG_sym_values(const Graph *g, Tensor *const *inputs, int64_t *symv);
/* Gives attribute `attr` of node id (-1: an OP_CONST's value) the size
 * expression tok[0..2*ntok); false: out of memory. */
bool dwG_set_sx(Graph *g, int id, int attr, const int64_t *tok, int ntok);
/* The size expression of attribute `attr` of nd (NULL: none; *ntok its
 * tokens). */
const int64_t *dwG_sx(const Graph *g, const GNode *nd, int attr, int *ntok);
/* Evaluates a size expression at the sizes symv; false if it cannot be
 * (a symbol without a size, division by zero, overflow). */
bool dwG_sx_eval(const int64_t *tok, int ntok, const int64_t *symv, int64_t *out);
/* Python text of a size expression, symbol k written by name(b, k, ctx)
 * (name NULL: s<k>). */
void dwG_sx_text(Buf *b, const int64_t *tok, int ntok,
                 void (*name)(Buf *b, int sym, const void *ctx), const void *ctx);
uint64_t dwG_hash_sizes(const Graph *g); /* the graph at any sizes of its
                                            symbolic dims: sizes in
                                            attributes hashed as relative
                                            to their input's */
/* OP_TENSOR node id holds a copy of the n bytes at p (false: OOM) */
bool dwG_set_data(Graph *g, int id, const void *p, size_t n);
/* the arguments of a WebAssembly kernel: the graph's inputs, then its
 * dwG_arg_node nodes (in node order: dwF_plan gives them the input slots
 * after g->ninputs); how many of those */
int dwG_ntensors(const Graph *g);
/* a node a WebAssembly kernel takes as an argument after the graph inputs:
 * a torch.tensor constant, or a random tensor drawn when the graph runs */
static inline bool dwG_arg_node(const GNode *nd) { return nd->op == OP_TENSOR || nd->op == OP_RAND; }
bool dwG_clone(Graph *dst, const Graph *src); /* a deep copy; false: OOM */
/* Names an OP_INPUT node the way FX does (a name already taken, or a Python
 * builtin/keyword, gets _1, _2, ...); returns the name given. dwG_add names
 * ops after dw_ops[op].name; OP_CONST takes its value from at->f[0]. */
const char *dwG_set_name(Graph *g, int id, const char *name);
/* Gives every node its final FX-style name (dwG_dump and the emitter call
 * it; node names are not part of the hash). */
void dwG_name(Graph *g);
bool dwG_set_outputs(Graph *g, int n, const int32_t *ids); /* copies ids */
/* Dead-code elimination: drops nodes no output depends on (OP_INPUT nodes
 * stay: they are the kernel ABI); renumbers ids densely, keeps names and
 * order. Returns the number of nodes removed. */
int dwG_dce(Graph *g);

/* ------------------------------------------------------------------ */
/* WebAssembly lowering (fuse.c, wasm_emit.c, wasm.h)                  */
/* ------------------------------------------------------------------ */

/* Kernel ABI. A compiled kernel is `(func (param i32) (result i32))`
 * exported as "kernel": the parameter is the address of an array of i32
 * data pointers, graph inputs first (contiguous, row-major, with the
 * shapes of their OP_INPUT metas), then graph outputs (contiguous,
 * allocated by the caller, in Graph.outputs order). It returns 0, or a
 * nonzero DW_KERR_* code (the runtime-error testing backend returns
 * DW_KERR_TESTING when it reaches a relu). The module imports env.memory
 * and nothing else. */
enum { DW_KERR_OK = 0, DW_KERR_TESTING = 1,
       DW_KERR_ZERODIV = 2, /* integer division or remainder by zero
                               (eager: RuntimeError "ZeroDivisionError") */
       DW_KERR_NEGPOW = 3,  /* integer ** negative integer (eager:
                               "Integers to negative integer powers are not
                               allowed.") */
       DW_KERR_INDEX = 4    /* an index tensor's value out of range (the
                               graph reruns eagerly for PyTorch's message) */ };
typedef int32_t (*dw_kernel_fn)(int32_t args);

/* What the backend is asked to do with a graph: a kind, with flags. */
typedef enum EmitMode {
  EMIT_NORMAL = 0,             /* the "wasm" backend */
  EMIT_RELU_RUNTIME_ERROR = 1, /* relu_runtime_error_TESTING_ONLY */
  EMIT_KIND = 1,               /* the bits of the kind above */
  EMIT_RELAXED = 2             /* flag: the engine runs relaxed SIMD
                                  (dynawasm.h DW_HOST_RELAXED_SIMD): the
                                  multiply-adds of exp, softmax's exp and
                                  the matmul micro-kernel are
                                  f32x4.relaxed_madd/nmadd (wasm.h VMADD) */
} EmitMode;
typedef struct WasmModule {
  uint8_t *bytes;    /* the binary */
  size_t len;
  char *srcmap;      /* optional: JSON source map (offset -> line:col) */
  int nloops;        /* fused loop nests emitted */
  int ncarries;      /* values a reduction pass keeps for a later pass in
                        its output instead of computing them twice */
  int maxjam;        /* the widest jam of column sums (outer-body copies
                        sharing one inner loop; 1: none) */
  int coltiled;      /* column sums whose full blocks of rows are read
                        tile by tile (backend/wasm_colsum.c) */
  int nrelaxed;      /* relaxed SIMD instructions emitted (EMIT_RELAXED):
                        > 0, the engine must support relaxed SIMD */
  size_t scratch;    /* > 0: the kernel needs this many bytes of scratch
                        memory, passed (16-byte aligned) as one more data
                        pointer after the outputs */
  int nkeep;         /* matmul B operands (graph inputs) whose packed
                        panels stay in scratch between calls: input
                        keep_slot[k], a 16-byte header at scratch byte
                        keep_off[k] (its first i32: 1 when the panels
                        after it hold that input's current values, set by
                        the caller; the kernel then does not pack) */
  int keep_slot[DW_MAXKEEP];
  size_t keep_off[DW_MAXKEEP];
  char *wat;         /* the same module as text, with `;;@ file:line:col`
                        annotations (binaryen.parseText keeps them) */
  size_t wat_section;/* bytes of the trailing custom section "dynawasm.wat"
                        (a copy of wat) in bytes; len - wat_section is the
                        size of the code proper */
  int *node_nest;    /* per graph node: the loop nest (kernel function) that
                        computes it, -1 if none (inputs, constants, views) */
  char (*nest_name)[64];  /* per nest: its function's name in the module */
  const char **nest_kind; /* per nest: "pointwise", "reduce" or "matmul" */
} WasmModule;

/* Emits the module of a plan (backend/fuse.h dwF_plan: the graph's loop
 * nests). false with ctx->err. */
struct FPlan;
bool dwW_emit(Ctx *c, const struct FPlan *plan, EmitMode mode,
              const char *filename, WasmModule *out);
void dwW_free(WasmModule *m);

/* Sizes as arguments (dynamic shapes): one module serves every size of a
 * graph's symbolic dims. A "site" is each constant the emitter writes
 * (i32/i64/f32/f64/v128.const, a memory access's offset), numbered in
 * emission order. The compile pipeline emits the plan at two sizes in
 * WS_RECORD mode (every site a placeholder, so the two modules are the
 * same bytes when the code has the same shape) and compares the values
 * recorded: the sites whose values differ depend on the sizes. WS_SLOTS
 * then reads those from the size block the host passes (16 bytes per
 * slot; its address is the word after the scratch pointer in args) and
 * keeps every other constant in the code. A module emitted in WS_SLOTS
 * mode at another size serves that size when its bytes are the same. */
typedef enum WSizedMode {
  WS_RECORD, /* every site a placeholder (0), its value recorded */
  WS_SLOTS   /* sites with slot[site] >= 0 read the size block */
} WSizedMode;

typedef struct WSite {
  uint8_t type;   /* the value's wasm type (0x7f i32 ... 0x7b v128), or
                     WSITE_OFFSET: a memory access's offset (as i32) */
  uint8_t v[16];  /* its value, little-endian */
} WSite;
#define WSITE_OFFSET 1

typedef struct WSized {
  WSizedMode mode;
  const uint32_t *symext; /* per nest: bit v set when the extent of loop
                             variable v depends on a size (its loops are
                             emitted for any extent: remainders decided at
                             run time); NULL: none */
  const int32_t *slot;    /* WS_SLOTS: per site, its slot or -1 */
  int nslotmap;           /* entries of slot[] */
  WSite *sites;           /* out: every site emitted, in order */
  int nsites, capsites;
} WSized;

/* dwW_emit with sizes as arguments (sz != NULL). */
bool dwW_emit_sized(Ctx *c, const struct FPlan *plan, EmitMode mode,
                    const char *filename, WSized *sz, WasmModule *out);

#endif /* DW_H */
