// Type declarations of the dynawasm package (Node and browser entries).
// The run report is the contract of docs/report.md.

/** Backends a run can force (`undefined`: what the program asks for). */
export type Backend = 'wasm' | 'eager';

/** Dynamo-style log channels (`--logs`), printed to the report's stderr. */
export type LogChannel = 'graph_breaks' | 'graph_code' | 'output_code' | 'recompiles' | 'guards';

/** Bit of each log channel (dynawasm.h `enum dw_logs`). */
export declare const LOG_CHANNELS: Readonly<Record<LogChannel, number>>;

/** Parses channel names ("a,b", an array, "all") into the bitmask; throws a TypeError on an unknown one. */
export declare function parseLogs(logs: string | readonly string[] | number | undefined): number;

/** The `dynawasm explain` text of a report (report.explain.text, as the CLIs print it; '' when absent). `filename` is unused: the text names the run's own file. */
export declare function explainText(report: RunReport, filename?: string): string;

/** Options of createCompiler(). */
export interface CompilerOptions {
  /** The core module, already compiled (shared between compilers). */
  wasmModule?: WebAssembly.Module;
  /** The bytes of dynawasm.wasm. */
  wasmBytes?: BufferSource;
  /** Node: path of dynawasm.wasm (default: the package's dist/dynawasm.wasm). */
  wasmPath?: string | URL;
  /** Browser: URL of dynawasm.wasm (default: next to the package's browser.js). */
  wasmUrl?: string | URL;
  /**
   * The `binaryen` module to use (default: `import('binaryen')` when the
   * first kernel is to be optimised; in Node, in a worker thread). `false`:
   * no kernel compiler; graphs of the wasm backend then run on the eager
   * kernels, as in a native build.
   */
  binaryen?: unknown | false;
  /**
   * Kernel tiers. 'auto' (default): a graph's kernel runs at once as the
   * core emitted it, Binaryen's optimised module is produced in the
   * background (Node: a worker thread; browser: the `optimizerWorker`,
   * else while the thread is idle between runs) and swapped into the same
   * table slot whenever the compiler gets control (a run starts, a kernel
   * is compiled, poll(); browser: between runs).
   * 'optimized': every kernel is optimised before its first call (Binaryen
   * is loaded by createCompiler). 'emitted': never optimised.
   */
  tier?: 'auto' | 'optimized' | 'emitted';
  /**
   * The persistent cache of optimised kernels, keyed by the emitted module's
   * content. Node: a directory (true: $DYNAWASM_CACHE_DIR, else
   * $XDG_CACHE_HOME/dynawasm/kernels or ~/.cache/dynawasm/kernels); browser:
   * the Cache API (true, or the cache's name). Default false (the CLI uses
   * true).
   */
  cache?: boolean | string;
  /**
   * Optimise kernels through Binaryen while loading (true: one; a number:
   * that many), so that runs do not pay Binaryen's start-up: the first
   * optimisation takes ~10x longer than later ones, and the engine needs a
   * few dozen to fully optimise Binaryen itself (40 take ~1.5 s).
   */
  warmup?: boolean | number;
  /**
   * Node, tier 'auto': Binaryen's worker thread starts only once a kernel
   * has waited this many ms for it (default 0: at once). A program that
   * ends sooner never shares the cores with Binaryen; optimizeLater() hands
   * what is still waiting to a detached process. The CLI uses 1000.
   */
  optimizeDelayMs?: number;
  /**
   * Browser, tier 'auto': where Binaryen optimises kernels: a Worker (or a
   * MessagePort) whose other end runs `serveOptimizer` and loads Binaryen
   * itself. The compiler's thread then never loads or runs Binaryen, so a
   * run never waits for it. Without it Binaryen runs on the compiler's
   * thread while it is idle between runs.
   */
  optimizerWorker?: { postMessage(m: unknown): void; addEventListener(type: string, f: (ev: any) => void): void };
  /**
   * Kernels with relaxed SIMD's multiply-add (f32x4.relaxed_madd in
   * exp (softmax's, torch.exp's) and the f32 matmul micro-kernel). Default: where the
   * engine runs relaxed SIMD (feature-detected: Chrome 114+, Node 22+;
   * Node 20 with `--experimental-wasm-relaxed-simd`, which the package
   * never sets). false: never (compiled floats then match eager's bit for
   * bit); true: required (an Error where the engine lacks it). On hardware
   * with FMA the results may differ from eager's in the last bits.
   */
  relaxedSimd?: boolean;
  /**
   * The engine stack of the thread the compiler runs on, in MB, when the
   * embedder knows it: a Node Worker's `resourceLimits.stackSizeMb`, or
   * `node --stack-size` / 1024 (within the thread's own stack). Deep
   * recursion is a RecursionError before that stack runs out (the core
   * counts its frames: docs/architecture.md "Recursion"). Default: V8's
   * 984 KB, scaled by a probe of this thread's stack (a Chromium worker
   * has about half). Above 0, at most 1024.
   */
  stackSizeMb?: number;
  /** Binaryen optimisation level of kernels (default 2). */
  optimizeLevel?: number;
  /** Binaryen shrink level of kernels (default 1). */
  shrinkLevel?: number;
  /**
   * Called with each kernel module the core emits, before it is optimised;
   * may return replacement bytes (debugging: dump or swap kernels).
   */
  onKernel?: (wasm: Uint8Array) => Uint8Array | void;
}

/** Options of Compiler.run(). Invalid values throw a TypeError. */
export interface RunOptions {
  /** Force a backend (default: what the program asks for, "wasm" unless set). */
  backend?: Backend;
  /** Initial torch._dynamo.config.suppress_errors (default: as the program sets it). */
  suppressErrors?: boolean;
  /** Attach each compiled graph's Binaryen-optimised module text as graphs[].wat. */
  wat?: boolean;
  /** Shown in tracebacks and logs (default "main.py"). */
  filename?: string;
  /** Statement budget; exceeding it is an error of the program (default 0: unlimited). */
  maxSteps?: number;
  /** Bytes of live tensor storage allowed (default 0: the core's 1 GiB). */
  tensorCap?: number;
  /** Log channels: names, "a,b" or a bitmask. */
  logs?: LogChannel[] | string | number;
  /** false: run torch.compile'd functions as plain Python, the eager
   * baseline for timing (default true). */
  compile?: boolean;
}

/** Reason codes of graph breaks (docs/report.md). */
export type BreakReason =
  | 'graph_break_call'
  | 'disabled_call'
  | 'unsupported_call'
  | 'data_dependent'
  | 'unsupported_syntax'
  | (string & {});

export type MarkKind = 'traced' | 'not_traced' | 'graph_break' | 'disabled' | 'suppressed_error';

/** One (line, kind) pair that happened during the run. */
export interface Mark {
  /** 1-based line in the user's source. */
  line: number;
  kind: MarkKind;
  /** graph_break: the reason code. */
  reason?: BreakReason;
  /** graph_break / suppressed_error: what happened. */
  message?: string;
  /** graph_break: what the user can do about it. */
  hint?: string;
  /** The function the mark belongs to. */
  function?: string;
  /** disabled: recursive=True (default) or False. */
  recursive?: boolean;
  [extra: string]: unknown;
}

export interface TracebackEntry {
  function: string;
  line: number;
}

/** An uncaught error of the program (or InternalError: the compiler crashed). */
export interface RunError {
  /** Python exception type: "NameError", "RuntimeError", "BackendCompilerFailed", ... or "InternalError". */
  type: string;
  message: string;
  /** 1-based line (the innermost traceback entry); 0 when there is none (InternalError). */
  line: number;
  col: number;
  /** Outermost first, as printed. */
  traceback: TracebackEntry[];
  /** The full Python-style traceback as printed. */
  text: string;
}

/** One compile unit's cache entry of a frame: the frame's start, or a
 * resume point after a graph break (Dynamo compiles those as resume
 * functions, frames of their own), and what became of it. */
export interface CompileUnit {
  /** Where the unit starts: the line and 0-based column of its resume point. */
  start_line: number;
  start_col: number;
  /** statement: at the start of a statement; after_expression: in the middle
   * of a statement, right after the expression whose call broke the graph
   * (Dynamo resumes at the next instruction); before_expression: in the
   * middle of a statement, before the rest of an expression (after a
   * data-dependent `and`/`or`/conditional operand). */
  start_kind: 'statement' | 'after_expression' | 'before_expression' | string;
  /** true: it starts after a graph break (a resume point), not where the frame starts. */
  resume: boolean;
  /** compiled: its graph runs as a kernel; empty: no tensor ops, nothing
   * compiled; skipped: a graph break in a while loop, the frame runs eagerly;
   * failed: the backend failed (suppressed: runs eagerly; else raised). */
  status: 'compiled' | 'empty' | 'skipped' | 'failed';
  /** Its graph (also a failed one), or null. */
  graph: number | null;
  /** The guards a call must pass to reuse this entry. */
  guards: string[];
  /** Why no earlier entry of the same start matched (the failed guard): a
   * recompile; null for the first entry of a start. */
  recompile_reason: string | null;
}

/** One compiled frame (a code location with its compiles). */
export interface Frame {
  function: string;
  line: number;
  /** Graphs compiled for it: first compiles of each unit and recompiles. */
  compiles: number;
  cache_hits: number;
  /** Cache hits run by their entry's plan (guards, the kernel, the return value rebuilt) without evaluating the frame's Python. */
  replays: number;
  /** Calls (or units) that ran eagerly: a remembered break in a loop or failed compile, the cache limit. */
  eager_runs: number;
  /** Ids of its graphs. */
  graphs: number[];
  /** Guards of the latest entry (see `units` for every entry's). */
  guards: string[];
  /** Recompiles: units that found earlier entries of their start but none matched. */
  recompiles: { reason: string }[];
  /** Every cache entry, in the order they were made. */
  units: CompileUnit[];
  [extra: string]: unknown;
}

export interface GraphTimes {
  trace?: number;
  codegen?: number;
  /** Binaryen (validation, optimisation, emission); 0 when cached. */
  optimize?: number;
  /** Engine compile + instantiate + table insertion; 0 when cached. */
  instantiate?: number;
  [extra: string]: number | undefined;
}

/** One graph (compiled region). */
export interface Graph {
  id: number;
  function: string;
  /** Source lines whose ops are in the graph. */
  lines: number[];
  op_count: number;
  /** The graph printed FX-style. */
  code: string;
  backend: string;
  /** Size of the emitted module in bytes. */
  wasm_size?: number;
  /** Index of the kernel in the core's function table (host side key of `wat`). */
  slot?: number;
  /**
   * WebAssembly modules built for the graph: 1 (a graph with symbolic dims
   * takes its sizes as arguments, so another size reuses the module), more
   * when a size needed code of its own; 0 for the eager backends.
   */
  modules?: number;
  /** Its kernel uses relaxed SIMD (f32x4.relaxed_madd): see CompilerOptions.relaxedSimd. */
  relaxed_simd?: boolean;
  /**
   * The kernel tiers that ran in this run: 'emitted' (the core's module),
   * 'optimized' (Binaryen's) or 'emitted+optimized' (swapped during the run).
   */
  tier?: 'emitted' | 'optimized' | 'emitted+optimized';
  /** The module text of the kernel's tier (Binaryen's when optimised, the emitter's otherwise), when run() was asked for it. */
  wat?: string;
  time_ms?: GraphTimes;
  /** The backend failed to compile it (its error); such a graph is not counted in explain.graph_count. */
  error?: string;
  /** The source line the failure is attributed to. */
  error_line?: number;
  /** The graph's nodes (inputs and constants included), in order. */
  nodes: GraphNode[];
  /** Ids of the nodes whose values leave the graph. */
  outputs: number[];
  /** The fused loop nests of its WebAssembly kernel (GraphNode.nest indexes
   * them; name: the nest's function in the module); [] for other backends. */
  nests: { kind: 'pointwise' | 'reduce' | 'matmul' | 'sort'; name: string }[];
  [extra: string]: unknown;
}

/** One node of a graph. */
export interface GraphNode {
  id: number;
  /** As in `code` ("add_1"; inputs by their parameter name). */
  name: string;
  /** "input", "const", or the op ("add", "matmul", "sum", ...). */
  op: string;
  /** The right-hand side as in `code` ("x + 4"); null for inputs. */
  expr: string | null;
  /** dtype and shape, "f32[4, 8]". */
  meta: string;
  /** Ids of its operands. */
  inputs: number[];
  line: number | null;
  /** The loop nest computing it, or null (inputs, constants, views folded into indexing). */
  nest: number | null;
}

export interface BreakReasonEntry {
  line: number;
  function: string;
  reason: BreakReason;
  message: string;
  /** What the break did: resume: the graph so far was compiled, the
   * breaking code (eager_lines) ran eagerly and tracing resumed at
   * resume_line (mid-statement when the break was); eager_loop: a break in
   * a for loop or comprehension, which ran eagerly as a whole between two
   * graphs; eager_block: a break in a try statement, the graph before it
   * compiled, the statement (eager_lines) and the rest of the frame ran
   * eagerly (Dynamo makes no resume point inside a try block, resume_line
   * null); skip_frame: a break in a while loop, the frame ran eagerly from
   * eager_lines[0] (Dynamo skips the frame). Other values may be added. */
  action: 'resume' | 'eager_loop' | 'eager_block' | 'skip_frame' | string;
  /** First and last line that ran eagerly because of the break. */
  eager_lines: [number, number];
  /** Where tracing resumed, or null (not in this frame). */
  resume_line: number | null;
  [extra: string]: unknown;
}

/** Counts for the whole run, as torch._dynamo.explain. */
export interface Explain {
  graph_count: number;
  graph_break_count: number;
  op_count: number;
  break_reasons: BreakReasonEntry[];
  /** The `explain` summary of the run, as the CLIs print it. */
  text: string;
  [extra: string]: unknown;
}

/** One event of a call in the run timeline; times in ms since the run began. */
export interface TimelineEvent {
  /** trace: the unit's Python evaluated over fake tensors (abandoned: thrown
   * away, the unit ran eagerly); codegen: from the trace's end, the graph
   * prepared (outputs, DCE) and lowered to WebAssembly (or a custom
   * backend called on it); optimize: Binaryen;
   * instantiate: the rest of the host's work on the module (the engine
   * compiling and linking it, the kernel cache); run: the kernel; eager:
   * Python run eagerly between graphs. The events of a call follow each
   * other without gaps from the trace to the kernel run. */
  kind: 'trace' | 'codegen' | 'optimize' | 'instantiate' | 'run' | 'eager';
  start: number;
  end: number;
  graph?: number;
  abandoned?: boolean;
}

/** One call of a compiled function (depth: compiled calls around it). */
export interface TimelineCall {
  function: string;
  line: number;
  depth: number;
  /** Run by its cache entry's plan: only the guards and the kernel, the frame's Python not evaluated. */
  replayed: boolean;
  start: number;
  end: number;
  events: TimelineEvent[];
}

/** The report of one run (docs/report.md). `ok` is false exactly when `error` is set. */
export interface RunReport {
  ok: boolean;
  stdout: string;
  stderr: string;
  error: RunError | null;
  marks: Mark[];
  frames: Frame[];
  graphs: Graph[];
  explain: Explain;
  time_ms: { total: number; [extra: string]: number };
  /** A RecursionError (caught or not) came from the stack, not from
   * sys.getrecursionlimit(): a bigger stack (stackSizeMb) goes deeper. */
  stack_limited: boolean;
  /** The first 400 calls of compiled functions and where their time went;
   * calls_total counts them all. */
  timeline?: { calls: TimelineCall[]; calls_total: number };
  /** Set by the host when the compiler crashed and was restarted. */
  internal?: boolean;
  [extra: string]: unknown;
}

/** Result of Compiler.selfTest(). */
export interface SelfTestResult {
  ok: boolean;
  /** Table index the kernel got. */
  slot?: number;
  /** The kernel's return value (0: success). */
  result?: number;
  /** The output buffer after the call. */
  output?: Float32Array;
  optimizeMs?: number;
  instantiateMs?: number;
  /** The tier the kernel ran on. */
  tier?: string;
  /** The kernel trapped (the compiler was restarted). */
  trapped?: boolean;
  restarted?: boolean;
  error?: string;
}

export interface CompilerStats {
  kernelsCompiled: number;
  kernelCacheHits: number;
  kernelFailures: number;
  /** Kernels Binaryen optimised (in the background or before their first call). */
  kernelsOptimized: number;
  /** Optimised kernels taken from the persistent cache. */
  kernelStoreHits: number;
  /** Total Binaryen time of optimised kernels. */
  optimizeMs: number;
  cachedKernels: number;
  /** Times the core crashed and was re-instantiated. */
  restarts: number;
  tableSize: number;
  memoryBytes: number;
}

export declare class Compiler {
  private constructor();
  /** Builds a compiler from the core module or its bytes. */
  static create(wasm: BufferSource | WebAssembly.Module, opts?: CompilerOptions, host?: unknown): Promise<Compiler>;
  /** The core's version (dw_version()). */
  readonly version: string;
  /** Imports of dynawasm.wasm nothing implements (empty in a correct build). */
  readonly missingImports: string[];
  /** Whether kernels are compiled to WebAssembly (false with `binaryen: false`). */
  readonly hasKernelCompiler: boolean;
  /** The kernel tier policy (null without a kernel compiler). */
  readonly tier: 'auto' | 'optimized' | 'emitted' | null;
  /** Whether kernels may use relaxed SIMD (the engine has it and relaxedSimd was not false). */
  readonly relaxedSimd: boolean;
  /** Swaps in the optimised kernels that are ready now. */
  poll(): void;
  readonly stats: CompilerStats;
  /**
   * Runs a program from scratch. A program error (or a crash of the
   * compiler) is in the report, never thrown; invalid options throw.
   */
  run(source: string | Uint8Array, options?: RunOptions): RunReport;
  /** Forgets every compiled artefact (kernel caches). */
  reset(): void;
  /**
   * Compiles a kernel through the host path and calls it from C with
   * buffers in the core's memory (default: a built-in SIMD kernel).
   */
  selfTest(opts?: { wasm?: Uint8Array; input?: Float32Array; outputLength?: number }): SelfTestResult;
  /**
   * Node: hands the kernels still waiting for Binaryen to a detached process
   * that writes them to the persistent cache (`cache`), so the next process
   * starts with them optimised; this compiler keeps their emitted tier and
   * optimises nothing more. For a process about to end (the CLI calls it
   * after its run). Returns how many kernels were handed over (0 without a
   * cache, in the browser, or when nothing waits).
   */
  optimizeLater(): number;
  /** Frees the core instance; the compiler is unusable afterwards. */
  dispose(): void;
}

/** Loads the core (Binaryen only when needed: see `tier`) and returns a compiler. */
export declare function createCompiler(opts?: CompilerOptions): Promise<Compiler>;
/**
 * In a (Web) worker: serves the optimiser jobs of a compiler made
 * with `optimizerWorker` (this worker) on `port` (the worker's global
 * scope), loading Binaryen with `loadBinaryen()` on the first job.
 */
export declare function serveOptimizer(port: unknown, loadBinaryen: () => Promise<unknown>): void;

/** Path of the package's dynawasm.wasm (Node entry; undefined in the browser entry). */
export declare const wasmPath: string | undefined;
/** URL of the package's dynawasm.wasm. */
export declare const wasmUrl: URL;
