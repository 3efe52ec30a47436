/**
 * The scenario's landscaping from OpenStreetMap's trees and green areas (vegetation.ts), as closed
 * solids in local metres: the CFD solver makes landscaping porous (trees slow the wind, they do not
 * stop it) and the sun and sky analyses cast rays against it.
 *
 * Shapes and sizes (the tags are the OpenStreetMap wiki's: Key:height, Key:diameter_crown):
 * - a tree is its crown, a 12-sided prism of the crown's diameter (`diameter_crown`, else
 *   DEFAULT_CROWN_DIAMETER_M) reaching the tree's height (`height`, else DEFAULT_TREE_HEIGHT_M)
 *   from the crown's base: one crown diameter below the top, and never below a quarter of the height
 *   (the trunk below lets the wind through);
 * - a tree row is such trees one crown diameter apart along its line;
 * - a wood or forest is its outline as a canopy from a quarter of its height (`height`, else
 *   DEFAULT_WOOD_HEIGHT_M) to the top;
 * - a park or grass area is ground cover GROUND_COVER_M thick on the ground (it shows where the
 *   green is; thinner than any cell the solver makes, it does not change the wind).
 * The defaults are Canopy's assumptions (a street tree of middling size, a mature broadleaf wood),
 * stated in docs/site-map.md; each feature records whether its height was tagged or assumed.
 *
 * Only what lies within the radius is kept: a tree by its trunk, a row tree by tree, and an area
 * cut to the circle (Sutherland–Hodgman clipping against the circle's 64-sided polygon, which is
 * convex), since a forest mapped as one polygon may reach kilometres beyond the site.
 */
import { parseHeightTag } from './height.ts';
import { extrudeFootprint, type ClosedMesh } from './extrude.ts';
import { checkClosedMesh } from './mesh-check.ts';
import type { LocalProjection } from './projection.ts';
import { cleanRing, pointInPolygon, ringsIntersect, signedArea2 } from './rings.ts';
import { TriangulationError } from './triangulate.ts';
import type { Point2, Warnings } from './types.ts';
import type { GeoVegetation, VegetationKind } from './vegetation.ts';

export const DEFAULT_TREE_HEIGHT_M = 8;
export const DEFAULT_CROWN_DIAMETER_M = 6;
export const DEFAULT_WOOD_HEIGHT_M = 15;
export const GROUND_COVER_M = 0.1;
const CROWN_SIDES = 12;
const CLIP_SIDES = 64;
/** Green areas smaller than this (m²) are mapping slivers. */
const MIN_AREA_M2 = 1;

export interface LandscapeFeature {
  id: string;
  kind: VegetationKind;
  /** Top of the crown or canopy (m above the ground). */
  heightM: number;
  heightSource: 'height' | 'default';
  /** The plan outline (a crown's polygon, a row's crowns' hull is not kept: each row tree is its own feature). */
  outer: Point2[];
  mesh: ClosedMesh;
}

function tagged(tags: Readonly<Record<string, string>>, key: string): number | null {
  return tags[key] === undefined ? null : parseHeightTag(tags[key]);
}

function circle(cx: number, cy: number, radius: number, sides: number): Point2[] {
  return Array.from({ length: sides }, (_, k) => {
    const angle = (2 * Math.PI * k) / sides;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)] as Point2;
  });
}

/** Sutherland–Hodgman: the part of `subject` inside the convex, counter-clockwise `clip` polygon. */
export function clipToConvex(subject: readonly Point2[], clip: readonly Point2[]): Point2[] {
  let output = [...subject];
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const inside = (p: Point2) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0;
    const cut = (p: Point2, q: Point2): Point2 => {
      const dx = q[0] - p[0];
      const dy = q[1] - p[1];
      const ex = b[0] - a[0];
      const ey = b[1] - a[1];
      const t = (ex * (a[1] - p[1]) - ey * (a[0] - p[0])) / (ex * dy - ey * dx);
      return [p[0] + t * dx, p[1] + t * dy];
    };
    const input = output;
    output = [];
    for (let k = 0; k < input.length; k++) {
      const current = input[k]!;
      const previous = input[(k + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(cut(previous, current));
        output.push(current);
      } else if (inside(previous)) output.push(cut(previous, current));
    }
  }
  return output;
}

function crown(id: string, kind: VegetationKind, [x, y]: Point2, tags: Readonly<Record<string, string>>): LandscapeFeature {
  const height = tagged(tags, 'height');
  const heightM = height ?? DEFAULT_TREE_HEIGHT_M;
  const diameter = tagged(tags, 'diameter_crown') ?? DEFAULT_CROWN_DIAMETER_M;
  const base = Math.max(heightM / 4, heightM - diameter);
  const outer = circle(x, y, diameter / 2, CROWN_SIDES);
  return { id, kind, heightM, heightSource: height === null ? 'default' : 'height', outer, mesh: extrudeFootprint(outer, [], base, heightM) };
}

/** Points one `spacing` apart along a polyline, both ends included. */
function alongLine(line: readonly Point2[], spacing: number): Point2[] {
  const out: Point2[] = [line[0]!];
  let carried = 0;
  for (let k = 1; k < line.length; k++) {
    const [ax, ay] = line[k - 1]!;
    const [bx, by] = line[k]!;
    const length = Math.hypot(bx - ax, by - ay);
    let at = spacing - carried;
    while (at <= length) {
      out.push([ax + ((bx - ax) * at) / length, ay + ((by - ay) * at) / length]);
      at += spacing;
    }
    carried = length - (at - spacing);
  }
  const last = line[line.length - 1]!;
  const end = out[out.length - 1]!;
  if (Math.hypot(last[0] - end[0], last[1] - end[1]) > spacing / 2) out.push(last);
  return out;
}

function oriented(ring: Point2[], ccw: boolean): Point2[] {
  return signedArea2(ring) > 0 === ccw ? ring : [...ring].reverse();
}

function area(item: GeoVegetation, projection: LocalProjection, radiusM: number, warnings: Warnings): LandscapeFeature | null {
  const limit = circle(0, 0, radiusM, CLIP_SIDES);
  const outer = oriented(cleanRing(clipToConvex(oriented(item.points.map(projection.toLocal), true), limit)), true);
  if (outer.length < 3 || signedArea2(outer) / 2 < MIN_AREA_M2) return null;
  if (ringsIntersect([outer])) {
    warnings.push(`${item.id}: the outline of the ${item.kind} crosses itself; left out of the landscaping`);
    return null;
  }
  const holes = item.holes
    .map((h) => oriented(cleanRing(h.map(projection.toLocal)), false))
    .filter((h) => h.length >= 3 && h.every((p) => pointInPolygon(p, outer)) && !ringsIntersect([outer, h]));
  const height = tagged(item.tags, 'height');
  const ground = item.kind === 'park' || item.kind === 'grass';
  const heightM = ground ? GROUND_COVER_M : (height ?? DEFAULT_WOOD_HEIGHT_M);
  try {
    const mesh = extrudeFootprint(outer, holes, ground ? 0 : heightM / 4, heightM);
    return { id: item.id, kind: item.kind, heightM, heightSource: ground || height === null ? 'default' : 'height', outer, mesh };
  } catch (error) {
    if (!(error instanceof TriangulationError)) throw error;
    warnings.push(`${item.id}: the outline of the ${item.kind} could not be triangulated (${error.message}); left out of the landscaping`);
    return null;
  }
}

export function buildLandscaping(items: readonly GeoVegetation[], projection: LocalProjection, radiusM: number, warnings: Warnings): LandscapeFeature[] {
  const out: LandscapeFeature[] = [];
  const within = ([x, y]: Point2) => Math.hypot(x, y) <= radiusM;
  for (const item of items) {
    if (item.kind === 'tree') {
      const trunk = projection.toLocal(item.points[0]!);
      if (within(trunk)) out.push(crown(item.id, 'tree', trunk, item.tags));
    } else if (item.kind === 'tree_row') {
      const spacing = tagged(item.tags, 'diameter_crown') ?? DEFAULT_CROWN_DIAMETER_M;
      alongLine(item.points.map(projection.toLocal), spacing).forEach((p, k) => {
        if (within(p)) out.push(crown(`${item.id}#${k + 1}`, 'tree_row', p, item.tags));
      });
    } else {
      const feature = area(item, projection, radiusM, warnings);
      if (!feature) continue;
      // Guard: only watertight solids are stored, as for the buildings.
      const check = checkClosedMesh(feature.mesh.positions, feature.mesh.indices);
      if (check.closed && check.volume > 0) out.push(feature);
      else warnings.push(`${item.id}: the ${item.kind} would not be a closed solid; left out of the landscaping`);
    }
  }
  return out;
}
