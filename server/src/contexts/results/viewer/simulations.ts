/** The study's simulations with their result assets (SPEC §3 Simulation), and one asset's metadata and file. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { assets, configurations, layerSets, projects, simulations } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { parseBlobKey } from '../../../blobs/blob-io.ts';
import { prepared } from '../../../db/prepared.ts';
import { readHotBlob, type BlobRead } from '../../../blobs/hot-blobs.ts';
import { assetView, type AssetRow, type AssetView } from './assets.ts';
import { requireConfigurationSimulation, requireStudy, requireStudySimulation } from './scope.ts';
import { accessColumns, accessFrom, accessValues } from '../../projects/index.ts';

export interface SimulationView {
  id: number;
  configuration: { id: number };
  category: string;
  status: string;
  cfd_parameters: unknown;
  met_source_id: number | null;
  assets: AssetView[];
  layer_sets: LayerSetView[];
}

export interface LayerSetView {
  id: number;
  identifier: Record<string, unknown>;
  layer_type: 'Geometry' | 'Volumetric';
  show_by_default: boolean;
  filename: string;
}

type LayerSetRow = typeof layerSets.$inferSelect;
const layerSetView = (row: LayerSetRow): LayerSetView => ({
  id: row.id,
  identifier: row.identifier as Record<string, unknown>,
  layer_type: row.layerType === 'Volumetric' ? 'Volumetric' : 'Geometry',
  show_by_default: row.showByDefault,
  filename: row.filename,
});

async function loadSimulations(db: Db, where: ReturnType<typeof eq>): Promise<SimulationView[]> {
  const rows = await db
    .select({ simulation: simulations })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(where)
    .orderBy(asc(simulations.id));
  const ids = rows.map((r) => r.simulation.id);
  const assetRows = ids.length ? await db.select().from(assets).where(inArray(assets.simulationId, ids)).orderBy(asc(assets.id)) : [];
  const setRows = ids.length ? await db.select().from(layerSets).where(inArray(layerSets.simulationId, ids)).orderBy(asc(layerSets.id)) : [];
  const shared = await scenarioGeometry(db, [...new Set(rows.map((r) => r.simulation.configurationId))]);
  return rows.map(({ simulation: s }) => {
    const own = assetRows.filter((a) => a.simulationId === s.id);
    return {
      id: s.id,
      configuration: { id: s.configurationId },
      category: s.category,
      status: s.status,
      cfd_parameters: s.cfdParameters,
      met_source_id: s.metSourceId,
      assets: withScenarioGeometry(own, shared.get(s.configurationId) ?? []).map(assetView),
      layer_sets: setRows.filter((l) => l.simulationId === s.id).map(layerSetView),
    };
  });
}

/**
 * The geometry assets of each scenario, whichever of its simulations holds them. The scenario's
 * files are stored once, on one simulation (approval.ts); every simulation of the scenario shows
 * them (the solar map of the second simulation had holes where the buildings stand).
 */
async function scenarioGeometry(db: Db, configurationIds: number[]): Promise<Map<number, AssetRow[]>> {
  const out = new Map<number, AssetRow[]>();
  if (configurationIds.length === 0) return out;
  const rows = await db
    .select({ asset: assets, configurationId: simulations.configurationId })
    .from(assets)
    .innerJoin(simulations, eq(simulations.id, assets.simulationId))
    .where(and(inArray(simulations.configurationId, configurationIds), eq(assets.layerType, 'geometry')))
    .orderBy(asc(assets.id));
  for (const { asset, configurationId } of rows) out.set(configurationId, [...(out.get(configurationId) ?? []), asset]);
  return out;
}

/** A simulation's own assets plus the scenario's geometry it does not hold itself (same file once). */
function withScenarioGeometry(own: AssetRow[], shared: AssetRow[]): AssetRow[] {
  const ids = new Set(own.map((a) => a.id));
  const files = new Set(own.filter((a) => a.layerType === 'geometry').map((a) => a.blobKey ?? `asset:${a.id}`));
  const extra = shared.filter((a) => !ids.has(a.id) && !files.has(a.blobKey ?? `asset:${a.id}`) && files.add(a.blobKey ?? `asset:${a.id}`) !== undefined);
  return extra.length ? [...own, ...extra] : own;
}

export async function listStudySimulations(db: Db, user: AuthUser, projectId: number, studyId: number): Promise<SimulationView[]> {
  await requireStudy(db, user, projectId, studyId, 'see');
  return loadSimulations(db, and(eq(configurations.studyId, studyId), eq(configurations.projectId, projectId)) as ReturnType<typeof eq>);
}

export async function getStudySimulation(db: Db, user: AuthUser, projectId: number, studyId: number, simulationId: number): Promise<SimulationView> {
  await requireStudySimulation(db, user, projectId, studyId, simulationId, 'see');
  return getStudySimulationView(db, simulationId);
}

/** One simulation as the API shows it, for callers that already checked access. */
export async function getStudySimulationView(db: Db, simulationId: number): Promise<SimulationView> {
  const [one] = await loadSimulations(db, eq(simulations.id, simulationId));
  if (!one) throw DomainError.notFound();
  return one;
}

/**
 * The asset at its path, if the user may see its project: one statement (access, the scenario's
 * simulation and the asset were three, run one after another before every result download). Every
 * way to miss is a 404, whichever check fails, so the order they were asked in made no difference.
 */
async function assetRow(db: Db, user: AuthUser, projectId: number, configurationId: number, simulationId: number, assetId: number) {
  const [row] = await assetStatement(db).execute({ assetId, simulationId, configurationId, projectId, ...accessValues(user) });
  if (!row || !accessFrom(user, row).canSee) throw DomainError.notFound();
  return row.asset;
}

/** An asset of a simulation of the project's scenario, with the project's access: prepared (db/prepared.ts). */
function assetStatement(db: Db) {
  return prepared(db, 'simulation_asset_v2', (d, name) =>
    d
      .select({ asset: assets, ...accessColumns })
      .from(assets)
      .innerJoin(simulations, eq(simulations.id, assets.simulationId))
      .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
      .innerJoin(projects, eq(projects.id, configurations.projectId))
      .where(
        and(
          eq(assets.id, sql.placeholder('assetId')),
          eq(simulations.id, sql.placeholder('simulationId')),
          eq(configurations.id, sql.placeholder('configurationId')),
          eq(projects.id, sql.placeholder('projectId')),
        ),
      )
      .prepare(name),
  );
}

export async function getSimulationAsset(db: Db, user: AuthUser, ids: AssetPath): Promise<AssetView> {
  return assetView(await assetRow(db, user, ids.projectId, ids.configurationId, ids.simulationId, ids.assetId));
}

export interface AssetPath {
  projectId: number;
  configurationId: number;
  simulationId: number;
  assetId: number;
}

/**
 * Where a downloadable file is: its name and its blob (null for an asset recorded without a file).
 * Depends only on the database, the caller and the path, so a route may keep it while the
 * database's snapshot holds (http/snapshot-cache.ts).
 */
export interface FileRef {
  filename: string;
  blobKey: string | null;
}

/** A file to send: whole from memory when small (blobs/hot-blobs.ts), else the store's stream. */
export interface FileDownload {
  filename: string;
  download: BlobRead;
}

/** The file's bytes, or 404 when the row points at no blob or the blob is gone. */
export async function openFile(deps: AppDeps, ref: FileRef): Promise<FileDownload> {
  const download = ref.blobKey ? await readHotBlob(deps.blobStore, parseBlobKey(ref.blobKey)) : null;
  if (!download) throw DomainError.notFound();
  return { filename: ref.filename, download };
}

/** The asset's file, after the same access check as its metadata. */
export async function simulationAssetRef(db: Db, user: AuthUser, ids: AssetPath): Promise<FileRef> {
  const row = await assetRow(db, user, ids.projectId, ids.configurationId, ids.simulationId, ids.assetId);
  return { filename: row.filename, blobKey: row.blobKey };
}

/** A layer-set file, after the same access check as the simulation's assets. */
export async function layerSetRef(db: Db, user: AuthUser, ids: Omit<AssetPath, 'assetId'> & { layerSetId: number }): Promise<FileRef> {
  await requireConfigurationSimulation(db, user, ids.projectId, ids.configurationId, ids.simulationId, 'see');
  const [row] = await db
    .select({ filename: layerSets.filename, blobKey: layerSets.blobKey })
    .from(layerSets)
    .where(and(eq(layerSets.id, ids.layerSetId), eq(layerSets.simulationId, ids.simulationId)));
  if (!row) throw DomainError.notFound();
  return row;
}
