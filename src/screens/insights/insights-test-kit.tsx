/**
 * Test kit for the insights modes (not product data): fake services that keep insights in memory
 * and record their calls, a fake viewer bridge, and a render with toasts and the permission map.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Insight, Report, StudyImage } from '@server/contract/insights.ts';
import type { InsightChange } from '@machines/viewer-modes/insights-panel.types.ts';
import { ToastContext } from '../../app/contexts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { bindPermissionsLogic } from '../../app/permissions-logic.ts';
import { ToastList } from '../../ui/toast.tsx';
import type { ViewerBridge, ViewerHandle, ViewState } from '../../viewer/contracts.ts';
import { InsightsServicesContext, type InsightsServices } from './insights-services.ts';

export function insight(id: number, sort: number, fields: Partial<Insight> = {}): Insight {
  return {
    id,
    study_id: 2,
    sort_order: sort,
    insight_status: 'Draft',
    category: null,
    title: `Insight ${id}`,
    text: '',
    created_by: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    sceneview_set: [],
    imageview_set: [],
    pins: [],
    pin_types: [],
    ...fields,
  };
}

export const VIEW: ViewState = {
  camera: { position: [10, 20, 30], target: [0, 0, 0], up: [0, 0, 1], fov: 45 },
  layers: ['101'],
  filters: { metric: 'speed-ratio' },
  colourScale: { min: 0, max: 1.5, colours: ['#000000', '#ffffff'], discrete: false, unit: '-', legendName: 'Speed ratio' },
  theme: 'default',
  simulationId: 31,
};

export function fakeBridge(canvas: HTMLCanvasElement | null = null) {
  const restored: ViewState[] = [];
  const handle: ViewerHandle = {
    fitToView: () => undefined,
    getCamera: () => VIEW.camera,
    setCamera: () => undefined,
    pick: () => ({ point: [5, 6, 1.5], layerId: '101', value: 1.2, unit: '-' }),
    project: () => ({ x: 40, y: 50, visible: true }),
    captureImage: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
    canvas: () => canvas,
  };
  const bridge: ViewerBridge = { handle: () => handle, viewState: () => VIEW, restore: (v) => void restored.push(v) };
  return { bridge, restored };
}

export interface FakeInsights extends InsightsServices {
  calls: string[];
  changes: InsightChange[];
  insights: Insight[];
}

export function fakeInsightsServices(initial: Insight[], options: { failDelete?: boolean } = {}): FakeInsights {
  const fake: FakeInsights = {
    calls: [],
    changes: [],
    insights: [...initial],
    load: async () => ({
      insights: fake.insights,
      categories: [
        { id: 1, key: 'pedestrian-wind-comfort', name: 'Pedestrian wind comfort', description: '', sort_order: 0 },
        { id: 2, key: 'thermal-comfort', name: 'Thermal comfort', description: '', sort_order: 1 },
      ],
      templates: [{ id: 7, key: 'warning', name: 'Warning', description: '', colour: '#d62728', icon: 'warning', sort_order: 0 }],
    }),
    change: async (_scope, change) => {
      fake.changes.push(change);
      if (change.kind === 'create') return insight(99, fake.insights.length, { title: change.title, category: change.category });
      const current = fake.insights.find((i) => i.id === change.id)!;
      if (change.kind === 'status') return { ...current, insight_status: change.status };
      if (change.kind === 'update') return { ...current, ...(change.title ? { title: change.title } : {}), ...(change.text !== undefined ? { text: change.text } : {}) };
      return current;
    },
    remove: async (_scope, id) => {
      fake.calls.push(`delete ${id}`);
      if (options.failDelete) throw { kind: 'http', status: 500, detail: 'Server error.', fields: {}, body: null };
    },
    listImages: async () => [] as StudyImage[],
    storeImage: async () => {
      throw new Error('not used');
    },
    imageBytes: async () => new Blob(),
    addImageView: async () => {
      throw new Error('not used');
    },
    updateImageView: async () => {
      throw new Error('not used');
    },
    removeImageView: async () => undefined,
    listReports: async () => [] as Report[],
    getReport: async () => {
      throw new Error('not used');
    },
    createReport: async () => {
      throw new Error('not used');
    },
    updateReport: async () => {
      throw new Error('not used');
    },
    addReportView: async () => {
      throw new Error('not used');
    },
    removeReportView: async () => undefined,
    exportPdf: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    projectStudies: async () => [2],
  };
  return fake;
}

function Toasts() {
  const ref = ToastContext.useActorRef();
  const toasts = ToastContext.useSelector((s) => s.context.toasts);
  return <ToastList toasts={toasts} onDismiss={(id) => ref.send({ type: 'toast.dismiss', id })} onAction={() => {}} />;
}

export function renderWith(node: ReactNode, services: InsightsServices, permissions: Record<string, string[]> = { '1': ['projects.add_insight'] }) {
  const logic = bindPermissionsLogic(async () => ({ global: [], projects: permissions }));
  return render(
    <ToastContext.Provider>
      <PermissionsContext.Provider logic={logic}>
        <InsightsServicesContext.Provider value={services}>{node}</InsightsServicesContext.Provider>
      </PermissionsContext.Provider>
      <Toasts />
    </ToastContext.Provider>,
  );
}
