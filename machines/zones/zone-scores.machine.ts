/**
 * The zone scores the Zones panel shows: told the study's zones and the layers to score (the
 * layer shown, or the difference panel's A and B), it scores them in the browser and keeps the
 * table; new zones or layers score again (the running scoring is dropped).
 *
 *   zoneScores
 *   ├── idle      nothing to score (no zones or no layer)
 *   ├── scoring   scoreLayers
 *   ├── shown
 *   └── failed    a layer could not be read
 */
import { assign, setup } from 'xstate';
import type { Zone } from '@canopy/contract/zones.ts';
import type { LayerToScore, ScoreColumn } from '@canopy/engine/zones/score-column.ts';
import { notProvided } from '@machines/shared/actors.ts';

/** A layer to score: its url (its GLB) and what the table calls it ("Existing site — Annual …"). */
export interface ScoreSource extends LayerToScore {
  url: string;
}

export interface ScoreRequest {
  zones: Zone[];
  sources: ScoreSource[];
}

export interface ZoneScoresContext extends ScoreRequest {
  columns: ScoreColumn[];
  error: string | null;
}

export const SCORE_FAILED = 'The layer could not be read to score the zones.';

export const zoneScoresMachine = setup({
  types: {
    context: {} as ZoneScoresContext,
    events: {} as { type: 'inputs.set'; zones: Zone[]; sources: ScoreSource[] },
  },
  actors: { scoreLayers: notProvided<ScoreColumn[], ScoreRequest>('scoreLayers') },
  guards: { hasWork: ({ context }) => context.zones.length > 0 && context.sources.length > 0 },
}).createMachine({
  id: 'zoneScores',
  context: { zones: [], sources: [], columns: [], error: null },
  initial: 'idle',
  on: {
    'inputs.set': {
      target: '.deciding',
      actions: assign({ zones: ({ event }) => event.zones, sources: ({ event }) => event.sources, columns: [], error: null }),
    },
  },
  states: {
    deciding: { always: [{ guard: 'hasWork', target: 'scoring' }, { target: 'idle' }] },
    idle: {},
    scoring: {
      invoke: {
        src: 'scoreLayers',
        input: ({ context }) => ({ zones: context.zones, sources: context.sources }),
        onDone: { target: 'shown', actions: assign({ columns: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error && event.error.message ? event.error.message : SCORE_FAILED) }),
        },
      },
    },
    shown: {},
    failed: {},
  },
});
