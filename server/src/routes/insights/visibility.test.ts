/**
 * Who sees Draft insights and reports (SPEC §6), over HTTP against the real database: users
 * (superuser, same company with and without projects.add_insight, a consulting-company sharee, a
 * sharee of another company, a stranger) × status (Draft, Published) for the list, the detail, a
 * child route, reports (a Draft report, and a Published report holding a Draft insight's view) and
 * the PDF export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  buildVisibilityWorld,
  popplerAvailable,
  pdfToText,
  storeTestImage,
  testCardPng,
  VISIBILITY_USERS,
  type VisibilityUser,
  type VisibilityWorld,
} from '../../../test/world-insights.ts';
import type { Insight, Report } from '@canopy/contract/insights.ts';

let t: TestContext;
let w: VisibilityWorld;
const ids = { draft: 0, published: 0, publishedReport: 0, draftReport: 0, draftView: 0, publishedView: 0 };

/** Expected answers: 'drafts' sees both, 'published' only Published, 'none' not the project at all. */
const EXPECTED: Record<VisibilityUser, 'drafts' | 'published' | 'none'> = {
  superuser: 'drafts',
  sameCompanyWithPermission: 'drafts',
  sameCompanyWithout: 'published',
  consultingSharee: 'drafts',
  otherCompanySharee: 'published',
  stranger: 'none',
};

const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await t.request(path, { method: 'POST', token: w.ownerToken, json: body });
  expect(res.status, `${path} ${await res.clone().text()}`).toBe(201);
  return (await res.json()) as T;
}

beforeAll(async () => {
  t = await createTestContext();
  w = await buildVisibilityWorld(t.deps);
  const imageId = await storeTestImage(t.deps, w.studyId, 'card', testCardPng());
  const published = await post<Insight>(`${study()}/insight`, { title: 'Published corner study', text: 'Published text', insight_status: 'Published' });
  const draft = await post<Insight>(`${study()}/insight`, { title: 'Draft corner study', text: 'Draft text' });
  expect(draft.insight_status).toBe('Draft');
  ids.published = published.id;
  ids.draft = draft.id;
  for (const insight of [published, draft]) {
    await post(`${study()}/insight/${insight.id}/scene-view`, { name: 'Ground', view_json: { version: 1 } });
    const image = await post<{ id: number }>(`${study()}/insight/${insight.id}/image-view`, { study_image_id: imageId, caption: insight.title });
    if (insight === published) ids.publishedView = image.id;
    else ids.draftView = image.id;
  }
  const report = await post<Report>(`${study()}/report`, { title: 'Published report', report_status: 'Published' });
  const draftReport = await post<Report>(`${study()}/report`, { title: 'Draft report' });
  ids.publishedReport = report.id;
  ids.draftReport = draftReport.id;
  await post(`${study()}/insight/${published.id}/report-view`, { report_id: report.id, image_view_id: ids.publishedView, caption: 'Published figure' });
  await post(`${study()}/insight/${draft.id}/report-view`, { report_id: report.id, image_view_id: ids.draftView, caption: 'Draft figure' });
});
afterAll(() => t.close());

const status = async (user: VisibilityUser, path: string) => (await t.request(path, { token: w.tokens[user] })).status;

describe.each(VISIBILITY_USERS)('%s', (user) => {
  const expected = EXPECTED[user];
  const seesDrafts = expected === 'drafts';
  const seesPublished = expected !== 'none';

  it('lists the insights it may see, in sort_order', async () => {
    const res = await t.request(`${study()}/insight`, { token: w.tokens[user] });
    if (!seesPublished) return expect(res.status).toBe(404);
    const list = (await res.json()) as Insight[];
    expect(list.map((i) => i.id)).toEqual(seesDrafts ? [ids.published, ids.draft] : [ids.published]);
    expect(list.map((i) => i.sort_order)).toEqual([...list.map((i) => i.sort_order)].sort((a, b) => a - b));
  });

  it('gets a Published insight, and a Draft one only when it may see drafts (404 otherwise)', async () => {
    expect(await status(user, `${study()}/insight/${ids.published}`)).toBe(seesPublished ? 200 : 404);
    expect(await status(user, `${study()}/insight/${ids.draft}`)).toBe(seesDrafts ? 200 : 404);
    expect(await status(user, `${study()}/insight/${ids.draft}/scene-view`)).toBe(seesDrafts ? 200 : 404);
    expect(await status(user, `${study()}/insight/${ids.draft}/image-view/${ids.draftView}`)).toBe(seesDrafts ? 200 : 404);
  });

  it("sees a Draft report only with drafts, and a Published report without a Draft insight's views", async () => {
    expect(await status(user, `${study()}/report/${ids.draftReport}`)).toBe(seesDrafts ? 200 : 404);
    // the report page's project-level route follows the same rule
    expect(await status(user, `/api/project/${w.projectId}/report/${ids.draftReport}`)).toBe(seesDrafts ? 200 : 404);
    expect(await status(user, `/api/project/${w.projectId}/report/${ids.publishedReport}`)).toBe(seesPublished ? 200 : 404);
    const res = await t.request(`${study()}/report/${ids.publishedReport}`, { token: w.tokens[user] });
    expect(res.status).toBe(seesPublished ? 200 : 404);
    if (!seesPublished) return;
    const report = (await res.json()) as Report;
    expect(report.report_views.map((v) => v.caption)).toEqual(seesDrafts ? ['Published figure', 'Draft figure'] : ['Published figure']);
    const list = (await (await t.request(`${study()}/report`, { token: w.tokens[user] })).json()) as Report[];
    expect(list.map((r) => r.id).sort()).toEqual((seesDrafts ? [ids.publishedReport, ids.draftReport] : [ids.publishedReport]).sort());
  });

  it('exports a PDF of what it may see and 404 for the rest', async () => {
    const exportOf = (body: Record<string, number>) =>
      t.request('/api/export-pdf', { method: 'POST', token: w.tokens[user], json: { project_id: w.projectId, study_id: w.studyId, ...body } });
    expect((await exportOf({ insight_id: ids.published })).status).toBe(seesPublished ? 200 : 404);
    expect((await exportOf({ insight_id: ids.draft })).status).toBe(seesDrafts ? 200 : 404);
    expect((await exportOf({ report_id: ids.draftReport })).status).toBe(seesDrafts ? 200 : 404);
    const report = await exportOf({ report_id: ids.publishedReport });
    expect(report.status).toBe(seesPublished ? 200 : 404);
    if (!seesPublished) return;
    const bytes = new Uint8Array(await report.arrayBuffer());
    if (!popplerAvailable()) return console.warn('SKIPPED the PDF text check: pdftotext (poppler-utils) is not installed');
    const text = pdfToText(bytes);
    expect(text).toContain('Published corner study');
    // a Draft insight inside a Published report stays hidden from those who may not see drafts
    expect(text.includes('Draft corner study')).toBe(seesDrafts);
  });
});

describe('changing insights', () => {
  it('needs the right to change the project and to see drafts: 403 for readers, 404 for what they cannot see', async () => {
    const put = (user: VisibilityUser, id: number) => t.request(`${study()}/insight/${id}`, { method: 'PUT', token: w.tokens[user], json: { text: 'edited' } });
    expect((await put('sameCompanyWithout', ids.published)).status).toBe(403);
    expect((await put('sameCompanyWithout', ids.draft)).status).toBe(404);
    expect((await put('otherCompanySharee', ids.published)).status).toBe(403);
    expect((await put('stranger', ids.published)).status).toBe(404);
    expect((await put('consultingSharee', ids.draft)).status).toBe(200);
    expect((await put('superuser', ids.draft)).status).toBe(200);
  });

  it('publishing a draft makes it visible to readers', async () => {
    const created = await post<Insight>(`${study()}/insight`, { title: 'Soon published' });
    expect(await status('sameCompanyWithout', `${study()}/insight/${created.id}`)).toBe(404);
    const res = await t.request(`${study()}/insight/${created.id}`, { method: 'PUT', token: w.ownerToken, json: { insight_status: 'Published' } });
    expect(res.status).toBe(200);
    expect(await status('sameCompanyWithout', `${study()}/insight/${created.id}`)).toBe(200);
    expect(await status('otherCompanySharee', `${study()}/insight/${created.id}`)).toBe(200);
  });
});
