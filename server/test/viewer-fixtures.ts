/**
 * Test fixtures (not product data) for the viewer routes: a small presentation plane written as a
 * result GLB in the documented format, helpers to upload a file into a project's uploads, the
 * fixture district's layers stored as a simulation's assets, and single data layers on a 10 × 10
 * grid for the tests that count scores by hand.
 */
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import type { AppDeps } from '../src/deps.ts';
import { grantUpload, storeUpload } from './world-uploads.ts';
import { assets } from '../src/db/schema/index.ts';
import { ASSETS_CONTAINER, formatBlobKey, putBytes } from '../src/blobs/blob-io.ts';
import { viewerFixtureResults } from '../../tests/fixtures/viewer-results.ts';

/** A 10 m × 10 m plane at 1.5 m, vertices every 2.5 m, with field speedRatio = x / 10. */
export async function planeGlb(): Promise<Uint8Array> {
  const positions: number[] = [];
  const values: number[] = [];
  for (let j = 0; j <= 4; j++)
    for (let i = 0; i <= 4; i++) {
      positions.push(i * 2.5, j * 2.5, 1.5);
      values.push((i * 2.5) / 10);
    }
  const indices: number[] = [];
  for (let j = 0; j < 4; j++)
    for (let i = 0; i < 4; i++) {
      const a = j * 5 + i;
      indices.push(a, a + 1, a + 6, a, a + 6, a + 5);
    }
  return writeResultGlb({
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
    fields: { speedRatio: Float32Array.from(values) },
    metadata: {
      analysis: 'wind-directional',
      metric: 'speed-ratio',
      units: '',
      legend: { name: 'speed-ratio', version: '1' },
      provenance: { engine: 'test-fixture', version: '1' },
    },
  });
}

/** Stores `bytes` as an upload of `projectId` named `filename`, as the upload URL would; returns its id. */
export async function uploadFile(deps: AppDeps, projectId: number, userId: number, filename: string, bytes: Uint8Array | string): Promise<number> {
  const grant = await grantUpload(deps, projectId, userId, 'assets');
  const upload = await storeUpload(deps, grant, filename, bytes);
  return upload.id;
}

/**
 * Stores the test-fixture district and fields (tests/fixtures/viewer-results.ts) as assets of
 * `simulationId`: one blob and one `assets` row per layer. Returns the new asset ids in order.
 */
export async function seedFixtureResults(deps: AppDeps, simulationId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const { asset, glb } of await viewerFixtureResults()) {
    const key = { container: ASSETS_CONTAINER, name: `results/fixtures/simulation-${simulationId}/${asset.filename}` };
    await putBytes(deps.blobStore, key, glb);
    const [row] = await deps.database.db
      .insert(assets)
      .values({
        simulationId,
        layerType: asset.layer_type,
        analysisType: asset.analysis_type,
        metric: asset.metric,
        windDirection: asset.wind_direction ?? null,
        season: asset.season ?? null,
        timeRange: asset.time_range ?? null,
        qualifiers: asset.qualifiers,
        geometryType: asset.geometry_type ?? null,
        showByDefault: asset.show_by_default,
        filename: asset.filename,
        blobKey: formatBlobKey(key),
      })
      .returning({ id: assets.id });
    ids.push(row!.id);
  }
  return ids;
}

/** Points at the centres of a 10 × 10 grid of 1 m cells, 1.5 m up; each field's value from the cell's column x and row y. */
export function gridPoints(fields: Record<string, (x: number, y: number) => number>) {
  const positions = new Float32Array(300);
  const values = Object.fromEntries(Object.keys(fields).map((name) => [name, new Float32Array(100)]));
  for (let y = 0; y < 10; y++)
    for (let x = 0; x < 10; x++) {
      const i = y * 10 + x;
      positions.set([x + 0.5, y + 0.5, 1.5], 3 * i);
      for (const [name, value] of Object.entries(fields)) values[name]![i] = value(x, y);
    }
  return { positions, fields: values };
}

/**
 * One data layer of `simulationId`: its GLB in the store (unless `stored` is false: a file since
 * lost) and its `assets` row. Returns the asset id.
 */
export async function storeDataLayer(
  deps: AppDeps,
  simulationId: number,
  row: { analysisType: string; metric: string; filename: string; metadata?: Record<string, unknown> },
  glb: Uint8Array,
  stored = true,
): Promise<number> {
  const key = { container: ASSETS_CONTAINER, name: `results/test-layers/simulation-${simulationId}/${row.filename}` };
  if (stored) await putBytes(deps.blobStore, key, glb);
  const [asset] = await deps.database.db
    .insert(assets)
    .values({
      simulationId,
      layerType: 'data',
      analysisType: row.analysisType,
      metric: row.metric,
      qualifiers: {},
      ...(row.metadata ? { metadata: row.metadata } : {}),
      filename: row.filename,
      blobKey: formatBlobKey(key),
    })
    .returning({ id: assets.id });
  return asset!.id;
}
