/**
 * The insight's children (SPEC §7 Study): under /api/project/{id}/study/{studyId}/insight/{insightId}/
 * `scene-view`, `insight-pin`, `insight-pin-type`, `image-view` and `report-view`, each with GET (list),
 * POST, and GET/PUT/DELETE by id. One factory builds the five groups so they behave alike: seeing
 * follows the insight (drafts hidden from those who may not see them → 404), changing needs the right
 * to change insights (403).
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import type { BodyTier } from '../../http/body-limit.ts';
import { pathId } from '../../http/params.ts';
import { currentUser, type AuthUser } from '../../http/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  ImageViewCreateSchema,
  ImageViewSchema,
  ImageViewUpdateSchema,
  PinCreateSchema,
  PinSchema,
  PinTypeCreateSchema,
  PinTypeSchema,
  PinTypeUpdateSchema,
  PinUpdateSchema,
  ReportViewCreateSchema,
  ReportViewSchema,
  ReportViewUpdateSchema,
  SceneViewCreateSchema,
  SceneViewSchema,
  SceneViewUpdateSchema,
} from '@canopy/contract/insights.ts';
import type { StudyIds } from '../../contexts/results/insights/insights.ts';
import * as sceneViews from '../../contexts/results/insights/scene-views.ts';
import * as pins from '../../contexts/results/insights/pins.ts';
import * as images from '../../contexts/results/insights/image-views.ts';
import * as reportViews from '../../contexts/results/insights/report-views.ts';

const base = '/api/project/{id}/study/{studyId}/insight/{insightId}';
const seeAnswers = { 401: answers[401], 404: answers[404] };
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

interface ChildService<T, C, U> {
  list(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<T[]>;
  get(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<T>;
  create(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: C): Promise<T>;
  update(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number, input: U): Promise<T>;
  remove(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<void>;
}

interface ChildSpec<S extends z.ZodType, C extends z.ZodType, U extends z.ZodType> {
  segment: string;
  noun: string;
  schema: S;
  create: C;
  update: U;
  service: ChildService<z.output<S>, z.output<C>, z.output<U>>;
  /** Request-body tier of create and update (http/body-limit.ts); scene views carry the client's view JSON. */
  body?: BodyTier;
}

function ids(c: Context): StudyIds & { insightId: number } {
  return { projectId: pathId(c.req.param('id')!), studyId: pathId(c.req.param('studyId')!), insightId: pathId(c.req.param('insightId')!) };
}

/** The five routes of one child kind; exported definitions are for the OpenAPI document and tests. */
function childRoutes<S extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(spec: ChildSpec<S, C, U>) {
  const tags = ['Insights'];
  const list = `${base}/${spec.segment}`;
  const one = `${base}/${spec.segment}/{childId}`;
  return {
    spec,
    list: defineRoute('user', {
      method: 'get',
      path: list,
      tags,
      summary: `The insight's ${spec.noun}s`,
      request: { params: pathParams('id', 'studyId', 'insightId') },
      responses: { 200: json(z.array(spec.schema), `${spec.noun}s`), ...seeAnswers },
    }),
    create: defineRoute(
      'user',
      {
        method: 'post',
        path: list,
        tags,
        summary: `Add a ${spec.noun}`,
        request: { params: pathParams('id', 'studyId', 'insightId'), body: jsonBody(spec.create) },
        responses: { 201: json(spec.schema, 'Created'), ...changeAnswers },
      },
      { body: spec.body },
    ),
    get: defineRoute('user', {
      method: 'get',
      path: one,
      tags,
      summary: `One ${spec.noun}`,
      request: { params: pathParams('id', 'studyId', 'insightId', 'childId') },
      responses: { 200: json(spec.schema, spec.noun), ...seeAnswers },
    }),
    update: defineRoute(
      'user',
      {
        method: 'put',
        path: one,
        tags,
        summary: `Change a ${spec.noun} (any subset of its fields)`,
        request: { params: pathParams('id', 'studyId', 'insightId', 'childId'), body: jsonBody(spec.update) },
        responses: { 200: json(spec.schema, 'Updated'), ...changeAnswers },
      },
      { body: spec.body },
    ),
    remove: defineRoute('user', {
      method: 'delete',
      path: one,
      tags,
      summary: `Delete a ${spec.noun}`,
      request: { params: pathParams('id', 'studyId', 'insightId', 'childId') },
      responses: { 204: { description: 'Deleted' }, ...changeAnswers },
    }),
  };
}

type Routes = ReturnType<typeof childRoutes>;

export const sceneViewRoutes = childRoutes({
  segment: 'scene-view',
  noun: 'scene view',
  schema: SceneViewSchema,
  create: SceneViewCreateSchema,
  update: SceneViewUpdateSchema,
  body: 'document',
  service: {
    list: sceneViews.listSceneViews,
    get: sceneViews.getSceneView,
    create: sceneViews.createSceneView,
    update: sceneViews.updateSceneView,
    remove: sceneViews.deleteSceneView,
  },
});

export const pinRoutes = childRoutes({
  segment: 'insight-pin',
  noun: 'pin',
  schema: PinSchema,
  create: PinCreateSchema,
  update: PinUpdateSchema,
  service: { list: pins.listPins, get: pins.getPin, create: pins.createPin, update: pins.updatePin, remove: pins.deletePin },
});

export const pinTypeRoutes = childRoutes({
  segment: 'insight-pin-type',
  noun: 'pin type',
  schema: PinTypeSchema,
  create: PinTypeCreateSchema,
  update: PinTypeUpdateSchema,
  service: { list: pins.listPinTypes, get: pins.getPinType, create: pins.createPinType, update: pins.updatePinType, remove: pins.deletePinType },
});

export const imageViewRoutes = childRoutes({
  segment: 'image-view',
  noun: 'image view',
  schema: ImageViewSchema,
  create: ImageViewCreateSchema,
  update: ImageViewUpdateSchema,
  service: {
    list: images.listImageViews,
    get: images.getImageView,
    create: images.createImageView,
    update: images.updateImageView,
    remove: images.deleteImageView,
  },
});

export const reportViewRoutes = childRoutes({
  segment: 'report-view',
  noun: 'report view',
  schema: ReportViewSchema,
  create: ReportViewCreateSchema,
  update: ReportViewUpdateSchema,
  service: {
    list: reportViews.listReportViews,
    get: reportViews.getReportView,
    create: reportViews.createReportView,
    update: reportViews.updateReportView,
    remove: reportViews.deleteReportView,
  },
});

/**
 * Registers one group. The handlers read path ids with c.req.param and the validated body with
 * c.req.valid; the generic route types are widened once here rather than at every handler.
 */
function register(app: ApiApp, routes: Routes): void {
  const s = routes.spec.service as ChildService<unknown, unknown, unknown>;
  const body = (c: Context) => (c.req as unknown as { valid(target: 'json'): unknown }).valid('json');
  const openapi = app.openapi.bind(app) as unknown as (route: unknown, handler: (c: Context) => Promise<Response>) => void;
  openapi(routes.list, async (c) => {
    const p = ids(c);
    return c.json(await s.list(c.var.db, currentUser(c), p, p.insightId), 200);
  });
  openapi(routes.create, async (c) => {
    const p = ids(c);
    return c.json(await s.create(c.var.db, currentUser(c), p, p.insightId, body(c)), 201);
  });
  openapi(routes.get, async (c) => {
    const p = ids(c);
    return c.json(await s.get(c.var.db, currentUser(c), p, p.insightId, pathId(c.req.param('childId')!)), 200);
  });
  openapi(routes.update, async (c) => {
    const p = ids(c);
    return c.json(await s.update(c.var.db, currentUser(c), p, p.insightId, pathId(c.req.param('childId')!), body(c)), 200);
  });
  openapi(routes.remove, async (c) => {
    const p = ids(c);
    await s.remove(c.var.db, currentUser(c), p, p.insightId, pathId(c.req.param('childId')!));
    return c.body(null, 204);
  });
}

export function registerInsightChildRoutes(app: ApiApp): void {
  for (const routes of [sceneViewRoutes, pinRoutes, pinTypeRoutes, imageViewRoutes, reportViewRoutes] as Routes[]) register(app, routes);
}
