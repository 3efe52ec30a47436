import { describe, expect, it } from 'vitest';
import { planScene, sceneSchedule } from './scene-plan.ts';
import { prepareDirection } from './direction.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { planMemoryBytes } from '../grid/plan.ts';
import { prepareKernel } from '../kernel/run-kernel.ts';
import type { Grid } from '../grid/level.ts';

/** Bytes of every typed array a grid holds (the level's own, its tables and the k closure's). */
function gridArrayBytes(grid: Grid): number {
  let bytes = 0;
  const count = (o: object) => {
    for (const value of Object.values(o)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
  };
  for (const level of grid.levels) {
    count(level);
    count(level.slow);
    count(level.pre);
    count(level.rec);
    if (level.turb) count(level.turb);
  }
  return bytes;
}

describe('the memory a scene needs', () => {
  it('counts the copy of the grid into the WebAssembly kernel’s memory: the peak while both exist', () => {
    const block = { file: 'block.stl', role: 'solid' as const, study: true, triangles: boxTriangles(-10, -10, 0, 10, 10, 20) };
    const points = Float64Array.from([-30, -30, 1.5, 30, 30, 1.5]);
    const inlet = { kind: 'log' as const, roughnessLengthM: 0.5, referenceSpeedMs: 10, referenceHeightM: 10 };
    const scene = planScene({ geometry: [block], points, tier: 'rapid', referenceSpeedMs: 10 });
    const schedule = sceneSchedule(scene, 10, 0.1);
    const { hierarchy } = prepareDirection({
      directionDeg: 0,
      index: 0,
      total: 1,
      centre: scene.centre,
      plan: scene.plan,
      geometry: scene.geometry,
      inlet,
      referenceHeightM: 10,
      schedule,
      points,
    });
    const own = gridArrayBytes(hierarchy as Grid);
    expect(prepareKernel(hierarchy)).toBe('wasm');
    const copy = (hierarchy as Grid).memory!.buffer.byteLength;
    // The grid's own arrays alone fit the plan's count; with the copy they do not.
    expect(own).toBeLessThanOrEqual(planMemoryBytes(scene.plan));
    expect(own + copy).toBeGreaterThan(planMemoryBytes(scene.plan));
    // What the scene states (and the limit is checked against) holds both, without counting far more.
    expect(scene.memoryBytes).toBeGreaterThanOrEqual(own + copy);
    expect(scene.memoryBytes).toBeLessThan(1.5 * (own + copy));
  });
});
