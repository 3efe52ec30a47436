/**
 * The viewer's results import: files uploaded through the shared uploader wait here
 * until the user imports them into the selected simulation (PUT /api/ingestassets/appendresults).
 * GLB results are data layers (or geometry when the user says so), STL is geometry, CSV points
 * (`x,y,z,value`) are interpolated onto the chosen presentation plane. The server checks every file
 * and answers with the file's name and the problem; nothing is stored unless all files pass, so a
 * failed import keeps the pending files for a second try.
 *
 *   resultsImport
 *   ├── idle        file.uploaded / file.remove / file.set / import
 *   └── importing   appendResults → idle (appended += files; the screen reloads the simulation)
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { ResultFile, Simulation } from '@canopy/contract/viewer.ts';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';

export type ImportKind = 'data' | 'geometry';

export interface PendingFile {
  uploadId: number;
  filename: string;
  kind: ImportKind;
  metric: string;
  units: string;
}

export interface AppendRequest {
  projectId: number;
  simulationId: number;
  results: ResultFile[];
}

export interface ResultsImportContext {
  projectId: number;
  pending: PendingFile[];
  /** Names of files imported in this visit, newest last. */
  appended: string[];
  error: string | null;
}

export type ResultsImportEvent =
  | { type: 'file.uploaded'; uploadId: number; filename: string }
  | { type: 'file.remove'; uploadId: number }
  | { type: 'file.set'; uploadId: number; changes: Partial<Pick<PendingFile, 'kind' | 'metric' | 'units'>> }
  | { type: 'import'; simulationId: number | null; planeAssetId: number | null };

export const extensionOf = (filename: string) => filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** The check the browser can make before calling: the server repeats it and checks the contents. */
export function importProblem(files: readonly PendingFile[], simulationId: number | null, planeAssetId: number | null): string | null {
  if (files.length === 0) return 'Upload at least one result file first.';
  if (simulationId === null) return 'Select a simulation to add the results to.';
  for (const file of files) {
    const ext = extensionOf(file.filename);
    if (!['glb', 'stl', 'csv'].includes(ext)) return `${file.filename}: only GLB, STL and CSV points can be imported here`;
    if (ext === 'csv' && planeAssetId === null) return `${file.filename}: choose the presentation plane to interpolate the points onto`;
    if (ext === 'csv' && !file.metric.trim()) return `${file.filename}: give the metric the values are`;
  }
  return null;
}

/** The ingestion body of one pending file (docs/results-format.md). */
export function resultFileOf(file: PendingFile, planeAssetId: number | null): ResultFile {
  const ext = extensionOf(file.filename);
  const result: ResultFile = { upload_id: file.uploadId, layer_type: ext === 'stl' ? 'geometry' : file.kind };
  if (ext === 'stl' || file.kind === 'geometry') result.geometry_type = 'overlay';
  if (file.metric.trim()) result.metric = file.metric.trim();
  if (ext === 'csv') {
    result.presentation_plane_asset_id = planeAssetId as number;
    if (file.units.trim()) result.units = file.units.trim();
  }
  return result;
}

export const resultsImportMachine = setup({
  types: {
    context: {} as ResultsImportContext,
    events: {} as ResultsImportEvent,
    input: {} as { projectId: number },
    emitted: {} as { type: 'imported'; simulation: Simulation },
  },
  actors: {
    appendResults: notProvided<Simulation, AppendRequest>('appendResults'),
  },
  guards: {
    importable: ({ context, event }) => {
      assertEvent(event, 'import');
      return importProblem(context.pending, event.simulationId, event.planeAssetId) === null;
    },
  },
}).createMachine({
  id: 'resultsImport',
  context: ({ input }) => ({ projectId: input.projectId, pending: [], appended: [], error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'file.uploaded': {
          actions: assign({
            pending: ({ context, event }) => {
              const kind: ImportKind = extensionOf(event.filename) === 'stl' ? 'geometry' : 'data';
              return [
                ...context.pending.filter((f) => f.uploadId !== event.uploadId),
                { uploadId: event.uploadId, filename: event.filename, kind, metric: '', units: '' },
              ];
            },
            error: null,
          }),
        },
        'file.remove': { actions: assign({ pending: ({ context, event }) => context.pending.filter((f) => f.uploadId !== event.uploadId) }) },
        'file.set': {
          actions: assign({
            pending: ({ context, event }) => context.pending.map((f) => (f.uploadId === event.uploadId ? { ...f, ...event.changes } : f)),
          }),
        },
        import: [
          { guard: 'importable', target: 'importing' },
          {
            actions: assign({
              error: ({ context, event }) => importProblem(context.pending, event.simulationId, event.planeAssetId),
            }),
          },
        ],
      },
    },
    importing: {
      invoke: {
        src: 'appendResults',
        input: ({ context, event }) => {
          assertEvent(event, 'import');
          return {
            projectId: context.projectId,
            simulationId: event.simulationId as number,
            results: context.pending.map((f) => resultFileOf(f, event.planeAssetId)),
          };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ appended: [...context.appended, ...context.pending.map((f) => f.filename)], pending: [], error: null })),
            emit(({ event }) => ({ type: 'imported' as const, simulation: event.output })),
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorMessage(asServerError(event.error), 'The results could not be imported.') }) },
      },
    },
  },
});
