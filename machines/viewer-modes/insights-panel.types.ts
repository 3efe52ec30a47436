/** What the insights panel machine works with. */
import type { Insight, InsightCategory, InsightStatus, PinTypeTemplate } from '@canopy/contract/insights.ts';
import type { GlobalTemplate } from '@canopy/contract/viewer.ts';

export type { Insight, InsightCategory, InsightStatus, PinTypeTemplate };

export interface StudyScope {
  projectId: number;
  studyId: number;
}

export interface InsightsData {
  insights: Insight[];
  categories: InsightCategory[];
  templates: PinTypeTemplate[];
  /** GET /api/global-template: what a new insight (and report) opens with. */
  globalTemplates: GlobalTemplate[];
}

/** A scene view to store: the JSON, what the PDF needs beside it, an optional captured image and the drawing. */
export interface SceneViewSave {
  sceneViewId: number | null;
  name: string;
  viewJson: { version: number } & Record<string, unknown>;
  camera: { position: [number, number, number]; target: [number, number, number]; up: [number, number, number]; fov: number };
  simulationId: number | null;
  legend: { title: string; unit?: string; min?: number; max?: number; colours: string[]; class_labels?: string[]; discrete?: boolean } | null;
  /** PNG as a data: URL, stored as a study image and linked to the view. */
  imageBase64: string | null;
  drawingJson: Record<string, unknown>;
}

/**
 * A pin to add: a template or one of the insight's pin types (exactly one of the ids), drawn with
 * `colour` and `icon`. The pin goes on the insight's pin type of that template or type with that
 * colour and icon, which is made when the insight has none yet.
 */
export interface NewPin {
  templateId: number | null;
  pinTypeId: number | null;
  /** #rrggbb */
  colour: string;
  icon: string;
  position: [number, number, number];
  layerId?: string;
  value?: number;
  unit?: string;
  /** The value as a person reads it: a category map's class name ('Standing'), else the number with its unit. */
  valueText?: string;
  title: string;
  note: string;
  sceneViewId: number | null;
}

/** Every change except delete answers the changed insight (the whole of it, children included). */
export type InsightChange =
  | { kind: 'create'; title: string; category: string | null; text?: string }
  | { kind: 'update'; id: number; title?: string; text?: string; category?: string | null }
  | { kind: 'status'; id: number; status: InsightStatus }
  | { kind: 'move'; id: number; sortOrder: number }
  | { kind: 'view'; id: number; view: SceneViewSave }
  | { kind: 'pin'; id: number; pin: NewPin };

export type InsightsPanelEvent =
  | { type: 'list.reload' }
  | { type: 'category.filter'; category: string | null }
  | { type: 'insight.select'; id: number | null }
  /** `text`: the body it opens with (the default insight template, filled for the view shown). */
  | { type: 'insight.create'; title: string; category: string | null; text?: string }
  | { type: 'insight.update'; id: number; title?: string; text?: string; category?: string | null }
  | { type: 'insight.status'; id: number; status: InsightStatus }
  /** Drag or keyboard move: the insight goes to `index` in the full list (sort_order). */
  | { type: 'insight.move'; id: number; index: number }
  /** Asks to delete: the panel waits for `deletion.confirm` (or `cancel`). */
  | { type: 'insight.delete'; id: number }
  | { type: 'deletion.confirm' }
  | { type: 'cancel' }
  | { type: 'view.save'; id: number; view: SceneViewSave }
  | { type: 'pin.add'; id: number; pin: NewPin };
