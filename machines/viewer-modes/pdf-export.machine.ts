/**
 * A PDF export (issue 10; SPEC §2 PDF creation loading screen, §7 POST /api/export-pdf/ saved as
 * downloaded.pdf): one insight or one report at a time. While `exporting`, the screen shows the
 * 'Creating PDF' screen and a second request is ignored; a failure keeps the message for the
 * screen and shows a danger toast. Owned by the Insights mode (an insight's 'Download PDF') and the
 * report container.
 *
 *   pdfExport
 *   ├── idle        pdf.export → exporting
 *   └── exporting   exportPdf (creates the PDF and saves it) → idle
 */
import { assign, setup } from 'xstate';
import type { ExportPdfRequest } from '@canopy/contract/insights.ts';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';
import type { ToastSink } from '@machines/layer-filter/layer-filter.types.ts';

export const PDF_FAILED = 'The PDF could not be created.';

export type PdfExportEvent = { type: 'pdf.export'; request: ExportPdfRequest };

export interface PdfExportContext {
  request: ExportPdfRequest | null;
  error: string | null;
  toasts: ToastSink | null;
}

export const pdfExportMachine = setup({
  types: {
    context: {} as PdfExportContext,
    events: {} as PdfExportEvent,
    input: {} as { toasts?: ToastSink } | undefined,
  },
  actors: {
    /** POST /api/export-pdf/ and save the answer as downloaded.pdf. */
    exportPdf: notProvided<void, ExportPdfRequest>('exportPdf'),
  },
  actions: {
    fail: assign(({ context }, error: unknown) => {
      const detail = errorMessage(asServerError(error), PDF_FAILED);
      context.toasts?.send({ type: 'toast.show', toast: { tone: 'danger', title: PDF_FAILED, description: detail && detail !== PDF_FAILED ? detail : undefined } });
      return { error: detail ?? PDF_FAILED, request: null };
    }),
  },
}).createMachine({
  id: 'pdfExport',
  context: ({ input }) => ({ request: null, error: null, toasts: input?.toasts ?? null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'pdf.export': { target: 'exporting', actions: assign(({ event }) => ({ request: event.request, error: null })) } },
    },
    exporting: {
      invoke: {
        src: 'exportPdf',
        input: ({ context }) => context.request!,
        onDone: { target: 'idle', actions: assign({ request: null }) },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});

