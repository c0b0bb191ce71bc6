// imports.js - the import object of the core module (dynawasm.wasm).
//
// The core is standalone wasm built by Emscripten: besides our own host
// imports (env.dw_host_compile, env.dw_host_now, env.dw_host_poll) it may import a few WASI
// functions from libc (clock_time_get for clock_gettime, fd_write if
// something prints, proc_exit for abort/exit, ...) and, because it links
// with ERROR_ON_UNDEFINED_SYMBOLS=0, any C function nobody defined. Every
// import is answered here, generically, from WebAssembly.Module.imports():
// unknown functions become stubs that throw when called (and are listed in
// `missing`, which the tests require to be empty).

const WASI = 'wasi_snapshot_preview1';
const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;
const ERRNO_NOSYS = 52;

/** Thrown by proc_exit: the core called exit() or abort(). */
export class CoreExit extends Error {
  /** @param {number} code */
  constructor(code) {
    super(`the core called exit(${code})`);
    this.name = 'CoreExit';
    this.code = code;
  }
}

/** Thrown by the stub of an import that nothing implements. */
export class MissingImport extends Error {
  constructor(module, name) {
    super(`the core called ${module}.${name}, which is not linked (an undefined C symbol)`);
    this.name = 'MissingImport';
  }
}

/**
 * Builds the import object for `module`.
 * @param {WebAssembly.Module} module
 * @param {object} ctx
 * @param {() => WebAssembly.Memory} ctx.memory the core's memory, once known
 * @param {Record<string, Function>} ctx.env our own env functions
 * @param {(fd: number, text: string) => void} [ctx.onWrite] fd_write sink
 * @returns {{imports: WebAssembly.Imports, missing: string[]}}
 */
export function makeImports(module, ctx) {
  const wasi = makeWasi(ctx);
  const env = {
    emscripten_notify_memory_growth() {},
    ...ctx.env,
  };
  /** @type {Record<string, Record<string, any>>} */
  const imports = {};
  const missing = [];
  for (const imp of WebAssembly.Module.imports(module)) {
    const table = imp.module === 'env' ? env : imp.module === WASI ? wasi : null;
    let value = table && Object.hasOwn(table, imp.name) ? table[imp.name] : undefined;
    if (value === undefined) {
      if (imp.kind !== 'function') {
        throw new Error(`dynawasm.wasm imports ${imp.kind} ${imp.module}.${imp.name}, which the loader cannot provide`);
      }
      if (imp.module === WASI) {
        value = () => ERRNO_NOSYS; // a WASI call we do not implement
      } else {
        missing.push(`${imp.module}.${imp.name}`);
        value = () => {
          throw new MissingImport(imp.module, imp.name);
        };
      }
    }
    (imports[imp.module] ??= {})[imp.name] = value;
  }
  return { imports, missing };
}

function makeWasi(ctx) {
  const view = () => new DataView(ctx.memory().buffer);
  const decoder = new TextDecoder();
  const timeOrigin = BigInt(Math.round((globalThis.performance?.timeOrigin ?? Date.now()) * 1e6));
  const nowNs = (id) => {
    const ms = id === 0 ? Date.now() : performance.now();
    return BigInt(Math.round(ms * 1e6)) + (id === 0 ? 0n : timeOrigin);
  };
  return {
    clock_time_get(id, _precision, out) {
      if (id < 0 || id > 3) return ERRNO_INVAL;
      view().setBigUint64(out >>> 0, nowNs(id), true);
      return ERRNO_SUCCESS;
    },
    clock_res_get(id, out) {
      view().setBigUint64(out >>> 0, id === 0 ? 1000000n : 1000n, true);
      return ERRNO_SUCCESS;
    },
    fd_write(fd, iovs, iovsLen, nwritten) {
      const v = view();
      const mem = new Uint8Array(ctx.memory().buffer);
      let total = 0;
      let text = '';
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32((iovs >>> 0) + i * 8, true);
        const len = v.getUint32((iovs >>> 0) + i * 8 + 4, true);
        text += decoder.decode(mem.subarray(ptr, ptr + len));
        total += len;
      }
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      ctx.onWrite?.(fd, text);
      v.setUint32(nwritten >>> 0, total, true);
      return ERRNO_SUCCESS;
    },
    fd_close: () => ERRNO_SUCCESS,
    fd_seek: () => ERRNO_BADF,
    fd_fdstat_get(fd, out) {
      if (fd > 2) return ERRNO_BADF;
      const v = view();
      for (let i = 0; i < 24; i += 4) v.setUint32((out >>> 0) + i, 0, true);
      v.setUint8(out >>> 0, 2); // character device
      return ERRNO_SUCCESS;
    },
    environ_sizes_get(count, size) {
      view().setUint32(count >>> 0, 0, true);
      view().setUint32(size >>> 0, 0, true);
      return ERRNO_SUCCESS;
    },
    environ_get: () => ERRNO_SUCCESS,
    args_sizes_get(count, size) {
      view().setUint32(count >>> 0, 0, true);
      view().setUint32(size >>> 0, 0, true);
      return ERRNO_SUCCESS;
    },
    args_get: () => ERRNO_SUCCESS,
    random_get(buf, len) {
      const mem = new Uint8Array(ctx.memory().buffer, buf >>> 0, len >>> 0);
      for (let i = 0; i < mem.length; i += 65536) {
        globalThis.crypto.getRandomValues(mem.subarray(i, i + 65536));
      }
      return ERRNO_SUCCESS;
    },
    proc_exit(code) {
      throw new CoreExit(code);
    },
  };
}
