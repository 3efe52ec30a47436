/**
 * The insights modes' calls behind one interface, so view tests pass fakes, and the
 * machines bound to them. A change answers the whole changed insight: saving a scene view stores
 * the captured image as a study image, creates or replaces the scene view and its drawing; adding
 * a pin puts it on the insight's pin type of the chosen template or type with the chosen colour and
 * icon, made when the insight has none yet. `insightsServicesOver` takes the API client, so tests
 * run the real calls against a recording fake.
 */
import { createContext } from 'react';
import { fromPromise } from 'xstate';
import type { GlobalTemplate } from '@canopy/contract/viewer.ts';
import type { ExportPdfRequest, Insight, ImageView, PinType, Report, ReportCreate, ReportUpdate, ReportView, StudyImage } from '@canopy/contract/insights.ts';
import { insightsPanelMachine } from '@machines/viewer-modes/insights-panel.machine.ts';
import { pdfExportMachine, type PdfExportInput } from '@machines/viewer-modes/pdf-export.machine.ts';
import type { InsightChange, InsightsData, NewPin, StudyScope } from '@machines/viewer-modes/insights-panel.types.ts';
import { api as appApi, type ApiClient } from '../api/client.ts';
import * as calls from '../api/insights.ts';
import { asServerCall as call } from '../api/errors.ts';
import { saveBlob } from './save-blob.ts';
import { windowKeys } from './window-keys.ts';
import { insightsWorkspaceMachine } from '@machines/insights-workspace/insights-workspace.machine.ts';
import { reportStudyMachine, type ReportQuestion } from '@machines/insights-workspace/report-study.machine.ts';
import type { CaptureInput, CaptureOutput, RestoreInput, RestoreOutput } from '@machines/insights-workspace/insights-workspace.types.ts';
import type { ViewerBridge } from '../viewer/contracts.ts';
import { captureSceneView, restoreInsightView } from '../insights/scene-view-capture.ts';

export interface InsightsServices {
  load(scope: StudyScope): Promise<InsightsData>;
  change(scope: StudyScope, change: InsightChange): Promise<Insight>;
  remove(scope: StudyScope, id: number): Promise<void>;
  listImages(scope: StudyScope): Promise<StudyImage[]>;
  /** Stores a captured PNG (data: URL) as a study image. */
  storeImage(scope: StudyScope, name: string, dataUrl: string): Promise<StudyImage>;
  imageBytes(scope: StudyScope, id: number): Promise<Blob>;
  addImageView(
    scope: StudyScope,
    insightId: number,
    body: { study_image_id: number; caption: string; sort_order?: number; scene_view_id?: number | null },
  ): Promise<ImageView>;
  updateImageView(scope: StudyScope, insightId: number, id: number, body: { caption?: string; sort_order?: number }): Promise<ImageView>;
  removeImageView(scope: StudyScope, insightId: number, id: number): Promise<void>;
  listReports(scope: StudyScope): Promise<Report[]>;
  /** GET /api/global-template: the default insight and report templates. */
  listGlobalTemplates(): Promise<GlobalTemplate[]>;
  getReport(scope: StudyScope, id: number): Promise<Report>;
  createReport(scope: StudyScope, body: ReportCreate): Promise<Report>;
  updateReport(scope: StudyScope, id: number, body: ReportUpdate): Promise<Report>;
  addReportView(scope: StudyScope, insightId: number, body: { report_id: number; image_view_id: number; caption: string }): Promise<ReportView>;
  removeReportView(scope: StudyScope, insightId: number, id: number): Promise<void>;
  exportPdf(body: ExportPdfRequest): Promise<Blob>;
  /** The project's studies (the report route names a project and a report, not the study). */
  projectStudies(projectId: number): Promise<number[]>;
}

/**
 * The pin type a new pin goes on: the chosen pin type when its colour and icon are the ones asked
 * for; else the insight's pin type of the same template (and name) with that colour and icon; else
 * a new one (the server copies the template's name, and takes the colour and icon given).
 */
async function pinTypeFor(api: ApiClient, scope: StudyScope, insightId: number, pin: NewPin): Promise<number> {
  const current = await calls.getInsight(api, scope, insightId);
  const chosen = pin.pinTypeId === null ? undefined : current.pin_types.find((t) => t.id === pin.pinTypeId);
  const templateId = chosen ? chosen.template_id : pin.templateId;
  const fits = (t: PinType) =>
    t.template_id === templateId && (!chosen || t.name === chosen.name) && t.colour.toLowerCase() === pin.colour.toLowerCase() && t.icon === pin.icon;
  const existing = chosen && fits(chosen) ? chosen : current.pin_types.find(fits);
  if (existing) return existing.id;
  const created = await calls.createPinType(api, scope, insightId, {
    template_id: templateId,
    ...(chosen ? { name: chosen.name } : {}),
    colour: pin.colour,
    icon: pin.icon,
  });
  return created.id;
}

async function applyChange(api: ApiClient, scope: StudyScope, change: InsightChange): Promise<Insight> {
  switch (change.kind) {
    case 'create':
      return calls.createInsight(api, scope, { title: change.title, category: change.category, ...(change.text ? { text: change.text } : {}) });
    case 'update': {
      const { kind: _k, id, ...body } = change;
      return calls.updateInsight(api, scope, id, body);
    }
    case 'status':
      return calls.updateInsight(api, scope, change.id, { insight_status: change.status });
    case 'move':
      return calls.updateInsight(api, scope, change.id, { sort_order: change.sortOrder });
    case 'view': {
      const v = change.view;
      const image = v.imageBase64 ? await calls.createStudyImage(api, scope, { name: v.name, image_base64: v.imageBase64 }) : null;
      const body = {
        name: v.name,
        camera: v.camera,
        simulation_id: v.simulationId,
        legend: v.legend,
        view_json: v.viewJson,
        ...(image ? { study_image_id: image.id } : {}),
      };
      const view =
        v.sceneViewId === null
          ? await calls.createSceneView(api, scope, change.id, body)
          : await calls.updateSceneView(api, scope, change.id, v.sceneViewId, body);
      const drawing = view.drawings[0];
      if (drawing) await calls.updateDrawing(api, { id: drawing.id, drawing_json: v.drawingJson });
      else await calls.createDrawing(api, { scene_view: view.id, name: v.name, drawing_json: v.drawingJson });
      return calls.getInsight(api, scope, change.id);
    }
    case 'pin': {
      const p = change.pin;
      await calls.createPin(api, scope, change.id, {
        insight_pin_type_id: await pinTypeFor(api, scope, change.id, p),
        scene_view_id: p.sceneViewId,
        item: {
          position: p.position,
          ...(p.layerId ? { layer_id: p.layerId } : {}),
          ...(p.value !== undefined ? { value: p.value } : {}),
          ...(p.unit ? { unit: p.unit } : {}),
          ...(p.valueText ? { value_text: p.valueText } : {}),
        },
        title: p.title,
        note: p.note,
      });
      return calls.getInsight(api, scope, change.id);
    }
  }
}

/** The services over an API client: the app's one client, or a test's recording fake. */
export function insightsServicesOver(api: ApiClient): InsightsServices {
  return {
    load: async (scope) => {
      const [insights, categories, templates, globalTemplates] = await Promise.all([
        calls.listInsights(api, scope),
        calls.listInsightCategories(api),
        calls.listPinTypeTemplates(api),
        calls.listGlobalTemplates(api),
      ]);
      return { insights, categories, templates, globalTemplates };
    },
    change: (scope, change) => applyChange(api, scope, change),
    remove: (scope, id) => calls.deleteInsight(api, scope, id),
    listImages: (scope) => calls.listStudyImages(api, scope),
    storeImage: (scope, name, dataUrl) => calls.createStudyImage(api, scope, { name, image_base64: dataUrl }),
    imageBytes: (scope, id) => calls.studyImageFile(api, scope, id),
    addImageView: (scope, insightId, body) => calls.createImageView(api, scope, insightId, body),
    updateImageView: (scope, insightId, id, body) => calls.updateImageView(api, scope, insightId, id, body),
    removeImageView: (scope, insightId, id) => calls.deleteImageView(api, scope, insightId, id),
    listReports: (scope) => calls.listReports(api, scope),
    listGlobalTemplates: () => calls.listGlobalTemplates(api),
    getReport: (scope, id) => calls.getReport(api, scope, id),
    createReport: (scope, body) => calls.createReport(api, scope, body),
    updateReport: (scope, id, body) => calls.updateReport(api, scope, id, body),
    addReportView: (scope, insightId, body) => calls.createReportView(api, scope, insightId, body),
    removeReportView: (scope, insightId, id) => calls.deleteReportView(api, scope, insightId, id),
    exportPdf: (body) => calls.exportPdf(api, body),
    projectStudies: async (projectId) => (await api<{ studies: { id: number }[] }>(`/api/project/${projectId}/`)).studies.map((s) => s.id),
  };
}

export const liveInsightsServices: InsightsServices = insightsServicesOver(appApi);

export const InsightsServicesContext = createContext<InsightsServices>(liveInsightsServices);

/** The insights panel machine with its actors bound to `services` (live, or a test's fakes). */
export function bindInsightsPanel(services: InsightsServices) {
  return insightsPanelMachine.provide({
    actors: {
      loadInsights: fromPromise<InsightsData, StudyScope>(({ input }) => call(() => services.load(input))),
      changeInsight: fromPromise<Insight, StudyScope & { change: InsightChange }>(({ input }) =>
        call(() => services.change({ projectId: input.projectId, studyId: input.studyId }, input.change)),
      ),
      deleteInsight: fromPromise<void, StudyScope & { id: number }>(({ input }) =>
        call(() => services.remove({ projectId: input.projectId, studyId: input.studyId }, input.id)),
      ),
    },
  });
}

/**
 * The insights workspace with its children bound to `services` and its viewer actors to the mode's
 * ViewerBridge: restoring an insight's scene view, capturing the viewer as one, and the window's keys.
 */
export function bindInsightsWorkspace(services: InsightsServices, viewer: ViewerBridge) {
  return insightsWorkspaceMachine.provide({
    actors: {
      insightsPanel: bindInsightsPanel(services),
      pdfExport: bindPdfExport(services),
      restoreView: fromPromise<RestoreOutput, RestoreInput>(async ({ input }) => restoreInsightView(input.insight, viewer)),
      captureView: fromPromise<CaptureOutput, CaptureInput>(async ({ input }) => {
        if (!input.insight) throw new Error('The insight is no longer there');
        return captureSceneView(input.insight, input.drawing, viewer, blobToDataUrl);
      }),
      keys: windowKeys(),
    },
  });
}

/** The report route's search for the study that holds a report, its calls bound to `services`. */
export function bindReportStudy(services: InsightsServices) {
  return reportStudyMachine.provide({
    actors: {
      listStudies: fromPromise<number[], { projectId: number }>(({ input }) => call(() => services.projectStudies(input.projectId))),
      askStudy: fromPromise<unknown, ReportQuestion>(({ input }) =>
        call(() => services.getReport({ projectId: input.projectId, studyId: input.studyId }, input.reportId)),
      ),
    },
  });
}

/** The PDF export machine with its actor bound to `services`: POST /api/export-pdf/, then save the answer. */
export function bindPdfExport(services: InsightsServices) {
  return pdfExportMachine.provide({
    actors: {
      exportPdf: fromPromise<void, PdfExportInput>(({ input }) => call(async () => saveBlob(await services.exportPdf(input.request), input.filename))),
    },
  });
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}
