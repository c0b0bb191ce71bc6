#!/usr/bin/env node
// Serves web/dist on 127.0.0.1 and prints the URL. Serves FILE.br or
// FILE.gz (written by the build: precompress.mjs) to clients that accept
// them, with ETags; content-hashed files are cacheable for good.
//   node web/serve.mjs [--port N] [--host H] [--dir PATH]
// PORT / HOST env vars work too; --port 0 picks a free port.
// Also importable: `const { server, url } = await serve({ port: 0 })`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.py': 'text/plain; charset=utf-8',
};

// Content-hashed names (esbuild's main-HASH.js, main-HASH.css,
// worker-HASH.js and chunks/NAME-HASH.js, dynawasm-HASH.wasm,
// binaryen-HASH.wasm) never change: cache them for good. Everything else
// (index.html, sw.js) is revalidated (ETag).
const IMMUTABLE = /(^|\/)((chunks\/)?[^/]+-[A-Z0-9]{8}\.(js|css)|[a-z]+-[0-9a-f]{8}\.wasm)$/;

/** The encoding to serve for an Accept-Encoding header: 'br', 'gzip' or null. */
export function pickEncoding(accept, have) {
  const q = new Map();
  for (const part of String(accept || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qp ? Number(qp.slice(2)) : 1);
  }
  const ok = (n) => (q.has(n) ? q.get(n) > 0 : q.has('*') && q.get('*') > 0);
  if (have.br && ok('br')) return 'br';
  if (have.gzip && ok('gzip')) return 'gzip';
  return null;
}

export function serve({ dir = path.join(here, 'dist'), port = 8080, host = '127.0.0.1', quiet = false } = {}) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = path.join(root, pathname);
    if (file !== root && !file.startsWith(root + path.sep)) { res.writeHead(403).end('forbidden'); return; }
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) file = path.join(file, 'index.html');
      fs.stat(file, (err1, st1) => {
        if (err1 || !st1.isFile()) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}\n`);
          return;
        }
        const have = { br: fs.existsSync(`${file}.br`), gzip: fs.existsSync(`${file}.gz`) };
        const enc = pickEncoding(req.headers['accept-encoding'], have);
        const sendFile = enc === 'br' ? `${file}.br` : enc === 'gzip' ? `${file}.gz` : file;
        const sst = sendFile === file ? st1 : fs.statSync(sendFile);
        const etag = `"${st1.size.toString(36)}-${Math.floor(st1.mtimeMs).toString(36)}${enc ? '-' + enc : ''}"`;
        const rel = path.relative(root, file).split(path.sep).join('/');
        const headers = {
          'Content-Type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
          'Cache-Control': IMMUTABLE.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache',
          ETag: etag,
          Vary: 'Accept-Encoding',
          'X-Content-Type-Options': 'nosniff',
          // Lets the page use SharedArrayBuffer if the compiler ever wants it.
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Embedder-Policy': 'require-corp',
          'Cross-Origin-Resource-Policy': 'same-origin',
        };
        if (enc) headers['Content-Encoding'] = enc;
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers).end();
          return;
        }
        headers['Content-Length'] = sst.size;
        res.writeHead(200, headers);
        if (req.method === 'HEAD') { res.end(); return; }
        fs.createReadStream(sendFile).on('error', () => res.destroy()).pipe(res);
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      const url = `http://${host}:${p}/`;
      if (!quiet) console.log(`dynawasm playground: ${url}  (serving ${path.relative(process.cwd(), root) || '.'}; Ctrl+C to stop)`);
      resolve({ server, url, port: p });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : dflt;
  };
  const dir = path.resolve(opt('dir', path.join(here, 'dist')));
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.error(`serve: ${dir}/index.html not found: build first (npm --prefix web run build)`);
    process.exit(1);
  }
  serve({ dir, port: Number(opt('port', process.env.PORT || 8080)), host: opt('host', process.env.HOST || '127.0.0.1') })
    .catch((e) => {
      console.error(`serve: ${e.message}${e.code === 'EADDRINUSE' ? ' (try --port 0 for a free port)' : ''}`);
      process.exit(1);
    });
}
