/**
 * Orbit (left drag), pan (right drag), zoom (wheel) around a target, with site +Z up. No damping:
 * damping needs a frame every tick, and the viewer renders only on change (frameloop "demand");
 * each control change asks for exactly one frame.
 */
import { useEffect, useRef, type MutableRefObject } from 'react';
import { useThree } from '@react-three/fiber';
import type { PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export function CameraControls({ controlsRef, onChange, onEnd }: { controlsRef: MutableRefObject<OrbitControls | null>; onChange(): void; onEnd(): void }) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const domElement = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const handlers = useRef({ onChange, onEnd });
  useEffect(() => {
    handlers.current = { onChange, onEnd };
  });

  useEffect(() => {
    camera.up.set(0, 0, 1);
    const controls = new OrbitControls(camera, domElement);
    controls.enableDamping = false;
    controls.screenSpacePanning = true;
    controls.zoomToCursor = true;
    controlsRef.current = controls;
    const change = () => {
      handlers.current.onChange();
      invalidate();
    };
    const end = () => handlers.current.onEnd();
    controls.addEventListener('change', change);
    controls.addEventListener('end', end);
    return () => {
      controls.removeEventListener('change', change);
      controls.removeEventListener('end', end);
      controls.dispose();
      if (controlsRef.current === controls) controlsRef.current = null;
    };
  }, [camera, domElement, invalidate, controlsRef]);
  return null;
}
