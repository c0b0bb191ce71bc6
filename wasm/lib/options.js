// options.js - run options: validation and their C encoding (dw_options).

/** Log channels (dynawasm.h enum dw_logs), in CLI order. */
export const LOG_CHANNELS = Object.freeze({
  graph_breaks: 1,
  graph_code: 2,
  output_code: 4,
  recompiles: 8,
  guards: 16,
});

const BACKENDS = { default: 0, wasm: 1, eager: 2 };

/**
 * Parses log channels: an array of names, a comma-separated string ("all"
 * allowed) or a bitmask. Throws a TypeError naming a bad channel.
 * @param {string|string[]|number|undefined} logs
 * @returns {number}
 */
export function parseLogs(logs) {
  if (logs == null || logs === '') return 0;
  if (typeof logs === 'number') {
    if (!Number.isInteger(logs) || logs < 0 || logs > 31) throw new TypeError(`logs: bad bitmask ${logs}`);
    return logs;
  }
  const names = typeof logs === 'string' ? logs.split(',') : logs;
  if (!Array.isArray(names)) throw new TypeError('logs must be a list of channel names');
  let bits = 0;
  for (const raw of names) {
    const name = String(raw).trim();
    if (name === '') continue;
    if (name === 'all') bits |= 31;
    else if (Object.hasOwn(LOG_CHANNELS, name)) bits |= LOG_CHANNELS[name];
    else {
      throw new TypeError(
        `unknown log channel '${name}' (${Object.keys(LOG_CHANNELS).join(', ')}, all)`,
      );
    }
  }
  return bits;
}

function count(name, v) {
  if (v == null) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new TypeError(`${name} must be a non-negative integer`);
  }
  return v;
}

/**
 * Validates the options of run(); API misuse is a TypeError (a program
 * error never is).
 * @param {import('../index.js').RunOptions} [o]
 */
export function normalizeRunOptions(o = {}) {
  if (o === null || typeof o !== 'object') throw new TypeError('run options must be an object');
  const backend = o.backend ?? 'default';
  if (!Object.hasOwn(BACKENDS, backend)) {
    throw new TypeError(`backend must be 'wasm' or 'eager', not ${JSON.stringify(backend)}`);
  }
  const se = o.suppressErrors;
  if (se != null && typeof se !== 'boolean') throw new TypeError('suppressErrors must be a boolean');
  if (o.compile != null && typeof o.compile !== 'boolean') throw new TypeError('compile must be a boolean');
  const filename = o.filename ?? 'main.py';
  if (typeof filename !== 'string' || filename === '' || filename.includes('\0')) {
    throw new TypeError('filename must be a non-empty string');
  }
  return {
    backend: BACKENDS[backend],
    suppressErrors: se == null ? -1 : se ? 1 : 0,
    wat: Boolean(o.wat),
    filename,
    maxSteps: count('maxSteps', o.maxSteps),
    tensorCap: count('tensorCap', o.tensorCap),
    logs: parseLogs(o.logs),
    compile: o.compile ?? true,
  };
}
