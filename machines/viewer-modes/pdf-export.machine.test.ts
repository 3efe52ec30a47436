import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import type { ExportPdfRequest } from '@canopy/contract/insights.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import { PDF_FAILED, pdfExportMachine, type PdfExportInput } from './pdf-export.machine.ts';
import { selectExporting, selectPdfError } from './pdf-export.selectors.ts';

function start(run: (request: ExportPdfRequest) => Promise<void>) {
  const toasts: ToastEvent[] = [];
  const requests: ExportPdfRequest[] = [];
  const names: string[] = [];
  const machine = pdfExportMachine.provide({
    actors: {
      exportPdf: fromPromise<void, PdfExportInput>(({ input }) => {
        requests.push(input.request);
        names.push(input.filename);
        return run(input.request);
      }),
    },
  });
  const actor = createActor(machine, { input: { toasts: { send: (e) => toasts.push(e) } } }).start();
  return { actor, toasts, requests, names };
}

const insightPdf: ExportPdfRequest = { project_id: 1, study_id: 2, insight_id: 3 };

describe('PDF export machine', () => {
  it('exports one request at a time: a second click while creating is ignored', async () => {
    let finish = () => undefined as void;
    const { actor, requests, toasts, names } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'pdf.export', request: insightPdf, filename: 'Towers - Plaza.pdf' });
    expect(selectExporting(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'pdf.export', request: { ...insightPdf, insight_id: 4 }, filename: 'Towers - Other.pdf' });
    finish();
    await waitFor(actor, (s) => !selectExporting(s));
    expect(requests).toEqual([insightPdf]);
    expect(names).toEqual(['Towers - Plaza.pdf']);
    expect(toasts).toEqual([]);
    expect(selectPdfError(actor.getSnapshot())).toBeNull();
  });

  it('a refusal keeps the server’s message and shows a danger toast; the next export clears it', async () => {
    let fail = true;
    const { actor, toasts } = start(async () => {
      if (fail) throw { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };
    });
    actor.send({ type: 'pdf.export', request: insightPdf, filename: 'Towers - Plaza.pdf' });
    await waitFor(actor, (s) => !selectExporting(s));
    expect(selectPdfError(actor.getSnapshot())).toBe('Not found.');
    expect(toasts).toEqual([{ type: 'toast.show', toast: { tone: 'danger', title: PDF_FAILED, description: 'Not found.' } }]);
    fail = false;
    actor.send({ type: 'pdf.export', request: insightPdf, filename: 'Towers - Plaza.pdf' });
    expect(selectPdfError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => !selectExporting(s));
    expect(selectPdfError(actor.getSnapshot())).toBeNull();
  });

  it('keeps no actor in its context and shows the toast from an action, not from a pure transition', async () => {
    const { actor, toasts } = start(() => new Promise<void>(() => undefined));
    expect(actor.system.get('toast')).toBeDefined();
    actor.send({ type: 'pdf.export', request: insightPdf, filename: 'Towers - Plaza.pdf' });
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    const failed = getNextSnapshot(pdfExportMachine, actor.getSnapshot(), {
      type: 'xstate.error.actor.0.pdfExport.exporting',
      error: new Error('HTTP 500'),
    } as never);
    expect(failed.context.error).toBe('HTTP 500');
    expect(toasts).toEqual([]);
  });
});
