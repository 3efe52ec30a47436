/**
 * Invariants of the AA odd step that the solver's correctness rests on, checked on small grids in
 * the tests: every slot written in an odd step is written by one cell only; a colliding cell reads
 * exactly the slots it writes (so no other cell can race with it); and every slot a fluid cell
 * reads in the following even step was written by the cell the physics says it comes from.
 */
import { CX, CY, CZ, OPP, Q } from '../lattice/d3q19.ts';
import { interiorReadSlot, interiorWriteSlot, readSlot, writeSlot, type LinkContext } from './links.ts';
import type { Level } from './level.ts';

export interface LinkReport {
  /** Slots written by more than one cell. */
  collisions: number;
  /** Cells whose odd-step read set differs from their write set. */
  asymmetric: number;
  /** Slots written in the odd step, in all. */
  writes: number;
}

function* oddFootprints(level: Level): Generator<{ cell: number; reads: number[] | null; writes: number[] }> {
  const { pad } = level;
  for (let r = 0; r < level.runCount; r++) {
    const base = level.runs[4 * r],
      len = level.runs[4 * r + 1];
    for (let t = 0; t < len; t++) {
      const x = base + t;
      const reads: number[] = [],
        writes: number[] = [];
      for (let q = 0; q < Q; q++) {
        reads.push(interiorReadSlot(pad, x, q));
        writes.push(interiorWriteSlot(pad, x, q));
      }
      yield { cell: x, reads, writes };
    }
  }
  for (let s = 0; s < level.slow.count; s++) {
    yield {
      cell: level.slow.cell[s],
      reads: Array.from(level.slow.read.subarray(s * Q, s * Q + Q)),
      writes: Array.from({ length: Q }, (_, q) => level.slow.read[s * Q + OPP[q]]),
    };
  }
  for (let p = 0; p < level.pre.count; p++) {
    yield { cell: level.pre.cell[p], reads: null, writes: Array.from(level.pre.write.subarray(p * Q, p * Q + Q)) };
  }
}

export function checkOddStep(level: Level): LinkReport {
  return checkFootprints(oddFootprints(level));
}

/**
 * The links as traced (links.ts), both directions per slow cell: the tables keep only the reads,
 * on the rule that f_opp(q) is written where f_q is read; this checks the rule itself.
 */
export function checkReadWriteRule(ctx: LinkContext, cells: Array<[number, number, number]>): number {
  let broken = 0;
  for (const [i, j, k] of cells) for (let q = 0; q < Q; q++) if (readSlot(ctx, i, j, k, q) !== writeSlot(ctx, i, j, k, OPP[q])) broken++;
  return broken;
}

function checkFootprints(footprints: Iterable<{ cell: number; reads: number[] | null; writes: number[] }>): LinkReport {
  const owner = new Map<number, number>();
  let collisions = 0,
    asymmetric = 0,
    writes = 0;
  for (const { cell, reads, writes: w } of footprints) {
    for (const slot of w) {
      writes++;
      const prev = owner.get(slot);
      if (prev !== undefined && prev !== cell) collisions++;
      owner.set(slot, cell);
    }
    if (reads) {
      const a = [...reads].sort((x, y) => x - y).join(','),
        b = [...w].sort((x, y) => x - y).join(',');
      if (a !== b) asymmetric++;
    }
  }
  return { collisions, asymmetric, writes };
}

/**
 * For an interior fluid cell away from every boundary, the slot q it reads in the even step must
 * be written in the odd step by its neighbour x − c_q in direction q. Returns the mismatches.
 */
export function checkInteriorSources(level: Level): number {
  const { pad } = level;
  const writer = new Map<number, { cell: number; q: number }>();
  for (const { cell, writes } of oddFootprints(level)) writes.forEach((slot, q) => writer.set(slot, { cell, q }));
  let bad = 0;
  for (const { cell, reads } of oddFootprints(level)) {
    if (!reads) continue;
    for (let q = 1; q < Q; q++) {
      const src = writer.get(q * pad.n + cell);
      const from = cell - (CX[q] + CY[q] * pad.px + CZ[q] * pad.pxy);
      // Bounce-back and mirrors write into the cell's own slot from itself: accept those.
      if (!src) {
        bad++;
        continue;
      }
      if (src.cell === cell && src.q === OPP[q]) continue;
      if (src.cell === from && src.q === q) continue;
      // Specular: the source is an in-plane neighbour with the mirrored direction.
      if (src.cell !== cell && src.q !== q) continue;
      bad++;
    }
  }
  return bad;
}
