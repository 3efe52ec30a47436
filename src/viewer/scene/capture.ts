/**
 * Screenshots: render one frame now and read the canvas in the same task (the drawing buffer is
 * still intact then, so the renderer needs no preserveDrawingBuffer, which would slow every frame).
 * With legends, the frame is copied onto a 2D canvas and the legends drawn over its corner.
 */
import type { ColourScale } from '../contracts.ts';
import { drawLegend, legendHeight } from '../colour/legend-canvas.ts';

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas could not be encoded as PNG'))), 'image/png'),
  );
}

/**
 * `render` draws the frame as the view shows it (through the effects composer while effects are
 * on). Each legend is drawn in the bottom-right corner, stacked upwards: the legend of every layer
 * shown, each with its own scale, as over the view.
 */
export function captureCanvas(render: () => void, source: HTMLCanvasElement, legends: readonly ColourScale[]): Promise<Blob> {
  render();
  if (legends.length === 0) return toPng(source);
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const ctx = copy.getContext('2d');
  if (!ctx) return toPng(source);
  ctx.drawImage(source, 0, 0);
  const factor = Math.max(1, source.width / 1200);
  const width = 220 * factor;
  let bottom = copy.height - 12 * factor;
  for (const legend of legends) {
    const height = legendHeight(legend, factor);
    drawLegend(ctx, legend, { x: copy.width - width - 12 * factor, y: bottom - height, width, height }, factor);
    bottom -= height + 8 * factor;
  }
  return toPng(copy);
}
