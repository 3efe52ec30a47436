/**
 * Saving a comfort map the viewer re-classified (contract/src/reclassified.ts). The classes
 * come from the browser, so they are checked against what is stored: the simulation's per-direction
 * speed-up ratios must be the directions the browser used, the classes must be one per point of
 * their plane and index the criterion's classes. The layer is written on that plane, as the
 * post-processing writes its comfort maps, with the criterion table, period and provenance —
 * engine and version, weather (the project's met source), height convention, directions, method,
 * that the browser computed it and who saved it — and kept apart from the post-processing's own
 * layers (a re-run of it does not remove it).
 */
import { randomUUID } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import type { AppDeps } from '../../../deps.ts';
import { assets } from '../../../db/schema/index.ts';
import { DomainError, zodToFieldErrors } from '../../../kernel/domain-errors.ts';
import { NO_CLASS_BYTE, type ReclassifiedComfortSchema } from '@canopy/contract/reclassified.ts';
import { readResultGlb, writeResultGlb } from '@canopy/engine/results/glb.ts';
import { criterionSchema } from '@canopy/engine/wind/criteria.ts';
import { findLegend, comfortLegendName } from '@canopy/engine/analyses/legends.ts';
import { periodKey, periodMetadata, timeRange } from '@canopy/engine/analyses/periods.ts';
import { parseTimeWindow } from '@canopy/engine/weather/hour-mask.ts';
import { assetView } from './assets.ts';
import { requireConfigurationSimulation } from './scope.ts';
import { metSourceByMetId } from '../../projects/index.ts';
import { ASSETS_CONTAINER, formatBlobKey, getBytes, parseBlobKey, putBytes } from '../../../blobs/blob-io.ts';
import { speedRatioAssets } from '../../compute/index.ts';

type Body = z.output<typeof ReclassifiedComfortSchema>;
type Ids = { projectId: number; configurationId: number; simulationId: number };

/** What an asset row records as the job that made it: apart from 'analysis.wind-comfort', whose re-runs replace their own rows. */
export const RECLASSIFIED_JOB_TYPE = 'viewer.reclassified-comfort';

const fieldError = (field: string, message: string) => DomainError.field(field, message);

function checkedCriterion(body: Body) {
  const parsed = criterionSchema.safeParse(body.criterion);
  if (!parsed.success) {
    const errors = zodToFieldErrors(parsed.error);
    throw DomainError.fields(Object.fromEntries(Object.entries(errors).map(([key, messages]) => [`criterion.${key}`, messages])));
  }
  return parsed.data;
}

export async function saveReclassifiedComfort(deps: Pick<AppDeps, 'blobStore' | 'version'>, db: Db, user: AuthUser, ids: Ids, body: Body) {
  await requireConfigurationSimulation(db, user, ids.projectId, ids.configurationId, ids.simulationId, 'change');
  const criterion = checkedCriterion(body);
  try {
    parseTimeWindow(body.time_window.window);
  } catch (error) {
    throw fieldError('time_window.window', (error as Error).message);
  }
  if (!body.season.months && !(body.season.from && body.season.to)) throw fieldError('season', 'A season needs months, or from and to.');

  const rows = (await speedRatioAssets(db, [ids.simulationId])).filter((r) => r.blobKey && Number.isFinite(Number(r.windDirection)));
  if (rows.length === 0) throw DomainError.detail('invalid', 'This simulation has no per-direction speed-up ratio results to re-classify.');
  rows.sort((a, b) => Number(a.windDirection) - Number(b.windDirection));
  const stored = rows.map((r) => Number(r.windDirection));
  const sent = [...body.wind_directions].sort((a, b) => a - b);
  if (sent.length !== stored.length || sent.some((d, i) => Math.abs(d - stored[i]!) > 1e-6)) {
    throw fieldError('wind_directions', `The simulation's speed-up ratios are for ${stored.join(', ')}°; these classes were computed for ${sent.join(', ')}°.`);
  }

  const met = await metSourceByMetId(db, ids.projectId, body.met_id).catch(() => {
    throw fieldError('met_id', `"${body.met_id}" is not a weather source of this project.`);
  });

  // The plane the ratios are given on: the classes are one per its vertex.
  const key = parseBlobKey(rows[0]!.blobKey!);
  if (!(await deps.blobStore.head(key)))
    throw DomainError.detail('invalid', `The speed-up ratios of ${rows[0]!.windDirection}° are no longer stored; run the simulation again.`);
  const plane = await readResultGlb(await getBytes(deps.blobStore, key));
  const points = plane.positions.length / 3;
  const bytes = Buffer.from(body.comfort_class, 'base64');
  if (bytes.length !== points) throw fieldError('comfort_class', `${bytes.length} classes for the ${points} points of the simulation's plane.`);
  const comfortClass = new Float32Array(points);
  for (let p = 0; p < points; p++) {
    const c = bytes[p]!;
    if (c === NO_CLASS_BYTE) comfortClass[p] = Number.NaN;
    else if (c < criterion.classes.length) comfortClass[p] = c;
    else
      throw fieldError(
        'comfort_class',
        `Point ${p} has class ${c}; ${criterion.name} has ${criterion.classes.length} classes (0–${criterion.classes.length - 1}).`,
      );
  }

  const period = { season: { ...body.season }, timeWindow: body.time_window };
  const { season, timeWindow } = periodMetadata(period);
  const source = (rows[0]!.metadata ?? {}) as { provenance?: { heightConvention?: unknown; engine?: unknown; solver?: unknown } };
  const legend = findLegend(comfortLegendName(criterion.id));
  const provenance = {
    engine: 'canopy-engine',
    version: deps.version,
    computedAt: new Date().toISOString(),
    computedIn: 'browser (Web Worker)',
    ...(body.computed_in_ms !== undefined ? { computedInMs: Math.round(body.computed_in_ms) } : {}),
    method:
      'Method A, hourly counting (nearest simulated direction per hour; fast sorted-speed search), re-classified in the viewer from the stored per-direction speed ratios',
    weatherSource: met.source,
    years: met.years,
    metId: met.metId,
    heightConvention: typeof source.provenance?.heightConvention === 'string' ? source.provenance.heightConvention : 'as the stored speed-up ratios',
    windSource:
      typeof source.provenance?.solver === 'string'
        ? `${String(source.provenance.engine)} (${source.provenance.solver})`
        : String(source.provenance?.engine ?? 'stored speed-up ratios'),
    directionsDeg: stored,
    sourceAssets: rows.map((r) => r.id),
    savedBy: user.id,
    criteria: [criterion.id],
  };
  const glb = await writeResultGlb({
    positions: plane.positions,
    ...(plane.indices ? { indices: plane.indices } : {}),
    fields: { comfortClass },
    metadata: {
      analysis: 'wind-comfort',
      metric: 'comfort-class',
      units: 'class',
      ...(legend ? { legend: { name: legend.name, version: legend.version } } : {}),
      season,
      timeWindow,
      criterion,
      provenance,
    },
  });
  const layerKey = `reclassified.${criterion.id}.${periodKey(period)}.${met.metId}`.replace(/[^A-Za-z0-9._-]/g, '-');
  const blob = { container: ASSETS_CONTAINER, name: `results/simulation-${ids.simulationId}/reclassified/${randomUUID()}/${layerKey}.glb` };
  await putBytes(deps.blobStore, blob, glb);
  const [row] = await db
    .insert(assets)
    .values({
      simulationId: ids.simulationId,
      layerType: 'data',
      analysisType: 'wind-comfort',
      metric: 'comfort-class',
      season: { name: season.name },
      timeRange: timeRange(period.timeWindow),
      qualifiers: { criterion: criterion.name, computed: `re-classified with ${met.name}` },
      filename: `${layerKey}.glb`,
      blobKey: formatBlobKey(blob),
      showByDefault: false,
      metadata: {
        analysis: 'wind-comfort',
        metric: 'comfort-class',
        units: 'class',
        ...(legend ? { legend: { name: legend.name, version: legend.version } } : {}),
        season,
        timeWindow,
        criterion: { id: criterion.id, name: criterion.name },
        fields: ['comfortClass'],
        provenance,
        job: { type: RECLASSIFIED_JOB_TYPE },
      },
    })
    .returning();
  return assetView(row!);
}
