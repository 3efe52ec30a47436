/**
 * Test kit for the viewer screen (not product data): simulations with assets across the filter
 * dimensions, fake services recording their calls, and a render inside a memory router with the
 * toast list, so tests read the screen by role and text.
 */
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Asset, Simulation, UserLayer } from '@server/contract/viewer.ts';
import { metSource, summary } from '@machines/weather/fixtures.ts';
import { ToastContext } from '../../app/contexts.ts';
import { ToastList } from '../../ui/toast.tsx';
import { bindUploadLogic, type UploadServices } from '../../services/uploads.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import { ViewerServicesContext } from './viewer-services-context.ts';
import type { ViewerServices } from './viewer-services.ts';
import { ViewerScreen } from './viewer-screen.tsx';
import { SimulationRedirect } from './simulation-redirect.tsx';

let nextAsset = 100;

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
      asset(31, { analysis_type: 'wind-comfort', metric: 'comfort-class', season_filter: 'Summer', time_filter: 'Daytime', filename: 'comfort.summer.glb', qualifier: 'lawson-lddc', qualifiers: { criterion: 'lawson-lddc' } }),
      asset(31, { analysis_type: 'wind-comfort', metric: 'comfort-class', season_filter: 'Winter', time_filter: '06:00-09:00', filename: 'comfort.winter.glb', qualifier: 'lawson-lddc', qualifiers: { criterion: 'lawson-lddc' } }),
      asset(31, { analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: '0', filename: 'sr.0.glb', show_by_default: true }),
      asset(31, { analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: '90', filename: 'sr.90.glb' }),
    ]),
    simulation(32, 21, 'solar', [asset(32, { analysis_type: 'solar-sunlit', metric: 'pct-sunlit', season_filter: 'Summer', filename: 'sunlit.glb', show_by_default: true })]),
    simulation(41, 22, 'thermal-comfort', [asset(41, { analysis_type: 'thermal-comfort', metric: 'utci-pct-comfortable', filename: 'utci.glb' })]),
  ];
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
      { id: 'wind-directional', name: 'Directional wind', code: 'Dir', metrics: [{ metric: 'speed-ratio', units: '', legends: ['speed-ratio'], fields: ['speedRatio'] }] },
      { id: 'wind-comfort', name: 'Pedestrian wind comfort', code: 'PLW', metrics: [{ metric: 'comfort-class', units: 'class', legends: ['wind-comfort-lawson-lddc'], fields: ['comfortClass'] }] },
      { id: 'solar-sunlit', name: 'Solar', code: 'Sun', metrics: [{ metric: 'pct-sunlit', units: '%', legends: ['pct-sunlit'], fields: ['pctSunlit'] }] },
    ],
    graphDefinitions: async () => [
      { id: 'value-histogram', metrics: ['speed-ratio', 'pct-sunlit'], kind: 'histogram', title: 'Distribution over the plane', x: { label: 'Value', units: '' }, y: { label: 'Plane area', units: '%' } },
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
        : { name, version: '1', kind: 'continuous', title: 'Speed ratio', units: '', stops: [ { value: 0, colour: '#000000' }, { value: 2, colour: '#ffffff' } ] },
    listUserLayers: async (_scope, simulationId) => {
      calls.push(`list layers ${simulationId}`);
      return layers.filter((l) => l.simulation_id === simulationId);
    },
    replaceUserLayers: async (_scope, body) => {
      calls.push(`replace ${body.simulation_id}: ${body.layers.map((l) => `${l.identifier}@${l.view_id}`).join(',')}`);
      layers = [...layers.filter((l) => l.simulation_id !== body.simulation_id), ...body.layers.map((l) => ({ id: nextLayer++, simulation_id: body.simulation_id, ...l }))];
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

export function renderViewer(path: string, services: ViewerServices = fakeServices(), uploads: UploadServices = noUploads) {
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
      <ViewerServicesContext.Provider value={services}>
        <ToastContext.Provider>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {element}
          </Router>
          <Toasts />
        </ToastContext.Provider>
      </ViewerServicesContext.Provider>
    </UploadLogicContext.Provider>,
  );
  return { ...result, current: () => location.history.at(-1) };
}
