/**
 * A PDF export (SPEC §2 PDF creation loading screen, §7 POST /api/export-pdf/), saved
 * under the project's and the report's names (not a bare downloaded.pdf): one insight or
 * one report at a time. While `exporting`, the screen shows the
 * 'Creating PDF' screen and a second request is ignored; a failure keeps the message for the
 * screen and shows a danger toast. Owned by the Insights mode (an insight's 'Download PDF') and the
 * report container. The toast goes through the relay spawned as system id 'toast'
 * (machines/toast/toast-relay.ts): the context holds no actor reference.
 *
 *   pdfExport
 *   ├── idle        pdf.export → exporting
 *   └── exporting   exportPdf (creates the PDF and saves it) → idle
 */
import { assign, enqueueActions, setup } from 'xstate';
import { pdfFileName, type ExportPdfRequest } from '@canopy/contract/insights.ts';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';
import type { ToastSink } from '@machines/layer-filter/layer-filter.types.ts';
import { TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';

export const PDF_FAILED = 'The PDF could not be created.';

/** `filename`: what the download is saved as (pdfFileName: the project's and the report's names). */
export type PdfExportEvent = { type: 'pdf.export'; request: ExportPdfRequest; filename: string };

/** What the export actor is given: the request, and the name the answer is saved under. */
export interface PdfExportInput {
  request: ExportPdfRequest;
  filename: string;
}

export interface PdfExportContext {
  request: ExportPdfRequest | null;
  filename: string | null;
  error: string | null;
}

export const pdfExportMachine = setup({
  types: {
    context: {} as PdfExportContext,
    events: {} as PdfExportEvent,
    input: {} as { toasts?: ToastSink } | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /api/export-pdf/ and save the answer under its file name. */
    exportPdf: notProvided<void, PdfExportInput>('exportPdf'),
    toastRelay,
  },
  actions: {
    /** Stores the message and shows it as a danger toast. */
    fail: enqueueActions(({ enqueue, system }, error: unknown) => {
      const detail = errorMessage(asServerError(error), PDF_FAILED);
      enqueue.assign({ error: detail ?? PDF_FAILED, request: null });
      const toasts = system.get(TOAST_SYSTEM_ID);
      const show: ToastEvent = {
        type: 'toast.show',
        toast: { tone: 'danger', title: PDF_FAILED, description: detail && detail !== PDF_FAILED ? detail : undefined },
      };
      if (toasts) enqueue.sendTo(toasts, show);
    }),
  },
}).createMachine({
  id: 'pdfExport',
  context: ({ input, spawn, self }) => {
    // One relay per actor system: a parent that already has one (the viewer workspace) lends it.
    if (!self.system.get(TOAST_SYSTEM_ID)) spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input?.toasts ?? null });
    return { request: null, filename: null, error: null };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pdf.export': { target: 'exporting', actions: assign(({ event }) => ({ request: event.request, filename: event.filename, error: null })) },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'exportPdf',
        input: ({ context }) => ({ request: context.request!, filename: context.filename ?? pdfFileName('') }),
        onDone: { target: 'idle', actions: assign({ request: null, filename: null }) },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
