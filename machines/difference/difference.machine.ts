/**
 * A difference map in the viewer: the user picks layer A and a compatible layer B of another
 * scenario of the study (same analysis, metric and slice), the browser computes B − A from the
 * stored layers (in a worker; no server run) and the map shows on B's plane with a diverging scale
 * centred on zero; "Save as layer" keeps it as a layer of B's simulation with both sources named.
 *
 *   difference
 *   ├── choosing    `layers.set`, `a.pick`, `b.pick`, `distance.set`; `compute` when A and B fit
 *   ├── computing   reads both layers and differences them; a new pick goes back to choosing
 *   ├── shown       the map is in the view; `save`, `clear`, a new pick → choosing
 *   ├── saving      uploads the map and appends it to B's simulation → shown (saved, or the error kept)
 *   └── failed      the layers could not be read or differenced: `retry`, or a new pick
 *
 * Emits `difference.saved` so the viewer reads the simulations again and lists the new layer.
 */
import { assign, emit, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { canDifference, partnersOf } from './compatible.ts';
import type { DifferenceInput, DifferenceLayer, DifferenceOutcome, SavedDifference } from './difference.types.ts';

/** How far a point of A may be from a point of B to stand in for it, unless the user says otherwise. */
export const DEFAULT_MATCH_DISTANCE_M = 2;

export interface DifferenceContext {
  layers: readonly DifferenceLayer[];
  aId: number | null;
  bId: number | null;
  maxDistanceM: number;
  outcome: DifferenceOutcome | null;
  saved: SavedDifference | null;
  error: ServerError | null;
  saveError: ServerError | null;
}

export type DifferenceEvent =
  | { type: 'layers.set'; layers: readonly DifferenceLayer[] }
  | { type: 'a.pick'; assetId: number | null }
  | { type: 'b.pick'; assetId: number | null }
  | { type: 'distance.set'; metres: number }
  | { type: 'compute' }
  | { type: 'clear' }
  | { type: 'save' }
  | { type: 'retry' };

export type DifferenceEmitted = { type: 'difference.saved'; assetId: number; simulationId: number };

const layerOf = (context: DifferenceContext, id: number | null) => (id === null ? undefined : context.layers.find((l) => l.asset.id === id));

/** The chosen pair when it can be differenced. */
export function chosenPair(context: DifferenceContext): DifferenceInput | null {
  const a = layerOf(context, context.aId);
  const b = layerOf(context, context.bId);
  return a && b && canDifference(a, b) ? { a, b, maxDistanceM: context.maxDistanceM } : null;
}

const picks = {
  'a.pick': { target: '#difference.choosing', actions: 'pickA' },
  'b.pick': { target: '#difference.choosing', actions: 'pickB' },
  'distance.set': { guard: 'distanceOk', target: '#difference.choosing', actions: 'setDistance' },
} as const;

const fresh = { outcome: null, saved: null, error: null, saveError: null } as const;

export const differenceMachine = setup({
  types: {
    context: {} as DifferenceContext,
    events: {} as DifferenceEvent,
    emitted: {} as DifferenceEmitted,
  },
  actors: {
    computeDifference: notProvided<DifferenceOutcome, DifferenceInput>('computeDifference'),
    saveDifference: notProvided<SavedDifference, DifferenceInput & { outcome: DifferenceOutcome }>('saveDifference'),
  },
  guards: {
    pairFits: ({ context }) => chosenPair(context) !== null,
    distanceOk: ({ event }) => event.type === 'distance.set' && Number.isFinite(event.metres) && event.metres >= 0 && event.metres <= 100,
  },
  actions: {
    pickA: assign(({ context, event }) => {
      if (event.type !== 'a.pick') return {};
      const partners = partnersOf(layerOf(context, event.assetId), context.layers);
      // B stays when it still fits the new A; else the first layer that does.
      const bId = partners.some((p) => p.asset.id === context.bId) ? context.bId : (partners[0]?.asset.id ?? null);
      return { aId: event.assetId, bId, ...fresh };
    }),
    pickB: assign(({ event }) => (event.type === 'b.pick' ? { bId: event.assetId, ...fresh } : {})),
    setDistance: assign(({ event }) => (event.type === 'distance.set' ? { maxDistanceM: event.metres, ...fresh } : {})),
  },
}).createMachine({
  id: 'difference',
  context: { layers: [], aId: null, bId: null, maxDistanceM: DEFAULT_MATCH_DISTANCE_M, outcome: null, saved: null, error: null, saveError: null },
  initial: 'choosing',
  on: {
    'layers.set': {
      // New layers (a results import, a saved map) keep the picks that are still there.
      actions: assign(({ context, event }) => ({
        layers: event.layers,
        aId: event.layers.some((l) => l.asset.id === context.aId) ? context.aId : null,
        bId: event.layers.some((l) => l.asset.id === context.bId) ? context.bId : null,
      })),
    },
  },
  states: {
    choosing: {
      on: { ...picks, compute: { guard: 'pairFits', target: 'computing' } },
    },
    computing: {
      on: picks,
      invoke: {
        src: 'computeDifference',
        input: ({ context }) => chosenPair(context)!,
        onDone: { target: 'shown', actions: assign({ outcome: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
      },
    },
    shown: {
      on: {
        ...picks,
        clear: { target: 'choosing', actions: assign({ outcome: null, saved: null, saveError: null }) },
        save: { guard: ({ context }) => !context.saved && chosenPair(context) !== null, target: 'saving', actions: assign({ saveError: null }) },
      },
    },
    saving: {
      invoke: {
        src: 'saveDifference',
        input: ({ context }) => ({ ...chosenPair(context)!, outcome: context.outcome! }),
        onDone: {
          target: 'shown',
          actions: [
            assign({ saved: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'difference.saved' as const, assetId: event.output.assetId, simulationId: event.output.simulationId })),
          ],
        },
        onError: { target: 'shown', actions: assign({ saveError: ({ event }) => asServerError(event.error) }) },
      },
    },
    failed: {
      on: { ...picks, retry: { guard: 'pairFits', target: 'computing' }, clear: { target: 'choosing', actions: assign({ error: null }) } },
    },
  },
});
