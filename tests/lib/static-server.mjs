#!/usr/bin/env node
// static-server.mjs - a minimal static file server for a built page (the
// fallback of wasm/serve.sh when web/ has no server of its own; tests may
// import it). Serves .wasm as application/wasm; never leaves its root.
//   node tests/lib/static-server.mjs DIR [--host 127.0.0.1] [--port 8080]
//   const { url, close } = await startServer({ root, port: 0 });
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.map': 'application/json', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.py': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.ico': 'image/x-icon',
};

/** @returns {Promise<{url: string, server: http.Server, close: () => Promise<void>}>} */
export async function startServer({ root, host = '127.0.0.1', port = 8080 }) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      return res.writeHead(400).end();
    }
    let file = path.resolve(base, `.${rel}`);
    if (file !== base && !file.startsWith(base + path.sep)) return res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': st.size,
        'cache-control': 'no-cache',
      });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file).pipe(res);
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const url = `http://${host}:${server.address().port}/`;
  return { url, server, close: () => new Promise((r) => server.close(() => r())) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : dflt;
  };
  const host = opt('--host', '127.0.0.1');
  const port = Number(opt('--port', '8080'));
  const root = args[0] ?? '.';
  const { url } = await startServer({ root, host, port });
  console.log(`serving ${root} at ${url}`);
}
