/**
 * Saving a difference map goes the way any result file joins a simulation: the map as a result GLB
 * in the project's uploads, appended to B's simulation, with both sources named in its qualifiers
 * and its metadata.
 */
import { describe, expect, it } from 'vitest';
import type { Asset, ResultFile, Simulation } from '@canopy/contract/viewer.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import type { DifferenceLayer } from '@machines/difference/difference.types.ts';
import { putLocalLayer } from '../viewer/scene/local-layers.ts';
import { matchingWords, saveDifferenceNow, type DifferenceCalls } from './difference.ts';

const side = (id: number, simulationId: number, scenario: string): DifferenceLayer => ({
  asset: {
    id,
    simulation_id: simulationId,
    layer_type: 'data',
    analysis_type: 'wind-directional',
    metric: 'speed-ratio',
    qualifiers: {},
    metadata: {},
  } as unknown as Asset,
  configurationId: simulationId * 10,
  scenario,
});

describe('saving a difference map', () => {
  it('uploads the map and appends it to B with both sources', async () => {
    const stored: Array<{ filename: string; bytes: Uint8Array }> = [];
    const appended: ResultFile[] = [];
    const calls: DifferenceCalls = {
      projectId: 7,
      loadAsset: async () => new ArrayBuffer(0),
      urlOf: () => '',
      fieldOf: () => 'speedRatio',
      unitsOf: () => '',
      storeFile: async (_p, filename, bytes) => {
        stored.push({ filename, bytes });
        return 555;
      },
      appendResults: async ({ simulationId, results }) => {
        appended.push(...results);
        return { id: simulationId, assets: [{ id: 901, metric: 'speed-ratio-difference' }] } as unknown as Simulation;
      },
    };
    const url = putLocalLayer('difference', {
      positions: new Float32Array([0, 0, 1.5, 4, 0, 1.5]),
      fields: { difference: Float32Array.of(0.25, -0.5) },
      metadata: {} as never,
    });
    const outcome = {
      aId: 1,
      bId: 2,
      mode: 'values' as const,
      maxDistanceM: 2,
      url,
      points: 2,
      shared: 1,
      resampled: 1,
      leftOut: 0,
      maxAbs: 0.5,
      lower: 1,
      same: 0,
      higher: 1,
      limit: 0.5,
      unit: '',
    };
    const saved = await saveDifferenceNow(calls, { a: side(1, 61, 'Existing site'), b: side(2, 62, 'Proposed tower'), maxDistanceM: 2, outcome });

    expect(saved).toEqual({ assetId: 901, simulationId: 62 });
    expect(stored[0]!.filename).toBe('difference-2-minus-1.glb');
    const glb = await readResultGlb(stored[0]!.bytes);
    expect([...glb.fields.difference!]).toEqual([0.25, -0.5]);
    // The kind of map and its half-range go with it, so that it reopens on the same diverging scale.
    expect(glb.metadata).toMatchObject({
      metric: 'speed-ratio-difference',
      difference: { a: { assetId: 1, scenario: 'Existing site' }, b: { assetId: 2 }, mode: 'values', limit: 0.5 },
    });
    expect(appended[0]).toMatchObject({
      upload_id: 555,
      metric: 'speed-ratio-difference',
      qualifiers: { difference: 'Proposed tower (layer 2) − Existing site (layer 1)', matching: 'nearest point within 2 m' },
    });
    expect(matchingWords({ shared: 3, resampled: 0, leftOut: 0, maxDistanceM: 2 })).toBe('same points in both');
  });
});
