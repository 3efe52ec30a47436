/**
 * The CFD estimate of the wizard's cost step: what Canopy's solver will take for the
 * scenario's geometry, resolution tier and number of directions — cells, memory, minutes per
 * direction and in all, credits — from POST /api/project/{id}/cfd-estimate/, one per CFD analysis.
 * Asked again whenever the choice changes (after a short pause, so clicking through the options
 * asks once); a grid too large for the tier, or a file the solver cannot take, is the server's
 * refusal with its numbers and the way out.
 *
 *   cfdEstimate     `request.change` from anywhere → starting
 *   ├── starting    (transient) off when no analysis is Canopy's CFD, else waiting
 *   ├── off         the scenario has no analysis Canopy's CFD computes
 *   ├── waiting     a change came in; `settle` later → loading
 *   ├── loading     the estimate routes answer (a change meanwhile drops the answer: → starting)
 *   ├── ready       the estimates are shown
 *   ├── refused     400: the server's words (cfd_tier: too large; a file's field: not voxelisable)
 *   └── failed      network or server error: `retry`
 *
 * starting, waiting and loading carry the tag `estimating` (the view's one "working it out" phase).
 * Tells the wizard whether the current choice fits (`cfd.estimated`), which it needs to let the
 * choice be applied. Invoked by scenario-wizard.machine.ts in its cost state.
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { CfdAnalysis } from './cfd-choice.ts';
import type { WizardValues } from './scenario-wizard.types.ts';

export type { CfdEstimateResponse };

export const ESTIMATE_SETTLE_MS = 300;

export interface CfdEstimateRequest {
  projectId: number;
  values: WizardValues;
  analyses: CfdAnalysis[];
}

export interface CfdEstimateLine {
  analysis_type: CfdAnalysis;
  estimate: CfdEstimateResponse;
}

export interface CfdEstimateContext {
  request: CfdEstimateRequest;
  lines: CfdEstimateLine[];
  /** Why the server refused the choice, in its words (with the numbers and the way out). */
  refusal: string | null;
  error: ServerError | null;
}

export type CfdEstimateEvent = { type: 'request.change'; request: CfdEstimateRequest } | { type: 'retry' };

/** A 400 with field errors is the server refusing this geometry or tier; anything else is a failure. */
export function refusalOf(error: ServerError): string | null {
  if (error.kind !== 'http' || error.status !== 400) return null;
  const messages = Object.values(error.fields).flat();
  return messages.length ? messages.join(' ') : error.detail;
}

export const cfdEstimateMachine = setup({
  types: {
    context: {} as CfdEstimateContext,
    events: {} as CfdEstimateEvent,
    input: {} as CfdEstimateRequest,
    tags: {} as 'estimating',
  },
  actors: {
    estimateCfd: notProvided<CfdEstimateLine[], CfdEstimateRequest>('estimateCfd'),
  },
  delays: { settle: ESTIMATE_SETTLE_MS },
  guards: {
    noCfd: ({ context }) => context.request.analyses.length === 0,
    /** A 400 whose words the user can act on (a tier too fine, a file the solver cannot take). */
    refused: (_, { error }: { error: unknown }) => refusalOf(asServerError(error)) !== null,
  },
  actions: {
    takeRequest: assign(({ event }) => {
      assertEvent(event, 'request.change');
      return { request: event.request };
    }),
    keepLines: assign((_, lines: CfdEstimateLine[]) => ({ lines, refusal: null, error: null })),
    keepRefusal: assign((_, { error }: { error: unknown }) => ({ lines: [], refusal: refusalOf(asServerError(error)), error: null })),
    keepError: assign((_, { error }: { error: unknown }) => ({ lines: [], refusal: null, error: asServerError(error) })),
    tellFits: sendParent(({ context }) => ({ type: 'cfd.estimated' as const, fits: context.lines.length > 0 && context.refusal === null })),
    tellUnknown: sendParent({ type: 'cfd.estimated' as const, fits: false }),
  },
}).createMachine({
  id: 'cfdEstimate',
  context: ({ input }) => ({ request: input, lines: [], refusal: null, error: null }),
  initial: 'starting',
  on: { 'request.change': { target: '.starting', actions: ['takeRequest', 'tellUnknown'] } },
  states: {
    starting: { tags: 'estimating', always: [{ guard: 'noCfd', target: 'off' }, { target: 'waiting' }] },
    off: {},
    waiting: { tags: 'estimating', after: { settle: 'loading' } },
    loading: {
      tags: 'estimating',
      invoke: {
        src: 'estimateCfd',
        input: ({ context }) => context.request,
        onDone: { target: 'ready', actions: [{ type: 'keepLines', params: ({ event }) => event.output }, 'tellFits'] },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: [{ type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) }, 'tellFits'],
          },
          { target: 'failed', actions: [{ type: 'keepError', params: ({ event }) => ({ error: event.error }) }, 'tellFits'] },
        ],
      },
    },
    ready: {},
    refused: {},
    failed: { on: { retry: 'loading' } },
  },
});
