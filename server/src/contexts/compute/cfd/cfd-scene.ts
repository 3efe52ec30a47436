/**
 * A scenario's geometry as Canopy's CFD solver takes it (engine/cfd): each file by its role —
 * study buildings (solid, and they define the region of interest), surrounds and mitigations
 * (solid), landscaping (porous: trees slow the wind, they do not stop it) — and the presentation
 * plane's vertices as the pedestrian points. The ground is the solver's own flat rough wall at
 * z = 0, so ground files are not voxelised.
 *
 * Two sources: the geometry assets a submitted scenario has (its uploads, the project's
 * surroundings and a generated pedestrian plane, contexts/scenarios/geometry.ts), for the run
 * (loadCfdScene); and the uploads plus what will be generated, for the estimate the wizard asks for
 * before a scenario exists and for the validation's CFD checks — read here (readEstimateFiles),
 * parsed and planned in a worker thread (estimate-scene.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { assets, projectSurrounds, simulations } from '../../../db/schema/index.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import type { ResultSurface } from '@canopy/engine/analyses/layers.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';
import { PRESENTATION_PLANE } from '../analyses/scene.ts';
import { uploadBytes, uploadRows } from '../../scenarios/index.ts';
import type { GeometryFiles, GeometryRole, PedestrianPlane } from '@canopy/contract/scenarios.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { cfdRole, sceneEntry, type CfdGeometry } from './scene-entry.ts';
import type { EstimateFile, EstimateSceneInput, EstimateSceneOutcome } from './estimate-scene.ts';

export interface CfdScene {
  geometry: CfdGeometry[];
  /** Pedestrian points, world xyz (the plane's vertices). */
  points: Float64Array;
  /** The mesh results are written on (the plane). */
  surface: ResultSurface;
}

export class CfdSceneError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'CfdSceneError';
  }
}

function soupOf(positions: Float32Array, indices: Uint32Array | undefined): Float32Array {
  if (!indices) return new Float32Array(0);
  const soup = new Float32Array(indices.length * 3);
  for (let k = 0; k < indices.length; k++) soup.set(positions.subarray(indices[k]! * 3, indices[k]! * 3 + 3), k * 3);
  return soup;
}

/** The geometry assets of a simulation (or, when it has none of its own, of its scenario). */
async function geometryAssetRows(db: Db, simulationId: number) {
  const columns = { id: assets.id, geometryType: assets.geometryType, blobKey: assets.blobKey, filename: assets.filename };
  const own = await db
    .select(columns)
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'geometry')));
  if (own.length > 0) return own;
  const [sim] = await db.select({ configurationId: simulations.configurationId }).from(simulations).where(eq(simulations.id, simulationId));
  if (!sim) return [];
  const siblings = db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, sim.configurationId));
  const rows = await db
    .select(columns)
    .from(assets)
    .where(and(inArray(assets.simulationId, siblings), eq(assets.layerType, 'geometry')));
  const seen = new Set<string>();
  return rows.filter((r) => r.blobKey !== null && !seen.has(r.blobKey) && seen.add(r.blobKey) !== undefined);
}

/** One stored geometry file of a run, as read from the blob store (parsed in cfdSceneOf). */
export interface CfdSceneFile {
  type: string;
  filename: string;
  bytes: Uint8Array;
}

/**
 * The bytes of a run's geometry files: the presentation planes and what the solver voxelises. Only
 * I/O, so a job can read on the event loop and parse in a worker thread.
 */
export async function readCfdSceneFiles(db: Db, blobStore: BlobStore, simulationId: number): Promise<CfdSceneFile[]> {
  const rows = (await geometryAssetRows(db, simulationId)).filter((r) => r.blobKey !== null).sort((a, b) => a.id - b.id);
  const files: CfdSceneFile[] = [];
  for (const row of rows) {
    const type = row.geometryType ?? '';
    if (type !== PRESENTATION_PLANE && !cfdRole(type)) continue;
    files.push({ type, filename: row.filename || `${type}-${row.id}`, bytes: await getBytes(blobStore, parseBlobKey(row.blobKey!)) });
  }
  return files;
}

/** The scene a run computes, from its files' bytes: pure computation (GLB parsing), for a worker thread. */
export async function cfdSceneOf(files: readonly CfdSceneFile[]): Promise<CfdScene> {
  const geometry: CfdGeometry[] = [];
  const planes: Array<{ positions: Float32Array; indices?: Uint32Array }> = [];
  for (const file of files) {
    const mesh = await readResultGlb(file.bytes);
    if (file.type === PRESENTATION_PLANE) planes.push({ positions: mesh.positions, ...(mesh.indices ? { indices: mesh.indices } : {}) });
    else {
      const g = sceneEntry(file.filename, file.type, soupOf(mesh.positions, mesh.indices));
      if (g) geometry.push(g);
    }
  }
  if (planes.length === 0)
    throw new CfdSceneError(
      'the scenario has no presentation plane: Canopy’s CFD computes the wind at its points (upload one, or let Canopy generate a pedestrian plane)',
      'geometry.presentation_planes',
    );
  if (!geometry.some((g) => g.study)) throw new CfdSceneError('the scenario has no study geometry to simulate', 'geometry.study');
  const surface = mergePlanes(planes);
  return { geometry, points: Float64Array.from(surface.positions), surface };
}

/** The scenario's geometry for a run, from its geometry assets, read and parsed on this thread (tests). */
export async function loadCfdScene(db: Db, blobStore: BlobStore, simulationId: number): Promise<CfdScene> {
  return cfdSceneOf(await readCfdSceneFiles(db, blobStore, simulationId));
}

function mergePlanes(planes: ReadonlyArray<{ positions: Float32Array; indices?: Uint32Array }>): ResultSurface {
  const positions = new Float32Array(planes.reduce((n, p) => n + p.positions.length, 0));
  const indices: number[] = [];
  let vertices = 0;
  for (const plane of planes) {
    positions.set(plane.positions, vertices * 3);
    if (plane.indices) for (const i of plane.indices) indices.push(i + vertices);
    vertices += plane.positions.length / 3;
  }
  return { positions, ...(indices.length ? { indices: Uint32Array.from(indices) } : {}) };
}

export interface EstimateGeometry {
  geometry: Pick<GeometryFiles, 'study'> & Partial<Omit<GeometryFiles, 'study'>>;
  projectSurrounds: boolean;
  pedestrianPlane: PedestrianPlane | null;
}

/**
 * What the estimate's scene is made of, read on this thread (estimate-scene.ts plans it in a worker
 * thread): the uploads' bytes by role with their request fields, and the project's surroundings when
 * asked for and no surrounds file is given. An id that is no upload of the project names its field.
 */
export async function readEstimateFiles(
  db: Db,
  blobStore: BlobStore,
  projectId: number,
  input: EstimateGeometry,
): Promise<Pick<EstimateSceneInput, 'files' | 'surrounds' | 'pedestrianPlane'>> {
  const roles = Object.entries(input.geometry) as Array<[GeometryRole, number[] | undefined]>;
  const ids = roles.flatMap(([, list]) => list ?? []);
  const uploads = await uploadRows(db, projectId, ids);
  const files: EstimateFile[] = [];
  for (const [role, list] of roles) {
    for (const [i, id] of (list ?? []).entries()) {
      const field = `geometry.${role}.${i}`;
      const upload = uploads.get(id);
      if (!upload) throw new CfdSceneError(`Invalid pk "${id}" - object does not exist.`, field);
      files.push({ field, filename: upload.filename, role, bytes: await uploadBytes(blobStore, upload) });
    }
  }
  let surrounds: EstimateSceneInput['surrounds'] = null;
  if (input.projectSurrounds && !input.geometry.surrounds?.length) {
    const [row] = await db.select().from(projectSurrounds).where(eq(projectSurrounds.projectId, projectId));
    // An uploaded landscaping file replaces OpenStreetMap's trees, as at approval (site-geometry.ts).
    const landscaping = input.geometry.landscaping?.length ? null : (row?.landscaping ?? []);
    if (row) surrounds = { glb: await getBytes(blobStore, { container: row.blobContainer, name: row.blobName }), footprints: row.footprints, landscaping };
  }
  return { files, surrounds, pedestrianPlane: input.pedestrianPlane };
}

const ESTIMATE_SCENE_TASK = 'cfd.planEstimateScene';

/** The estimate's CFD task on `cpu` (a worker thread), its inputs' buffers moved there. */
export async function planEstimate(
  run: (task: string, input: unknown, transferList?: ArrayBuffer[]) => Promise<unknown>,
  read: Pick<EstimateSceneInput, 'files' | 'surrounds' | 'pedestrianPlane'>,
  plan: Pick<EstimateSceneInput, 'tier' | 'terrain' | 'config'>,
): Promise<EstimateSceneOutcome> {
  const input: EstimateSceneInput = {
    ...read,
    tier: plan.tier,
    terrain: plan.terrain,
    config: {
      CFD_THREADS: plan.config.CFD_THREADS,
      CFD_MAX_CELLS: plan.config.CFD_MAX_CELLS,
      CFD_MAX_MEMORY_GB: plan.config.CFD_MAX_MEMORY_GB,
      CFD_TEST_STEPS: plan.config.CFD_TEST_STEPS,
    },
  };
  return (await run(ESTIMATE_SCENE_TASK, input, transferables([...read.files.map((f) => f.bytes), read.surrounds?.glb]))) as EstimateSceneOutcome;
}
