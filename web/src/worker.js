// The compiler's home: a module Web Worker, so a runaway program never
// freezes the page (the page terminates this worker to stop it).
//
// Protocol (page -> worker): {type:'run', id, source, options}, {type:'reset'}
// (worker -> page): {type:'progress', text}, {type:'ready', ms},
//   {type:'fatal', message}, {type:'result', id, report, ms},
//   {type:'failure', id, message} (the host API threw: a compiler bug).

const post = (m) => self.postMessage(m);
const t0 = performance.now();
let compiler = null;

const ready = (async () => {
  post({ type: 'progress', text: 'Loading the compiler…' });
  // A separate chunk, so the progress line above shows while it downloads.
  const { createCompiler } = await import('dynawasm-browser');
  post({ type: 'progress', text: 'Loading the compiler (dynawasm.wasm) and Binaryen…' });
  compiler = await createCompiler({ wasmUrl: new URL('./dynawasm.wasm', import.meta.url).href });
  post({ type: 'ready', ms: performance.now() - t0 });
  return true;
})().catch((e) => {
  post({ type: 'fatal', message: String((e && e.message) || e) });
  return false;
});

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (!(await ready)) {
    if (msg.type === 'run') post({ type: 'failure', id: msg.id, message: 'The compiler failed to load.' });
    return;
  }
  if (msg.type === 'reset') {
    compiler.reset();
    return;
  }
  if (msg.type !== 'run') return;
  const start = performance.now();
  try {
    let report = compiler.run(msg.source, msg.options || {});
    if (typeof report === 'string') report = JSON.parse(report);
    post({ type: 'result', id: msg.id, report, ms: performance.now() - start });
  } catch (e) {
    post({ type: 'failure', id: msg.id, message: String((e && e.stack) || e) });
  }
};
