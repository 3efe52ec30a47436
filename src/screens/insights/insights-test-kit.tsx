/**
 * Test kit for the insights modes (not product data): fake services that keep insights in memory
 * and record their calls, a fake viewer bridge, and a render with toasts and the permission map.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Insight, InsightCategory, Pin, PinType, PinTypeTemplate, Report, StudyImage } from '@canopy/contract/insights.ts';
// The shipped default templates (GET /api/global-template answers these; contract/src/global-templates.ts).
import { GLOBAL_TEMPLATES } from '@canopy/contract/global-templates.ts';
import type { InsightChange } from '@machines/viewer-modes/insights-panel.types.ts';
import { ToastContext } from '../../app/contexts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { bindPermissionsLogic } from '../../services/permissions-services.ts';
import { ToastList } from '../../ui/toast.tsx';
import type { ViewerBridge, ViewerHandle, ViewState } from '../../viewer/contracts.ts';
import type { ApiClient, ApiRequestOptions } from '../../api/client.ts';
import { InsightsServicesContext, type InsightsServices } from '../../services/insights-services.ts';

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

/** A draft report of study 2 with its cover and no views yet. */
export const REPORT: Report = {
  id: 4,
  study_id: 2,
  title: 'Wind comfort summary',
  report_status: 'Draft',
  page_size: 'A4',
  cover: { project: 'Harbour Tower', location: 'Toronto', author: 'Ada', version: '1', date: '2026-11-23' },
  report_views: [],
  created_at: '',
  updated_at: '',
};

export const VIEW: ViewState = {
  camera: { position: [10, 20, 30], target: [0, 0, 0], up: [0, 0, 1], fov: 45 },
  layers: ['101'],
  filters: { metric: 'speed-ratio' },
  colourScale: { min: 0, max: 1.5, colours: ['#000000', '#ffffff'], discrete: false, unit: '-', legendName: 'Speed ratio' },
  theme: 'default',
  simulationId: 31,
};

export function fakeBridge(
  canvas: HTMLCanvasElement | null = null,
  pick: ViewerHandle['pick'] = () => ({ point: [5, 6, 1.5], layerId: '101', value: 1.2, unit: '-' }),
) {
  const restored: ViewState[] = [];
  const handle: ViewerHandle = {
    fitToView: () => undefined,
    getCamera: () => VIEW.camera,
    setCamera: () => undefined,
    pick,
    project: () => ({ x: 40, y: 50, visible: true }),
    captureImage: async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
    canvas: () => canvas,
  };
  const bridge: ViewerBridge = { handle: () => handle, viewState: () => VIEW, restore: (v) => void restored.push(v) };
  return { bridge, restored };
}

/** A canvas inside a host element in the document, as the viewer mounts it (the overlay portals into the host). */
export function mountCanvas(): { canvas: HTMLCanvasElement; remove(): void } {
  const host = document.createElement('div');
  const canvas = document.createElement('canvas');
  host.append(canvas);
  document.body.append(host);
  return { canvas, remove: () => host.remove() };
}

export const CATEGORIES: InsightCategory[] = [
  { id: 1, key: 'pedestrian-wind-comfort', name: 'Pedestrian wind comfort', description: '', sort_order: 0 },
  { id: 2, key: 'thermal-comfort', name: 'Thermal comfort', description: '', sort_order: 1 },
];

/** Two of the server's templates (contexts/results/insights/reference.ts), ids included. */
export const TEMPLATES: PinTypeTemplate[] = [
  { id: 1, key: 'observation', name: 'Observation', description: '', colour: '#1f6feb', icon: 'info', sort_order: 0 },
  { id: 2, key: 'concern', name: 'Concern', description: '', colour: '#d1242f', icon: 'warning', sort_order: 1 },
];

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * An in-memory insights server behind the ApiClient interface, for the live services
 * (insightsServicesOver): it records every request and answers like the server does — a PUT with
 * sort_order moves the insight there and renumbers the study's insights, a pin type copies its
 * template's name, colour and icon unless given.
 */
export function fakeInsightsApi(initial: Insight[], options: { pdf?: (body: unknown) => Promise<Blob> } = {}) {
  const requests: RecordedRequest[] = [];
  const insights = initial.map((i) => structuredClone(i));
  let nextId = 500;
  const base = '/api/project/1/study/2/insight/';
  const find = (id: number) => {
    const found = insights.find((i) => i.id === id);
    if (!found) throw { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };
    return found;
  };
  const answer = async (method: string, path: string, body: Record<string, unknown>): Promise<unknown> => {
    if (path === '/api/insight-categories') return CATEGORIES;
    if (path === '/api/insight-pin-type-templates') return TEMPLATES;
    if (path === '/api/global-template/') return GLOBAL_TEMPLATES;
    if (path === '/api/export-pdf/' && method === 'POST') return options.pdf ? options.pdf(body) : new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    if (path === base) return [...insights].sort((a, b) => a.sort_order - b.sort_order);
    const match = /^\/api\/project\/1\/study\/2\/insight\/(\d+)\/(?:([a-z-]+)\/)?$/.exec(path);
    if (!match) throw new Error(`fake insights API: no route for ${method} ${path}`);
    const insight = find(Number(match[1]));
    const child = match[2];
    if (!child && method === 'GET') return structuredClone(insight);
    if (!child && method === 'PUT') {
      if (typeof body.sort_order === 'number') {
        const order = [...insights].sort((a, b) => a.sort_order - b.sort_order).filter((i) => i !== insight);
        order.splice(Math.min(body.sort_order, order.length), 0, insight);
        order.forEach((i, n) => (i.sort_order = n));
      }
      if (body.insight_status === 'Draft' || body.insight_status === 'Published') insight.insight_status = body.insight_status;
      return structuredClone(insight);
    }
    if (child === 'insight-pin-type' && method === 'POST') {
      const template = TEMPLATES.find((t) => t.id === body.template_id);
      const type: PinType = {
        id: nextId++,
        insight: { id: insight.id },
        name: (body.name as string | undefined) || template?.name || 'Pin',
        colour: (body.colour as string | undefined) ?? template?.colour ?? '#1f6feb',
        icon: (body.icon as string | undefined) || template?.icon || 'info',
        template_id: template?.id ?? null,
      };
      insight.pin_types.push(type);
      return type;
    }
    if (child === 'insight-pin' && method === 'POST') {
      const pin: Pin = {
        id: nextId++,
        insight: { id: insight.id },
        insight_pin_type_id: body.insight_pin_type_id as number,
        scene_view_id: (body.scene_view_id as number | null | undefined) ?? null,
        item: body.item as Pin['item'],
        title: (body.title as string | undefined) ?? '',
        note: (body.note as string | undefined) ?? '',
        sort_order: insight.pins.length,
      };
      insight.pins.push(pin);
      return pin;
    }
    throw new Error(`fake insights API: no route for ${method} ${path}`);
  };
  const api = (async (path: string, options?: ApiRequestOptions) => {
    const method = (options?.method ?? 'GET').toUpperCase();
    const body = (options?.body ?? null) as Record<string, unknown> | null;
    requests.push({ method, path, body });
    return answer(method, path, body ?? {});
  }) as ApiClient;
  return { api, requests, insights };
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
      categories: CATEGORIES,
      templates: [{ id: 7, key: 'warning', name: 'Warning', description: '', colour: '#d62728', icon: 'warning', sort_order: 0 }],
      globalTemplates: [...GLOBAL_TEMPLATES],
    }),
    change: async (_scope, change) => {
      fake.changes.push(change);
      if (change.kind === 'create') return insight(99, fake.insights.length, { title: change.title, category: change.category });
      const current = fake.insights.find((i) => i.id === change.id)!;
      if (change.kind === 'status') return { ...current, insight_status: change.status };
      if (change.kind === 'update')
        return { ...current, ...(change.title ? { title: change.title } : {}), ...(change.text !== undefined ? { text: change.text } : {}) };
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
    listGlobalTemplates: async () => [...GLOBAL_TEMPLATES],
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

export function renderWith(
  node: ReactNode,
  services: InsightsServices,
  permissions: Record<string, string[]> = { '1': ['projects.add_insight', 'projects.change_project'] },
) {
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
