/**
 * Writing an analysis's layers: one GLB per layer in the blob store and one `assets` row per layer
 * (docs/results-format.md), idempotently.
 *
 * - Blob names are derived from the job (results/simulation-{sid}/job-{jid}/{layer}.glb), so a
 *   re-run of the same job overwrites its own files instead of adding new ones; blobs are written
 *   before any row points at them.
 * - Rows are replaced in ONE transaction: every asset of the simulation that a job of the same type
 *   wrote (metadata.job.type) is deleted and the new set inserted, under a row lock on the
 *   simulation so two writers (a retry racing a worker that lost its lease, or a resubmission) take
 *   turns. Whoever commits last leaves exactly one set.
 * - Blobs of replaced rows that the new set does not reuse are deleted after the commit (a crash in
 *   between leaves an unreferenced file, never a row without its file).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { assets, simulations } from '../../../db/schema/index.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import type { AnalysisLayer } from '@canopy/engine/analyses/layers.ts';
import { ASSETS_CONTAINER, formatBlobKey, parseBlobKey, putBytes } from '../../../blobs/blob-io.ts';

export interface JobRef {
  id: number;
  type: string;
}

export function resultBlobName(simulationId: number, job: JobRef, layerKey: string): string {
  return `results/simulation-${simulationId}/job-${job.id}/${layerKey}.glb`;
}

export type AssetInsert = typeof assets.$inferInsert;

function fieldOrder(named: unknown, present: readonly string[]): string[] {
  const first = Array.isArray(named) ? named.filter((f): f is string => typeof f === 'string' && present.includes(f)) : [];
  return [...first, ...present.filter((f) => !first.includes(f))];
}

/** The asset row of a layer: SPEC §3 fields, and metadata the layer list needs without the GLB. */
export function assetRow(simulationId: number, job: JobRef, layer: AnalysisLayer, blobKey: string): AssetInsert {
  const { metadata, fields } = layer.result;
  const { criterion, ...rest } = metadata;
  return {
    simulationId,
    layerType: layer.layerType ?? 'data',
    analysisType: layer.analysisType,
    metric: layer.metric,
    windDirection: layer.windDirection ?? null,
    season: layer.season ?? null,
    timeRange: layer.timeRange ?? null,
    singleDate: layer.singleDate ?? null,
    qualifiers: layer.qualifiers,
    filename: `${layer.key}.glb`,
    blobKey,
    showByDefault: layer.showByDefault,
    metadata: {
      ...rest,
      // The full criterion table lives in the GLB; the row names it.
      ...(criterion ? { criterion: { id: criterion.id, name: criterion.name } } : {}),
      // Every field of the GLB, the ones the layer names first: the viewer colours a layer by the
      // first (an arrow layer by its speed, not by the east component it also carries).
      fields: fieldOrder(metadata.fields, Object.keys(fields)),
      job,
    },
  };
}

export interface WrittenResults {
  assetIds: number[];
  replacedAssets: number;
}

export async function writeAnalysisResults(
  db: Db,
  blobStore: BlobStore,
  { simulationId, job, layers }: { simulationId: number; job: JobRef; layers: readonly AnalysisLayer[] },
): Promise<WrittenResults> {
  const keys = new Set(layers.map((l) => l.key));
  if (keys.size !== layers.length) throw new Error('analysis layers must have unique keys');
  const rows: AssetInsert[] = [];
  for (const layer of layers) {
    const key = { container: ASSETS_CONTAINER, name: resultBlobName(simulationId, job, layer.key) };
    await putBytes(blobStore, key, await writeResultGlb(layer.result));
    rows.push(assetRow(simulationId, job, layer, formatBlobKey(key)));
  }

  const { inserted, replaced } = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${simulations} where ${simulations.id} = ${simulationId} for update`);
    const sameJobType = and(eq(assets.simulationId, simulationId), sql`${assets.metadata} -> 'job' ->> 'type' = ${job.type}`);
    const replaced = await tx.delete(assets).where(sameJobType).returning({ blobKey: assets.blobKey });
    const inserted = rows.length > 0 ? await tx.insert(assets).values(rows).returning({ id: assets.id }) : [];
    return { inserted, replaced };
  });

  const kept = new Set(rows.map((r) => r.blobKey));
  for (const { blobKey } of replaced) {
    if (blobKey && !kept.has(blobKey)) await blobStore.delete(parseBlobKey(blobKey)).catch(() => false);
  }
  return { assetIds: inserted.map((r) => r.id), replacedAssets: replaced.length };
}
