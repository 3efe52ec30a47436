/**
 * A data layer's field to colour and score by, and its units: what the layer's GLB metadata lists,
 * else its analysis type's metric row (job-types.ts, GET /api/job-type/). The viewer and the PDF
 * export read layers through these two functions, so both name the same field and units.
 */
export interface LayerAssetRef {
  metadata?: unknown;
  analysis_type: string;
  metric: string | null;
}

export interface JobTypeMetricsRef {
  id: string;
  metrics: ReadonlyArray<{ metric: string; units: string; fields: readonly string[] }>;
}

const metadataOf = (asset: LayerAssetRef) => (asset.metadata ?? {}) as Record<string, unknown>;

function jobMetric(asset: LayerAssetRef, jobTypes: readonly JobTypeMetricsRef[]) {
  return jobTypes.find((j) => j.id === asset.analysis_type)?.metrics.find((m) => m.metric === asset.metric) ?? null;
}

/** The data field: the GLB's first listed field, else the job type's first concrete one (not a "{threshold}" pattern). */
export function layerField(asset: LayerAssetRef, jobTypes: readonly JobTypeMetricsRef[]): string | undefined {
  const fields = metadataOf(asset).fields;
  if (Array.isArray(fields) && typeof fields[0] === 'string') return fields[0];
  return jobMetric(asset, jobTypes)?.fields.find((f) => !f.includes('{'));
}

/** The layer's units: the GLB's, else the job type's metric's. */
export function layerUnits(asset: LayerAssetRef, jobTypes: readonly JobTypeMetricsRef[]): string {
  const units = metadataOf(asset).units;
  if (typeof units === 'string') return units;
  return jobMetric(asset, jobTypes)?.units ?? '';
}
