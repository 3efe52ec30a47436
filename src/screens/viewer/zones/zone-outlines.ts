/**
 * The study's zones and the outline being drawn as lines over the scene, each saved zone labelled
 * with its name. Zones are flat (x, y in the scene's metres); they are drawn a little above the
 * height of the plane the user clicked on, so the result map does not hide them.
 */
import type { Zone } from '@canopy/contract/zones.ts';
import type { SceneOutline } from '../../../viewer/contracts.ts';

/** The pedestrian plane's usual height (1.5 m) until the user has clicked on the plane shown. */
export const DEFAULT_PLANE_Z = 1.5;
/** Lift above the plane, enough not to sink into it, too little to look detached. */
const LIFT_M = 0.3;
const ZONE_COLOUR = '#1b1f24';
const DRAFT_COLOUR = '#d7191c';

function ringSegments(points: ReadonlyArray<readonly [number, number]>, z: number, closed: boolean): Float32Array {
  const n = points.length;
  const edges = closed ? n : n - 1;
  const out = new Float32Array(Math.max(0, edges) * 6);
  for (let i = 0; i < edges; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    out.set([a[0], a[1], z, b[0], b[1], z], i * 6);
  }
  return out;
}

/** The label sits at the outline's vertex average: inside any convex zone, near enough for others. */
function labelPoint(points: ReadonlyArray<readonly [number, number]>, z: number): [number, number, number] {
  const sum = points.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length, z];
}

export function zoneOutlines(zones: readonly Zone[], draft: ReadonlyArray<readonly [number, number]>, planeZ: number): SceneOutline[] {
  const z = planeZ + LIFT_M;
  const saved = zones.map<SceneOutline>((zone) => ({
    id: `zone-${zone.id}`,
    segments: ringSegments(zone.polygon, z, true),
    colour: ZONE_COLOUR,
    label: { text: zone.name, at: labelPoint(zone.polygon, z) },
  }));
  return draft.length >= 2 ? [...saved, { id: 'zone-draft', segments: ringSegments(draft, z, false), colour: DRAFT_COLOUR }] : saved;
}
