/**
 * The zone scores machine's actor (machines/zones/zone-scores.machine.ts): each layer's GLB read
 * through the viewer's authorised fetch and decoded in the GLB worker, then its points scored per
 * zone in the browser (engine/zones/score-column.ts, which the PDF export scores through too).
 */
import { fromPromise } from 'xstate';
import { scoreColumn, type ScoreColumn } from '@canopy/engine/zones/score-column.ts';
import { zoneScoresMachine, type ScoreRequest } from '@machines/zones/zone-scores.machine.ts';
import { decodeResultGlb } from '../viewer/workers/decode-glb.ts';

export function bindZoneScores(loadAsset: (url: string) => Promise<ArrayBuffer>) {
  return zoneScoresMachine.provide({
    actors: {
      scoreLayers: fromPromise<ScoreColumn[], ScoreRequest>(async ({ input }) =>
        Promise.all(input.sources.map(async (source) => scoreColumn(input.zones, await decodeResultGlb(await loadAsset(source.url)), source))),
      ),
    },
  });
}
