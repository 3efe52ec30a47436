/**
 * TEST SUPPORT — renders scene components into a react-three-fiber 9 root backed by a real
 * three.js WebGLRenderer over a mock WebGL 2 context (jsdom). frameloop "never": nothing is drawn,
 * but the scene graph, materials, textures and geometries are the real three.js objects.
 */
import type { ReactNode } from 'react';
import { act, createRoot, extend, type RootState } from '@react-three/fiber';
import * as THREE from 'three';
import { WebGLRenderer, type Scene } from 'three';
import { mockWebGl2Context } from './mock-webgl.ts';

export interface RenderedScene {
  scene: Scene;
  state(): RootState;
  update(element: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

// <Canvas> registers the three.js catalogue itself; a bare root needs it done once.
extend(THREE as unknown as Parameters<typeof extend>[0]);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function renderScene(element: ReactNode, { width = 800, height = 600 } = {}): Promise<RenderedScene> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: width, bottom: height, width, height, toJSON: () => ({}) });
  const root = createRoot(canvas);
  await root.configure({
    frameloop: 'never',
    events: undefined,
    size: { width, height, top: 0, left: 0 },
    dpr: 1,
    camera: { fov: 45, up: [0, 0, 1], position: [-60, -120, 90], near: 0.1, far: 5000 },
    gl: (props) => new WebGLRenderer({ ...props, canvas, context: mockWebGl2Context(canvas) }),
  });
  let store: { getState(): RootState } | null = null;
  await act(async () => {
    store = root.render(element);
  });
  const state = () => store!.getState();
  return {
    scene: state().scene,
    state,
    update: async (next) => {
      await act(async () => {
        root.render(next);
      });
    },
    unmount: async () => {
      await act(async () => root.unmount());
    },
  };
}
