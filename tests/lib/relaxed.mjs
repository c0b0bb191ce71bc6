// relaxed.mjs - relaxed SIMD in the test processes (docs/architecture.md
// "Relaxed SIMD"). The package feature-detects it and never sets V8 flags
// in a user's process; Node 20 has it behind V8's
// --experimental-wasm-relaxed-simd, which a process may set for itself
// before compiling (the CLI does). The suites that run kernels both ways
// call relaxedSimdMode() at load time:
//   DW_RELAXED_SIMD unset or 1: the flag on (where needed), kernels use
//                                relaxed SIMD where the engine has it;
//   DW_RELAXED_SIMD=0:          the flag untouched, kernels without it
//                                (createCompiler({ relaxedSimd: false })).
// tests/run.sh runs the node suites with it on, then differential and
// conformance again with it off.
import { enableRelaxedSimd } from '../../wasm/lib/node_host.js';

/** {on, opts}: whether kernels use relaxed SIMD in this process, and the createCompiler options for it. */
export function relaxedSimdMode() {
  const on = process.env.DW_RELAXED_SIMD === '0' ? false : enableRelaxedSimd();
  return { on, opts: on ? {} : { relaxedSimd: false }, label: on ? 'relaxed SIMD on' : 'relaxed SIMD off' };
}
