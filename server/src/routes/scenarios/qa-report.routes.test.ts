/** The parameter-input QA report: a real PDF (parsed back with pdf-lib) whose text lists the simulation's inputs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { pdfLayoutText as pageText, POPPLER as poppler } from '../../../test/pdf-layout-text.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

if (!poppler) console.warn('SKIPPING the QA report text check: pdftotext (poppler-utils) is not installed');

describe('GET /api/simulation/{id}/parameter-input-qa-report', () => {
  it('is a PDF listing every input: scenario, geometry files with their hashes, periods, validation', async () => {
    const res = await t.request(`/api/simulation/${w.scenarios.simulationId}/parameter-input-qa-report`, { token: w.tokens.colleague });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="parameter-input-qa-World_scenario-solar.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
    if (!poppler) return;
    const text = pageText(bytes).replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Parameter input QA report',
      'Scenario: World scenario',
      'Analysis: Solar',
      'Metrics: Sun hours on one date',
      'Status: Draft',
      'CFD parameters: none (not a CFD run)',
      'Study buildings: tower.stl',
      'Presentation planes: plane.stl',
      'Seasons: annual, summer',
      'Time windows: 08:00-18:00',
      'Single date: 2025-06-21',
      'Single-day hours: 06:00-20:00',
      'Minutes interval: 60',
      'Validation: not run',
      'Approval: not approved',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('is 404 for a simulation the user cannot see, and for none', async () => {
    expect((await t.request(`/api/simulation/${w.scenarios.simulationId}/parameter-input-qa-report`, { token: w.tokens.otherCompany })).status).toBe(404);
    expect((await t.request('/api/simulation/999999/parameter-input-qa-report', { token: w.tokens.superuser })).status).toBe(404);
  });
});
