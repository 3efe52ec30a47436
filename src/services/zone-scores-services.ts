/**
 * The zone scores machine's actor (machines/zones/zone-scores.machine.ts): each layer's GLB read
 * through the viewer's authorised fetch and decoded in the GLB worker, then its points scored per
 * zone in the browser (src/viewer/zones/zone-scores.ts). A comfort or safety layer carries the
 * criterion table it was classified by in its metadata; that table decides what a use accepts.
 */
import { fromPromise } from 'xstate';
import type { Criterion } from '@canopy/engine/wind/criterion-schema.ts';
import { zoneScoresMachine, type ScoreColumn, type ScoreRequest } from '@machines/zones/zone-scores.machine.ts';
import { decodeResultGlb } from '../viewer/workers/decode-glb.ts';
import { scoreKindOf, scoreZones } from '../viewer/zones/zone-scores.ts';

export function bindZoneScores(loadAsset: (url: string) => Promise<ArrayBuffer>) {
  return zoneScoresMachine.provide({
    actors: {
      scoreLayers: fromPromise<ScoreColumn[], ScoreRequest>(async ({ input }) =>
        Promise.all(
          input.sources.map(async (source) => {
            const layer = await decodeResultGlb(await loadAsset(source.url));
            const criterion = (layer.metadata as { criterion?: Criterion } | undefined)?.criterion;
            const kind = scoreKindOf(source.metric);
            const field = source.field && layer.fields[source.field] ? source.field : Object.keys(layer.fields)[0];
            const scores = scoreZones(input.zones, {
              positions: layer.positions,
              fields: layer.fields,
              kind,
              ...(field ? { field } : {}),
              ...(criterion ? { criterion } : {}),
            });
            return { label: source.label, kind, unit: source.unit, criterion: criterion?.name ?? null, scores };
          }),
        ),
      ),
    },
  });
}
