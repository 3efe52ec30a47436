/**
 * The viewer's calls, behind one interface so tests pass fakes: the study's simulations,
 * reference data (job types, graph definitions, colour legends), user-selected layers, camera
 * positions and zones, the results import, an asset's bytes (the authorised binary fetch the 3D scene and the
 * graph panel read GLBs and JSON with, and the findings layer an upload's STL), the met sources and
 * the wind-rose summary, the study's scenarios (configuration routes, for the scenario dropdown) and a
 * scenario's geometry validation record (the findings layer). `bindViewerLogic`
 * binds the machines' actor stubs to them; actors reject with a plain ServerError. Screens reach
 * them through ViewerServicesContext and never import the API client.
 */
import { fromPromise } from 'xstate';
import type { Asset, CameraPosition, CameraPositionCreate, Simulation, UserLayer, UserLayersReplace } from '@canopy/contract/viewer.ts';
import type { ReclassifiedComfort } from '@canopy/contract/reclassified.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';
import type { Configuration, GeometryValidation } from '@canopy/contract/scenarios.ts';
import type { MetSource, WeatherSummary } from '@machines/weather/weather.types.ts';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import type { NewUserLayer, UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import { viewerSessionMachine, type SessionData, type StudyScope } from '@machines/viewer/viewer-session.machine.ts';
import { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import { zonesMachine } from '@machines/zones/zones.machine.ts';
import type { Zone, ZoneCreate, ZonePatch } from '@canopy/contract/zones.ts';
import { viewerWorkspaceMachine } from '@machines/viewer-workspace/viewer-workspace.machine.ts';
import { layerSetLoaderFrom } from '@machines/viewer-workspace/layer-sets.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { resultsImportMachine, type AppendRequest } from '@machines/viewer/results-import.machine.ts';
import { windRoseMachine, type RoseRequest } from '@machines/viewer/wind-rose.machine.ts';
import type { ColourLegend, GraphDefinition, JobTypeRef } from '@machines/viewer/reference-data.ts';
import { api } from '../api/client.ts';
import * as viewerApi from '../api/viewer.ts';
import * as weatherApi from '../api/weather.ts';
import * as scenariosApi from '../api/scenarios.ts';
import { getProject } from '../api/projects.ts';
import { asServerCall as call, toServerError } from '../api/errors.ts';
import * as reclassApi from '../api/reclass.ts';
import { bindWindReclass, type ReclassCalls } from './wind-reclass-services.ts';
import { bindPointStory } from './point-story-services.ts';
import { storyFigurePng } from '../viewer/point-story/story-figure.ts';
import * as insightsApi from '../api/insights.ts';
import { windowKeys } from './window-keys.ts';
import { commandFor } from '@machines/viewer/viewer-keys.ts';

export interface ViewerServices {
  listSimulations(scope: StudyScope): Promise<Simulation[]>;
  getSimulation(scope: StudyScope, simulationId: number): Promise<Simulation>;
  jobTypes(): Promise<JobTypeRef[]>;
  graphDefinitions(): Promise<GraphDefinition[]>;
  colourLegend(name: string): Promise<ColourLegend>;
  listUserLayers(scope: StudyScope, simulationId: number): Promise<UserLayer[]>;
  replaceUserLayers(scope: StudyScope, body: UserLayersReplace): Promise<UserLayer[]>;
  removeUserLayer(scope: StudyScope, id: number): Promise<void>;
  deleteAllUserLayers(scope: StudyScope, simulationId: number): Promise<void>;
  listCameraPositions(scope: StudyScope): Promise<CameraPosition[]>;
  createCameraPosition(scope: StudyScope, body: CameraPositionCreate): Promise<CameraPosition>;
  deleteCameraPosition(scope: StudyScope, id: number): Promise<void>;
  /** The study's zones (a test that does not draw any leaves them out: the list is empty). */
  listZones?(scope: StudyScope): Promise<Zone[]>;
  createZone?(scope: StudyScope, body: ZoneCreate): Promise<Zone>;
  updateZone?(scope: StudyScope, id: number, body: ZonePatch): Promise<Zone>;
  deleteZone?(scope: StudyScope, id: number): Promise<void>;
  appendResults(request: AppendRequest): Promise<Simulation>;
  /** An asset's file: GLB bytes for the scene and the graph panel. */
  loadAsset(url: string): Promise<ArrayBuffer>;
  listMetSources(projectId: number): Promise<MetSource[]>;
  windRose(projectId: number, metId: string, season: string): Promise<WeatherSummary>;
  /** The scenarios with these ids (GET configuration/{cid}/ each; one that cannot be read is left out). */
  listConfigurations(projectId: number, configurationIds: readonly number[]): Promise<Configuration[]>;
  /** The project's and the study's names, for the breadcrumb. */
  projectNames(projectId: number, studyId: number): Promise<{ project: string; study: string | null }>;
  /** The scenario's geometry validation record; null before its first run (the route's 404). */
  geometryValidation(projectId: number, configurationId: number): Promise<GeometryValidation | null>;
  /** Comfort criteria as data (GET /api/criteria/), for the re-classification. */
  criteria(): Promise<Criterion[]>;
  /** A met source's hourly weather as its CSV download. */
  weatherCsv(projectId: number, metId: string): Promise<string>;
  /** Saves a re-classified comfort map as a layer (POST …/reclassified-comfort/). */
  saveReclassified(ids: { projectId: number; configurationId: number; simulationId: number }, body: ReclassifiedComfort): Promise<Asset>;
  /** Stored comfort maps computed on the server from the speed-up ratios (POST …/submit-postprocessing/). */
  submitPostprocessing(
    ids: { projectId: number; configurationId: number; simulationId: number },
    body: reclassApi.SubmitPostprocessing,
  ): Promise<reclassApi.SubmittedJob>;
  /** The study's insights (id, title), for a point story's "Add to insight"; none when absent. */
  listInsights?(scope: StudyScope): Promise<Array<{ id: number; title: string }>>;
  /** Stores a figure image and places it in an insight (a new one titled `title` when `insightId` is null). */
  addInsightFigure?(
    scope: StudyScope,
    figure: { insightId: number | null; title: string; name: string; pngDataUrl: string; caption: string },
  ): Promise<{ insightId: number; imageViewId: number }>;
}

/** Where an uploaded file's bytes are read (GET /api/project/{id}/uploads/{uploadId}/download/). */
export const uploadDownloadPath = (projectId: number, uploadId: number) => `/api/project/${projectId}/uploads/${uploadId}/download/`;

/** The API client's answer for a binary download is a Blob (ofetch reads non-JSON types as blobs). */
async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const body = await api<unknown>(url);
  if (body instanceof Blob) return body.arrayBuffer();
  if (body instanceof ArrayBuffer) return body;
  if (typeof body === 'string') return new TextEncoder().encode(body).buffer as ArrayBuffer;
  return new TextEncoder().encode(JSON.stringify(body)).buffer as ArrayBuffer;
}

/** Where an asset's file is read (GET …/simulation-asset/{aid}/download/): the url the scene and panels load through `loadAsset`. */
export { assetDownloadPath, layerSetDownloadPath } from '../api/viewer.ts';

export const liveViewerServices: ViewerServices = {
  listSimulations: (scope) => viewerApi.listSimulations(api, scope),
  getSimulation: (scope, id) => viewerApi.getSimulation(api, scope, id),
  jobTypes: () => api<JobTypeRef[]>('/api/job-type/'),
  graphDefinitions: () => api<GraphDefinition[]>('/api/data-criteria-graph-definition'),
  colourLegend: (name) => api<ColourLegend>('/api/color-legend/', { query: { name } }),
  listUserLayers: (scope, simulationId) => viewerApi.listUserLayers(api, scope, simulationId),
  replaceUserLayers: (scope, body) => viewerApi.replaceUserLayers(api, scope, body),
  removeUserLayer: (scope, id) => viewerApi.removeUserLayer(api, scope, id),
  deleteAllUserLayers: (scope, simulationId) => viewerApi.deleteAllUserLayers(api, scope, simulationId),
  listCameraPositions: (scope) => viewerApi.listCameraPositions(api, scope),
  createCameraPosition: (scope, body) => viewerApi.createCameraPosition(api, scope, body),
  deleteCameraPosition: (scope, id) => viewerApi.deleteCameraPosition(api, scope, id),
  listZones: (scope) => viewerApi.listZones(api, scope),
  createZone: (scope, body) => viewerApi.createZone(api, scope, body),
  updateZone: (scope, id, body) => viewerApi.updateZone(api, scope, id, body),
  deleteZone: (scope, id) => viewerApi.deleteZone(api, scope, id),
  appendResults: ({ projectId, simulationId, results }) =>
    api<Simulation>('/api/ingestassets/appendresults', { method: 'PUT', body: { project_id: projectId, simulation_id: simulationId, results } }),
  loadAsset: fetchBytes,
  listMetSources: (projectId) => weatherApi.listMetSources(api, projectId),
  windRose: (projectId, metId, season) => weatherApi.weatherSummary(api, projectId, metId, weatherApi.wholeDayFilter(season)),
  listConfigurations: (projectId, ids) => scenariosApi.getConfigurations(api, projectId, ids),
  async projectNames(projectId, studyId) {
    const project = await getProject(api, projectId);
    return { project: project.name, study: project.studies.find((s) => s.id === studyId)?.name ?? null };
  },
  criteria: () => reclassApi.listCriteria(api),
  weatherCsv: (projectId, metId) => weatherApi.downloadWeatherCsv(api, projectId, metId),
  saveReclassified: (ids, body) => reclassApi.saveReclassifiedComfort(api, ids, body),
  submitPostprocessing: (ids, body) => reclassApi.submitPostprocessing(api, ids, body),
  listInsights: async (scope) => (await insightsApi.listInsights(api, scope)).map((i) => ({ id: i.id, title: i.title })),
  async addInsightFigure(scope, figure) {
    const insightId = figure.insightId ?? (await insightsApi.createInsight(api, scope, { title: figure.title })).id;
    const image = await insightsApi.createStudyImage(api, scope, { name: figure.name, image_base64: figure.pngDataUrl });
    const view = await insightsApi.createImageView(api, scope, insightId, { study_image_id: image.id, caption: figure.caption });
    return { insightId, imageViewId: view.id };
  },
  async geometryValidation(projectId, configurationId) {
    // The scenario says whether it was ever validated: never asking for a record that is not there
    // keeps a 404 (and the browser's console error for it) out of every unvalidated scenario's visit.
    const scenario = await scenariosApi.getConfiguration(api, projectId, configurationId);
    if (!scenario.geometry_validation) return null;
    try {
      return await scenariosApi.getGeometryValidation(api, projectId, configurationId);
    } catch (error) {
      const failure = toServerError(error);
      if (failure.status === 404) return null;
      throw failure;
    }
  },
};

export type ViewerLogic = ReturnType<typeof bindViewerLogic>;

/** The viewer's machines with their actors bound to `services` (live, or a test's fakes). */
export function bindViewerLogic(services: ViewerServices, scope: StudyScope) {
  const session = viewerSessionMachine.provide({
    actors: {
      loadSession: fromPromise<SessionData, StudyScope>(({ input }) =>
        call(async () => {
          const [simulations, jobTypes, graphDefinitions] = await Promise.all([
            services.listSimulations(input),
            services.jobTypes(),
            services.graphDefinitions(),
          ]);
          return { simulations, jobTypes, graphDefinitions };
        }),
      ),
      loadSimulations: fromPromise<Simulation[], StudyScope>(({ input }) => call(() => services.listSimulations(input))),
    },
  });
  const layerFilter = layerFilterMachine.provide({
    actors: {
      fetchUserLayers: fromPromise<UserSelectedLayer[], { simulationId: number }>(({ input }) =>
        call(() => services.listUserLayers(scope, input.simulationId)),
      ),
      replaceUserLayers: fromPromise<UserSelectedLayer[], { simulationId: number; layers: NewUserLayer[] }>(({ input }) =>
        call(() =>
          services.replaceUserLayers(scope, {
            simulation_id: input.simulationId,
            layers: input.layers.map((l) => ({ identifier: l.identifier, view_id: l.view_id ?? '' })),
          }),
        ),
      ),
      removeUserLayer: fromPromise<void, { id: number }>(({ input }) => call(() => services.removeUserLayer(scope, input.id))),
      deleteAllUserLayers: fromPromise<void, { simulationId: number }>(({ input }) => call(() => services.deleteAllUserLayers(scope, input.simulationId))),
    },
  });
  const cameras = cameraPositionsMachine.provide({
    actors: {
      listCameraPositions: fromPromise<CameraPosition[], StudyScope>(({ input }) => call(() => services.listCameraPositions(input))),
      createCameraPosition: fromPromise<CameraPosition, StudyScope & { body: CameraPositionCreate }>(({ input }) =>
        call(() => services.createCameraPosition({ projectId: input.projectId, studyId: input.studyId }, input.body)),
      ),
      deleteCameraPosition: fromPromise<void, StudyScope & { id: number }>(({ input }) =>
        call(() => services.deleteCameraPosition({ projectId: input.projectId, studyId: input.studyId }, input.id)),
      ),
    },
  });
  const unavailable = (what: string) => () => Promise.reject(new Error(`${what} is not available here`));
  const zones = zonesMachine.provide({
    actors: {
      listZones: fromPromise<Zone[], StudyScope>(({ input }) => call(() => services.listZones?.(input) ?? Promise.resolve([]))),
      createZone: fromPromise<Zone, StudyScope & { body: ZoneCreate }>(({ input }) =>
        call(() => (services.createZone ?? unavailable('saving zones'))({ projectId: input.projectId, studyId: input.studyId }, input.body)),
      ),
      updateZone: fromPromise<Zone, StudyScope & { id: number; body: ZonePatch }>(({ input }) =>
        call(() => (services.updateZone ?? unavailable('changing zones'))({ projectId: input.projectId, studyId: input.studyId }, input.id, input.body)),
      ),
      deleteZone: fromPromise<void, StudyScope & { id: number }>(({ input }) =>
        call(() => (services.deleteZone ?? unavailable('deleting zones'))({ projectId: input.projectId, studyId: input.studyId }, input.id)),
      ),
    },
  });
  const windRose = windRoseMachine.provide({
    actors: {
      listStations: fromPromise<MetSource[], { projectId: number }>(({ input }) => call(() => services.listMetSources(input.projectId))),
      loadRose: fromPromise<WeatherSummary, RoseRequest>(({ input }) => call(() => services.windRose(input.projectId, input.metId, input.season))),
    },
  });
  const resultsImport = resultsImportMachine.provide({
    actors: { appendResults: fromPromise<Simulation, AppendRequest>(({ input }) => call(() => services.appendResults(input))) },
  });
  const reclassCalls: ReclassCalls = {
    loadAsset: (url) => services.loadAsset(url),
    criteria: () => services.criteria(),
    metSources: (projectId) => services.listMetSources(projectId),
    weatherCsv: (projectId, metId) => services.weatherCsv(projectId, metId),
    save: (ids, body) => services.saveReclassified(ids, body),
    submitPostprocessing: (ids, body) => services.submitPostprocessing(ids, body),
  };
  // Each pane re-classifies on its own (its criterion beside the other pane's): two bindings, each
  // with its own workers and speed-ratio arrays.
  const paneReclass0 = bindWindReclass(reclassCalls);
  const paneReclass1 = bindWindReclass(reclassCalls);
  // The point story reads the same stored ratios and weather files; insights through the services when they offer them.
  const pointStory = bindPointStory({
    ...reclassCalls,
    insights: (s) => services.listInsights?.(s) ?? Promise.resolve([]),
    addFigure: (s, figure) => {
      if (!services.addInsightFigure) throw new Error('adding figures to insights is not available here');
      return services.addInsightFigure(s, figure);
    },
    drawFigure: async (result) => storyFigurePng(result),
  });
  // A layer set's file is read and checked (a result GLB; its fields decide how it is drawn) by the
  // workspace's loader, then drawn by the panes: they get the same bytes, not a second download.
  const setFiles = new Map<string, Promise<ArrayBuffer>>();
  const readSetFile = (url: string) => {
    let entry = setFiles.get(url);
    if (!entry) {
      entry = services.loadAsset(url);
      // A failure is not kept: switching the set on again retries.
      entry.catch(() => setFiles.delete(url));
      setFiles.set(url, entry);
    }
    // Each reader its own copy (the scene's worker takes the buffer it is given).
    return entry.then((bytes) => bytes.slice(0));
  };
  const layerSetLoader = layerSetLoaderFrom(async (ids) => {
    const mesh = await readResultGlb(new Uint8Array(await readSetFile(viewerApi.layerSetDownloadPath(ids))));
    return Object.keys(mesh.fields);
  });
  /** What the panes load their layers with: a layer set's file from the loader's read, the rest from the services. */
  const loadAsset = (url: string) => (setFiles.has(url) ? readSetFile(url) : services.loadAsset(url));
  // The workspace machine's children get the same bound actors.
  // A key the viewer runs as a shortcut is not the browser's too (unless typed into a field).
  const keys = windowKeys((key, inText) => !inText && commandFor(key) !== null);
  const workspace = viewerWorkspaceMachine.provide({ actors: { layerFilter, cameraPositions: cameras, layerSetLoader, paneReclass0, paneReclass1, keys } });
  return { services, session, layerFilter, cameras, zones, workspace, resultsImport, windRose, loadAsset, pointStory };
}
