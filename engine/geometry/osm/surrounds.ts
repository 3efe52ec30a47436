/**
 * Surroundings from map data: OSM XML or GeoJSON → buildings projected to local metres around the
 * project origin (projection.ts), kept when their footprint's centroid lies within the radius,
 * checked (clean rings, holes inside and not touching, nothing self-intersecting), extruded from
 * 1 m below the ground to their height as closed meshes, plus a ground slab — and one merged mesh
 * for storage (GLB), with each vertex's role and building number.
 *
 * Clipping by centroid keeps whole buildings: cutting a footprint at the circle would invent walls
 * that do not exist, which matters more to a wind study than a building that pokes a few metres
 * past the radius. The ground slab is made wide enough to hold every kept building.
 */
import { buildingHeight, type HeightSource } from './height.ts';
import { parseGeoJson } from './geojson.ts';
import { parseOsmXml } from './osm-xml.ts';
import { localProjection } from './projection.ts';
import { cleanRing, pointInPolygon, ringsIntersect, signedArea2 } from './rings.ts';
import { extrudeFootprint, groundSlab, type ClosedMesh } from './extrude.ts';
import { checkClosedMesh } from './mesh-check.ts';
import { TriangulationError } from './triangulate.ts';
import { OsmParseError, type GeoFootprint, type Point2, type Warnings } from './types.ts';
import type { GeoVegetation } from './vegetation.ts';
import { buildLandscaping, type LandscapeFeature } from './landscaping.ts';

/** Buildings reach this far into the ground (docs/reference/DOMAIN.md §5: surrounds must reach through the ground). */
export const BURY_DEPTH_M = 1;
/** The ground slab is thicker than the burial, so no building floor lies in the slab's bottom face. */
export const GROUND_THICKNESS_M = 2;
export const DEFAULT_RADIUS_M = 300;
export const MAX_RADIUS_M = 5000;
/** Footprints smaller than this (m²) are mapping noise (sheds drawn as dots), not obstacles. */
const MIN_AREA_M2 = 1;

export type MapFormat = 'osm-xml' | 'geojson';

export interface SurroundsOptions {
  originLatitudeDeg: number;
  originLongitudeDeg: number;
  radiusM?: number;
}

export interface Building {
  id: string;
  name: string;
  heightM: number;
  heightSource: HeightSource;
  outer: Point2[];
  holes: Point2[][];
  mesh: ClosedMesh;
}

export interface Surrounds {
  buildings: Building[];
  ground: ClosedMesh;
  groundRadiusM: number;
  radiusM: number;
  warnings: Warnings;
  /** Trees, woods and green areas within the radius (OSM XML only), for the scenario's landscaping. */
  landscaping: LandscapeFeature[];
  /**
   * Everything in one mesh: positions as float32, `role` 0 = ground, 1 = building, 2 = landscaping;
   * `building` the index into `buildings` (role 1) or into `landscaping` (role 2), −1 for the ground.
   */
  merged: { positions: Float32Array; indices: Uint32Array; role: Float32Array; building: Float32Array };
}

/** Which reader a text needs: by the format the upload was sniffed as, else by its first character. */
export function detectMapFormat(text: string, hint?: string): MapFormat {
  if (hint === 'osm-xml' || hint === 'geojson') return hint;
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (start === '<') return 'osm-xml';
  if (start === '{') return 'geojson';
  throw new OsmParseError('The file is neither OSM XML (starting with <) nor GeoJSON (starting with {)');
}

export function readFootprints(text: string, format: MapFormat): { footprints: GeoFootprint[]; vegetation: GeoVegetation[]; warnings: Warnings } {
  return format === 'osm-xml' ? parseOsmXml(text) : { ...parseGeoJson(text), vegetation: [] };
}

function centroid(ring: readonly Point2[]): Point2 {
  const a2 = signedArea2(ring);
  if (a2 === 0) return ring[0]!;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
    cx += (ring[j]![0] + ring[i]![0]) * f;
    cy += (ring[j]![1] + ring[i]![1]) * f;
  }
  return [cx / (3 * a2), cy / (3 * a2)];
}

/** Counter-clockwise when `ccw`, else clockwise. */
function oriented(ring: Point2[], ccw: boolean): Point2[] {
  return signedArea2(ring) > 0 === ccw ? ring : [...ring].reverse();
}

function label(footprint: GeoFootprint): string {
  return (
    footprint.tags.name ??
    footprint.tags['addr:housename'] ??
    (footprint.tags['addr:street'] ? `${footprint.tags['addr:housenumber'] ?? ''} ${footprint.tags['addr:street']}`.trim() : '')
  );
}

export function buildSurrounds(
  footprints: readonly GeoFootprint[],
  options: SurroundsOptions,
  warningsIn: Warnings = [],
  vegetation: readonly GeoVegetation[] = [],
): Surrounds {
  const radiusM = options.radiusM ?? DEFAULT_RADIUS_M;
  if (!(radiusM > 0 && radiusM <= MAX_RADIUS_M)) throw new RangeError(`radius must be above 0 and at most ${MAX_RADIUS_M} m, got ${radiusM}`);
  const projection = localProjection(options.originLatitudeDeg, options.originLongitudeDeg);
  const warnings = [...warningsIn];
  const buildings: Building[] = [];
  let farthest = 0;

  for (const footprint of footprints) {
    const outer = oriented(cleanRing(footprint.outer.map(projection.toLocal)), true);
    if (outer.length < 3 || signedArea2(outer) / 2 < MIN_AREA_M2) {
      warnings.push(`${footprint.id}: the outline has no area; left out`);
      continue;
    }
    const [cx, cy] = centroid(outer);
    if (Math.hypot(cx, cy) > radiusM) continue;
    if (ringsIntersect([outer])) {
      warnings.push(`${footprint.id}: the outline crosses itself; left out`);
      continue;
    }
    const holes: Point2[][] = [];
    for (const raw of footprint.holes) {
      const hole = oriented(cleanRing(raw.map(projection.toLocal)), false);
      if (hole.length < 3) continue;
      if (!hole.every((p) => pointInPolygon(p, outer)) || ringsIntersect([outer, ...holes, hole])) {
        warnings.push(`${footprint.id}: an inner ring (courtyard) is not inside the outline or touches it; the courtyard is filled`);
        continue;
      }
      holes.push(hole);
    }
    const { heightM, source } = buildingHeight(footprint.tags);
    let mesh: ClosedMesh;
    try {
      mesh = extrudeFootprint(outer, holes, -BURY_DEPTH_M, heightM);
    } catch (error) {
      if (!(error instanceof TriangulationError)) throw error;
      warnings.push(`${footprint.id}: the outline could not be triangulated (${error.message}); left out`);
      continue;
    }
    // Guard: only watertight solids are stored (the validators and solvers downstream rely on it).
    const check = checkClosedMesh(mesh.positions, mesh.indices);
    if (!check.closed || !(check.volume > 0)) {
      warnings.push(`${footprint.id}: the extruded building would not be a closed solid; left out`);
      continue;
    }
    for (const [x, y] of outer) farthest = Math.max(farthest, Math.hypot(x, y));
    buildings.push({ id: footprint.id, name: label(footprint), heightM, heightSource: source, outer, holes, mesh });
  }

  // Round up to 10 m beyond the radius and the farthest kept corner.
  const groundRadiusM = Math.ceil((Math.max(radiusM, farthest) + 10) / 10) * 10;
  const ground = groundSlab(groundRadiusM, GROUND_THICKNESS_M);
  const landscaping = buildLandscaping(vegetation, projection, radiusM, warnings);
  return { buildings, ground, groundRadiusM, radiusM, warnings, landscaping, merged: merge(ground, buildings, landscaping) };
}

function merge(ground: ClosedMesh, buildings: readonly Building[], landscaping: readonly LandscapeFeature[]): Surrounds['merged'] {
  const parts = [
    { mesh: ground, role: 0, building: -1 },
    ...buildings.map((b, k) => ({ mesh: b.mesh, role: 1, building: k })),
    ...landscaping.map((f, k) => ({ mesh: f.mesh, role: 2, building: k })),
  ];
  const vertexCount = parts.reduce((n, p) => n + p.mesh.positions.length / 3, 0);
  const indexCount = parts.reduce((n, p) => n + p.mesh.indices.length, 0);
  const positions = new Float32Array(vertexCount * 3);
  const indices = new Uint32Array(indexCount);
  const role = new Float32Array(vertexCount);
  const building = new Float32Array(vertexCount);
  let v = 0;
  let i = 0;
  for (const part of parts) {
    positions.set(part.mesh.positions, v * 3);
    for (let k = 0; k < part.mesh.indices.length; k++) indices[i + k] = part.mesh.indices[k]! + v;
    const count = part.mesh.positions.length / 3;
    role.fill(part.role, v, v + count);
    building.fill(part.building, v, v + count);
    v += count;
    i += part.mesh.indices.length;
  }
  return { positions, indices, role, building };
}

/** The whole path: text → footprints → surrounds. Throws OsmParseError for unreadable input. */
export function surroundsFromMapData(text: string, options: SurroundsOptions & { format?: string }): Surrounds {
  const format = detectMapFormat(text, options.format);
  const { footprints, vegetation, warnings } = readFootprints(text, format);
  return buildSurrounds(footprints, options, warnings, vegetation);
}

export { OsmParseError } from './types.ts';
