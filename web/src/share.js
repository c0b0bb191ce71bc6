// Share links: the program, deflated (CompressionStream) and base64url'd,
// lives in the URL fragment:
//   #code=<data>&c=<crc32 of the program, hex>[&backend=eager][&suppress=1]
// Browsers without CompressionStream make #src=<base64url of UTF-8>.
//
// Links are untrusted input. decodeFragment() caps the fragment and the
// decoded program (a few kilobytes can inflate to megabytes), reads the
// compressed stream only up to the cap, and says what is wrong with a
// broken link instead of returning nothing. `trusted` is true when the
// checksum Share writes matches: the page runs only such links, and only
// small ones, without asking.

/** Longest fragment read (characters). */
export const MAX_FRAGMENT = 96 * 1024;
/** Largest program a link may hold (bytes of UTF-8). */
export const MAX_SOURCE = 64 * 1024;
/** Programs up to this size from Share run on load without asking. */
export const AUTORUN_MAX = 16 * 1024;

function toB64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(str) {
  if (!/^[A-Za-z0-9_-]*$/.test(str)) throw new Error('the data is not base64url');
  const b64 = str.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((str.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Pipes bytes through a (de)compression stream, failing past `cap` output bytes. */
async function pipe(bytes, stream, cap = Infinity) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.byteLength;
    if (n > cap) {
      reader.cancel().catch(() => {});
      throw Object.assign(new Error(`the program is larger than ${Math.round(cap / 1024)} KB`), { tooLarge: true });
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.byteLength; }
  return out;
}

let crcTable = null;
/** CRC-32 (IEEE) of a string's UTF-8, 8 hex digits. */
export function checksum(text) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[i] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of new TextEncoder().encode(text)) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

export async function encodeFragment(source, options = {}) {
  const raw = new TextEncoder().encode(source);
  let frag;
  if (typeof CompressionStream === 'function') {
    frag = 'code=' + toB64url(await pipe(raw, new CompressionStream('deflate-raw')));
  } else {
    frag = 'src=' + toB64url(raw);
  }
  frag += '&c=' + checksum(source);
  if (options.backend && options.backend !== 'wasm') frag += '&backend=' + encodeURIComponent(options.backend);
  if (options.suppressErrors) frag += '&suppress=1';
  return frag;
}

/**
 * Reads a location.hash. Returns null when it holds no program, else
 *   {source, trusted, backend?, suppressErrors?}  or
 *   {error: 'why the link is broken'}.
 * trusted: made by Share (its checksum matches) and small enough to run
 * without asking.
 */
export async function decodeFragment(hash) {
  const h = String(hash || '').replace(/^#/, '');
  if (!/(^|&)(code|src)=/.test(h)) return null;
  if (h.length > MAX_FRAGMENT) return { error: `the link is too long (${Math.round(h.length / 1024)} KB; at most ${MAX_FRAGMENT / 1024} KB)` };
  const params = new URLSearchParams(h);
  let bytes;
  try {
    if (params.has('code')) {
      if (typeof DecompressionStream !== 'function') return { error: 'this browser cannot decompress share links (no DecompressionStream)' };
      bytes = await pipe(fromB64url(params.get('code')), new DecompressionStream('deflate-raw'), MAX_SOURCE);
    } else {
      bytes = fromB64url(params.get('src'));
      if (bytes.length > MAX_SOURCE) return { error: `the program is larger than ${MAX_SOURCE / 1024} KB` };
    }
  } catch (e) {
    return { error: e.tooLarge ? e.message : `the program in it cannot be decoded (${e.message || e}); the link may have been cut short` };
  }
  let source;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { error: 'the program in it is not valid UTF-8 text' };
  }
  const c = params.get('c');
  const out = { source, trusted: !!c && c === checksum(source) && bytes.length <= AUTORUN_MAX };
  if (c && c !== checksum(source)) out.warning = 'its checksum does not match the program (the link was changed after it was shared)';
  const b = params.get('backend');
  if (b === 'eager' || b === 'wasm') out.backend = b;
  if (params.has('suppress')) out.suppressErrors = params.get('suppress') === '1';
  return out;
}
