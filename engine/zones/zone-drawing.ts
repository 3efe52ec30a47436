/**
 * How a zone is drawn over a result, the same in the viewer (src/screens/viewer/zones/zone-outlines.ts)
 * and over a PDF figure (server/src/contexts/results/pdf/zone-figures.ts): its outline a little above
 * the plane the result lies on, in one dark colour, labelled with its name at its vertex average.
 */

/** Lift above the plane, enough not to sink into it, too little to look detached. */
export const ZONE_LIFT_M = 0.3;
export const ZONE_COLOUR = '#1b1f24';

/** The label sits at the outline's vertex average: inside any convex zone, near enough for others. */
export function zoneLabelPoint(points: ReadonlyArray<readonly [number, number]>, z: number): [number, number, number] {
  const sum = points.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length, z];
}
