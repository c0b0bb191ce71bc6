// Stand-in for wasm/browser.js in development builds made without the
// compiler (npm run build:dev). The page still works with injected reports
// (window.dynawasm.render(report)); running a program says why it can't.
export async function createCompiler() {
  throw new Error('The dynawasm compiler is not part of this build (wasm/browser.js or dynawasm.wasm was missing at build time). ' +
    'Build the compiler, then rebuild the playground with `npm run build` in web/.');
}

// ... and for 'binaryen' (never loaded without the compiler).
export default null;
