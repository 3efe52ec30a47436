/**
 * The study records machine (machines/viewer-modes/study-records.machine.ts) bound for the images
 * mode, the reports mode and a report container: what each loads, and how each of its changes is
 * made with the insights services (the capture through the viewer of the mode).
 */
import { fromPromise } from 'xstate';
import type { GlobalTemplate } from '@canopy/contract/viewer.ts';
import type { Insight, Report, StudyImage } from '@canopy/contract/insights.ts';
import { studyRecordsMachine, type Applied, type Loaded } from '@machines/viewer-modes/study-records.machine.ts';
import { templateOfKind } from '@machines/viewer-modes/global-templates.ts';
import type { StudyScope } from '@machines/viewer-modes/insights-panel.types.ts';
import type { ViewerBridge } from '../viewer/contracts.ts';
import { blobToDataUrl, type InsightsServices } from './insights-services.ts';

/** Binds a screen's load and its changes to the study records machine. */
function bindRecords<TChange>(load: () => Promise<Loaded>, apply: (change: TChange) => Promise<Applied | void>) {
  return studyRecordsMachine.provide({
    actors: {
      load: fromPromise<Loaded, void>(() => load()),
      apply: fromPromise<Applied | void, unknown>(({ input }) => apply(input as TChange)),
    },
  });
}

export interface ImagesData {
  images: StudyImage[];
  /** In sort_order. */
  insights: Insight[];
}

export type ImagesChange =
  /** Capture the viewer (with its legend) as a study image; an empty name is named after the time. */
  | { kind: 'capture'; name: string }
  | { kind: 'add'; insightId: number; body: { study_image_id: number; caption: string; sort_order: number; scene_view_id: number | null } }
  /** Image views that take new places (a move swaps two). */
  | { kind: 'move'; insightId: number; moves: { id: number; sort_order: number }[] }
  | { kind: 'remove'; insightId: number; id: number };

/** The images mode: the study's images and insights; captures and the insights' image views. */
export function bindImageRecords(services: InsightsServices, scope: StudyScope, viewer: ViewerBridge) {
  return bindRecords<ImagesChange>(
    async () => {
      const [images, data] = await Promise.all([services.listImages(scope), services.load(scope)]);
      const value: ImagesData = { images, insights: [...data.insights].sort((a, b) => a.sort_order - b.sort_order) };
      return { data: value };
    },
    async (change) => {
      switch (change.kind) {
        case 'capture': {
          const handle = viewer.handle();
          if (!handle) throw new Error('The viewer is not ready to capture');
          const blob = await handle.captureImage({ withLegend: true });
          await services.storeImage(
            scope,
            change.name.trim() || `Capture ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
            await blobToDataUrl(blob),
          );
          return;
        }
        case 'add':
          await services.addImageView(scope, change.insightId, change.body);
          return;
        case 'move':
          await Promise.all(change.moves.map((m) => services.updateImageView(scope, change.insightId, m.id, { sort_order: m.sort_order })));
          return;
        case 'remove':
          await services.removeImageView(scope, change.insightId, change.id);
          return;
      }
    },
  );
}

export interface ReportData {
  report: Report;
  insights: Insight[];
}

export type ReportChange =
  | { kind: 'status'; published: boolean }
  | { kind: 'add'; insightId: number; body: { report_id: number; image_view_id: number; caption: string } }
  | { kind: 'order'; order: number[] }
  | { kind: 'remove'; insightId: number; id: number };

/** A report container: the report and the study's insights (their image views); its status, views and their order. */
export function bindReportRecords(services: InsightsServices, scope: StudyScope, reportId: number) {
  return bindRecords<ReportChange>(
    async () => {
      const [report, data] = await Promise.all([services.getReport(scope, reportId), services.load(scope)]);
      const value: ReportData = { report, insights: data.insights };
      return { data: value };
    },
    async (change) => {
      switch (change.kind) {
        case 'status':
          await services.updateReport(scope, reportId, { report_status: change.published ? 'Published' : 'Draft' });
          return;
        case 'add':
          await services.addReportView(scope, change.insightId, change.body);
          return;
        case 'order':
          await services.updateReport(scope, reportId, { report_view_order: change.order });
          return;
        case 'remove':
          await services.removeReportView(scope, change.insightId, change.id);
          return;
      }
    },
  );
}

export interface ReportsData {
  reports: Report[];
  /** The default report template (GET /api/global-template): it names a new report and suggests its sections. */
  template: GlobalTemplate | null;
}

export type ReportsChange = { kind: 'create'; title: string };

/** The reports mode: the study's reports and the report template; a new report, selected once made. */
export function bindReportList(services: InsightsServices, scope: StudyScope) {
  return bindRecords<ReportsChange>(
    async () => {
      // Without templates the form simply starts empty.
      const [reports, templates] = await Promise.all([services.listReports(scope), services.listGlobalTemplates().catch(() => [])]);
      const template = templateOfKind(templates, 'report') ?? null;
      const value: ReportsData = { reports, template };
      const fields: Record<string, string> = template ? { title: template.name } : {};
      return { data: value, fields };
    },
    async (change) => {
      const report = await services.createReport(scope, { title: change.title });
      return { fields: { selected: String(report.id) } };
    },
  );
}
