/**
 * Insights, images and reports calls (SPEC §7 Study and Other). Paths are the server's
 * (API.md: under /api/, trailing slash as the spec writes them). Types come from the server's
 * contract, type-only.
 */
import type {
  Drawing,
  DrawingCreate,
  DrawingUpdate,
  ExportPdfRequest,
  ImageView,
  ImageViewCreate,
  ImageViewUpdate,
  Insight,
  InsightCategory,
  InsightCreate,
  InsightUpdate,
  Pin,
  PinCreate,
  PinType,
  PinTypeCreate,
  PinTypeTemplate,
  Report,
  ReportCreate,
  ReportUpdate,
  ReportView,
  ReportViewCreate,
  SceneView,
  SceneViewCreate,
  SceneViewUpdate,
  StudyImage,
  StudyImageCreate,
} from '@canopy/contract/insights.ts';
import type { GlobalTemplate } from '@canopy/contract/viewer.ts';
import type { ApiClient } from './client.ts';
import type { StudyRef } from './viewer.ts';

const study = (s: StudyRef) => `/api/project/${s.projectId}/study/${s.studyId}`;
const insight = (s: StudyRef, id: number) => `${study(s)}/insight/${id}`;

export const listInsights = (api: ApiClient, s: StudyRef) => api<Insight[]>(`${study(s)}/insight/`);
export const getInsight = (api: ApiClient, s: StudyRef, id: number) => api<Insight>(`${insight(s, id)}/`);
export const createInsight = (api: ApiClient, s: StudyRef, body: InsightCreate) => api<Insight>(`${study(s)}/insight/`, { method: 'POST', body });
export const updateInsight = (api: ApiClient, s: StudyRef, id: number, body: InsightUpdate) => api<Insight>(`${insight(s, id)}/`, { method: 'PUT', body });
export const deleteInsight = (api: ApiClient, s: StudyRef, id: number) => api<void>(`${insight(s, id)}/`, { method: 'DELETE' });

export const createSceneView = (api: ApiClient, s: StudyRef, insightId: number, body: SceneViewCreate) =>
  api<SceneView>(`${insight(s, insightId)}/scene-view/`, { method: 'POST', body });
export const updateSceneView = (api: ApiClient, s: StudyRef, insightId: number, id: number, body: SceneViewUpdate) =>
  api<SceneView>(`${insight(s, insightId)}/scene-view/${id}/`, { method: 'PUT', body });

export const createPinType = (api: ApiClient, s: StudyRef, insightId: number, body: PinTypeCreate) =>
  api<PinType>(`${insight(s, insightId)}/insight-pin-type/`, { method: 'POST', body });
export const createPin = (api: ApiClient, s: StudyRef, insightId: number, body: PinCreate) =>
  api<Pin>(`${insight(s, insightId)}/insight-pin/`, { method: 'POST', body });

export const createImageView = (api: ApiClient, s: StudyRef, insightId: number, body: ImageViewCreate) =>
  api<ImageView>(`${insight(s, insightId)}/image-view/`, { method: 'POST', body });
export const updateImageView = (api: ApiClient, s: StudyRef, insightId: number, id: number, body: ImageViewUpdate) =>
  api<ImageView>(`${insight(s, insightId)}/image-view/${id}/`, { method: 'PUT', body });
export const deleteImageView = (api: ApiClient, s: StudyRef, insightId: number, id: number) =>
  api<void>(`${insight(s, insightId)}/image-view/${id}/`, { method: 'DELETE' });

export const createReportView = (api: ApiClient, s: StudyRef, insightId: number, body: ReportViewCreate) =>
  api<ReportView>(`${insight(s, insightId)}/report-view/`, { method: 'POST', body });
export const deleteReportView = (api: ApiClient, s: StudyRef, insightId: number, id: number) =>
  api<void>(`${insight(s, insightId)}/report-view/${id}/`, { method: 'DELETE' });

export const listStudyImages = (api: ApiClient, s: StudyRef) => api<StudyImage[]>(`${study(s)}/study-image/`);
export const createStudyImage = (api: ApiClient, s: StudyRef, body: StudyImageCreate) => api<StudyImage>(`${study(s)}/study-image/`, { method: 'POST', body });
/** The image bytes: a Blob (ofetch reads image types as blobs). */
export const studyImageFile = (api: ApiClient, s: StudyRef, id: number) => api<Blob>(`${study(s)}/study-image/${id}/file`);

export const listReports = (api: ApiClient, s: StudyRef) => api<Report[]>(`${study(s)}/report/`);
export const getReport = (api: ApiClient, s: StudyRef, id: number) => api<Report>(`${study(s)}/report/${id}/`);
export const createReport = (api: ApiClient, s: StudyRef, body: ReportCreate) => api<Report>(`${study(s)}/report/`, { method: 'POST', body });
export const updateReport = (api: ApiClient, s: StudyRef, id: number, body: ReportUpdate) => api<Report>(`${study(s)}/report/${id}/`, { method: 'PUT', body });

export const createDrawing = (api: ApiClient, body: DrawingCreate) => api<Drawing>('/api/drawings', { method: 'POST', body });
export const updateDrawing = (api: ApiClient, body: DrawingUpdate) => api<Drawing>('/api/drawings', { method: 'PUT', body });

export const listPinTypeTemplates = (api: ApiClient) => api<PinTypeTemplate[]>('/api/insight-pin-type-templates');
export const listInsightCategories = (api: ApiClient) => api<InsightCategory[]>('/api/insight-categories');
export const listGlobalTemplates = (api: ApiClient) => api<GlobalTemplate[]>('/api/global-template/');

/** POST /api/export-pdf/: the PDF as a Blob (ofetch reads application/pdf as a blob; the caller saves it under pdfFileName). */
export const exportPdf = (api: ApiClient, body: ExportPdfRequest) => api<Blob>('/api/export-pdf/', { method: 'POST', body });
