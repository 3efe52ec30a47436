/**
 * One uploaded model (OBJ, glTF/GLB, IFC, 3DM) becoming a geometry file: where the file does not
 * say its units (OBJ) the user chooses them and the up-axis first; then POST geometry-import/
 * reads it on the server into a binary STL in metres, Z-up, and the machine emits `imported` with
 * that file for the wizard to attach. A file the server refuses shows the server's words (they
 * name the file and the fault); the user may change the units and try again, or remove it.
 *
 *   modelImport
 *   ├── starting   (transient) asking when the format carries no units, else importing
 *   ├── asking     `units.set`, `upAxis.set`; `import` → importing
 *   ├── importing  the server reads the file (tag `busy`); `progress` events from the project's
 *   │              event stream (geometry.import) say how far it is
 *   ├── refused    400 or failure: the message; `retry` → starting
 *   └── done       (final) `imported` emitted
 */
import { assign, emit, setup } from 'xstate';
import { asServerError, errorMessage, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { FORMAT_FACTS, modelFormatOf } from '@canopy/engine/geometry/import/model-format.ts';
import type { LengthUnit } from '@canopy/engine/geometry/import/units.ts';
import type { ModelImportResult } from '@canopy/contract/geometry-import.ts';

export interface ImportedFile {
  upload_id: number;
  filename: string;
  size: number;
}

export interface ModelImportInput {
  projectId: number;
  file: ImportedFile;
}

export interface ModelImportRequest {
  projectId: number;
  uploadId: number;
  units?: LengthUnit;
  upAxis?: 'z' | 'y';
}

export interface ModelImportContext extends ModelImportInput {
  units: LengthUnit;
  upAxis: 'z' | 'y';
  result: ModelImportResult | null;
  message: string | null;
  /** How much of the file the server has read (0–100) while importing; null before it says. */
  percent: number | null;
}

export type ModelImportEvent =
  | { type: 'units.set'; units: LengthUnit }
  | { type: 'upAxis.set'; upAxis: 'z' | 'y' }
  | { type: 'import' }
  | { type: 'retry' }
  | { type: 'progress'; percent: number };

export type ModelImportEmitted = { type: 'imported'; source: ImportedFile; file: ImportedFile; result: ModelImportResult };

/** Whether the user must say the units (the format does not carry them). */
export function asksUnits(filename: string): boolean {
  const format = modelFormatOf(filename);
  return format !== null && !FORMAT_FACTS[format].unitsInFile;
}

/** The server's words for a file it refused (they name the file and the fault), else the general message. */
function messageOf(error: ServerError): string {
  const messages = Object.values(error.fields).flat();
  if (messages.length) return messages.join(' ');
  return errorMessage(error, 'The import failed. Try again.') ?? 'The import failed. Try again.';
}

export const modelImportMachine = setup({
  types: {
    context: {} as ModelImportContext,
    events: {} as ModelImportEvent,
    input: {} as ModelImportInput,
    emitted: {} as ModelImportEmitted,
    tags: {} as 'busy',
  },
  actors: { importModel: notProvided<ModelImportResult, ModelImportRequest>('importModel') },
  guards: { asksUnits: ({ context }) => asksUnits(context.file.filename) },
}).createMachine({
  id: 'modelImport',
  context: ({ input }) => ({ ...input, units: 'm', upAxis: 'z', result: null, message: null, percent: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'asksUnits', target: 'asking' }, { target: 'importing' }] },
    asking: {
      on: {
        'units.set': { actions: assign(({ event }) => ({ units: event.units })) },
        'upAxis.set': { actions: assign(({ event }) => ({ upAxis: event.upAxis })) },
        import: 'importing',
      },
    },
    importing: {
      tags: 'busy',
      entry: assign({ percent: null }),
      on: {
        // Events may arrive out of order over the stream: the bar only moves forward.
        progress: {
          actions: assign(({ context, event }) => ({ percent: Math.max(context.percent ?? 0, Math.min(100, Math.max(0, Math.round(event.percent)))) })),
        },
      },
      invoke: {
        src: 'importModel',
        input: ({ context }) => ({
          projectId: context.projectId,
          uploadId: context.file.upload_id,
          ...(asksUnits(context.file.filename) ? { units: context.units, upAxis: context.upAxis } : {}),
        }),
        onDone: {
          target: 'done',
          actions: [
            assign(({ event }) => ({ result: event.output, message: null })),
            emit(({ context, event }) => ({
              type: 'imported' as const,
              source: context.file,
              file: { upload_id: event.output.upload_id, filename: event.output.filename, size: event.output.size },
              result: event.output,
            })),
          ],
        },
        onError: { target: 'refused', actions: assign(({ event }) => ({ message: messageOf(asServerError(event.error)) })) },
      },
    },
    refused: {
      on: {
        retry: 'starting',
        'units.set': { actions: assign(({ event }) => ({ units: event.units })) },
        'upAxis.set': { actions: assign(({ event }) => ({ upAxis: event.upAxis })) },
      },
    },
    done: { type: 'final' },
  },
});
