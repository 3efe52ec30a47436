/**
 * Instant re-classification of a comfort map in the viewer: switching the criterion
 * (Lawson ↔ Davenport ↔ NEN 8100 ↔ a company's own table), the season, the time window or the
 * weather file re-computes the map in the browser's workers from the simulation's stored
 * per-direction speed ratios — no new run — and "Save as results" keeps it as a layer with its
 * provenance.
 *
 *   windReclass
 *   ├── unavailable     the simulation has no per-direction speed ratios (nothing to re-classify)
 *   ├── loading         the ratios into the workers, the criteria, seasons, windows and weather files
 *   ├── loadFailed      `retry`
 *   └── ready
 *       ├── stored      the stored maps show; `choice.set` → computing
 *       ├── computing   the workers classify; a new `choice.set` starts over (the old answer is dropped)
 *       ├── shown       the re-classified map is in the view; `stored.show`, `save`
 *       ├── saving      POST reclassified-comfort/; → shown (saved, or the error kept)
 *       └── failed      the classification failed (e.g. a weather file without a full year): `retry`
 *
 * In `ready`, `postprocess.submit` asks the server to compute the chosen criterion, season and time
 * of day as stored results (POST submit-postprocessing/: wind comfort and safety maps from the
 * ingested speed-up ratios, a job); its answer (queued as job N, or the refusal) is kept in
 * `postprocess` while the rest of the panel goes on.
 *
 * `simulation.set` (the pane shows another simulation, or the same one with new results) starts over. Emits `reclass.saved` so the
 * viewer lists the new layer. Owned by src/screens/viewer/comfort-panel.tsx via the workspace.
 */
import { assign, emit, setup, spawnChild, stopChild } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { canReclassify, choiceKey, speedRatioAssets } from './reclass-inputs.ts';
import type { ReclassChoice, ReclassInputs, ReclassResult, ReclassTarget, SavedLayer } from './wind-reclass.types.ts';

export interface WindReclassContext {
  target: ReclassTarget | null;
  inputs: ReclassInputs | null;
  choice: ReclassChoice | null;
  result: ReclassResult | null;
  saved: SavedLayer[];
  error: ServerError | null;
  saveError: ServerError | null;
  postprocess: PostprocessState;
}

/** The server-side computation asked for from the panel (submit-postprocessing/). */
export interface PostprocessState {
  status: 'idle' | 'submitting' | 'queued' | 'failed';
  /** The choice it computes. */
  choice: ReclassChoice | null;
  jobId: number | null;
  error: ServerError | null;
}

const IDLE: PostprocessState = { status: 'idle', choice: null, jobId: null, error: null };

export type WindReclassEvent =
  | { type: 'simulation.set'; target: ReclassTarget | null }
  | { type: 'choice.set'; choice: Partial<ReclassChoice> }
  | { type: 'stored.show' }
  | { type: 'save' }
  | { type: 'retry' }
  | { type: 'postprocess.submit' };

export type WindReclassEmitted = { type: 'reclass.saved'; assetId: number };

export interface ClassifyInput {
  target: ReclassTarget;
  inputs: ReclassInputs;
  choice: ReclassChoice;
}

/**
 * Whether a target is what the machine already has: the same simulation with the same speed-ratio
 * layers (a simulation read again after its run completed has them now, though its id is the same).
 */
const targetKey = (t: ReclassTarget | null) =>
  t
    ? `${t.projectId}:${t.simulationId}:${speedRatioAssets(t.assets)
        .map((a) => a.id)
        .join(',')}`
    : '';
const sameTarget = (a: ReclassTarget | null, b: ReclassTarget | null) => targetKey(a) === targetKey(b);

export const windReclassMachine = setup({
  types: {
    context: {} as WindReclassContext,
    events: {} as WindReclassEvent,
    emitted: {} as WindReclassEmitted,
  },
  actors: {
    loadInputs: notProvided<ReclassInputs, ReclassTarget>('loadInputs'),
    classify: notProvided<ReclassResult, ClassifyInput>('classify'),
    saveResult: notProvided<SavedLayer, ClassifyInput & { result: ReclassResult }>('saveResult'),
    /** POST submit-postprocessing/ for the choice: the queued job. */
    submitPostprocessing: notProvided<{ jobId: number }, ClassifyInput>('submitPostprocessing'),
  },
  guards: {
    otherSimulation: ({ context, event }) => event.type === 'simulation.set' && !sameTarget(context.target, event.target),
    notSaved: ({ context }) => !!context.result && !context.saved.some((s) => choiceKey(s.choice) === choiceKey(context.result!.choice)),
  },
  actions: {
    takeChoice: assign(({ context, event }) =>
      event.type === 'choice.set' && context.choice ? { choice: { ...context.choice, ...event.choice }, error: null } : {},
    ),
  },
}).createMachine({
  id: 'windReclass',
  context: { target: null, inputs: null, choice: null, result: null, saved: [], error: null, saveError: null, postprocess: IDLE },
  initial: 'unavailable',
  on: {
    'simulation.set': [
      {
        guard: 'otherSimulation',
        target: '.deciding',
        actions: [
          stopChild('postprocess'),
          assign(({ event }) => ({
            target: event.target,
            inputs: null,
            choice: null,
            result: null,
            saved: [],
            error: null,
            saveError: null,
            postprocess: IDLE,
          })),
        ],
      },
    ],
    'xstate.done.actor.postprocess': {
      actions: assign(({ context, event }) => ({
        postprocess: { ...context.postprocess, status: 'queued' as const, jobId: (event.output as { jobId: number }).jobId },
      })),
    },
    'xstate.error.actor.postprocess': {
      actions: assign(({ context, event }) => ({ postprocess: { ...context.postprocess, status: 'failed' as const, error: asServerError(event.error) } })),
    },
  },
  states: {
    deciding: {
      always: [{ guard: ({ context }) => !!context.target && canReclassify(context.target.assets), target: 'loading' }, { target: 'unavailable' }],
    },
    unavailable: {},
    loading: {
      invoke: {
        src: 'loadInputs',
        input: ({ context }) => context.target!,
        onDone: { target: 'ready', actions: assign(({ event }) => ({ inputs: event.output, choice: event.output.initial })) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      initial: 'stored',
      on: {
        'choice.set': { target: '.computing', reenter: true, actions: 'takeChoice' },
        'postprocess.submit': {
          guard: ({ context }) => context.postprocess.status !== 'submitting' && !!context.choice,
          actions: [
            assign(({ context }) => ({ postprocess: { ...IDLE, status: 'submitting' as const, choice: context.choice } })),
            spawnChild('submitPostprocessing', {
              id: 'postprocess',
              input: ({ context }) => ({ target: context.target!, inputs: context.inputs!, choice: context.choice! }),
            }),
          ],
        },
      },
      states: {
        stored: {},
        computing: {
          invoke: {
            src: 'classify',
            input: ({ context }) => ({ target: context.target!, inputs: context.inputs!, choice: context.choice! }),
            onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output, saveError: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
          },
        },
        shown: {
          on: {
            'stored.show': { target: 'stored', actions: assign({ result: null }) },
            save: { guard: 'notSaved', target: 'saving', actions: assign({ saveError: null }) },
          },
        },
        saving: {
          invoke: {
            src: 'saveResult',
            input: ({ context }) => ({ target: context.target!, inputs: context.inputs!, choice: context.result!.choice, result: context.result! }),
            onDone: {
              target: 'shown',
              actions: [
                assign({ saved: ({ context, event }) => [...context.saved, event.output] }),
                emit(({ event }) => ({ type: 'reclass.saved' as const, assetId: event.output.assetId })),
              ],
            },
            onError: { target: 'shown', actions: assign({ saveError: ({ event }) => asServerError(event.error) }) },
          },
        },
        failed: { on: { retry: 'computing', 'stored.show': { target: 'stored', actions: assign({ result: null, error: null }) } } },
      },
    },
  },
});
