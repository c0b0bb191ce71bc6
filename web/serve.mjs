#!/usr/bin/env node
// Serves web/dist on 127.0.0.1 and prints the URL.
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
    if (!file.startsWith(root)) { res.writeHead(403).end('forbidden'); return; }
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) file = path.join(file, 'index.html');
      fs.readFile(file, (err2, data) => {
        if (err2) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}\n`);
          return;
        }
        res.writeHead(200, {
          'Content-Type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
          'Content-Length': data.length,
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
          // Lets the page use SharedArrayBuffer if the compiler ever wants it.
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Embedder-Policy': 'require-corp',
          'Cross-Origin-Resource-Policy': 'same-origin',
        });
        res.end(req.method === 'HEAD' ? undefined : data);
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
