/**
 * PDF text wrapping is linear in the text's length: a 100,000-character word is wrapped with at most
 * one width measurement per distinct character (the measure counted at the font, not timed), every
 * line fits, nothing is lost; and over HTTP an insight whose text is one 20,000-character word (the
 * API's limit) exports — it held the event loop for hours when wrapping was cubic. The export is laid
 * out and saved in the heavy-work pool as one task, within a time limit (past it: 413).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { buildVisibilityWorld, pdfToText, popplerAvailable, type VisibilityWorld } from '../../../../test/world-insights.ts';
import type { Insight } from '@canopy/contract/insights.ts';
import { loadFonts } from './fonts.ts';
import { PdfWriter } from './writer.ts';
import { renderPdf, type PdfPlan } from './render.ts';
import { PDF_RENDER_TIME_LIMIT_MS } from './export.ts';

/** The font with its width measurements counted: calls, and characters measured in all. */
function counted(font: PDFFont, limit: number) {
  const count = { calls: 0, characters: 0 };
  const proxy = new Proxy(font, {
    get(target, key) {
      if (key !== 'widthOfTextAtSize') return Reflect.get(target, key, target) as unknown;
      return (text: string, size: number) => {
        count.calls += 1;
        count.characters += text.length;
        // A quadratic measure would pass this long before finishing: stop it rather than wait.
        if (count.characters > limit) throw new Error(`more than ${limit} characters measured: wrapping is not linear`);
        return target.widthOfTextAtSize(text, size);
      };
    },
  });
  return { font: proxy, count };
}

describe('wrapping', () => {
  let writer: PdfWriter;
  beforeAll(async () => {
    const doc = await PDFDocument.create();
    writer = new PdfWriter(doc, await loadFonts(doc), 'A4');
  });

  it('cuts a 100,000-character word measuring each distinct character once', () => {
    const word = Array.from({ length: 100_000 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[i % 36]).join('');
    const { font, count } = counted(writer.fonts.regular, word.length);
    const lines = writer.wrap(word, font, 11);
    expect(count.calls).toBeLessThanOrEqual(36 + 1);
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(writer.fonts.regular.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(writer.contentWidth + 1e-6);
    // Each line is full: one more character would not fit.
    for (const [i, line] of lines.slice(0, -1).entries())
      expect(writer.fonts.regular.widthOfTextAtSize(line + lines[i + 1]![0]!, 11)).toBeGreaterThan(writer.contentWidth);
  });

  it('measures in proportion to the text for many words and paragraphs, and wraps as before', () => {
    const text = Array.from({ length: 5_000 }, (_, i) => (i % 97 === 0 ? 'Paragraph\nstarts' : `word${i % 13}`)).join(' ');
    const { font, count } = counted(writer.fonts.regular, text.length);
    const lines = writer.wrap(text, font, 10);
    expect(count.characters).toBeLessThanOrEqual(text.length);
    for (const line of lines) expect(writer.fonts.regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(writer.contentWidth + 1e-6);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(writer.wrap('two words\n\nafter a blank line', writer.fonts.regular, 10)).toEqual(['two words', '', 'after a blank line']);
  });
});

describe('exporting an insight whose text is one 20,000-character word', () => {
  let t: TestContext;
  let w: VisibilityWorld;
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildVisibilityWorld(t.deps);
  });
  afterAll(() => t?.close());

  it('answers the PDF, the word cut across lines', async () => {
    const word = 'W'.repeat(10_000) + 'i'.repeat(10_000);
    const created = await t.request(`/api/project/${w.projectId}/study/${w.studyId}/insight/`, {
      method: 'POST',
      token: w.ownerToken,
      json: { title: 'Long word', text: word },
    });
    expect(created.status).toBe(201);
    const insight = (await created.json()) as Insight;
    const res = await t.request('/api/export-pdf/', {
      method: 'POST',
      token: w.ownerToken,
      json: { project_id: w.projectId, study_id: w.studyId, insight_id: insight.id },
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    if (popplerAvailable()) {
      // The word runs across lines and pages (page numbers fall between): every character is there.
      const text = pdfToText(bytes).replace(/\s+/g, '');
      expect(text.match(/W/g)!.length).toBeGreaterThanOrEqual(10_000);
      expect(text).toContain('W'.repeat(500));
      expect(text).toContain('i'.repeat(500));
    }
  }, 120_000);

  it('is laid out and saved in the heavy-work pool, as one task within a time limit; past the limit it is a 413', async () => {
    const created = await t.request(`/api/project/${w.projectId}/study/${w.studyId}/insight/`, {
      method: 'POST',
      token: w.ownerToken,
      json: { title: 'Pooled', text: 'Some text.' },
    });
    const insight = (await created.json()) as Insight;
    const body = { project_id: w.projectId, study_id: w.studyId, insight_id: insight.id };
    const run = vi.spyOn(t.deps.heavy, 'run');
    try {
      const res = await t.request('/api/export-pdf/', { method: 'POST', token: w.ownerToken, json: body });
      expect(res.status).toBe(200);
      expect(run.mock.calls.map(([, task]) => task)).toEqual(['pdf.render']);
      expect((run.mock.calls[0]![2] as PdfPlan).timeLimitMs).toBe(PDF_RENDER_TIME_LIMIT_MS);
      // The same export with a limit already passed when the task starts.
      run.mockImplementation(async (_user, _task, plan) => (await renderPdf({ ...(plan as PdfPlan), timeLimitMs: -1 })) as never);
      const late = await t.request('/api/export-pdf/', { method: 'POST', token: w.ownerToken, json: body });
      expect({ status: late.status, body: await late.json() }).toEqual({
        status: 413,
        body: { detail: expect.stringMatching(/^The PDF could not be laid out within -0\.001 s; export fewer figures or smaller images/) },
      });
    } finally {
      run.mockRestore();
    }
  });
});
