/**
 * A scenario's simulations as the details dialog shows them: each with its status, what
 * the ingested results recorded about the model or solver (ml-/cfd-version-info, never invented),
 * and the actions an engineer takes on one simulation — ask again for machine-learning results
 * (resubmit-ml), cancel one still waiting for external results (its reserved credits come back)
 * and download the parameter-input QA report (a PDF of every input).
 *
 *   simulationDetails
 *   ├── loading       invokes loadDetails(projectId, configurationId)
 *   ├── ready         details.reload → loading; resubmit → resubmitting; simulation.cancel → cancelling;
 *   │                 report.download → downloading
 *   ├── resubmitting  invokes resubmitMl; done → loading (the status changed); error → ready + message
 *   ├── cancelling    invokes cancelSimulation; done → loading with the credits returned; error → ready + message
 *   ├── downloading   invokes downloadReport; done/error → ready (error keeps a message)
 *   └── failed        details.reload → loading
 *
 * Owned by src/screens/simulation-details/simulation-details-dialog.tsx.
 */
import { assign, fromPromise, setup } from 'xstate';
import { asServerError, errorMessage } from '../shared/actors.ts';

export type VersionKind = 'ml' | 'cfd';

export interface SimulationRow {
  id: number;
  category: string;
  engine: 'AI' | 'CFD';
  status: string;
  statusText: string;
  computedByCanopy: boolean;
  /** What the ingested results recorded; null for analyses Canopy computes itself. */
  version: { kind: VersionKind; recorded: boolean; name: string | null; version: string | null; ingestedAt: string | null } | null;
}

export interface DetailsRef {
  projectId: number;
  configurationId: number;
}

export interface SimulationDetailsContext extends DetailsRef {
  rows: SimulationRow[];
  error: string | null;
  /** The last action's outcome, for the live region. */
  notice: string | null;
}

export type SimulationDetailsEvent =
  | { type: 'details.reload' }
  | { type: 'resubmit'; simulationId: number }
  | { type: 'simulation.cancel'; simulationId: number }
  | { type: 'report.download'; simulationId: number };

const notProvided = (name: string) => async () => {
  throw new Error(`${name} actor not provided`);
};

/** Machine-learning results can be asked for again once submitted: while awaited, after a failure, or to replace them (the server's rule in resubmit-ml/). */
export function mayResubmit(row: SimulationRow): boolean {
  // Not a cancelled one: its reserved credits were returned (server/src/contexts/scenarios/latest-status.ts).
  // Not a completed one either: its results are in, and 'Request again' beside 'Completed' reads as a
  // contradiction.
  return row.engine === 'AI' && !row.computedByCanopy && ['awaiting_external_results', 'failed'].includes(row.status);
}

const CFD_WIND = ['pedestrian_wind_comfort', 'directional_wind'];

/**
 * Results still awaited from outside can be given up on (the credits reserved for them are
 * returned), and so can Canopy's own CFD wind run while it is queued or running (the credits of the
 * directions not computed come back): the server's rule in …/simulation/{sid}/cancel.
 */
export function mayCancel(row: SimulationRow): boolean {
  if (!row.computedByCanopy) return row.status === 'awaiting_external_results';
  return row.engine === 'CFD' && CFD_WIND.includes(row.category) && ['queued', 'running'].includes(row.status);
}

export const simulationDetailsMachine = setup({
  types: {
    context: {} as SimulationDetailsContext,
    events: {} as SimulationDetailsEvent,
    input: {} as DetailsRef,
  },
  actors: {
    loadDetails: fromPromise<SimulationRow[], DetailsRef>(notProvided('loadDetails')),
    resubmitMl: fromPromise<void, DetailsRef & { simulationId: number }>(notProvided('resubmitMl')),
    /** Resolves with the credits returned. */
    cancelSimulation: fromPromise<number, DetailsRef & { simulationId: number }>(notProvided('cancelSimulation')),
    downloadReport: fromPromise<void, { simulationId: number }>(notProvided('downloadReport')),
  },
  actions: {
    keepRows: assign((_, params: { rows: SimulationRow[] }) => ({ rows: params.rows, error: null })),
    reject: assign((_, params: { error: unknown }) => ({ error: errorMessage(asServerError(params.error)) })),
    note: assign((_, params: { notice: string | null }) => ({ notice: params.notice })),
  },
}).createMachine({
  id: 'simulationDetails',
  context: ({ input }) => ({ ...input, rows: [], error: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDetails',
        input: ({ context }) => ({ projectId: context.projectId, configurationId: context.configurationId }),
        onDone: { target: 'ready', actions: { type: 'keepRows', params: ({ event }) => ({ rows: event.output }) } },
        onError: { target: 'failed', actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'details.reload': 'loading',
        resubmit: {
          guard: ({ context, event }) => context.rows.some((r) => r.id === event.simulationId && mayResubmit(r)),
          target: 'resubmitting',
        },
        'simulation.cancel': {
          guard: ({ context, event }) => context.rows.some((r) => r.id === event.simulationId && mayCancel(r)),
          target: 'cancelling',
        },
        'report.download': 'downloading',
      },
    },
    cancelling: {
      entry: { type: 'note', params: { notice: null } },
      invoke: {
        src: 'cancelSimulation',
        input: ({ context, event }) => ({
          projectId: context.projectId,
          configurationId: context.configurationId,
          simulationId: (event as { simulationId: number }).simulationId,
        }),
        onDone: {
          target: 'loading',
          actions: {
            type: 'note',
            params: ({ event }) => ({
              notice: `Cancelled. ${event.output === 1 ? '1 reserved credit was' : `${event.output} reserved credits were`} returned.`,
            }),
          },
        },
        onError: { target: 'ready', actions: { type: 'note', params: ({ event }) => ({ notice: errorMessage(asServerError(event.error)) }) } },
      },
    },
    resubmitting: {
      entry: { type: 'note', params: { notice: null } },
      invoke: {
        src: 'resubmitMl',
        input: ({ context, event }) => ({
          projectId: context.projectId,
          configurationId: context.configurationId,
          simulationId: (event as { simulationId: number }).simulationId,
        }),
        onDone: { target: 'loading', actions: { type: 'note', params: { notice: 'Machine-learning results requested again.' } } },
        onError: { target: 'ready', actions: { type: 'note', params: ({ event }) => ({ notice: errorMessage(asServerError(event.error)) }) } },
      },
    },
    downloading: {
      entry: { type: 'note', params: { notice: null } },
      invoke: {
        src: 'downloadReport',
        input: ({ event }) => ({ simulationId: (event as { simulationId: number }).simulationId }),
        onDone: { target: 'ready', actions: { type: 'note', params: { notice: 'QA report downloaded.' } } },
        onError: { target: 'ready', actions: { type: 'note', params: ({ event }) => ({ notice: errorMessage(asServerError(event.error)) }) } },
      },
    },
    failed: { on: { 'details.reload': 'loading' } },
  },
});

/** What the row says about the results' model or solver; consistent with the status. */
export function recordedText(row: SimulationRow): string {
  if (!row.version) return 'Computed by Canopy';
  const what = row.version.kind === 'ml' ? 'Model' : 'Solver';
  if (row.version.recorded) return `${what}: ${row.version.name ?? 'unnamed'}${row.version.version ? ` ${row.version.version}` : ''}`;
  if (row.status === 'completed') return `${what}: not named by the imported results`;
  if (row.status === 'cancelled') return 'No results (cancelled)';
  return `${what}: known once the results are imported`;
}
