import { describe, expect, it } from 'vitest';
import { windArrowLayers } from '@canopy/engine/analyses/wind-arrows.ts';
import { assetRow } from './results.ts';

describe("a result layer's asset row", () => {
  it('lists the fields the layer colours by first, so an arrow layer reads as a speed and not as its east component', () => {
    const positions = Float32Array.from([0, 0, 1.5, 4, 0, 1.5]);
    const [north] = windArrowLayers({
      positions,
      directionsDeg: [0],
      u: Float32Array.from([0.2, -0.1]),
      v: Float32Array.from([-0.8, -0.7]),
      speedRatios: Float32Array.from([0.8, 0.7]),
      meanMetSpeedByDirectionMs: [5],
      speedFactor: 1,
      provenance: { engine: 'canopy', version: 't', directionsDeg: [0] },
    });
    const row = assetRow(7, { id: 1, type: 'analysis.wind-comfort' }, north!, 'assets/x.glb');
    // The GLB holds u and v (the arrow's direction) before the speed; the layer names the speed.
    expect(Object.keys(north!.result.fields)).toEqual(['u', 'v', 'speed']);
    expect((row.metadata as { fields: string[] }).fields).toEqual(['speed', 'u', 'v']);
  });

  it('keeps the GLB order when the layer names no field, and drops a named field the GLB lacks', () => {
    const [north] = windArrowLayers({
      positions: Float32Array.from([0, 0, 1.5]),
      directionsDeg: [0],
      u: Float32Array.from([0.2]),
      v: Float32Array.from([-0.8]),
      speedRatios: Float32Array.from([0.8]),
      meanMetSpeedByDirectionMs: [5],
      speedFactor: 1,
      provenance: { engine: 'canopy', version: 't', directionsDeg: [0] },
    });
    const unnamed = { ...north!, result: { ...north!.result, metadata: { ...north!.result.metadata, fields: undefined } } };
    expect((assetRow(7, { id: 1, type: 't' }, unnamed, 'k').metadata as { fields: string[] }).fields).toEqual(['u', 'v', 'speed']);
    const missing = { ...north!, result: { ...north!.result, metadata: { ...north!.result.metadata, fields: ['gust', 'speed'] } } };
    expect((assetRow(7, { id: 1, type: 't' }, missing, 'k').metadata as { fields: string[] }).fields).toEqual(['speed', 'u', 'v']);
  });
});
