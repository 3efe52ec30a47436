/**
 * The preview canvas's camera, with the 3D view stood in for (jsdom has no WebGL): the view comes
 * up a moment after the canvas mounts, as three.js does. A finding picked before then is flown to
 * once it is up; a tunnel arriving afterwards is drawn without moving the camera off the finding;
 * the user's next request (turning the tunnel) moves it, once. The canvas gives the view its opening
 * camera, so the view does not fit itself over a request later.
 */
import { forwardRef, useEffect, type Ref } from 'react';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { Framing, PreviewFile } from '@machines/scenario-preview/scenario-preview.machine.ts';
import type { TunnelExtent } from '@machines/scenario-preview/tunnel-extent.ts';
import type { CameraState, ViewerCanvasProps, ViewerHandle } from '../../../viewer/contracts.ts';

const view = vi.hoisted(() => ({
  camera: null as CameraState | null,
  moves: [] as CameraState[],
  opening: [] as (CameraState | undefined)[],
}));

vi.mock('../../../viewer/scene/viewer-canvas.tsx', () => ({
  ViewerCanvas: forwardRef(function FakeViewerCanvas(props: ViewerCanvasProps, ref: Ref<ViewerHandle>) {
    view.opening.push(props.camera);
    useEffect(() => {
      // three.js starts after the canvas mounts: the handle comes a little later.
      const timer = setTimeout(() => {
        view.camera = props.camera ?? { position: [-60, -120, 90], target: [0, 0, 0], up: [0, 0, 1], fov: 45 };
        const handle = {
          getCamera: () => view.camera!,
          setCamera: (c: CameraState) => {
            view.camera = c;
            view.moves.push(c);
          },
        } as unknown as ViewerHandle;
        if (typeof ref === 'function') ref(handle);
      }, 20);
      return () => clearTimeout(timer);
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <div />;
  }),
}));

const { default: PreviewCanvas } = await import('./preview-canvas.tsx');

const tower: PreviewFile = { uploadId: 1, filename: 'tower.stl', role: 'study' };
// Two triangles: the roof corner at (10, 10, 30) is the finding's, the other far away at ground level.
const soup = Float32Array.from([0, 0, 30, 10, 0, 30, 10, 10, 30, 100, 100, 0, 120, 100, 0, 120, 120, 0]);
const roof: GeometryFinding = {
  id: 'roof',
  severity: 'error',
  code: 'open-edges',
  message: 'The roof is open',
  suggested_fix: 'Close it.',
  triangles: [0],
  edges: [],
  location: null,
  role: 'study',
  asset: 'tower.stl',
  upload_id: 1,
  count: 1,
  related: null,
  details: {},
};
const tunnel = {
  windFromDeg: 0,
  lengthM: 800,
  widthM: 700,
  heightM: 300,
  studyRadiusM: 70,
  tunnel: Float32Array.from([-400, -350, 0, 400, 350, 300]),
  study: Float32Array.from([-70, 0, 0, 70, 0, 0]),
} as unknown as TunnelExtent;

const props = (framing: Framing, extent: TunnelExtent | null) => ({
  files: [tower],
  soups: new Map([[1, soup]]),
  findings: [roof],
  selectedId: 'roof',
  framing,
  extent,
  drawGround: true,
});

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the preview canvas’s camera', () => {
  it('flies to a finding picked before the 3D view was up, keeps it when the tunnel arrives, and turns to the tunnel when asked', async () => {
    const { rerender } = render(<PreviewCanvas {...props({ on: 'finding', request: 1 }, null)} />);
    expect(view.opening[0]?.target).toEqual([60, 60, 15]);
    await wait(60);
    expect(view.moves).toHaveLength(1);
    expect(view.moves[0]!.target).toEqual([5, 5, 30]);

    // The plan lands after the pick: drawn, but the camera stays on the finding.
    rerender(<PreviewCanvas {...props({ on: 'finding', request: 1 }, tunnel)} />);
    await wait(30);
    expect(view.moves).toHaveLength(1);

    rerender(<PreviewCanvas {...props({ on: 'tunnel', request: 2 }, tunnel)} />);
    await wait(30);
    expect(view.moves).toHaveLength(2);
    expect(view.moves[1]!.target).toEqual([0, 0, 150]);
  });
});
