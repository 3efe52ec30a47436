/**
 * Difference maps: B − A of two scenarios' layers against the number of points, as the viewer's
 * worker computes it (src/viewer/difference/difference-compute.ts), on the same thread here so the
 * timing is the computation alone. Two cases per size:
 *  - shared points (one presentation plane in both scenarios), against the strongest fair
 *    baseline: a plain typed-array loop `b[i] − a[i]` with no checks or counts;
 *  - points moved by 0.7 m (planes cut differently), matched by nearest neighbour within 2 m,
 *    against the same plain loop (what a naive tool would do, ignoring that the points moved).
 * The ratio is difference map / plain loop (1 would be no cost over the bare subtraction).
 */
import { differenceOf } from '../../src/viewer/difference/difference-compute.ts';
import { report, time } from './harness.ts';

const SIZES = [10_000, 100_000, 1_000_000];

/** A square plane of `n` points 1 m apart at 1.5 m above ground, moved by `shift` metres in x. */
function plane(n: number, shift = 0): Float32Array {
  const side = Math.ceil(Math.sqrt(n));
  const p = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) p.set([(i % side) + shift, Math.floor(i / side), 1.5], i * 3);
  return p;
}

function values(n: number, seed: number): Float32Array {
  const v = new Float32Array(n);
  for (let i = 0; i < n; i++) v[i] = 0.5 + ((i * 7919 + seed) % 1000) / 1000;
  return v;
}

function plainLoop(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b[i]! - a[i]!;
  return out;
}

export default async function bench(): Promise<void> {
  for (const n of SIZES) {
    const a = { positions: plane(n), values: values(n, 1) };
    const b = { positions: plane(n), values: values(n, 2) };
    const moved = { positions: plane(n, 0.7), values: b.values };
    const runs = n >= 1_000_000 ? 3 : 5;
    const baseline = await time(() => plainLoop(a.values, b.values), { runs });
    const shared = await time(() => differenceOf(a, b, { mode: 'values', maxDistanceM: 2 }), { runs });
    const nearest = await time(() => differenceOf(a, moved, { mode: 'values', maxDistanceM: 2 }), { runs: n >= 1_000_000 ? 1 : 3 });
    report({
      name: `difference map, shared points, ${n.toLocaleString('en-GB')} pts / plain loop`,
      ratio: shared.medianMs / baseline.medianMs,
      details: { differenceMs: shared.medianMs, plainLoopMs: baseline.medianMs, points: n },
    });
    report({
      name: `difference map, nearest within 2 m, ${n.toLocaleString('en-GB')} pts / plain loop`,
      ratio: nearest.medianMs / baseline.medianMs,
      details: { differenceMs: nearest.medianMs, plainLoopMs: baseline.medianMs, points: n },
    });
  }
}
