/** Test data for the insights workspace's tests (not product data). */
import type { Insight } from '@machines/viewer-modes/insights-panel.types.ts';
import type { CaptureOutput } from './insights-workspace.types.ts';

/** A test insight (not product data): one scene view (id 40 + id) when `withView`. */
export function testInsight(id: number, withView = true): Insight {
  return {
    id,
    study_id: 2,
    sort_order: id,
    insight_status: 'Draft',
    category: null,
    title: `Insight ${id}`,
    text: '',
    created_by: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    sceneview_set: withView ? ([{ id: 40 + id, drawings: [] }] as unknown as Insight['sceneview_set']) : [],
    imageview_set: [],
    pins: [],
    pin_types: [],
  };
}

export function captured(insight: Insight | null): CaptureOutput {
  return {
    sceneViewId: insight?.sceneview_set[0]?.id ?? null,
    name: insight?.title ?? '',
    viewJson: { version: 2 },
    camera: { position: [1, 2, 3], target: [0, 0, 0], up: [0, 0, 1], fov: 45 },
    simulationId: 31,
    legend: null,
    imageBase64: null,
    drawingJson: { version: 1, shapes: [] },
  };
}
