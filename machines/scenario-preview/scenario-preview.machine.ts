/**
 * The scenario preview (the wizard's geometry and validation steps): the scenario's geometry files
 * read for drawing, the validation finding the user picked (and each request to look at it), and,
 * for a scenario Canopy's CFD computes, the wind tunnel the solver would build — the server's plan
 * for the chosen tier (POST cfd-estimate/), drawn for one wind direction at a time.
 *
 *   scenarioPreview (parallel)
 *   ├── geometry
 *   │   ├── loading   the files not read yet are read (tag `loading`); `files.change` meanwhile starts again
 *   │   └── idle      every file read or failed (failed ones named); `retry` reads the failed ones again
 *   └── extent
 *       ├── off       not a Canopy CFD scenario (or no study file yet)
 *       ├── waiting   a change came in; after a short pause → loading (clicking through asks once)
 *       ├── loading   the plan is asked for (tag `loading`)
 *       ├── ready     the plan is drawn; `wind.choose` turns it
 *       ├── refused   the server's words (a grid too large, a file the solver cannot take)
 *       └── failed    network or server error: `retry`
 *
 * Where the camera looks is the machine's `framing`: what to take in (the whole scene, the picked
 * finding or the tunnel) and a request count the canvas answers once each, whenever its 3D view is
 * ready. The user's latest ask wins over anything that arrives on its own: picking a finding (again
 * and again) flies to it, and a plan answered afterwards is drawn without stepping back from the
 * finding; choosing a wind direction, or changing what the plan is for, shows the tunnel whole.
 */
import { assign, setup } from 'xstate';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';
import type { CfdEstimateRequest } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import { refusalOf } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import type { GeometryRole } from '@machines/scenario-wizard/scenario-wizard.types.ts';

export const EXTENT_SETTLE_MS = 300;

export interface PreviewFile {
  uploadId: number;
  filename: string;
  role: GeometryRole;
}

export interface LoadGeometryInput {
  projectId: number;
  files: PreviewFile[];
}

/** One file read: its triangle soup (xyz × 3 per triangle, site metres), or why it could not be. */
export type LoadedFile = { uploadId: number; positions: Float32Array } | { uploadId: number; message: string };

export interface PreviewInput {
  projectId: number;
  files: PreviewFile[];
  findings: GeometryFinding[];
  /** The estimate request of a Canopy CFD scenario; null for any other. */
  extent: CfdEstimateRequest | null;
}

/** What the camera takes in: the whole scene, the picked finding, or the wind tunnel. */
export type FramingTarget = 'scene' | 'finding' | 'tunnel';

export interface Framing {
  on: FramingTarget;
  /** Counts the requests; the canvas moves the camera once for each. */
  request: number;
}

export interface PreviewContext {
  projectId: number;
  files: PreviewFile[];
  /** Upload id → triangle soup, for the files read. */
  soups: ReadonlyMap<number, Float32Array>;
  /** Upload id → why it could not be read. */
  failures: ReadonlyMap<number, string>;
  findings: GeometryFinding[];
  selectedId: string | null;
  framing: Framing;
  extentRequest: CfdEstimateRequest | null;
  estimate: CfdEstimateResponse | null;
  extentMessage: string | null;
  /** The wind direction the tunnel is drawn for (from, clockwise from north). */
  windFromDeg: number;
}

export type PreviewEvent =
  | { type: 'files.change'; files: PreviewFile[] }
  | { type: 'findings.change'; findings: GeometryFinding[] }
  | { type: 'finding.select'; id: string }
  | { type: 'extent.change'; request: CfdEstimateRequest | null }
  | { type: 'wind.choose'; windFromDeg: number }
  | { type: 'retry' };

const sameFiles = (a: readonly PreviewFile[], b: readonly PreviewFile[]) =>
  a.length === b.length && a.every((f, i) => f.uploadId === b[i]!.uploadId && f.role === b[i]!.role);

/** The files still to read: neither read nor failed. */
export const unread = (c: Pick<PreviewContext, 'files' | 'soups' | 'failures'>) =>
  c.files.filter((f) => !c.soups.has(f.uploadId) && !c.failures.has(f.uploadId));

export const scenarioPreviewMachine = setup({
  types: {
    context: {} as PreviewContext,
    events: {} as PreviewEvent,
    input: {} as PreviewInput,
    tags: {} as 'loading',
  },
  actors: {
    loadGeometry: notProvided<LoadedFile[], LoadGeometryInput>('loadGeometry'),
    estimateExtent: notProvided<CfdEstimateResponse, CfdEstimateRequest>('estimateExtent'),
  },
  delays: { settle: EXTENT_SETTLE_MS },
  guards: {
    changedFiles: ({ context, event }) => event.type === 'files.change' && !sameFiles(context.files, event.files),
    hasUnread: ({ context }) => unread(context).length > 0,
    noExtent: ({ context }) => context.extentRequest === null,
    refused: (_, { error }: { error: unknown }) => refusalOf(asServerError(error)) !== null,
  },
  actions: {
    keepFiles: assign(({ context, event }) => {
      if (event.type !== 'files.change') return {};
      const ids = new Set(event.files.map((f) => f.uploadId));
      // Soups of files no longer in the scenario are let go.
      return {
        files: event.files,
        soups: new Map([...context.soups].filter(([id]) => ids.has(id))),
        failures: new Map([...context.failures].filter(([id]) => ids.has(id))),
      };
    }),
    keepLoaded: assign(({ context }, loaded: LoadedFile[]) => {
      const soups = new Map(context.soups);
      const failures = new Map(context.failures);
      const wanted = new Set(context.files.map((f) => f.uploadId));
      for (const file of loaded) {
        if (!wanted.has(file.uploadId)) continue;
        if ('positions' in file) soups.set(file.uploadId, file.positions);
        else failures.set(file.uploadId, file.message);
      }
      // A file asked for and not answered is not asked for again and again.
      for (const file of unread(context)) if (!soups.has(file.uploadId) && !failures.has(file.uploadId)) failures.set(file.uploadId, 'no answer for it');
      return { soups, failures };
    }),
    forgetFailures: assign({ failures: () => new Map<number, string>() }),
    // A tunnel that arrives is shown whole unless the user is looking at a finding they picked.
    frameArrivedTunnel: assign(({ context }) =>
      context.framing.on === 'finding' ? {} : { framing: { on: 'tunnel' as const, request: context.framing.request + 1 } },
    ),
  },
}).createMachine({
  id: 'scenarioPreview',
  type: 'parallel',
  context: ({ input }) => ({
    projectId: input.projectId,
    files: input.files,
    soups: new Map(),
    failures: new Map(),
    findings: input.findings,
    selectedId: null,
    framing: { on: 'scene', request: 0 },
    extentRequest: input.extent,
    estimate: null,
    extentMessage: null,
    windFromDeg: 0,
  }),
  on: {
    'findings.change': {
      actions: assign(({ context, event }) => {
        const kept = event.findings.some((f) => f.id === context.selectedId);
        // A picked finding that went away no longer holds the view.
        const framing = !kept && context.framing.on === 'finding' ? { ...context.framing, on: 'scene' as const } : context.framing;
        return { findings: event.findings, selectedId: kept ? context.selectedId : null, framing };
      }),
    },
    'finding.select': {
      guard: ({ context, event }) => context.findings.some((f) => f.id === event.id),
      actions: assign(({ context, event }) => ({ selectedId: event.id, framing: { on: 'finding' as const, request: context.framing.request + 1 } })),
    },
    'wind.choose': {
      actions: assign(({ context, event }) => ({
        windFromDeg: ((event.windFromDeg % 360) + 360) % 360,
        framing: { on: 'tunnel' as const, request: context.framing.request + 1 },
      })),
    },
  },
  states: {
    geometry: {
      initial: 'checking',
      on: { 'files.change': { guard: 'changedFiles', target: '.checking', actions: 'keepFiles' } },
      states: {
        checking: { always: [{ guard: 'hasUnread', target: 'loading' }, { target: 'idle' }] },
        loading: {
          tags: 'loading',
          invoke: {
            src: 'loadGeometry',
            input: ({ context }) => ({ projectId: context.projectId, files: unread(context) }),
            onDone: { target: 'checking', actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                failures: new Map([
                  ...context.failures,
                  ...unread(context).map((f): [number, string] => [
                    f.uploadId,
                    errorMessage(asServerError(event.error), 'it could not be read') ?? 'it could not be read',
                  ]),
                ]),
              })),
            },
          },
        },
        idle: { on: { retry: { target: 'checking', actions: 'forgetFailures' } } },
      },
    },
    extent: {
      initial: 'starting',
      on: {
        'extent.change': {
          target: '.starting',
          reenter: true,
          // The user changed what the plan is for: its tunnel is shown whole when it arrives.
          actions: assign(({ context, event }) => ({
            extentRequest: event.request,
            estimate: null,
            extentMessage: null,
            framing: context.framing.on === 'finding' ? { ...context.framing, on: 'scene' as const } : context.framing,
          })),
        },
      },
      states: {
        starting: { always: [{ guard: 'noExtent', target: 'off' }, { target: 'waiting' }] },
        off: {},
        waiting: { tags: 'loading', after: { settle: 'loading' } },
        loading: {
          tags: 'loading',
          invoke: {
            src: 'estimateExtent',
            input: ({ context }) => context.extentRequest!,
            onDone: { target: 'ready', actions: [assign(({ event }) => ({ estimate: event.output, extentMessage: null })), 'frameArrivedTunnel'] },
            onError: [
              {
                guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: assign(({ event }) => ({ extentMessage: refusalOf(asServerError(event.error)) })),
              },
              {
                target: 'failed',
                actions: assign(({ event }) => ({ extentMessage: errorMessage(asServerError(event.error), 'The wind tunnel could not be worked out.') })),
              },
            ],
          },
        },
        ready: {},
        refused: {},
        failed: { on: { retry: 'loading' } },
      },
    },
  },
});
