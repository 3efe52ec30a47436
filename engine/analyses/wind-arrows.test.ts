import { describe, expect, it } from 'vitest';
import { readResultGlb, writeResultGlb } from '../results/glb.ts';
import { arrowPointIndices, windArrowLayers } from './wind-arrows.ts';

/** An n × n grid of points `spacing` m apart at 1.5 m. */
function grid(n: number, spacing: number): Float32Array {
  const out: number[] = [];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) out.push(i * spacing, j * spacing, 1.5);
  return Float32Array.from(out);
}

describe('wind arrows', () => {
  it('keeps every usable point when there are few, and thins a dense plane to about the cap, evenly', () => {
    const few = grid(10, 2);
    expect(Array.from(arrowPointIndices(few, (p) => p !== 5))).toEqual(Array.from({ length: 100 }, (_, p) => p).filter((p) => p !== 5));
    const dense = grid(200, 1); // 40,000 points over 199 m × 199 m
    const picked = arrowPointIndices(dense, () => true, 400);
    expect(picked.length).toBeGreaterThan(300);
    expect(picked.length).toBeLessThanOrEqual(441);
    // Even: every 20 m × 20 m quarter of the square holds about a quarter of the arrows.
    const quarter = Array.from(picked).filter((p) => dense[3 * p] < 100 && dense[3 * p + 1] < 100).length;
    expect(quarter / picked.length).toBeGreaterThan(0.2);
    expect(quarter / picked.length).toBeLessThan(0.3);
  });

  it('writes one arrow layer per direction: u, v along the mean wind, coloured by speed, none where a ratio is missing', async () => {
    const positions = grid(3, 5);
    const directionsDeg = [0, 90];
    const points = 9;
    const u = new Float32Array(points * 2),
      v = new Float32Array(points * 2),
      speedRatios = new Float32Array(points * 2);
    for (let p = 0; p < points; p++) {
      // From the north the wind blows south (v < 0); from the east it blows west (u < 0).
      v[p * 2] = -0.8;
      u[p * 2 + 1] = -0.6;
      speedRatios[p * 2] = 0.8;
      speedRatios[p * 2 + 1] = 0.6;
    }
    speedRatios[4 * 2 + 1] = Number.NaN; // inside a building
    const layers = windArrowLayers({
      positions,
      directionsDeg,
      u,
      v,
      speedRatios,
      meanMetSpeedByDirectionMs: [5, Number.NaN],
      speedFactor: 1.25,
      provenance: { engine: 'canopy', version: 't', directionsDeg },
    });
    expect(layers.map((l) => [l.key, l.layerType, l.windDirection])).toEqual([
      ['arrows.0', 'arrows', '0'],
      ['arrows.90', 'arrows', '90'],
    ]);
    const north = await readResultGlb(await writeResultGlb(layers[0]!.result));
    expect(north.positions.length / 3).toBe(8);
    expect(north.indices).toBeUndefined();
    expect(Array.from(north.fields.v!).every((x) => Math.abs(x + 0.8) < 1e-6)).toBe(true);
    expect(north.fields.speed![0]).toBeCloseTo(0.8 * 1.25 * 5, 5);
    expect(north.metadata).toMatchObject({ analysis: 'wind-directional', units: 'm/s', fields: ['speed'], windDirectionDeg: 0 });
    // No hours from the east: the arrows still point, their colour is "no data".
    expect(Number.isNaN(layers[1]!.result.fields.speed![0])).toBe(true);
    expect(layers[1]!.result.fields.u![0]).toBeCloseTo(-0.6, 6);
  });
});
