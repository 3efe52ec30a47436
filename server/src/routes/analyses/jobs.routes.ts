/**
 * Jobs: GET /api/jobs/{id}/ (status, progress, message, error — for whoever can see the job's
 * project) and POST …/simulation/{sid}/submit-postprocessing/ (wind comfort from ingested
 * speed-up ratios; needs a project the user may change). Rules live in services/analyses.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { JobSchema, SubmitPostprocessingSchema, SubmittedJobSchema } from '@canopy/contract/analyses.ts';
import { jobView, visibleJob } from '../../contexts/compute/analyses/jobs.ts';
import { submitPostprocessing } from '../../contexts/compute/analyses/postprocessing.ts';
import { createWeatherLibrary, weatherLibraryDir } from '../../contexts/projects/weather/library.ts';

const tags = ['Analyses'];

export const jobRoute = defineRoute('user', {
  method: 'get',
  path: '/api/jobs/{id}',
  tags,
  summary: "A background job's status, progress (0–100), message and error",
  request: { params: pathParams('id') },
  responses: { 200: json(JobSchema, 'The job'), 401: answers[401], 404: answers[404] },
});

export const submitPostprocessingRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/configuration/{cid}/simulation/{sid}/submit-postprocessing',
  tags,
  summary: 'Compute wind comfort (classes per criterion and season, safety, directional layers) from the simulation’s speed-up ratios',
  request: { params: pathParams('id', 'cid', 'sid'), body: jsonBody(SubmitPostprocessingSchema) },
  responses: {
    202: json(SubmittedJobSchema, 'Queued (or the identical job already queued or running)'),
    400: answers[400],
    401: answers[401],
    403: answers[403],
    404: answers[404],
  },
});

export function registerJobRoutes(app: ApiApp): void {
  app.openapi(jobRoute, async (c) => c.json(jobView(await visibleJob(c.var.db, currentUser(c), pathId(c.req.valid('param').id))), 200));

  app.openapi(submitPostprocessingRoute, async (c) => {
    const params = c.req.valid('param');
    const ids = { projectId: pathId(params.id), configurationId: pathId(params.cid), simulationId: pathId(params.sid) };
    const weather = createWeatherLibrary(weatherLibraryDir(c.var.deps.config));
    return c.json(await submitPostprocessing(c.var.db, c.var.deps.jobs, weather, currentUser(c), ids, c.req.valid('json')), 202);
  });
}
