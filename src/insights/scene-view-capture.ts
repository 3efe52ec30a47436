/**
 * An insight's scene view to and from the viewer: its pins as the overlay draws them, the restore of
 * its first scene view (the viewer's state, answering the drawing to show), and the capture of the
 * viewer as a scene view to save (view JSON, legend, image and drawing). The insights workspace
 * machine runs these through the actors bound in src/services/insights-services.ts.
 */
import type { Insight } from '@canopy/contract/insights.ts';
import type { SceneViewSave } from '@machines/viewer-modes/insights-panel.types.ts';
import type { ViewerBridge } from '../viewer/contracts.ts';
import { emptyDrawing, parseDrawing, serialiseDrawing, type DrawingDoc } from './drawing.ts';
import { readSceneView, serialiseSceneView, type PinMark } from './scene-view-json.ts';

/** The insight's pins as the overlay draws them. */
export function pinMarks(insight: Insight | null): PinMark[] {
  if (!insight) return [];
  return insight.pins.map((p) => {
    const type = insight.pin_types.find((t) => t.id === p.insight_pin_type_id);
    return {
      pinTypeId: p.insight_pin_type_id,
      position: p.item.position,
      colour: type?.colour ?? '#e4572e',
      icon: type?.icon ?? 'info',
      title: p.title,
      note: p.note,
    };
  });
}

/** Applies the insight's first scene view to the viewer and answers its drawing (an empty one without a view). */
export function restoreInsightView(insight: Insight | null, viewer: ViewerBridge): DrawingDoc {
  const view = insight?.sceneview_set[0];
  if (!view) return emptyDrawing();
  const drawingJson = view.drawings[0]?.drawing_json;
  if (!view.view_json) return parseDrawing(drawingJson);
  const doc = readSceneView(view.view_json);
  viewer.restore(doc.view);
  return drawingJson ? parseDrawing(drawingJson) : doc.drawing;
}

/** The viewer as the insight's scene view: its state, the drawing, the pins, the legend and a capture with the legend (none when it fails). */
export async function captureSceneView(
  insight: Insight,
  drawing: DrawingDoc,
  viewer: ViewerBridge,
  toDataUrl: (blob: Blob) => Promise<string>,
): Promise<SceneViewSave> {
  const state = viewer.viewState();
  const handle = viewer.handle();
  let image: string | null = null;
  try {
    if (handle) image = await toDataUrl(await handle.captureImage({ withLegend: true }));
  } catch {
    image = null;
  }
  const scale = state.colourScale;
  return {
    sceneViewId: insight.sceneview_set[0]?.id ?? null,
    name: insight.title,
    viewJson: serialiseSceneView(state, drawing, pinMarks(insight)) as never,
    camera: state.camera,
    simulationId: state.simulationId,
    legend:
      scale && scale.colours.length
        ? {
            title: scale.title ?? scale.legendName ?? 'Legend',
            unit: scale.unit,
            min: scale.min,
            max: scale.max,
            colours: scale.colours,
            class_labels: scale.classLabels,
            discrete: scale.discrete,
          }
        : null,
    imageBase64: image,
    drawingJson: serialiseDrawing(drawing),
  };
}
