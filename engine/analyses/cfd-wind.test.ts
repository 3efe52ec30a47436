import { describe, expect, it } from 'vitest';
import { readResultGlb, writeResultGlb } from '../results/glb.ts';
import { directionLayer, streamlineFieldGrid, streamlineLayer, terrainInlet, windDirections } from './cfd-wind.ts';

describe('CFD wind layers', () => {
  it('states the approach flow over the terrain at 10 m, and the directions of a study', () => {
    expect(terrainInlet('city')).toEqual({ kind: 'log', roughnessLengthM: 2, referenceSpeedMs: 10, referenceHeightM: 10 });
    expect(terrainInlet('country').roughnessLengthM).toBe(0.03);
    expect(windDirections(8)).toEqual([0, 45, 90, 135, 180, 225, 270, 315]);
    expect(windDirections(16)[1]).toBe(22.5);
  });

  it('writes the speed-up ratios the wind-comfort post-processing reads, with no data inside solids', async () => {
    const positions = Float32Array.from([0, 0, 1.5, 4, 0, 1.5, 0, 4, 1.5]);
    const pedestrian = {
      speedRatio: Float32Array.from([0.5, 0.9, 0.7]),
      gemRatio: Float32Array.from([0.8, 1.2, 0.9]),
      turbulenceIntensity: Float32Array.from([0.3, 0.2, 0.25]),
      u: Float32Array.from([0.1, 0.2, 0.3]),
      v: Float32Array.from([-0.5, -0.9, -0.7]),
      level: Int8Array.from([3, -1, 3]),
    };
    const layer = directionLayer({
      surface: { positions, indices: Uint32Array.from([0, 1, 2]) },
      result: { pedestrian },
      directionDeg: 22.5,
      terrain: 'suburban',
      provenance: { engine: 'canopy-cfd', version: 't' },
    });
    expect(layer).toMatchObject({ windDirection: '22.5', key: 'cfd-direction.22p5', metric: 'speed-ratio' });
    const read = await readResultGlb(await writeResultGlb(layer.result));
    expect(Object.keys(read.fields).sort()).toEqual(['gemSpeedRatio', 'speedRatio', 'turbulenceIntensity', 'u', 'v']);
    expect(read.fields.speedRatio![0]).toBeCloseTo(0.5, 6);
    expect(Number.isNaN(read.fields.speedRatio![1])).toBe(true);
    expect(Number.isNaN(read.fields.gemSpeedRatio![1])).toBe(true);
    expect(read.metadata.reference).toEqual({ heightM: 10, terrain: 'suburban' });
    expect(read.indices).toEqual(Uint32Array.from([0, 1, 2]));
  });

  it('traces streamlines through a mean field into a line layer', async () => {
    // Wind from the west (270°) blowing east at ratio 1 everywhere.
    const scene = { centre: [0, 0] as [number, number], roiRadiusM: 40, maxHeightM: 20 };
    const grid = streamlineFieldGrid(scene);
    expect(grid.spacingM).toBe(8);
    expect(grid.originM[2]).toBe(1.5);
    const n = grid.dims[0] * grid.dims[1] * grid.dims[2];
    const field = new Float32Array(3 * n);
    for (let c = 0; c < n; c++) field[3 * c] = 1;
    const layer = streamlineLayer({
      field,
      grid,
      scene,
      directionDeg: 270,
      points: Float64Array.from([0, 0, 1.5, 8, 0, 1.5]),
      speedRatio: Float32Array.from([1, Number.NaN]),
      provenance: { engine: 'canopy-cfd', version: 't' },
    })!;
    expect(layer.layerType).toBe('volumetric');
    const read = await readResultGlb(await writeResultGlb(layer.result));
    expect(read.lines!.length).toBeGreaterThan(0);
    // Every segment runs east (+x), joining consecutive vertices of one line.
    for (let s = 0; s < read.lines!.length; s += 2) {
      const a = read.lines![s]!,
        b = read.lines![s + 1]!;
      expect(b).toBe(a + 1);
      expect(read.positions[3 * b]! - read.positions[3 * a]!).toBeGreaterThan(0);
      expect(read.positions[3 * b + 1]).toBeCloseTo(read.positions[3 * a + 1]!, 4);
    }
    expect(Array.from(read.fields.speedRatio!).every((s) => Math.abs(s - 1) < 1e-6)).toBe(true);
    expect(read.metadata).toMatchObject({ analysis: 'wind-streamlines', primitive: 'lines', windDirectionDeg: 270 });
  });
});
