/**
 * A figure's zone scores for the PDF, in the heavy-work pool ('pdf.scoreZones', results/heavy-tasks.ts):
 * the layer's stored GLB decoded and its points scored per zone through the same function the
 * viewer's Zones panel uses (engine/zones/score-column.ts), so the PDF prints the panel's numbers.
 * Also the height the outlines are drawn at: the layer's points' mean height, as the viewer draws
 * zones a little above the plane the result lies on. A layer that cannot be read comes back as a
 * message (an error crossing a thread loses its class).
 */
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { scoreColumn, type LayerToScore, type ScoreColumn } from '@canopy/engine/zones/score-column.ts';
import type { ScoredZone } from '@canopy/engine/zones/zone-uses.ts';

export interface ZoneScoringInput {
  glb: Uint8Array;
  zones: Array<Pick<ScoredZone, 'id' | 'use' | 'polygon'>>;
  source: LayerToScore;
}

export type ZoneScoringOutcome = { ok: true; column: ScoreColumn; planeZ: number } | { ok: false; message: string };

/** Mean height of the points (site metres); 0 for a layer without finite heights. */
function meanHeight(positions: Float32Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 2; i < positions.length; i += 3) {
    const z = positions[i]!;
    if (Number.isFinite(z)) {
      sum += z;
      n++;
    }
  }
  return n ? sum / n : 0;
}

export async function scoreZonesOfLayer(input: ZoneScoringInput): Promise<ZoneScoringOutcome> {
  let mesh;
  try {
    mesh = await readResultGlb(input.glb);
  } catch (error) {
    return { ok: false, message: `the layer's file could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
  return { ok: true, column: scoreColumn(input.zones, mesh, input.source), planeZ: meanHeight(mesh.positions) };
}
