// Share links: the program, deflated (CompressionStream) and base64url'd,
// lives in the URL fragment: #code=<data>[&backend=eager][&suppress=1].
// Browsers without CompressionStream get #src=<base64url of UTF-8>.

function toB64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64url(str) {
  const b64 = str.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((str.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const res = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await res.arrayBuffer());
}

export async function encodeFragment(source, options = {}) {
  const raw = new TextEncoder().encode(source);
  let frag;
  if (typeof CompressionStream === 'function') {
    frag = 'code=' + toB64url(await pipe(raw, new CompressionStream('deflate-raw')));
  } else {
    frag = 'src=' + toB64url(raw);
  }
  if (options.backend && options.backend !== 'wasm') frag += '&backend=' + encodeURIComponent(options.backend);
  if (options.suppressErrors) frag += '&suppress=1';
  return frag;
}

/** Returns {source, backend?, suppressErrors?} or null. */
export async function decodeFragment(hash) {
  const h = String(hash || '').replace(/^#/, '');
  if (!h) return null;
  const params = new URLSearchParams(h);
  let source = null;
  try {
    if (params.has('code')) {
      source = new TextDecoder().decode(await pipe(fromB64url(params.get('code')), new DecompressionStream('deflate-raw')));
    } else if (params.has('src')) {
      source = new TextDecoder().decode(fromB64url(params.get('src')));
    }
  } catch (e) {
    console.warn('dynawasm: could not decode the shared program', e);
    return null;
  }
  if (source == null) return null;
  const out = { source };
  if (params.has('backend')) out.backend = params.get('backend');
  if (params.has('suppress')) out.suppressErrors = params.get('suppress') === '1';
  return out;
}
