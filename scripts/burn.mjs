#!/usr/bin/env node
/**
 * `npm run burn [-- --seconds N] [-- --threads N]`: keeps every core busy (one spinning worker
 * thread per core unless --threads says otherwise) until Ctrl+C, SIGTERM or --seconds, so the test
 * suite can be run on a machine as busy as a shared CI runner or a user's laptop. A test that passes
 * alone and fails beside the burner waits on the clock instead of on a state.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

function flag(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} must be a positive number, got ${process.argv[at + 1] ?? 'nothing'}`);
    process.exit(2);
  }
  return value;
}

const threads = Math.round(flag('threads', availableParallelism()));
const seconds = flag('seconds', Infinity);
// Each thread spins on floating-point work whose result it keeps, so the loop cannot be dropped.
const spin = `let x = 1; for (;;) { for (let i = 0; i < 1e7; i++) x = Math.sqrt(x + i) * 1.000001; globalThis.sink = x; }`;
const workers = Array.from({ length: threads }, () => new Worker(spin, { eval: true }));
console.log(`burning ${threads} thread${threads === 1 ? '' : 's'}${Number.isFinite(seconds) ? ` for ${seconds} s` : ''}; Ctrl+C stops`);

const stop = async () => {
  await Promise.all(workers.map((w) => w.terminate()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (Number.isFinite(seconds)) setTimeout(stop, seconds * 1000);
