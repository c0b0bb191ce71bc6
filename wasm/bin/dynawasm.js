#!/usr/bin/env node
// dynawasm - command line (docs/cli.md).
//
//   dynawasm run FILE.py [--json] [--backend wasm|eager] [--suppress-errors]
//                        [--logs graph_breaks,graph_code,output_code,recompiles,guards]
//                        [--max-steps N]
//   dynawasm explain FILE.py [same options]
//
// Exit codes: 0 success (always with --json), 1 the program raised an
// error, 2 unusable arguments or unreadable file (3: the compiler itself
// could not be loaded). Same flags and output as the native src/native/dwrun.c.
import { readFileSync } from 'node:fs';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { isAbsolute, sep } from 'node:path';
import { parseLogs } from '../lib/options.js';
import { explainText, tracebackText } from '../lib/format.js';

const PROG = 'dynawasm';

// The CLI runs the program on the main thread (V8's stack there: 984 KB);
// when the engine's stack, not the program's sys.setrecursionlimit, ended
// a recursion (the report's stack_limited), it runs it again, nothing yet
// printed, on a thread of its own with a stack of STACK_MB, told to the
// compiler (CompilerOptions.stackSizeMb), so deep recursion stops where
// CPython's does (docs/architecture.md, "Recursion"). Node gives the thread
// that stack (resourceLimits.stackSizeMb) and V8 all of it but 192 KB.
// Starting the thread costs 30-50 ms of CPU, so only such a program pays.
const STACK_MB = 64;
const V8_STACK_MB = STACK_MB - 0.1875;

const USAGE = `usage: ${PROG} run FILE.py [--json] [--backend wasm|eager] [--suppress-errors]
                  [--logs CHANNELS] [--max-steps N]
       ${PROG} explain FILE.py [same options]
       ${PROG} --help | --version

Runs a PyTorch-flavoured Python program with dynawasm's tracing compiler.

commands:
  run FILE.py        run the program: its stdout and stderr, and the traceback
                     if it fails
  explain FILE.py    run the program and print what the compiler did instead of
                     its output: graphs, graph breaks and their reasons
options:
  --json             print the run report (JSON); exit code 0 even if the
                     program failed
  --backend B        wasm or eager (default: what the program asks for)
  --suppress-errors  start with torch._dynamo.config.suppress_errors = True
  --logs CHANNELS    comma-separated: graph_breaks, graph_code, output_code,
                     recompiles, guards, or all (printed to stderr)
  --max-steps N      stop the program after N statements (0: no limit)
FILE.py may be - for standard input.
environment: DYNAWASM_CACHE_DIR  the cache of optimised kernels (default
             ~/.cache/dynawasm/kernels; empty: no cache)
             DYNAWASM_RELAXED_SIMD=0  kernels without relaxed SIMD (default:
             used where the engine has it; Node 20 gets V8's flag for it)
             DYNAWASM_NO_THREAD=1  never run again on a thread with a 64
             MB stack when the engine's stack ended a recursion
exit codes: 0 success, 1 the program raised an error, 2 unusable arguments
or unreadable file
`;

class UsageError extends Error {}

/**
 * Parses argv (without node and the script). Throws UsageError.
 * @param {string[]} argv
 */
function parseArgs(argv) {
  const a = { cmd: null, file: null, json: false, help: false, version: false, run: {} };
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!onlyFiles && arg.startsWith('--') && arg.length > 2) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg : arg.slice(0, eq);
      const takes = name === '--backend' || name === '--logs' || name === '--max-steps';
      let val;
      if (takes) {
        if (eq >= 0) val = arg.slice(eq + 1);
        else if (i + 1 < argv.length) val = argv[++i];
        else throw new UsageError(`option '${name}' needs a value`);
      } else if (eq >= 0) {
        throw new UsageError(`option '${name}' takes no value`);
      }
      switch (name) {
        case '--help':
          a.help = true;
          return a;
        case '--version':
          a.version = true;
          return a;
        case '--json':
          a.json = true;
          break;
        case '--suppress-errors':
          a.run.suppressErrors = true;
          break;
        case '--no-suppress-errors':
          a.run.suppressErrors = false;
          break;
        case '--backend':
          if (val !== 'wasm' && val !== 'eager') {
            throw new UsageError(`--backend must be wasm or eager, not '${val}'`);
          }
          a.run.backend = val;
          break;
        case '--logs':
          try {
            a.run.logs = parseLogs(val);
          } catch (e) {
            throw new UsageError(e.message);
          }
          break;
        case '--max-steps':
          if (!/^[0-9]+$/.test(val) || !Number.isSafeInteger(Number(val))) {
            throw new UsageError(`--max-steps needs a number, not '${val}'`);
          }
          a.run.maxSteps = Number(val);
          break;
        default:
          throw new UsageError(`unknown option '${arg}'`);
      }
    } else if (!onlyFiles && arg === '--') {
      onlyFiles = true;
    } else if (!onlyFiles && arg === '-h') {
      a.help = true;
      return a;
    } else if (!onlyFiles && arg.startsWith('-') && arg !== '-') {
      throw new UsageError(`unknown option '${arg}'`);
    } else if (a.cmd === null) {
      a.cmd = arg;
    } else if (a.file === null) {
      a.file = arg;
    } else {
      throw new UsageError(`unexpected argument '${arg}'`);
    }
  }
  if (a.cmd === null) throw new UsageError('missing command (run or explain)');
  if (a.cmd !== 'run' && a.cmd !== 'explain') {
    throw new UsageError(`unknown command '${a.cmd}' (run or explain)`);
  }
  if (a.file === null) throw new UsageError('missing FILE.py');
  return a;
}

/** Writes to a stream and resolves once flushed (pipes may be async). */
function write(stream, text) {
  return new Promise((resolve) => {
    if (!text) return resolve();
    stream.write(text, () => resolve());
  });
}

// main()'s answer on the main thread when the program must run again on
// the big-stack thread (it printed nothing)
const RERUN = Symbol('rerun on the big stack');
const mayRerun = isMainThread && process.env.DYNAWASM_NO_THREAD !== '1';

async function main(argv, stdinSource) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    await write(process.stderr, `${PROG}: error: ${e.message}\n(try '${PROG} --help')\n`);
    return 2;
  }
  if (args.help) {
    await write(process.stdout, USAGE);
    return 0;
  }
  const { createCompiler } = await import('../index.js');
  // kernels with relaxed SIMD's multiply-add (docs/architecture.md): this
  // process is ours, so Node 20 gets V8's flag for it before any kernel
  const relaxedSimd = process.env.DYNAWASM_RELAXED_SIMD !== '0';
  if (relaxedSimd) (await import('../lib/node_host.js')).enableRelaxedSimd();
  if (args.version) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    const c = await createCompiler({ binaryen: false });
    await write(process.stdout, `${PROG} ${pkg.version} (core ${c.version})\n`);
    return 0;
  }

  let source;
  try {
    source = args.file === '-' && stdinSource ? stdinSource : readFileSync(args.file === '-' ? 0 : args.file);
  } catch (e) {
    const why = e.code === 'ENOENT' ? 'No such file or directory' : e.code === 'EISDIR' ? 'Is a directory' : e.message;
    await write(process.stderr, `${PROG}: error: cannot read '${args.file}': ${why}\n`);
    return 2;
  }
  // the script's path as CPython 3.9+ shows it in tracebacks and __file__:
  // a relative one joined to the working directory as typed (unnormalised)
  const filename = args.file === '-' ? '<stdin>' : isAbsolute(args.file) ? args.file : `${process.cwd()}${sep}${args.file}`;

  let compiler;
  try {
    // kernels run at once as emitted; Binaryen's optimised ones come from
    // (and go to) the kernel cache on disk, $DYNAWASM_CACHE_DIR (empty: none).
    // Binaryen's worker starts only if the program runs for a second: a
    // shorter one has its cores to itself, and its kernels are optimised
    // after it ends (optimizeLater) for the next run.
    compiler = await createCompiler({
      cache: true,
      optimizeDelayMs: 1000,
      relaxedSimd: relaxedSimd ? undefined : false,
      stackSizeMb: isMainThread ? undefined : V8_STACK_MB,
    });
  } catch (e) {
    await write(process.stderr, `${PROG}: error: cannot load the compiler: ${e.message}\n`);
    return 3;
  }
  const report = compiler.run(source, { ...args.run, filename });
  if (report.stack_limited && mayRerun) {
    compiler.dispose();
    return { [RERUN]: true, source };
  }
  compiler.optimizeLater();

  if (args.json) {
    await write(process.stdout, `${JSON.stringify(report)}\n`);
    return 0;
  }
  if (args.cmd === 'explain') {
    await write(process.stdout, explainText(report, filename));
    await write(process.stderr, tracebackText(report, false));
  } else {
    await write(process.stdout, report.stdout ?? '');
    await write(process.stderr, report.stderr ?? '');
    await write(process.stderr, tracebackText(report, true));
  }
  return report.error ? 1 : 0;
}

// A closed pipe (`dynawasm run x.py | head`) ends the CLI quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

const internalError = (e) => {
  process.stderr.write(`${PROG}: internal error: ${e?.stack ?? e}\n`);
  process.exitCode = 3;
};
const finish = (code) => {
  process.exitCode = code;
};
if (isMainThread) {
  main(process.argv.slice(2)).then((r) => {
    if (!r?.[RERUN]) return finish(r);
    // again on the big-stack thread; its stdout and stderr come through
    // this one's, its exit code is the process's
    let worker;
    try {
      worker = new Worker(new URL(import.meta.url), {
        argv: process.argv.slice(2),
        workerData: { source: r.source },
        resourceLimits: { stackSizeMb: STACK_MB },
      });
    } catch {
      worker = null; // (no threads here: the main thread's run stands)
    }
    if (!worker) return main(process.argv.slice(2), r.source).then(finish, internalError);
    worker.on('error', internalError);
    worker.on('exit', (code) => {
      process.exitCode ??= code;
    });
  }, internalError);
} else {
  main(process.argv.slice(2), workerData?.source).then(finish, internalError);
}
