import { describe, expect, it } from 'vitest';
import { buildHierarchy } from '../grid/build-hierarchy.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { domainBox, physicsFor, refine, SUBURBAN_10MS } from '../test/small-grids.ts';
import { inlineStepper } from '../run/stepper.ts';
import { runKernelFor } from './run-kernel.ts';
import { makeThreadContext, prepare } from '../solver/step.ts';
import { DRAG, SOURCE, type Grid } from '../grid/level.ts';

/** Two levels over a building and a tree (k–ℓ closure), developed for a few steps in WebAssembly. */
async function developed(): Promise<Grid> {
  const box0 = domainBox(16, 384, 224, 160);
  const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
  const solid = [box0, box1].map((b) => {
    const m = new Uint8Array(b.nx * b.ny * b.nz);
    voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, m);
    return m;
  });
  const porous = [box0, box1].map((b) => {
    const m = new Float32Array(b.nx * b.ny * b.nz);
    voxelize('tree.stl', boxTriangles(200, 90, 0, 230, 130, 20), b, m, 0.3);
    return m;
  });
  const grid = buildHierarchy({ boxes: [box0, box1], placements: [at], solid, porous, physics: physicsFor(SUBURBAN_10MS, 160, { closure: 'k-l' }) });
  const stepper = inlineStepper(grid);
  expect(stepper.kernel).toBe('wasm');
  await stepper.advance(12, false);
  return grid;
}

/**
 * Runs `work` over [0, count) twice from the same arrays `outs`: in one call (the kernel's lanes
 * take the cells in groups) and one cell per call (the scalar loop only); returns what each left
 * in every array, and restores them.
 */
function bothWays(outs: Float32Array[], count: number, work: (c0: number, c1: number) => void): [Float32Array[], Float32Array[]] {
  const before = outs.map((o) => o.slice());
  work(0, count);
  const grouped = outs.map((o) => o.slice());
  outs.forEach((o, i) => o.set(before[i]));
  for (let c = 0; c < count; c++) work(c, c + 1);
  const single = outs.map((o) => o.slice());
  outs.forEach((o, i) => o.set(before[i]));
  return [grouped, single];
}

const sameBits = (a: Float32Array, b: Float32Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('the WebAssembly kernel’s loops over several cells at once', () => {
  it('emit the prescribed cells’ populations as the one-cell loop does, to the bit, on both steps', async () => {
    const grid = await developed();
    const kernel = runKernelFor(grid);
    for (const level of grid.levels) {
      expect(level.pre.count).toBeGreaterThan(8);
      for (const odd of [false, true]) {
        const [[grouped], [single]] = bothWays([level.f], level.pre.count, (p0, p1) => kernel.emit(level, odd, p0, p1));
        expect(sameBits(grouped, single), `level ${level.index}, ${odd ? 'odd' : 'even'} step`).toBe(true);
        // Not a vacuous comparison: the emission changed the populations.
        expect(sameBits(grouped, level.f)).toBe(false);
      }
    }
  }, 60_000);

  it('collide the slow-path cells (walls, ground, porous, top, recording) as the one-cell loop does, to the bit, on both steps', async () => {
    const grid = await developed();
    const kernel = runKernelFor(grid);
    const kinds = new Set<number>();
    let recording = 0;
    for (const level of grid.levels) {
      for (const kind of level.slow.dragKind) kinds.add(kind);
      recording += level.slow.record.filter((slot) => slot >= 0).length;
      for (const odd of [false, true]) {
        const [grouped, single] = bothWays([level.f, level.rec[0]], level.slow.count, (s0, s1) => kernel.slow(level, odd, 0, s0, s1));
        expect(sameBits(grouped[0], single[0]), `populations, level ${level.index}, ${odd ? 'odd' : 'even'} step`).toBe(true);
        expect(sameBits(grouped[1], single[1]), `records, level ${level.index}, ${odd ? 'odd' : 'even'} step`).toBe(true);
        expect(sameBits(grouped[0], level.f)).toBe(false);
        if (level.slow.record.some((slot) => slot >= 0)) expect(sameBits(grouped[1], level.rec[0])).toBe(false);
      }
    }
    // Every kind of momentum source is among the cells compared (none, ground, porous, top).
    expect([...kinds].sort()).toEqual([0, 1, 2, 3]);
    expect(recording).toBeGreaterThan(0);
  }, 60_000);

  it('collide the slow list’s fixed-offset cells (recording cells, the first layer) without their link table as the slow path does, to the bit, on both steps', async () => {
    const grid = await developed();
    const kernel = runKernelFor(grid);
    let recording = 0;
    const cells = [0, 0],
      quads = [0, 0];
    for (const level of grid.levels) {
      const { slow } = level;
      // Not vacuous (below): the levels have both parts, each with four neighbours along x in a row.
      [
        [slow.linked, slow.floor],
        [slow.floor, slow.count],
      ].forEach(([a, b], part) => {
        cells[part] += b - a;
        if ([...slow.cell.subarray(a, Math.max(a, b - 3))].some((x, s) => slow.cell[a + s + 3] === x + 3)) quads[part]++;
      });
      for (let s = slow.linked; s < slow.count; s++) expect(slow.dragKind[s]).toBe(s < slow.floor ? DRAG.NONE : DRAG.GROUND);
      recording += slow.record.subarray(slow.linked).filter((slot) => slot >= 0).length;
      for (const odd of [false, true]) {
        const [fixed, table] = [false, true].map((table) => {
          const before = [level.f.slice(), level.rec[1].slice()];
          if (table) kernel.slow(level, odd, 1, slow.linked, slow.count);
          else kernel.fixed!(level, odd, 1, slow.linked, slow.count);
          const out = [level.f.slice(), level.rec[1].slice()];
          level.f.set(before[0]);
          level.rec[1].set(before[1]);
          return out;
        });
        expect(sameBits(fixed[0], table[0]), `populations, level ${level.index}, ${odd ? 'odd' : 'even'} step`).toBe(true);
        expect(sameBits(fixed[1], table[1]), `records, level ${level.index}, ${odd ? 'odd' : 'even'} step`).toBe(true);
        expect(sameBits(fixed[0], level.f)).toBe(false);
      }
    }
    expect(recording).toBeGreaterThan(0);
    expect(Math.min(...cells)).toBeGreaterThan(8);
    expect(Math.min(...quads)).toBeGreaterThan(0);
  }, 60_000);

  it('restrict four neighbouring parents at a time as the one-cell loop does, to the bit', async () => {
    const grid = await developed();
    const kernel = runKernelFor(grid);
    const [parent, fine] = grid.levels;
    const { pre } = parent;
    // Not vacuous: the list holds runs of four RESTRICT cells whose children are all fluid and two
    // fine cells apart lane to lane (what the four-lane loop takes), and cells it leaves to the one-cell loop.
    let quads = 0,
      others = 0;
    for (let p = 0; p < pre.count; p++) {
      if (pre.source[p] !== SOURCE.RESTRICT) continue;
      const lanes = [0, 1, 2, 3].every(
        (m) =>
          p + m < pre.count &&
          pre.source[p + m] === SOURCE.RESTRICT &&
          [...Array(8).keys()].every((c) => pre.slots[8 * p + c] >= 0 && pre.slots[8 * (p + m) + c] === pre.slots[8 * p + c] + 2 * m),
      );
      if (lanes) quads++;
      else others++;
    }
    expect(quads).toBeGreaterThan(8);
    expect(others).toBeGreaterThan(0);
    const [[grouped], [single]] = bothWays([pre.state], pre.count, (p0, p1) => kernel.restrict!(parent, fine, p0, p1));
    expect(sameBits(grouped, single)).toBe(true);
    expect(sameBits(grouped, pre.state)).toBe(false);
  }, 60_000);

  it('give the ghost and outlet cells the JavaScript reference’s states, to the bit, on both substeps', async () => {
    const grid = await developed();
    const kernel = runKernelFor(grid);
    const ctx = makeThreadContext(grid, 0, 1, () => {}, [12, 24]);
    for (const level of grid.levels) {
      const { pre } = level;
      const parent = level.index > 0 ? grid.levels[level.index - 1] : null;
      for (const sub of [0, 1]) {
        const state = pre.state.slice(),
          delta = pre.delta.slice();
        kernel.prepare!(level, parent, ctx.steps[level.index], parent ? ctx.steps[parent.index] - 1 : -1, sub, 0, pre.count);
        const wasm = [pre.state.slice(), pre.delta.slice()];
        pre.state.set(state);
        pre.delta.set(delta);
        for (let p = 0; p < pre.count; p++) prepare(grid, level, p, sub, ctx);
        expect(sameBits(wasm[0], pre.state), `states, level ${level.index}, substep ${sub}`).toBe(true);
        expect(sameBits(wasm[1], pre.delta), `increments, level ${level.index}, substep ${sub}`).toBe(true);
        // Not vacuous: the states changed, but where level 0's outlets take again what substep 0 gave them.
        expect(sameBits(wasm[0], state), `level ${level.index}, substep ${sub}: unchanged`).toBe(level.index === 0 && sub === 1);
      }
    }
  }, 60_000);
});
