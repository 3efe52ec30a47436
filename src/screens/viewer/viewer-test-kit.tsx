/**
 * Test kit for the viewer screen (not product data): simulations with assets across the filter
 * dimensions, the study's scenarios and a validation record, fake services recording their calls,
 * and a render inside a memory router with the toast list, the permission lists and fake scenario
 * calls (for the wizard the scenario dropdown opens), so tests read the screen by role and text.
 */
import { BreadcrumbContext, type CrumbNames } from '../../layout/breadcrumb-context.ts';
import { act, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CRITERIA } from '@canopy/engine/wind/criteria.ts';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { weatherToCsv } from '@canopy/engine/weather/weather-csv.ts';
import { vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Asset, Simulation, UserLayer } from '@canopy/contract/viewer.ts';
import type { Configuration, GeometryFinding, GeometryValidation } from '@canopy/contract/scenarios.ts';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { enoughCredit, options, passedReport } from '@machines/scenario-wizard/scenario-wizard.fixtures.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { bindPermissionsLogic } from '../../services/permissions-services.ts';
import { LiveStatusLogicContext } from '../scenario-wizard/live-status-provider.tsx';
import { bindScenarioLogic, ScenarioLogicContext, type ScenarioServices } from '../../services/scenario-wizard-services.ts';
import { metSource, summary } from '@machines/weather/fixtures.ts';
import { ToastContext } from '../../app/contexts.ts';
import { ToastList } from '../../ui/toast.tsx';
import { bindUploadLogic, type UploadServices } from '../../services/upload-services.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import { ViewerServicesContext } from './viewer-services-context.ts';
import type { ViewerServices } from '../../services/viewer-services.ts';
import { ViewerScreen } from './viewer-screen.tsx';
import { SimulationRedirect } from './simulation-redirect.tsx';

let nextAsset = 100;

let csv: string | null = null;
/** The Chicago weather year as the CSV download gives it. */
export function chicagoCsv(): string {
  // (under jsdom import.meta.url is not a file URL: the fixture is found from the repository root)
  csv ??= weatherToCsv(parseEpw(readFileSync(join(process.cwd(), 'tests/fixtures/chicago.epw'), 'utf8')));
  return csv;
}

export function asset(simulationId: number, fields: Partial<Asset>): Asset {
  return {
    id: nextAsset++,
    simulation_id: simulationId,
    layer_type: 'data',
    analysis_type: '',
    return_period: null,
    metric: null,
    wind_direction: null,
    season: null,
    season_range: null,
    time_range: null,
    single_date: null,
    qualifiers: {},
    post_processing_tag: null,
    filename: 'layer.glb',
    geometry_type: null,
    geometry_generation: null,
    remeshed_assets: [],
    show_by_default: false,
    subsurface_type: null,
    metadata: {},
    season_filter: null,
    time_filter: null,
    qualifier: null,
    ...fields,
  };
}

export function simulation(id: number, configurationId: number, category: string, assets: Asset[]): Simulation {
  return { id, configuration: { id: configurationId }, category, status: 'completed', cfd_parameters: null, met_source_id: 1, assets, layer_sets: [] };
}

/** Wind results (comfort by season and time, directional by direction) and a solar simulation, in configuration 21. */
export function windStudy(): Simulation[] {
  return [
    simulation(31, 21, 'wind', [
      asset(31, { layer_type: 'geometry', analysis_type: '', geometry_type: 'study', filename: 'study.glb', show_by_default: true }),
      asset(31, {
        analysis_type: 'wind-comfort',
        metric: 'comfort-class',
        season_filter: 'Summer',
        time_filter: 'Daytime',
        filename: 'comfort.summer.glb',
        qualifier: 'lawson-lddc',
        qualifiers: { criterion: 'lawson-lddc' },
      }),
      asset(31, {
        analysis_type: 'wind-comfort',
        metric: 'comfort-class',
        season_filter: 'Winter',
        time_filter: '06:00-09:00',
        filename: 'comfort.winter.glb',
        qualifier: 'lawson-lddc',
        qualifiers: { criterion: 'lawson-lddc' },
      }),
      asset(31, { analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: '0', filename: 'sr.0.glb', show_by_default: true }),
      asset(31, { analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: '90', filename: 'sr.90.glb' }),
    ]),
    simulation(32, 21, 'solar', [
      asset(32, { analysis_type: 'solar-sunlit', metric: 'pct-sunlit', season_filter: 'Summer', filename: 'sunlit.glb', show_by_default: true }),
    ]),
    simulation(41, 22, 'thermal-comfort', [asset(41, { analysis_type: 'thermal-comfort', metric: 'utci-pct-comfortable', filename: 'utci.glb' })]),
  ];
}

/**
 * An external solver's graph file as docs/results-format.md writes it (what ingestion accepts):
 * exceedance against threshold at two probes.
 */
export const GRAPH_FILE = JSON.stringify({
  formatVersion: 1,
  kind: 'graph',
  analysis: 'wind-comfort',
  metric: 'exceedance',
  graph: 'wind-exceedance',
  x: { label: 'Threshold wind speed', units: 'm/s' },
  y: { label: 'Time exceeded', units: '%' },
  series: [
    {
      name: 'Probe A',
      points: [
        [2.5, 41.0],
        [4.0, 18.2],
        [6.0, 5.1],
      ],
    },
    {
      name: 'Probe B',
      points: [
        [2.5, 30.5],
        [4.0, 12.0],
        [8.0, 1.5],
      ],
    },
  ],
  provenance: { engine: 'my-solver', version: '3.2' },
});

/** An external solver's wind-rose file (8 sectors, 3 speed bins, 4 % calm; sums to 100 %): most often from the south-west. */
export const WINDROSE_FILE = JSON.stringify({
  formatVersion: 1,
  kind: 'windrose',
  sectorsDeg: [0, 45, 90, 135, 180, 225, 270, 315],
  speedBinsMs: [0, 4, 8],
  frequencyPct: [
    [7, 4, 2],
    [4, 2, 1],
    [6, 3, 1],
    [5, 2, 0],
    [8, 4, 2],
    [12, 9, 5],
    [7, 4, 1],
    [4, 2, 1],
  ],
  calmPct: 4,
  timeWindow: { name: 'Daytime', window: '07:00-19:00' },
  provenance: { engine: 'my-solver', version: '3.2', weatherSource: 'EPW: Chicago Ohare Intl Ap' },
});

/** The wind study with simulation 31 also holding a graph and a wind-rose layer; loadAsset serves their files by url. */
export function studyWithJsonLayers(): { simulations: Simulation[]; loadAsset(url: string): Promise<ArrayBuffer> } {
  const simulations = windStudy();
  const graph = asset(31, {
    layer_type: 'graph',
    analysis_type: 'wind-comfort',
    metric: 'exceedance',
    filename: 'exceedance.json',
    season_filter: 'Winter',
    metadata: { kind: 'graph' },
  });
  const rose = asset(31, {
    layer_type: 'windrose',
    analysis_type: 'windrose',
    metric: 'frequency',
    filename: 'rose.json',
    season_filter: 'Winter',
    metadata: { kind: 'windrose' },
  });
  simulations[0]!.assets.push(graph, rose);
  const files = new Map([
    [graph.id, GRAPH_FILE],
    [rose.id, WINDROSE_FILE],
  ]);
  return {
    simulations,
    loadAsset: async (url) => {
      const id = Number(/simulation-asset\/(\d+)\/download/.exec(url)?.[1]);
      const text = files.get(id);
      if (text === undefined) throw new Error(`no file at ${url}`);
      return new TextEncoder().encode(text).buffer as ArrayBuffer;
    },
  };
}

/** A scenario as GET configuration/{cid}/ answers it (only what the viewer reads matters). */
export function configuration(id: number, name: string, fields: Partial<Configuration> = {}): Configuration {
  return {
    id,
    project_id: 7,
    study_id: 70,
    name,
    status: 'completed',
    engine: 'AI',
    simulation_type: 'AI',
    hidden: false,
    form: {},
    simulations: [],
    approval: null,
    geometry_validation: null,
    created_by: 1,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

/** One stored finding (contract GeometryFinding). */
export function finding(id: string, fields: Partial<GeometryFinding> = {}): GeometryFinding {
  return {
    id,
    severity: 'error',
    code: 'open-edges',
    message: 'The study building has 2 open edges.',
    suggested_fix: 'Close the holes in the model, then export again.',
    triangles: [0],
    edges: [],
    location: [0.5, 0.5, 0],
    role: 'study',
    asset: 'tower.stl',
    upload_id: 501,
    count: 1,
    related: null,
    details: {},
    ...fields,
  };
}

/** A geometry validation record (contract GeometryValidation) with these findings. */
export function validationRecord(findings: GeometryFinding[], fields: Partial<GeometryValidation> = {}): GeometryValidation {
  const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
  return {
    id: 3,
    configuration_id: 21,
    scenario_id: 21,
    simulation_id: 31,
    simulation_type: 'AI',
    geometry: { ground: [], study: [501], surrounds: [], presentation_planes: [], landscaping: [], mitigations: [] },
    status: count('error') ? 'failed' : 'passed',
    error: count('error') > 0,
    error_message: null,
    warnings_acknowledged: false,
    summary: { errors: count('error'), warnings: count('warning'), infos: count('info') },
    findings,
    findings_truncated: false,
    assets: [{ role: 'study', name: 'tower.stl', upload_id: 501, triangle_count: 2, parts: 1, bounds: null }],
    job_id: null,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    finished: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

export type Calls = string[];

export function fakeServices(overrides: Partial<ViewerServices> = {}, calls: Calls = []): ViewerServices {
  const simulations = windStudy();
  let layers: UserLayer[] = [];
  let nextLayer = 1;
  return {
    listSimulations: async () => simulations,
    getSimulation: async (_scope, id) => {
      const found = simulations.find((s) => s.id === id);
      if (!found) throw { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };
      return found;
    },
    jobTypes: async () => [
      {
        id: 'wind-directional',
        name: 'Directional wind',
        code: 'Dir',
        metrics: [{ metric: 'speed-ratio', units: '', legends: ['speed-ratio'], fields: ['speedRatio'] }],
      },
      {
        id: 'wind-comfort',
        name: 'Pedestrian wind comfort',
        code: 'PLW',
        metrics: [{ metric: 'comfort-class', units: 'class', legends: ['wind-comfort-lawson-lddc'], fields: ['comfortClass'] }],
      },
      { id: 'solar-sunlit', name: 'Solar', code: 'Sun', metrics: [{ metric: 'pct-sunlit', units: '%', legends: ['pct-sunlit'], fields: ['pctSunlit'] }] },
    ],
    graphDefinitions: async () => [
      {
        id: 'value-histogram',
        metrics: ['speed-ratio', 'pct-sunlit'],
        kind: 'histogram',
        title: 'Distribution over the plane',
        x: { label: 'Value', units: '' },
        y: { label: 'Plane area', units: '%' },
      },
    ],
    colourLegend: async (name) =>
      name === 'wind-comfort-lawson-lddc'
        ? {
            name,
            version: '1',
            kind: 'classes',
            title: 'Lawson LDDC comfort',
            units: 'class',
            classes: [
              { value: 0, label: 'Sitting', colour: '#2c7bb6' },
              { value: 1, label: 'Standing', colour: '#abd9e9' },
              { value: 2, label: 'Strolling', colour: '#ffffbf' },
            ],
          }
        : name === 'pct-sunlit'
          ? {
              name,
              version: '1',
              kind: 'continuous',
              title: 'Sun-lit time',
              units: '%',
              min: 0,
              max: 100,
              stops: [
                { value: 0, colour: '#440154' },
                { value: 100, colour: '#fde725' },
              ],
            }
          : {
              name,
              version: '1',
              kind: 'continuous',
              title: 'Speed ratio',
              units: '',
              stops: [
                { value: 0, colour: '#000000' },
                { value: 2, colour: '#ffffff' },
              ],
            },
    listUserLayers: async (_scope, simulationId) => {
      calls.push(`list layers ${simulationId}`);
      return layers.filter((l) => l.simulation_id === simulationId);
    },
    replaceUserLayers: async (_scope, body) => {
      calls.push(`replace ${body.simulation_id}: ${body.layers.map((l) => `${l.identifier}@${l.view_id}`).join(',')}`);
      layers = [
        ...layers.filter((l) => l.simulation_id !== body.simulation_id),
        ...body.layers.map((l) => ({ id: nextLayer++, simulation_id: body.simulation_id, ...l })),
      ];
      return layers.filter((l) => l.simulation_id === body.simulation_id);
    },
    removeUserLayer: async (_scope, id) => {
      calls.push(`remove ${id}`);
      layers = layers.filter((l) => l.id !== id);
    },
    deleteAllUserLayers: async (_scope, simulationId) => {
      calls.push(`delete all ${simulationId}`);
      layers = layers.filter((l) => l.simulation_id !== simulationId);
    },
    listCameraPositions: async () => [{ id: 1, name: 'Street view', camera: { position: [1, 2, 3], target: [0, 0, 0] } }],
    createCameraPosition: async (_scope, body) => ({ id: 2, name: body.name ?? 'View', camera: body.camera }),
    deleteCameraPosition: async () => undefined,
    appendResults: async () => simulations[0]!,
    loadAsset: async () => {
      throw new Error('no files in this test');
    },
    listMetSources: async () => [metSource(1)],
    windRose: async (_p, metId, season) => summary(metId, season),
    listConfigurations: async (_projectId, ids) => {
      calls.push(`configurations ${ids.join(',')}`);
      const known = [
        configuration(21, 'Existing site'),
        configuration(22, 'Proposed tower', { status: 'running' }),
        configuration(23, 'Old massing', { hidden: true }),
      ];
      return known.filter((c) => ids.includes(c.id));
    },
    geometryValidation: async () => null,
    projectNames: async () => ({ project: 'Harbour Towers', study: 'Massing study' }),
    criteria: async () => [...CRITERIA],
    weatherCsv: async (_projectId, metId) => {
      calls.push(`weather ${metId}`);
      return chicagoCsv();
    },
    saveReclassified: async (ids, body) => {
      calls.push(`save reclassified ${ids.simulationId}: ${body.criterion.id} ${body.season.name} ${body.time_window.name} ${body.met_id}`);
      return asset(ids.simulationId, { analysis_type: 'wind-comfort', metric: 'comfort-class' });
    },
    submitPostprocessing: async (ids, body) => {
      calls.push(
        `submit postprocessing ${ids.simulationId}: ${body.criteria.join(',')} ${body.seasons?.map((s) => s.name).join(',')} ${body.time_windows?.map((w) => w.window).join(',')}`,
      );
      return { job_id: 77, status: 'queued' };
    },
    ...overrides,
  };
}

function Toasts() {
  const toasts = ToastContext.useSelector((s) => s.context.toasts);
  const ref = ToastContext.useActorRef();
  return <ToastList toasts={toasts} onDismiss={(id) => ref.send({ type: 'toast.dismiss', id })} onAction={() => {}} />;
}

const noUploads: UploadServices = {
  requestUploadUrl: async () => ({ container_url: '/blobs/x', uuid: 'u1', sas_token: 'sig=x' }),
  findUpload: async () => Promise.reject(new Error('not used')),
  listUploads: async () => [],
  send: () => () => {},
};

/** Fake scenario calls for the wizard the scenario dropdown opens. */
export function fakeScenarioServices(): ScenarioServices {
  return {
    loadWizard: vi.fn(async () => ({ options, scenario: null })),
    saveScenario: vi.fn(async () => ({ id: 24, study_id: 70, simulation_ids: [51], engine: 'AI' as const })),
    startValidation: vi.fn(async () => passedReport),
    getValidation: vi.fn(async () => passedReport),
    loadCost: vi.fn(async () => enoughCredit),
    submit: vi.fn(async () => ({ status: 'queued' as const, creditsDebited: 24, creditsLeft: 76 })),
    runAction: vi.fn(async () => 24),
  };
}

const quietLive = liveStatusMachine.provide({
  actors: {
    negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
    socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
      sendBack({ type: 'socket.open' });
      return () => undefined;
    }),
    fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
    warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
  },
});

export interface RenderViewerOptions {
  uploads?: UploadServices;
  /** Per-project permission lists (default: project 7 may add scenarios). */
  permissions?: Record<string, string[]>;
  scenarios?: ScenarioServices;
  /** Receives the names the screen publishes for the breadcrumb. */
  onCrumbs?(names: CrumbNames): void;
  /** The live status logic (default: a socket that opens and stays quiet). */
  live?: typeof quietLive;
}

export function renderViewer(path: string, services: ViewerServices = fakeServices(), opts: RenderViewerOptions = {}) {
  const uploads = opts.uploads ?? noUploads;
  const permissions = bindPermissionsLogic(async () => ({
    global: [],
    projects: opts.permissions ?? { '7': ['simulation_assets.add_configuration', 'projects.change_project'] },
  }));
  const scenarioLogic = bindScenarioLogic(opts.scenarios ?? fakeScenarioServices());
  const location = memoryLocation({ path, record: true });
  const [pathname, query = ''] = path.split('?');
  const parts = pathname!.split('/');
  const redirect = parts.length === 6;
  const element = redirect ? (
    <SimulationRedirect projectId={parts[2]!} studyId={parts[4]!} simulation={parts[5]!} />
  ) : (
    <ViewerScreen projectId={Number(parts[2])} studyId={Number(parts[4])} configurationId={Number(parts[6])} tabName={parts[7] ?? ''} />
  );
  void query;
  const result = render(
    <UploadLogicContext.Provider value={bindUploadLogic(uploads)}>
      <PermissionsContext.Provider logic={permissions}>
        <ScenarioLogicContext.Provider value={scenarioLogic}>
          <LiveStatusLogicContext.Provider value={opts.live ?? quietLive}>
            <ViewerServicesContext.Provider value={services}>
              <ToastContext.Provider>
                <BreadcrumbContext.Provider value={{ names: {}, setNames: opts.onCrumbs ?? (() => {}) }}>
                  <Router hook={location.hook} searchHook={location.searchHook}>
                    {element}
                  </Router>
                </BreadcrumbContext.Provider>
                <Toasts />
              </ToastContext.Provider>
            </ViewerServicesContext.Provider>
          </LiveStatusLogicContext.Provider>
        </ScenarioLogicContext.Provider>
      </PermissionsContext.Provider>
    </UploadLogicContext.Provider>,
  );
  // `navigate`: an address change from outside the viewer (back and forward do this in a browser);
  // `entries`: the history as written (a replaced entry is gone, as in a browser).
  return {
    ...result,
    current: () => location.history.at(-1),
    entries: () => [...location.history],
    navigate: (to: string) => act(() => location.navigate(to)),
  };
}
