/**
 * A scenario's geometry as Canopy's CFD solver takes it (engine/cfd): each file by its role —
 * study buildings (solid, and they define the region of interest), surrounds and mitigations
 * (solid), landscaping (porous: trees slow the wind, they do not stop it) — and the presentation
 * plane's vertices as the pedestrian points. The ground is the solver's own flat rough wall at
 * z = 0, so ground files are not voxelised.
 *
 * Two sources: the geometry assets a submitted scenario has (its uploads, the project's
 * surroundings and a generated pedestrian plane, services/scenarios/geometry.ts), for the run; and
 * the uploads plus what will be generated, for the estimate the wizard asks for before a scenario
 * exists (only the extent of a generated plane matters to the grid, so its corners stand for it).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { assets, projectSurrounds, simulations } from '../../db/schema/index.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { parseStl } from '@canopy/engine/geometry/index.ts';
import { surroundsForSite } from '@canopy/engine/geometry/site/site-surrounds.ts';
import type { GeometryInput } from '@canopy/engine/cfd/run/direction.ts';
import type { ResultSurface } from '@canopy/engine/analyses/layers.ts';
import { getBytes, parseBlobKey } from '../analyses/blob-io.ts';
import { PRESENTATION_PLANE } from '../analyses/scene.ts';
import { uploadBytes, uploadRows } from '../scenarios/geometry.ts';
import type { GeometryFiles, GeometryRole, PedestrianPlane } from '@canopy/contract/scenarios.ts';

/** Drag density C_d·a of landscaping, 1/m: a dense urban tree crown (leaf area density ≈ 1 m²/m³, C_d ≈ 0.2). */
export const TREE_DRAG_PER_M = 0.2;

export type CfdGeometry = GeometryInput & { study?: boolean };

export interface CfdScene {
  geometry: CfdGeometry[];
  /** Pedestrian points, world xyz (the plane's vertices). */
  points: Float64Array;
  /** The mesh results are written on (the plane); null for an estimate from a generated plane. */
  surface: ResultSurface | null;
  /** For an estimate: each file's request field (`geometry.study.0`), so errors can name it. */
  fileFields?: Map<string, string>;
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

/** How a geometry_type (or upload role) enters the solver; null: not voxelised. */
export function cfdRole(type: string): { role: 'solid' | 'porous'; study?: boolean } | null {
  switch (type) {
    case 'study':
      return { role: 'solid', study: true };
    case 'surrounds':
    case 'mitigations':
      return { role: 'solid' };
    case 'landscaping':
      return { role: 'porous' };
    default:
      return null;
  }
}

function soupOf(positions: Float32Array, indices: Uint32Array | undefined): Float32Array {
  if (!indices) return new Float32Array(0);
  const soup = new Float32Array(indices.length * 3);
  for (let k = 0; k < indices.length; k++) soup.set(positions.subarray(indices[k]! * 3, indices[k]! * 3 + 3), k * 3);
  return soup;
}

function entry(file: string, type: string, triangles: Float32Array): CfdGeometry | null {
  const r = cfdRole(type);
  if (!r || triangles.length === 0) return null;
  return { file, role: r.role, triangles, ...(r.study ? { study: true } : {}), ...(r.role === 'porous' ? { dragPerM: TREE_DRAG_PER_M } : {}) };
}

/** The geometry assets of a simulation (or, when it has none of its own, of its scenario). */
async function geometryAssetRows(db: Db, simulationId: number) {
  const columns = { id: assets.id, geometryType: assets.geometryType, blobKey: assets.blobKey, filename: assets.filename };
  const own = await db.select(columns).from(assets).where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'geometry')));
  if (own.length > 0) return own;
  const [sim] = await db.select({ configurationId: simulations.configurationId }).from(simulations).where(eq(simulations.id, simulationId));
  if (!sim) return [];
  const siblings = db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, sim.configurationId));
  const rows = await db.select(columns).from(assets).where(and(inArray(assets.simulationId, siblings), eq(assets.layerType, 'geometry')));
  const seen = new Set<string>();
  return rows.filter((r) => r.blobKey !== null && !seen.has(r.blobKey) && seen.add(r.blobKey) !== undefined);
}

/** The scenario's geometry for a run, from its geometry assets. */
export async function loadCfdScene(db: Db, blobStore: BlobStore, simulationId: number): Promise<CfdScene & { surface: ResultSurface }> {
  const rows = (await geometryAssetRows(db, simulationId)).filter((r) => r.blobKey !== null).sort((a, b) => a.id - b.id);
  const geometry: CfdGeometry[] = [];
  const planes: Array<{ positions: Float32Array; indices?: Uint32Array }> = [];
  for (const row of rows) {
    const type = row.geometryType ?? '';
    if (type !== PRESENTATION_PLANE && !cfdRole(type)) continue;
    const mesh = await readResultGlb(await getBytes(blobStore, parseBlobKey(row.blobKey!)));
    if (type === PRESENTATION_PLANE) planes.push({ positions: mesh.positions, ...(mesh.indices ? { indices: mesh.indices } : {}) });
    else {
      const g = entry(row.filename || `${type}-${row.id}`, type, soupOf(mesh.positions, mesh.indices));
      if (g) geometry.push(g);
    }
  }
  if (planes.length === 0) throw new CfdSceneError('the scenario has no presentation plane: Canopy’s CFD computes the wind at its points (upload one, or let Canopy generate a pedestrian plane)', 'geometry.presentation_planes');
  if (!geometry.some((g) => g.study)) throw new CfdSceneError('the scenario has no study geometry to simulate', 'geometry.study');
  const surface = mergePlanes(planes);
  return { geometry, points: Float64Array.from(surface.positions), surface };
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
 * The scenario-to-be's geometry for the estimate: its uploads by role; the project's surroundings
 * when asked for and no surrounds file is given (less mapped buildings standing where the study
 * stands, as at submission); a plane upload's vertices, or the corners of the pedestrian plane that
 * will be generated. Parse failures name the file and the field.
 */
export async function loadEstimateScene(db: Db, blobStore: BlobStore, projectId: number, input: EstimateGeometry): Promise<CfdScene> {
  const roles = Object.entries(input.geometry) as Array<[GeometryRole, number[] | undefined]>;
  const ids = roles.flatMap(([, list]) => list ?? []);
  const uploads = await uploadRows(db, projectId, ids);
  const geometry: CfdGeometry[] = [];
  const fileFields = new Map<string, string>();
  const planePoints: number[] = [];
  for (const [role, list] of roles) {
    for (const [i, id] of (list ?? []).entries()) {
      const field = `geometry.${role}.${i}`;
      const upload = uploads.get(id);
      if (!upload) throw new CfdSceneError(`Invalid pk "${id}" - object does not exist.`, field);
      let soup: Float32Array;
      try {
        soup = parseStl(await uploadBytes(blobStore, upload)).positions;
      } catch (error) {
        throw new CfdSceneError(`${upload.filename} is not a readable STL file: ${(error as Error).message}`, field);
      }
      fileFields.set(upload.filename, field);
      if (role === 'presentation_planes') planePoints.push(...soup);
      else {
        const g = entry(upload.filename, role, soup);
        if (g) geometry.push(g);
      }
    }
  }
  const study = geometry.filter((g) => g.study);
  if (study.length === 0) throw new CfdSceneError('Upload at least one study geometry file.', 'geometry.study');
  if (input.projectSurrounds && !(input.geometry.surrounds?.length)) {
    const [row] = await db.select().from(projectSurrounds).where(eq(projectSurrounds.projectId, projectId));
    if (row) {
      const glb = await readResultGlb(await getBytes(blobStore, { container: row.blobContainer, name: row.blobName }));
      const studySoup = concat(study.map((g) => g.triangles));
      const site = surroundsForSite(
        { positions: glb.positions, indices: glb.indices ?? new Uint32Array(0), role: glb.fields.role ?? new Float32Array(0), building: glb.fields.building ?? new Float32Array(0) },
        row.footprints,
        studySoup,
      );
      if (site.buildingSoup.length) geometry.push({ file: 'Surroundings from OpenStreetMap', role: 'solid', triangles: site.buildingSoup });
    }
  }
  if (planePoints.length === 0 && input.pedestrianPlane) {
    // The generated plane spans the study's plan extent plus the margin, at the plane height.
    const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const g of study)
      for (let k = 0; k < g.triangles.length; k += 3) {
        b.minX = Math.min(b.minX, g.triangles[k]!);
        b.maxX = Math.max(b.maxX, g.triangles[k]!);
        b.minY = Math.min(b.minY, g.triangles[k + 1]!);
        b.maxY = Math.max(b.maxY, g.triangles[k + 1]!);
      }
    const m = input.pedestrianPlane.margin_m;
    const z = input.pedestrianPlane.height_m;
    planePoints.push(b.minX - m, b.minY - m, z, b.maxX + m, b.minY - m, z, b.maxX + m, b.maxY + m, z, b.minX - m, b.maxY + m, z);
  }
  if (planePoints.length === 0) {
    throw new CfdSceneError('Upload a presentation plane or have Canopy generate a pedestrian plane (pedestrian_plane): the CFD computes the wind at its points.', 'geometry.presentation_planes');
  }
  return { geometry, points: Float64Array.from(planePoints), surface: null, fileFields };
}

function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
