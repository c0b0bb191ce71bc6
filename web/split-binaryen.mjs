// split-binaryen.mjs - takes the `binaryen` npm package's single file
// (index.js: ~14.8 MB, of which ~14.6 MB is its WebAssembly module written
// as a JS string literal) apart for the playground: the module becomes a
// file of its own that the worker fetches, caches and compiles with
// WebAssembly.compileStreaming (compiled while it downloads, and kept in
// the engine's code cache), and the script shrinks to its ~0.2 MB of glue.
//
// The script's Emscripten loader already supports this: when the options
// it is started with have `instantiateWasm(imports, done)`, it calls that
// instead of decoding its literal. The package starts itself with no
// options (`var M = await Factory(), D = M; export { D as default };`), so
// two edits are made:
//   1. that call passes globalThis.__dynawasmBinaryenOptions (the worker
//      sets it before importing Binaryen; unset, the loader fails clearly),
//   2. the literal becomes '' (never read once instantiateWasm is given).
// Both are found by shape, not by the minifier's names; if the package
// changes shape, splitBinaryen() returns null and says why, and the build
// falls back to the package as it is (slower start, same behaviour).

/** Where the wasm literal starts: `(` + backtick + `\0asm` (escaped). */
const LITERAL_START = '(`\\0asm';
const START_CALL = /var ([\w$]+)=await ([\w$]+)\(\),([\w$]+)=\1;export\{\3 as default\};?\s*$/;

/** Emscripten's decoder of such literals: char code -> byte. */
function decodeLiteral(text) {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = ~c >> 8 & c;
  }
  return out;
}

/**
 * @param {string} source the package's index.js
 * @returns {{js: string, wasm: Uint8Array} | {error: string}}
 */
export function splitBinaryen(source) {
  const at = source.indexOf(LITERAL_START);
  if (at < 0 || source.indexOf(LITERAL_START, at + 1) >= 0) return { error: 'the embedded module literal was not found exactly once' };
  const open = at + 1; // the backtick
  let end = open + 1;
  for (;;) {
    const ch = source[end];
    if (ch === undefined) return { error: 'the embedded module literal does not end' };
    if (ch === '\\') { end += 2; continue; }
    if (ch === '`') break;
    if (ch === '$' && source[end + 1] === '{') return { error: 'the embedded module literal has a substitution' };
    end++;
  }
  let text;
  try {
    // The literal's cooked value: the same escapes as a JS template.
    text = new Function(`return ${source.slice(open, end + 1)};`)();
  } catch (e) {
    return { error: `the embedded module literal does not parse: ${e.message}` };
  }
  const wasm = decodeLiteral(text);
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    return { error: 'the embedded literal is not a WebAssembly module' };
  }
  if (!source.includes('.instantiateWasm;')) return { error: 'the loader has no instantiateWasm hook' };
  let js = source.slice(0, open) + '``' + source.slice(end + 1);
  const m = START_CALL.exec(js);
  if (!m) return { error: 'the module start-up call was not found' };
  js = js.slice(0, m.index) +
    `var ${m[1]}=await ${m[2]}((()=>{const o=globalThis.__dynawasmBinaryenOptions;` +
    `if(!o||typeof o.instantiateWasm!=='function')throw new Error('binaryen (split for the dynawasm playground): ` +
    `set globalThis.__dynawasmBinaryenOptions = {instantiateWasm} before importing it');return o})()),` +
    `${m[3]}=${m[1]};export{${m[3]} as default};\n`;
  return { js, wasm };
}
