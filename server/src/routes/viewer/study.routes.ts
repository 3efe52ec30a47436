/**
 * SPEC §7 Study (viewer part): under /api/project/{id}/study/{studyId}/ the simulation list and one
 * simulation with its assets, camera-position/ (GET, POST, PATCH/DELETE by id) and
 * user-selected-layer/ (GET, POST replaces the list of a simulation, DELETE one, or all of a
 * simulation with ?simulation_id=). Paths have no trailing slash: the app answers both forms.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { ApiError } from '../../http/errors.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  CameraPositionCreateSchema,
  CameraPositionPatchSchema,
  CameraPositionSchema,
  SimulationSchema,
  UserLayerSchema,
  UserLayersReplaceSchema,
} from '@canopy/contract/viewer.ts';
import { getStudySimulation, listStudySimulations } from '../../contexts/results/viewer/simulations.ts';
import {
  createCameraPosition,
  deleteAllUserLayers,
  deleteCameraPosition,
  deleteUserLayer,
  listCameraPositions,
  listUserLayers,
  replaceUserLayers,
  updateCameraPosition,
} from '../../contexts/results/viewer/viewer-state.ts';

const tags = ['Viewer'];
const base = '/api/project/{id}/study/{studyId}';
const seeAnswers = { 401: answers[401], 404: answers[404] };
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };
const SimulationQuery = z.object({ simulation_id: z.string().optional().openapi({ description: 'Only this simulation' }) });

export const listSimulationsRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/simulation`,
  tags,
  summary: "The study's simulations with their result assets (SPEC §3 fields and the derived filter fields)",
  request: { params: pathParams('id', 'studyId') },
  responses: { 200: json(z.array(SimulationSchema), 'Simulations'), ...seeAnswers },
});

export const getSimulationRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/simulation/{simId}`,
  tags,
  summary: 'One simulation of the study with its assets',
  request: { params: pathParams('id', 'studyId', 'simId') },
  responses: { 200: json(SimulationSchema, 'The simulation'), ...seeAnswers },
});

export const listCameraPositionsRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/camera-position`,
  tags,
  summary: "The study's saved camera positions",
  request: { params: pathParams('id', 'studyId') },
  responses: { 200: json(z.array(CameraPositionSchema), 'Camera positions'), ...seeAnswers },
});

export const createCameraPositionRoute = defineRoute('user', {
  method: 'post',
  path: `${base}/camera-position`,
  tags,
  summary: 'Save a camera position',
  request: { params: pathParams('id', 'studyId'), body: jsonBody(CameraPositionCreateSchema) },
  responses: { 201: json(CameraPositionSchema, 'Saved'), ...changeAnswers },
});

export const updateCameraPositionRoute = defineRoute('user', {
  method: 'patch',
  path: `${base}/camera-position/{cameraId}`,
  tags,
  summary: 'Rename or move a saved camera position',
  request: { params: pathParams('id', 'studyId', 'cameraId'), body: jsonBody(CameraPositionPatchSchema) },
  responses: { 200: json(CameraPositionSchema, 'Updated'), ...changeAnswers },
});

export const deleteCameraPositionRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/camera-position/{cameraId}`,
  tags,
  summary: 'Delete a saved camera position',
  request: { params: pathParams('id', 'studyId', 'cameraId') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

export const listUserLayersRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/user-selected-layer`,
  tags,
  summary: "The signed-in user's chosen layers (of one simulation with ?simulation_id=)",
  request: { params: pathParams('id', 'studyId'), query: SimulationQuery },
  responses: { 200: json(z.array(UserLayerSchema), 'Layers'), ...seeAnswers },
});

export const replaceUserLayersRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: `${base}/user-selected-layer`,
    tags,
    summary: "Replace the user's chosen layers of a simulation with the list given",
    request: { params: pathParams('id', 'studyId'), body: jsonBody(UserLayersReplaceSchema) },
    responses: { 201: json(z.array(UserLayerSchema), 'The new list'), ...changeAnswers },
  },
  { body: 'document' },
);

export const deleteUserLayerRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/user-selected-layer/{layerId}`,
  tags,
  summary: 'Remove one chosen layer',
  request: { params: pathParams('id', 'studyId', 'layerId') },
  responses: { 204: { description: 'Removed' }, ...seeAnswers },
});

export const deleteAllUserLayersRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/user-selected-layer`,
  tags,
  summary: 'Remove all chosen layers of ?simulation_id=',
  request: { params: pathParams('id', 'studyId'), query: SimulationQuery },
  responses: { 204: { description: 'Removed' }, 400: answers[400], ...seeAnswers },
});

function studyIds(p: { id: string; studyId: string }) {
  return { projectId: pathId(p.id), studyId: pathId(p.studyId) };
}

/** ?simulation_id= as an id; a malformed one is a field error, not a silent "all". */
function simulationIdQuery(raw: string | undefined, required: boolean): number | undefined {
  if (raw === undefined || raw === '') {
    if (required) throw ApiError.field('simulation_id', 'This field is required.');
    return undefined;
  }
  if (!/^\d{1,10}$/.test(raw)) throw ApiError.field('simulation_id', 'A valid integer is required.');
  return Number(raw);
}

export function registerViewerStudyRoutes(app: ApiApp): void {
  app.openapi(listSimulationsRoute, async (c) => {
    const { projectId, studyId } = studyIds(c.req.valid('param'));
    return c.json(await listStudySimulations(c.var.db, currentUser(c), projectId, studyId), 200);
  });
  app.openapi(getSimulationRoute, async (c) => {
    const p = c.req.valid('param');
    const { projectId, studyId } = studyIds(p);
    return c.json(await getStudySimulation(c.var.db, currentUser(c), projectId, studyId, pathId(p.simId)), 200);
  });
  app.openapi(listCameraPositionsRoute, async (c) => {
    const { projectId, studyId } = studyIds(c.req.valid('param'));
    return c.json(await listCameraPositions(c.var.db, currentUser(c), projectId, studyId), 200);
  });
  app.openapi(createCameraPositionRoute, async (c) => {
    const { projectId, studyId } = studyIds(c.req.valid('param'));
    return c.json(await createCameraPosition(c.var.db, currentUser(c), projectId, studyId, c.req.valid('json')), 201);
  });
  app.openapi(updateCameraPositionRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await updateCameraPosition(c.var.db, currentUser(c), { ...studyIds(p), cameraId: pathId(p.cameraId) }, c.req.valid('json')), 200);
  });
  app.openapi(deleteCameraPositionRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteCameraPosition(c.var.db, currentUser(c), { ...studyIds(p), cameraId: pathId(p.cameraId) });
    return c.body(null, 204);
  });
  app.openapi(listUserLayersRoute, async (c) => {
    const { projectId, studyId } = studyIds(c.req.valid('param'));
    const simulationId = simulationIdQuery(c.req.valid('query').simulation_id, false);
    return c.json(await listUserLayers(c.var.db, currentUser(c), projectId, studyId, simulationId), 200);
  });
  app.openapi(replaceUserLayersRoute, async (c) => {
    return c.json(await replaceUserLayers(c.var.db, currentUser(c), studyIds(c.req.valid('param')), c.req.valid('json')), 201);
  });
  app.openapi(deleteUserLayerRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteUserLayer(c.var.db, currentUser(c), { ...studyIds(p), layerId: pathId(p.layerId) });
    return c.body(null, 204);
  });
  app.openapi(deleteAllUserLayersRoute, async (c) => {
    const simulationId = simulationIdQuery(c.req.valid('query').simulation_id, true) as number;
    await deleteAllUserLayers(c.var.db, currentUser(c), studyIds(c.req.valid('param')), simulationId);
    return c.body(null, 204);
  });
}
