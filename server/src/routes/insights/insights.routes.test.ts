/**
 * Insights and their children over HTTP against the real database: defaults (Draft, last in
 * order), reordering by PUT sort_order, validation errors naming the field, ids from another study
 * refused, scene views keeping the client's view JSON, drawings through /api/drawings, pins with
 * template-made types, study images (base64 and upload), reports with ordered views, and the
 * reference lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildVisibilityWorld, decodePng, testCardPng, type VisibilityWorld } from '../../../test/world-insights.ts';
import { uploadFile } from '../../../test/viewer-fixtures.ts';
import { configurations, simulations, studies } from '../../db/schema/index.ts';
import type { Drawing, Insight, InsightCategory, Pin, PinType, PinTypeTemplate, Report, SceneView, StudyImage } from '@canopy/contract/insights.ts';

let t: TestContext;
let w: VisibilityWorld;
const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;
const card = testCardPng(32);

async function call<T>(method: string, path: string, body?: unknown, status = method === 'POST' ? 201 : 200, token = w.ownerToken): Promise<T> {
  const res = await t.request(path, { method, token, ...(body !== undefined ? { json: body } : {}) });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

beforeAll(async () => {
  t = await createTestContext();
  w = await buildVisibilityWorld(t.deps);
});
afterAll(() => t.close());

describe('insights', () => {
  it('creates Draft insights, last in order, with the author and empty children', async () => {
    const a = await call<Insight>('POST', `${study()}/insight/`, { title: 'A', text: 'first' });
    const b = await call<Insight>('POST', `${study()}/insight`, { title: 'B' });
    expect(a).toMatchObject({
      insight_status: 'Draft',
      sort_order: 0,
      title: 'A',
      text: 'first',
      category: null,
      sceneview_set: [],
      imageview_set: [],
      pins: [],
      pin_types: [],
    });
    expect(a.created_by?.name).toBe('v-owner');
    expect(b.sort_order).toBe(1);
  });

  it('moves an insight with PUT sort_order and keeps the order 0..n-1 (also after a delete)', async () => {
    const list = () => call<Insight[]>('GET', `${study()}/insight`);
    const c = await call<Insight>('POST', `${study()}/insight`, { title: 'C' });
    expect((await list()).map((i) => i.title)).toEqual(['A', 'B', 'C']);
    await call('PUT', `${study()}/insight/${c.id}`, { sort_order: 0 });
    expect((await list()).map((i) => [i.title, i.sort_order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    await call('PUT', `${study()}/insight/${c.id}`, { sort_order: 99 });
    expect((await list()).map((i) => i.title)).toEqual(['A', 'B', 'C']);
    const a = (await list())[0]!;
    await call('DELETE', `${study()}/insight/${a.id}`, undefined, 204);
    expect((await list()).map((i) => [i.title, i.sort_order])).toEqual([
      ['B', 0],
      ['C', 1],
    ]);
    expect((await t.request(`${study()}/insight/${a.id}`, { token: w.ownerToken })).status).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const bad = async (body: unknown) => {
      const res = await t.request(`${study()}/insight`, { method: 'POST', token: w.ownerToken, json: body });
      expect(res.status).toBe(400);
      return (await res.json()) as Record<string, string[]>;
    };
    expect(await bad({})).toEqual({ title: ['This field is required.'] });
    expect(await bad({ title: '   ' })).toEqual({ title: ['This field may not be blank.'] });
    expect(await bad({ title: 'x', insight_status: 'Archived' })).toEqual({ insight_status: ['"Archived" is not a valid choice.'] });
    expect(await bad({ title: 'x', category: 'no-such-category' })).toEqual({ category: ['Invalid pk "no-such-category" - object does not exist.'] });
    expect(await bad({ title: 'x', sort_order: -1 })).toHaveProperty('sort_order');
  });

  it('refuses an insight through another study path, an unknown project and a malformed id (404)', async () => {
    const [other] = await t.database.db.insert(studies).values({ projectId: w.projectId, name: 'Other study' }).returning();
    const insight = await call<Insight>('POST', `${study()}/insight`, { title: 'Here' });
    expect((await t.request(`/api/project/${w.projectId}/study/${other!.id}/insight/${insight.id}`, { token: w.ownerToken })).status).toBe(404);
    expect((await t.request(`/api/project/999999/study/${w.studyId}/insight`, { token: w.ownerToken })).status).toBe(404);
    expect((await t.request(`${study()}/insight/abc`, { token: w.ownerToken })).status).toBe(404);
  });
});

describe('scene views, drawings and pins', () => {
  let insight: Insight;
  beforeAll(async () => {
    insight = await call<Insight>('POST', `${study()}/insight`, { title: 'Annotated', category: 'mitigation' });
  });

  it('keeps the scene view with its camera, layers and the client view JSON as given', async () => {
    const viewJson = { version: 2, camera: { position: [1, 2, 3] }, theme: 'dark', filters: { season_filter: 'Winter' }, extra: [1, 'two', null] };
    // layer_selection names a simulation of this study: foreign ids are refused.
    const [scenario] = await t.database.db
      .insert(configurations)
      .values({ projectId: w.projectId, studyId: w.studyId, name: 'Plaza scenario' })
      .returning({ id: configurations.id });
    const [simulation] = await t.database.db.insert(simulations).values({ configurationId: scenario!.id, category: 'solar' }).returning({ id: simulations.id });
    const created = await call<SceneView>('POST', `${study()}/insight/${insight.id}/scene-view`, {
      name: 'Plaza',
      camera: { position: [10, -40, 25], target: [0, 0, 0], fov: 45 },
      layer_selection: [{ simulation_id: simulation!.id, identifier: '12', view_id: 'left' }],
      view_json: viewJson,
    });
    expect(created).toMatchObject({ name: 'Plaza', camera_position: null, view_json: viewJson, drawings: [] });
    const again = await call<Insight>('GET', `${study()}/insight/${insight.id}`);
    expect(again.sceneview_set[0]!.view_json).toEqual(viewJson);
    const renamed = await call<SceneView>('PUT', `${study()}/insight/${insight.id}/scene-view/${created.id}`, { name: 'Plaza (winter)' });
    expect(renamed.view_json).toEqual(viewJson);
    const res = await t.request(`${study()}/insight/${insight.id}/scene-view`, { method: 'POST', token: w.ownerToken, json: { view_json: { no: 'version' } } });
    expect(res.status).toBe(400);
    expect(Object.keys(await res.json())).toEqual(['view_json.version']);
    const foreign = await t.request(`${study()}/insight/${insight.id}/scene-view`, { method: 'POST', token: w.ownerToken, json: { simulation_id: 999999 } });
    expect(await foreign.json()).toEqual({ simulation_id: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('adds, changes and deletes drawings through /api/drawings, listed with the scene view', async () => {
    const view = await call<SceneView>('POST', `${study()}/insight/${insight.id}/scene-view`, { name: 'With drawing' });
    const drawing = await call<Drawing>('POST', '/api/drawings/', {
      scene_view: view.id,
      name: 'Arrow',
      drawing_json: { shapes: [{ kind: 'arrow', from: [0, 0], to: [5, 5] }] },
      horizontal_translation_factor: 0.25,
    });
    expect(drawing).toMatchObject({ scene_view: { id: view.id }, name: 'Arrow', horizontal_translation_factor: 0.25 });
    const changed = await call<Drawing>('PUT', '/api/drawings', { id: drawing.id, drawing_json: { shapes: [] } });
    expect(changed).toMatchObject({ name: 'Arrow', drawing_json: { shapes: [] } });
    expect((await call<SceneView>('GET', `${study()}/insight/${insight.id}/scene-view/${view.id}`)).drawings.map((d) => d.id)).toEqual([drawing.id]);
    await call('DELETE', `/api/drawings/${drawing.id}`, undefined, 204);
    expect((await call<SceneView>('GET', `${study()}/insight/${insight.id}/scene-view/${view.id}`)).drawings).toEqual([]);
    const missing = await t.request('/api/drawings', { method: 'POST', token: w.ownerToken, json: { scene_view: 999999, drawing_json: {} } });
    expect(await missing.json()).toEqual({ scene_view: ['Invalid pk "999999" - object does not exist.'] });
    // a reader of the published insight may not draw on it
    await call('PUT', `${study()}/insight/${insight.id}`, { insight_status: 'Published' });
    const reader = await t.request('/api/drawings', { method: 'POST', token: w.tokens.sameCompanyWithout, json: { scene_view: view.id, drawing_json: {} } });
    expect(reader.status).toBe(403);
  });

  it('makes pin types from templates and pins of those types; deleting a type deletes its pins', async () => {
    const templates = await call<PinTypeTemplate[]>('GET', '/api/insight-pin-type-templates');
    const concern = templates.find((tp) => tp.key === 'concern')!;
    const type = await call<PinType>('POST', `${study()}/insight/${insight.id}/insight-pin-type`, { template_id: concern.id });
    expect(type).toMatchObject({ name: concern.name, colour: concern.colour, icon: concern.icon, template_id: concern.id });
    const custom = await call<PinType>('POST', `${study()}/insight/${insight.id}/insight-pin-type`, { name: 'Tree', colour: '#00aa00', icon: 'tree' });
    const pin = await call<Pin>('POST', `${study()}/insight/${insight.id}/insight-pin`, {
      insight_pin_type_id: type.id,
      item: { position: [1, 2, 3], value: 4.5 },
      note: 'Gusty',
    });
    expect(pin).toMatchObject({ insight_pin_type_id: type.id, item: { position: [1, 2, 3], value: 4.5 }, note: 'Gusty', title: '' });
    const moved = await call<Pin>('PUT', `${study()}/insight/${insight.id}/insight-pin/${pin.id}`, { insight_pin_type_id: custom.id });
    expect(moved.insight_pin_type_id).toBe(custom.id);
    const other = await call<Insight>('POST', `${study()}/insight`, { title: 'Other' });
    const foreignType = await t.request(`${study()}/insight/${other.id}/insight-pin`, {
      method: 'POST',
      token: w.ownerToken,
      json: { insight_pin_type_id: type.id, item: { position: [0, 0, 0] } },
    });
    expect(await foreignType.json()).toEqual({ insight_pin_type_id: [`Invalid pk "${type.id}" - object does not exist.`] });
    const noPosition = await t.request(`${study()}/insight/${insight.id}/insight-pin`, {
      method: 'POST',
      token: w.ownerToken,
      json: { insight_pin_type_id: type.id, item: {} },
    });
    expect(Object.keys(await noPosition.json())).toEqual(['item.position']);
    await call('DELETE', `${study()}/insight/${insight.id}/insight-pin-type/${custom.id}`, undefined, 204);
    expect((await call<Insight>('GET', `${study()}/insight/${insight.id}`)).pins).toEqual([]);
  });
});

describe('study images and reports', () => {
  it('stores a captured PNG and serves the same bytes; refuses what is not an image', async () => {
    const image = await call<StudyImage>('POST', `${study()}/study-image`, {
      name: 'Capture',
      image_base64: `data:image/png;base64,${Buffer.from(card).toString('base64')}`,
    });
    expect(image).toMatchObject({ name: 'Capture', source: 'captured', content_type: 'image/png', width: 32, height: 32, byte_size: card.length });
    const file = await t.request(image.url, { token: w.tokens.sameCompanyWithout });
    expect(file.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(card))).toBe(true);
    expect(decodePng(bytes).width).toBe(32);
    const bad = await t.request(`${study()}/study-image`, {
      method: 'POST',
      token: w.ownerToken,
      json: { image_base64: Buffer.from('GIF89a...').toString('base64') },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(await bad.json())).toEqual(['image_base64']);
    const neither = await t.request(`${study()}/study-image`, { method: 'POST', token: w.ownerToken, json: { name: 'x' } });
    expect(Object.keys(await neither.json())).toEqual(['non_field_errors']);
  });

  it('copies an uploaded PNG of the project into a study image', async () => {
    const ownerId = (await call<{ id: number }>('GET', '/authusers/me')).id;
    const uploadId = await uploadFile(t.deps, w.projectId, ownerId, 'site-photo.png', card);
    const image = await call<StudyImage>('POST', `${study()}/study-image`, { upload_id: uploadId });
    expect(image).toMatchObject({ name: 'site-photo.png', source: 'uploaded', width: 32 });
    await call('DELETE', `${study()}/study-image/${image.id}`, undefined, 204);
    expect((await t.request(image.url, { token: w.ownerToken })).status).toBe(404);
  });

  it('orders report views and refuses an order that is not exactly the report views', async () => {
    const insight = await call<Insight>('POST', `${study()}/insight`, { title: 'Report source', insight_status: 'Published' });
    const image = await call<StudyImage>('POST', `${study()}/study-image`, { image_base64: Buffer.from(card).toString('base64') });
    const report = await call<Report>('POST', `${study()}/report`, { title: 'Comfort report' });
    expect(report).toMatchObject({
      report_status: 'Draft',
      page_size: 'A4',
      cover: { project: 'Quay Street', location: 'Auckland', author: 'v-owner', version: '1' },
    });
    const views: number[] = [];
    for (const caption of ['one', 'two', 'three']) {
      const iv = await call<{ id: number }>('POST', `${study()}/insight/${insight.id}/image-view`, { study_image_id: image.id, caption });
      views.push(
        (await call<{ id: number }>('POST', `${study()}/insight/${insight.id}/report-view`, { report_id: report.id, image_view_id: iv.id, caption })).id,
      );
    }
    const reordered = await call<Report>('PUT', `${study()}/report/${report.id}`, {
      report_view_order: [views[2], views[0], views[1]],
      report_status: 'Published',
    });
    expect(reordered.report_views.map((v) => v.caption)).toEqual(['three', 'one', 'two']);
    expect(reordered.report_status).toBe('Published');
    const byProject = await call<Report>('GET', `/api/project/${w.projectId}/report/${report.id}`);
    expect(byProject.study_id).toBe(w.studyId);
    expect(byProject.report_views.map((v) => v.caption)).toEqual(['three', 'one', 'two']);
    expect((await t.request(`/api/project/${w.projectId}/report/999999`, { token: w.ownerToken })).status).toBe(404);
    const bad = await t.request(`${study()}/report/${report.id}`, { method: 'PUT', token: w.ownerToken, json: { report_view_order: [views[0]] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(await bad.json())).toEqual(['report_view_order']);
    const wrongImage = await t.request(`${study()}/insight/${insight.id}/report-view`, {
      method: 'POST',
      token: w.ownerToken,
      json: { report_id: report.id, image_view_id: 999999 },
    });
    expect(Object.keys(await wrongImage.json())).toEqual(['image_view_id']);
  });

  it('lists the seeded categories and pin-type templates', async () => {
    const categories = await call<InsightCategory[]>('GET', '/api/insight-categories/', undefined, 200, w.tokens.stranger);
    expect(categories.map((c) => c.key)).toContain('pedestrian-wind-comfort');
    const templates = await call<PinTypeTemplate[]>('GET', '/api/insight-pin-type-templates/', undefined, 200, w.tokens.stranger);
    expect(templates.every((tp) => /^#[0-9a-f]{6}$/i.test(tp.colour) && tp.icon)).toBe(true);
    expect((await t.request('/api/insight-categories')).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('describes the insight routes with their bodies and access', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: string; requestBody?: unknown }>>;
    };
    const insightPath = doc.paths['/api/project/{id}/study/{studyId}/insight'];
    expect(insightPath?.post?.['x-access']).toBe('user');
    expect(JSON.stringify(insightPath?.post?.requestBody)).toContain('InsightCreate');
    for (const path of [
      '/api/drawings',
      '/api/export-pdf',
      '/api/insight-categories',
      '/api/project/{id}/study/{studyId}/insight/{insightId}/scene-view/{childId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
