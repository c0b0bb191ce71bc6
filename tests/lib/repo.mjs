// repo.mjs - paths and process helpers shared by the tests/node suites.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAnnotations } from './annotations.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WASM_DIR = path.join(ROOT, 'wasm');
export const WASM_FILE = path.join(WASM_DIR, 'dist', 'dynawasm.wasm');
export const NODE_CLI = path.join(WASM_DIR, 'bin', 'dynawasm.js');
/** The native CLI: $DWRUN (e.g. the ASan build) or build/dwrun. */
export const DWRUN = process.env.DWRUN ? path.resolve(process.env.DWRUN) : path.join(ROOT, 'build', 'dwrun');

/** The core's C sources: src/*.c and one folder per stage (as
 * CMakeLists.txt's DW_CORE_DIRS; src/native/ is the CLI, not the core). */
export const CORE_DIRS = ['', 'front', 'runtime', 'tensor', 'dynamo', 'backend'];
export function coreSources() {
  return CORE_DIRS.flatMap((d) => {
    const dir = path.join(ROOT, 'src', d);
    return fs.readdirSync(dir).filter((f) => f.endsWith('.c')).sort().map((f) => path.join(dir, f));
  });
}

/** Throws a readable error when a build product is missing. */
export function requireFile(file, how) {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: ${how}`);
  return file;
}

export const requireWasm = () =>
  requireFile(WASM_FILE, 'build it with `bash wasm/build.sh` (or run `bash tests/run.sh`)');
export const requireDwrun = () => requireFile(DWRUN, 'build it with `cmake -S . -B build && cmake --build build`');

/** Programs with expectations in comments (docs/conformance.md): tests/conformance, tests/programs, tests/python (pure Python,
 * expectations from CPython), tests/regress (one program per bug found by
 * fuzzing or the bad-call sweep), examples. */
export const PROGRAM_DIRS = ['tests/conformance', 'tests/programs', 'tests/python', 'tests/regress', 'examples'];

export function conformanceFiles() {
  const out = [];
  for (const dir of PROGRAM_DIRS) {
    const abs = path.join(ROOT, dir);
    if (!fs.existsSync(abs)) continue;
    for (const f of fs.readdirSync(abs).sort()) {
      if (!f.endsWith('.py')) continue;
      // scripts (a #! line, like tests/python/regen.py) are tools, not programs
      if (fs.readFileSync(path.join(abs, f), 'utf8').startsWith('#!')) continue;
      out.push(path.join(dir, f));
    }
  }
  return out;
}

/** Where the expectations of an examples/ program live (annotations.mjs, "Sidecars"). */
export const sidecarOf = (rel) => rel.replace(/\.py$/, '.expect');

/**
 * A program with its expectations: {source, ann}. Programs under examples/
 * read theirs from their sidecar (which must exist).
 */
export function readProgram(rel) {
  const source = fs.readFileSync(path.join(ROOT, rel), 'utf8');
  if (!rel.startsWith('examples/')) return { source, ann: parseAnnotations(source) };
  const side = path.join(ROOT, sidecarOf(rel));
  if (!fs.existsSync(side)) {
    const ann = parseAnnotations(source, '');
    ann.problems.push(`${sidecarOf(rel)} is missing: an example's expectations live in its sidecar`);
    return { source, ann };
  }
  return { source, ann: parseAnnotations(source, fs.readFileSync(side, 'utf8')) };
}

/**
 * Runs a command; resolves with its exit code and output (never rejects
 * on a nonzero exit).
 * @param {string} cmd
 * @param {string[]} args
 * @param {{cwd?: string, input?: string|Buffer, timeout?: number, env?: object}} [opts]
 * @returns {Promise<{code: number|null, signal: string|null, stdout: string, stderr: string}>}
 */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeout ?? 60_000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
    child.stdin.on('error', () => {}); // the child may not read its input
    child.stdin.end(opts.input ?? '');
  });
}

/** Runs the Node CLI (wasm/bin/dynawasm.js). */
export const nodeCli = (args, opts) => run(process.execPath, [NODE_CLI, ...args], opts);
/** Runs the native CLI (build/dwrun or $DWRUN). */
export const nativeCli = (args, opts) => run(DWRUN, args, opts);

/** A fresh temporary folder under the OS's. */
export function tempDir(prefix = 'dynawasm-') {
  return fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), prefix));
}
