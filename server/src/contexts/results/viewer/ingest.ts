/**
 * Results from other solvers (SPEC §7): a new simulation with its result files
 * (POST /api/ingestassets/simulationresults, POST …/configuration/{cid}/add-result-simulations) or
 * more files for an existing one (PUT /api/ingestassets/appendresults). Files arrive through the
 * upload mechanism and are named by upload id.
 *
 * All or nothing: every file is read and checked first (a bad one → 400 naming the file and the
 * problem, nothing written), then the blobs are written, then the simulation and asset rows are
 * inserted in one transaction; if that fails the new blobs are deleted. Existing assets are never
 * touched, so nothing already ingested is lost.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import type { BlobKey } from '../../../blobs/blob-store.ts';
import { assets, configurations, layerSets, postProcessingTags, simulations } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ResultFileSchema } from '@canopy/contract/viewer.ts';
import { ASSETS_CONTAINER, formatBlobKey, getBytes, parseBlobKey, putBytes } from '../../../blobs/blob-io.ts';
import { noteResultsIngested } from '../../scenarios/index.ts';
import { projectUpload, requireChangeableProject, type UploadRow } from '../../projects/index.ts';
import { IngestFileError, kindOf, type PreparedFile } from './ingest-files.ts';
import type { IngestOutcome, IngestTaskInput } from '../heavy-tasks.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { getStudySimulationView } from './simulations.ts';
import type { SimulationView } from './simulations.ts';

export type ResultFile = z.infer<typeof ResultFileSchema>;

/** Larger files are refused before reading (result GLBs of a district are tens of MB). */
export const MAX_RESULT_BYTES = 512 * 1024 * 1024;

async function uploadBytes(deps: AppDeps, upload: UploadRow): Promise<Uint8Array> {
  if (upload.size > MAX_RESULT_BYTES) throw new IngestFileError(`the file is ${upload.size} bytes; at most ${MAX_RESULT_BYTES} bytes can be ingested`);
  const key = { container: upload.container, name: `${upload.uuid}/${upload.filename}` };
  if (!(await deps.blobStore.head(key))) throw new IngestFileError('the uploaded file is no longer stored; upload it again');
  return getBytes(deps.blobStore, key);
}

/** The plane's stored GLB: an asset of a simulation of the same project (read in the pool with the CSV). */
async function planeGlbOf(deps: AppDeps, db: Db, projectId: number, assetId: number): Promise<Uint8Array> {
  const [row] = await db
    .select({ blobKey: assets.blobKey })
    .from(assets)
    .innerJoin(simulations, eq(simulations.id, assets.simulationId))
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(eq(assets.id, assetId), eq(configurations.projectId, projectId)));
  if (!row?.blobKey) throw new IngestFileError(`presentation_plane_asset_id ${assetId} is not a stored asset of this project`);
  return getBytes(deps.blobStore, parseBlobKey(row.blobKey));
}

interface Prepared {
  file: ResultFile;
  prepared: PreparedFile;
  tag: { name: string; description: string; date?: string } | null;
}

/**
 * Reading and converting a file (a 200 MB STL: seconds of CPU, hundreds of MB) runs in the
 * heavy-work pool, counted against the user's allowance; its bytes move there.
 */
async function prepareFile(deps: AppDeps, userId: number, input: IngestTaskInput): Promise<PreparedFile> {
  const outcome = await deps.heavy.run<IngestOutcome>(userId, 'ingest.prepareResultFile', input, transferables([input.bytes, input.planeGlb]));
  if (!outcome.ok) throw new IngestFileError(outcome.message);
  return outcome.prepared;
}

async function prepareAll(deps: AppDeps, db: Db, user: AuthUser, projectId: number, files: ResultFile[]): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const [i, file] of files.entries()) {
    const upload = await projectUpload(db, projectId, file.upload_id, `results[${i}].upload_id`);
    try {
      kindOf(upload.filename);
      const planeGlb = file.presentation_plane_asset_id ? await planeGlbOf(deps, db, projectId, file.presentation_plane_asset_id) : undefined;
      const prepared = await prepareFile(deps, user.id, {
        filename: upload.filename,
        bytes: await uploadBytes(deps, upload),
        options: {
          analysisType: file.analysis_type,
          metric: file.metric,
          units: file.units,
          geometryType: file.geometry_type,
          interpolation: file.interpolation,
        },
        ...(planeGlb ? { planeGlb } : {}),
      });
      out.push({ file, prepared, tag: await tagOf(db, projectId, file.post_processing_tag, i) });
    } catch (error) {
      if (error instanceof IngestFileError) throw DomainError.field('results', `${upload.filename}: ${error.message}`);
      throw error;
    }
  }
  return out;
}

async function tagOf(db: Db, projectId: number, name: string | undefined, i: number) {
  if (!name) return null;
  const [tag] = await db
    .select()
    .from(postProcessingTags)
    .where(and(eq(postProcessingTags.projectId, projectId), eq(postProcessingTags.name, name)));
  if (!tag) throw DomainError.field(`results[${i}].post_processing_tag`, `No post-processing tag named '${name}' in this project.`);
  return { name: tag.name, description: tag.description, ...(tag.date ? { date: tag.date } : {}) };
}

function assetValues(simulationId: number, p: Prepared, key: BlobKey): typeof assets.$inferInsert {
  const { file, prepared } = p;
  const isGeometry = prepared.layerType === 'geometry';
  return {
    simulationId,
    layerType: file.layer_type ?? prepared.layerType,
    analysisType: file.analysis_type ?? (isGeometry ? '' : prepared.metadata.analysis),
    returnPeriod: file.return_period ?? null,
    metric: file.metric ?? (isGeometry ? null : prepared.metadata.metric),
    windDirection: file.wind_direction ?? null,
    season: file.season ?? file.season_range ?? (prepared.metadata.season ? { name: prepared.metadata.season.name } : null),
    timeRange: file.time_range ?? null,
    singleDate: file.single_date ?? prepared.metadata.singleDate ?? null,
    qualifiers: file.qualifiers ?? {},
    postProcessingTag: p.tag,
    filename: prepared.filename,
    blobKey: formatBlobKey(key),
    geometryType: file.geometry_type ?? null,
    geometryGeneration: file.geometry_generation ?? null,
    showByDefault: file.show_by_default ?? false,
    subsurfaceType: file.subsurface_type ?? null,
    metadata: prepared.metadata,
  };
}

/** Writes the blobs, then the rows in one transaction; removes the blobs again if the rows fail. */
async function store(deps: AppDeps, db: Db, prepared: Prepared[], simulation: { id: number } | { configurationId: number; category: string }): Promise<number> {
  const batch = randomUUID();
  const keys = prepared.map((p, i) => ({ container: ASSETS_CONTAINER, name: `results/ingest-${batch}/${i}-${p.prepared.filename}` }));
  try {
    for (const [i, p] of prepared.entries()) await putBytes(deps.blobStore, keys[i]!, p.prepared.bytes);
    return await db.transaction(async (tx) => {
      let simulationId: number;
      if ('id' in simulation) simulationId = simulation.id;
      else {
        const [row] = await tx
          .insert(simulations)
          .values({ configurationId: simulation.configurationId, category: simulation.category, status: 'completed', statusText: 'Results ingested' })
          .returning({ id: simulations.id });
        simulationId = row!.id;
      }
      // a file with layer_set is one file of a grouped layer, listed under layer_sets, not as an asset
      const rows = prepared.map((p, i) => ({ p, key: keys[i]! }));
      const plain = rows.filter(({ p }) => !p.file.layer_set);
      const grouped = rows.filter(({ p }) => p.file.layer_set);
      if (plain.length) await tx.insert(assets).values(plain.map(({ p, key }) => assetValues(simulationId, p, key)));
      if (grouped.length) {
        await tx.insert(layerSets).values(
          grouped.map(({ p, key }) => ({
            simulationId,
            identifier: p.file.layer_set!.identifier,
            layerType: p.file.layer_set!.layer_type,
            showByDefault: p.file.show_by_default ?? false,
            filename: p.prepared.filename,
            blobKey: formatBlobKey(key),
          })),
        );
      }
      return simulationId;
    });
  } catch (error) {
    await Promise.all(keys.map((key) => deps.blobStore.delete(key).catch(() => false)));
    throw error;
  }
}

async function configurationStudy(db: Db, projectId: number, configurationId: number, field: string | null): Promise<number> {
  const [row] = await db
    .select({ studyId: configurations.studyId })
    .from(configurations)
    .where(and(eq(configurations.id, configurationId), eq(configurations.projectId, projectId)));
  if (!row) throw field ? DomainError.field(field, `Invalid pk "${configurationId}" - object does not exist.`) : DomainError.notFound();
  return row.studyId;
}

export async function ingestSimulationResults(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  input: { projectId: number; configurationId: number; category: string; results: ResultFile[]; fromPath?: boolean },
): Promise<SimulationView> {
  await requireChangeableProject(db, user, input.projectId);
  await configurationStudy(db, input.projectId, input.configurationId, input.fromPath ? null : 'configuration_id');
  const prepared = await prepareAll(deps, db, user, input.projectId, input.results);
  const simulationId = await store(deps, db, prepared, { configurationId: input.configurationId, category: input.category });
  // A scenario simulation waiting for these results is now complete.
  await noteResultsIngested(deps, db, simulationId);
  return getStudySimulationView(db, simulationId);
}

export async function appendResults(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  input: { projectId: number; simulationId: number; results: ResultFile[] },
): Promise<SimulationView> {
  await requireChangeableProject(db, user, input.projectId);
  const [row] = await db
    .select({ studyId: configurations.studyId })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(eq(simulations.id, input.simulationId), eq(configurations.projectId, input.projectId)));
  if (!row) throw DomainError.field('simulation_id', `Invalid pk "${input.simulationId}" - object does not exist.`);
  const prepared = await prepareAll(deps, db, user, input.projectId, input.results);
  await store(deps, db, prepared, { id: input.simulationId });
  await noteResultsIngested(deps, db, input.simulationId);
  return getStudySimulationView(db, input.simulationId);
}
