/**
 * The study's zones and the outline being drawn as lines over the scene, each saved zone labelled
 * with its name. Zones are flat (x, y in the scene's metres); they are drawn a little above the
 * height of the plane the user clicked on, so the result map does not hide them.
 */
import type { Zone } from '@canopy/contract/zones.ts';
import type { SceneOutline } from '../../../viewer/contracts.ts';
import { ZONE_COLOUR, ZONE_LIFT_M, zoneLabelPoint } from '@canopy/engine/zones/zone-drawing.ts';

/** The pedestrian plane's usual height (1.5 m) until the user has clicked on the plane shown. */
export const DEFAULT_PLANE_Z = 1.5;
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

export function zoneOutlines(zones: readonly Zone[], draft: ReadonlyArray<readonly [number, number]>, planeZ: number): SceneOutline[] {
  const z = planeZ + ZONE_LIFT_M;
  const saved = zones.map<SceneOutline>((zone) => ({
    id: `zone-${zone.id}`,
    segments: ringSegments(zone.polygon, z, true),
    colour: ZONE_COLOUR,
    label: { text: zone.name, at: zoneLabelPoint(zone.polygon, z) },
  }));
  return draft.length >= 2 ? [...saved, { id: 'zone-draft', segments: ringSegments(draft, z, false), colour: DRAFT_COLOUR }] : saved;
}
