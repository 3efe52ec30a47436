/**
 * A point's hourly story: the user picks a point of a wind, thermal or solar map and the weather
 * year is replayed at it in the browser from the scenario's stored per-direction speed ratios —
 * hourly wind at pedestrian height, the speed the criterion judges, UTCI and sunshine, the
 * exceedance curve, the comfort class per season and time window, and a wind rose.
 *
 *   pointStory
 *   ├── unavailable   the pane's scenario has no per-direction speed ratios
 *   ├── loading       the ratios into the worker, the criteria, weather files and insights
 *   ├── loadFailed    `retry`
 *   └── ready
 *       ├── waiting     no point picked yet
 *       ├── computing   the worker replays the year; a new point or choice starts over
 *       ├── shown       the story is in the panel
 *       ├── tooFar      the point has no wind result near it (the message says so)
 *       └── failed      the computation failed (e.g. a weather file without a full year): `retry`
 *
 * In `ready`, `insight.add` adds the shown story as a figure to an insight (a captured image with
 * its numbers in the caption, the path the Images tab uses); its answer is kept in `insight` while
 * the panel goes on. `target.set` with another simulation starts over; `point.set` with the same
 * point does nothing.
 */
import { assign, setup, spawnChild, stopChild } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { sameTarget } from './story-target.ts';
import type { AddedFigure, AddToInsightInput, StoryChoice, StoryInputs, StoryResult, StoryTarget, Vec3 } from './point-story.types.ts';

export interface InsightState {
  status: 'idle' | 'adding' | 'added' | 'failed';
  added: AddedFigure | null;
  error: ServerError | null;
}

export interface PointStoryContext {
  target: StoryTarget | null;
  point: Vec3 | null;
  inputs: StoryInputs | null;
  choice: StoryChoice | null;
  result: StoryResult | null;
  error: ServerError | null;
  /** Why the picked point has no story (no wind result near it). */
  tooFar: string | null;
  insight: InsightState;
}

export type PointStoryEvent =
  | { type: 'target.set'; target: StoryTarget | null }
  | { type: 'point.set'; point: Vec3 | null }
  | { type: 'choice.set'; choice: Partial<StoryChoice> }
  | { type: 'retry' }
  | { type: 'insight.add'; insightId: number | null };

export interface ComputeInput {
  target: StoryTarget;
  inputs: StoryInputs;
  choice: StoryChoice;
  point: Vec3;
}

/** A point with no wind result near it is an answer, not a failure: the panel says so. */
interface TooFar {
  kind: 'tooFar';
  message: string;
}
export type StoryOutcome = { kind: 'story'; result: StoryResult } | TooFar;

const NO_INSIGHT: InsightState = { status: 'idle', added: null, error: null };
const samePoint = (a: Vec3 | null, b: Vec3 | null) => (a === null || b === null ? a === b : a.every((v, i) => v === b[i]));

export const pointStoryMachine = setup({
  types: {
    context: {} as PointStoryContext,
    events: {} as PointStoryEvent,
  },
  actors: {
    loadInputs: notProvided<StoryInputs, StoryTarget>('loadInputs'),
    computeStory: notProvided<StoryOutcome, ComputeInput>('computeStory'),
    addToInsight: notProvided<AddedFigure, AddToInsightInput>('addToInsight'),
  },
  guards: {
    otherTarget: ({ context, event }) => event.type === 'target.set' && !sameTarget(context.target, event.target),
    otherPoint: ({ context, event }) => event.type === 'point.set' && !samePoint(context.point, event.point),
    hasPoint: ({ context }) => context.point !== null,
  },
  actions: {
    takePoint: assign(({ event }) => (event.type === 'point.set' ? { point: event.point, result: null, error: null, tooFar: null, insight: NO_INSIGHT } : {})),
  },
}).createMachine({
  id: 'pointStory',
  context: { target: null, point: null, inputs: null, choice: null, result: null, error: null, tooFar: null, insight: NO_INSIGHT },
  initial: 'unavailable',
  on: {
    'target.set': {
      guard: 'otherTarget',
      target: '.deciding',
      actions: [
        stopChild('insight'),
        assign(({ event }) => ({ target: event.target, inputs: null, choice: null, result: null, error: null, tooFar: null, insight: NO_INSIGHT })),
      ],
    },
    // Outside `ready` the point is only remembered: the story starts when the inputs are there.
    'point.set': { guard: 'otherPoint', actions: 'takePoint' },
    'xstate.done.actor.insight': {
      actions: assign(({ event }) => ({ insight: { status: 'added' as const, added: event.output as AddedFigure, error: null } })),
    },
    'xstate.error.actor.insight': {
      actions: assign(({ event }) => ({ insight: { status: 'failed' as const, added: null, error: asServerError(event.error) } })),
    },
  },
  states: {
    deciding: {
      always: [{ guard: ({ context }) => context.target !== null, target: 'loading' }, { target: 'unavailable' }],
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
      initial: 'deciding',
      on: {
        'point.set': [
          { guard: ({ event }) => event.point === null, target: '.waiting', actions: 'takePoint' },
          { guard: 'otherPoint', target: '.computing', actions: 'takePoint' },
        ],
        'choice.set': {
          target: '.deciding',
          actions: assign(({ context, event }) => ({
            choice: { ...context.choice!, ...event.choice },
            result: null,
            error: null,
            tooFar: null,
            insight: NO_INSIGHT,
          })),
        },
        'insight.add': {
          guard: ({ context }) => context.result !== null && context.insight.status !== 'adding',
          actions: [
            assign({ insight: { status: 'adding' as const, added: null, error: null } }),
            spawnChild('addToInsight', {
              id: 'insight',
              input: ({ context, event }) => ({
                target: context.target!,
                insightId: event.type === 'insight.add' ? event.insightId : null,
                result: context.result!,
              }),
            }),
          ],
        },
      },
      states: {
        deciding: { always: [{ guard: 'hasPoint', target: 'computing' }, { target: 'waiting' }] },
        waiting: {},
        computing: {
          invoke: {
            src: 'computeStory',
            input: ({ context }) => ({ target: context.target!, inputs: context.inputs!, choice: context.choice!, point: context.point! }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'tooFar',
                target: 'tooFar',
                actions: assign({ tooFar: ({ event }) => (event.output as TooFar).message }),
              },
              { target: 'shown', actions: assign({ result: ({ event }) => (event.output as { kind: 'story'; result: StoryResult }).result }) },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
          },
        },
        shown: {},
        tooFar: {},
        failed: { on: { retry: { target: 'computing', actions: assign({ error: null }) } } },
      },
    },
  },
});
