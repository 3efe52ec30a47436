/** The figure overlay's projection (three.js PerspectiveCamera conventions) and drawing-JSON reading. */
import { describe, expect, it } from 'vitest';
import { drawingShapes, projectPoint, type CameraSnapshot } from './figure-overlay.ts';

describe('projectPoint', () => {
  // Looking north (+Y) from 10 m south of the origin, 0 m up, z up, 90° vertical field of view.
  const camera: CameraSnapshot = { position: [0, -10, 0], target: [0, 0, 0], up: [0, 0, 1], fov: 90 };

  it('puts the target at the centre and follows x right, z up', () => {
    expect(projectPoint(camera, 1, [0, 0, 0])).toEqual([0.5, 0.5]);
    // tan(45°) = 1: at 10 m depth the half-height is 10 m.
    const right = projectPoint(camera, 1, [5, 0, 0])!;
    expect(right[0]).toBeCloseTo(0.75, 10);
    expect(right[1]).toBeCloseTo(0.5, 10);
    const top = projectPoint(camera, 1, [0, 0, 10])!;
    expect(top[1]).toBeCloseTo(0, 10);
  });

  it('divides x by the aspect ratio, and returns null behind the camera', () => {
    expect(projectPoint(camera, 2, [10, 0, 0])![0]).toBeCloseTo(0.75, 10);
    expect(projectPoint(camera, 1, [0, -20, 0])).toBeNull();
  });

  it('uses a 45° field of view when the view saved none', () => {
    const p = projectPoint({ position: [0, -10, 0], target: [0, 0, 0] }, 1, [0, 0, Math.tan(Math.PI / 8) * 10])!;
    expect(p[1]).toBeCloseTo(0, 10);
  });
});

describe('drawingShapes', () => {
  it('keeps well-formed shapes and leaves the rest out', () => {
    const shapes = drawingShapes({
      version: 1,
      shapes: [
        {
          id: 'a',
          kind: 'arrow',
          points: [
            [0.1, 0.1],
            [0.5, 0.5],
          ],
          colour: '#ff00ff',
          width: 3,
        },
        { id: 'b', kind: 'text', points: [[0.2, 0.8]], colour: '#000000', width: 2, text: 'Gusty here' },
        { id: 'c', kind: 'spiral', points: [[0, 0]] },
        { id: 'd', kind: 'line', points: [[0, 'x']] },
        {
          id: 'e',
          kind: 'line',
          points: [
            [0, 0],
            [1, 1],
          ],
          anchors: [[0, 0, 0]],
        },
      ],
    });
    expect(shapes.map((s) => s.kind)).toEqual(['arrow', 'text', 'line']);
    expect(shapes[2]!.anchors).toBeUndefined(); // one anchor for two points is not a usable anchoring
    expect(drawingShapes(null)).toEqual([]);
  });
});
