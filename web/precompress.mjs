// precompress.mjs - writes FILE.br (brotli) and FILE.gz (gzip) next to every
// compressible file of a folder, so a static server (web/serve.mjs, or any
// that serves precompressed files: nginx gzip_static/brotli_static, Caddy
// precompressed) never compresses at request time.
//
// Brotli quality 9 by default (the 14 MB Binaryen module: ~2 s; quality 11
// takes a minute for 15% less): DW_BROTLI_QUALITY=11 for a release build.
// Results are cached by content hash under node_modules/.cache/, so an
// unchanged file (Binaryen) is compressed once per machine.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|wasm|txt|py)$/;
const MIN_BYTES = 1024;

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/**
 * @param {string} dir
 * @param {{cacheDir?: string, quality?: number}} [opts]
 * @returns {{file: string, bytes: number, br: number, gz: number}[]}
 */
export function precompress(dir, opts = {}) {
  const quality = opts.quality ?? Number(process.env.DW_BROTLI_QUALITY || 9);
  const cacheDir = opts.cacheDir;
  if (cacheDir) fs.mkdirSync(cacheDir, { recursive: true });
  const done = [];
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const key = crypto.createHash('sha256').update(data).digest('hex').slice(0, 32);
    const encode = (ext, make) => {
      const cached = cacheDir && path.join(cacheDir, `${key}-q${quality}.${ext}`);
      let out;
      if (cached && fs.existsSync(cached)) out = fs.readFileSync(cached);
      else {
        out = make();
        if (cached) fs.writeFileSync(cached, out);
      }
      fs.writeFileSync(`${file}.${ext}`, out);
      return out.length;
    };
    const br = encode('br', () => zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }));
    const gz = encode('gz', () => zlib.gzipSync(data, { level: 9 }));
    done.push({ file: path.relative(dir, file), bytes: data.length, br, gz });
  }
  return done;
}
