// optimize_later.js - the detached optimiser of a kernel store (Node):
//
//   node optimize_later.js STORE_DIR
//
// started by a process that ends with kernels still waiting for Binaryen
// (node_host.js WorkerOptimizer.handOff: the CLI). It takes the job files
// of STORE_DIR/spool one by one (renaming a file claims it), optimises each
// kernel with Binaryen as the worker thread would (kernels.js
// binaryenOptimize) and writes the result to the store, where the next
// process finds it (cache.js). One runs per store at a time: its pid is in
// spool/optimizer.pid, touched per job; it exits when the spool is empty.
// It runs at the lowest priority, every thread (lowestPriority), and never
// prints: a failure only leaves a kernel unoptimised.
import fs from 'node:fs';
import path from 'node:path';
import { encodeEntry } from './cache.js';
import { binaryenOptimize } from './kernels.js';
import { lowestPriority, spoolDir, spoolLock, writeEntry } from './node_host.js';

const store = process.argv[2];
const dir = spoolDir(store);
const lock = spoolLock(store);
let binaryen = null;

/** The next job file of the spool, claimed (renamed to ours), or null. */
function claim() {
  let names;
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return null;
  }
  for (const n of names) {
    const mine = path.join(dir, `${n}.${process.pid}.taken`);
    try {
      fs.renameSync(path.join(dir, n), mine);
      return mine;
    } catch {
      /* another optimiser took it */
    }
  }
  return null;
}

async function work(file) {
  let jobs = [];
  try {
    jobs = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    jobs = [];
  }
  fs.rmSync(file, { force: true });
  for (const j of jobs) {
    fs.writeFileSync(lock, String(process.pid)); // still at work
    if (typeof j.file !== 'string' || path.resolve(path.dirname(j.file)) !== path.resolve(store)) continue;
    if (fs.existsSync(j.file)) continue; // already optimised (by a worker, or an earlier job)
    try {
      if (!binaryen) {
        const mod = await import('binaryen');
        binaryen = mod.default ?? mod;
      }
      const bytes = new Uint8Array(Buffer.from(j.bytes, 'base64'));
      const res = binaryenOptimize(binaryen, bytes, { optimizeLevel: j.optimizeLevel, shrinkLevel: j.shrinkLevel, text: j.text, relaxed: j.relaxed === true });
      writeEntry(store, j.file, encodeEntry(bytes, res));
    } catch {
      /* this kernel stays unoptimised */
    }
  }
}

lowestPriority(); // every thread below the user's processes (nice 19)
try {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(lock, String(process.pid));
  for (;;) {
    const file = claim();
    if (file) {
      await work(file);
      continue;
    }
    // nothing left: release the lock, then look once more for a job
    // spooled while it was held (its process saw an optimiser at work)
    fs.rmSync(lock, { force: true });
    const late = claim();
    if (!late) break;
    fs.writeFileSync(lock, String(process.pid));
    await work(late);
  }
} catch {
  fs.rmSync(lock, { force: true });
}
