/**
 * The results viewer's 3D canvas: react-three-fiber rendering only on demand, with the
 * north arrow overlay. The screen mounts it lazily (three.js lives only in the viewer's chunk) and
 * drives it through ViewerCanvasProps and the ViewerHandle ref.
 */
import { forwardRef, memo, useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import { Canvas } from '@react-three/fiber';
import type { ViewerCanvasProps, ViewerEffects, ViewerHandle } from '../contracts.ts';
import { themeFor } from '../themes/themes.ts';
import { NorthArrow } from './north-arrow.tsx';
import { CanvasPropsStore } from './canvas-props-store.ts';
import { ViewerScene } from './viewer-scene.tsx';
import * as styles from './viewer-canvas.css.ts';
import { OPENING_CAMERA } from './opening-camera.ts';

/** WebGL 2 is required (three.js r163+); jsdom has no WebGL at all. */
function hasWebGl2(): boolean {
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return false;
  try {
    return typeof WebGL2RenderingContext !== 'undefined' && !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

// Module constants, not literals: <Canvas> re-applies changed props on every render, and a new
// array or object each time would re-apply them on every colour-scale or layer change.
const DPR: [number, number] = [1, 2];
// No multisampling: antialiasing is the effects' FXAA pass (effects.tsx), which can be switched
// off, and multisampling would be wasted on a canvas the effects composer draws into as an image.
const GL_OPTIONS = { antialias: false, powerPreference: 'high-performance' } as const;
const CAMERA = { fov: OPENING_CAMERA.fov, up: OPENING_CAMERA.up, position: OPENING_CAMERA.position, near: 0.1, far: 5000 };

/** Without an effects prop: the antialiasing the canvas would otherwise have had from multisampling. */
const ANTIALIAS_ONLY: ViewerEffects = { ambientOcclusion: false, outline: false, antialias: true };

const isDark = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.299 + ((n >> 8) & 255) * 0.587 + (n & 255) * 0.114 < 128;
};

function SceneFromStore({ store, handleRef, onNorthAngle }: { store: CanvasPropsStore; handleRef: Ref<ViewerHandle>; onNorthAngle(angle: number): void }) {
  const props = useSyncExternalStore(store.subscribe, store.get, store.get);
  return <ViewerScene {...props} colourScaleStore={store.colourScale} handleRef={handleRef} onNorthAngle={onNorthAngle} />;
}

const CanvasHost = memo(function CanvasHost({
  store,
  handleRef,
  onNorthAngle,
}: {
  store: CanvasPropsStore;
  handleRef: Ref<ViewerHandle>;
  onNorthAngle(angle: number): void;
}) {
  return (
    <Canvas frameloop="demand" dpr={DPR} gl={GL_OPTIONS} camera={CAMERA}>
      <SceneFromStore store={store} handleRef={handleRef} onNorthAngle={onNorthAngle} />
    </Canvas>
  );
});

export const ViewerCanvas = forwardRef<ViewerHandle, ViewerCanvasProps>(function ViewerCanvas(props, ref) {
  const [webgl] = useState(hasWebGl2);
  const sceneProps = props.effects ? props : { ...props, effects: ANTIALIAS_ONLY };
  const [store] = useState(() => new CanvasPropsStore(sceneProps));
  useLayoutEffect(() => store.set(sceneProps));
  const arrowRef = useRef<SVGSVGElement>(null);
  const onNorthAngle = useCallback((angle: number) => {
    if (arrowRef.current) arrowRef.current.style.transform = `rotate(${angle}rad)`;
  }, []);
  const theme = themeFor(props.theme);

  if (!webgl) {
    return (
      <div className={styles.unavailable} role="img" aria-label="3D view unavailable">
        The 3D view needs WebGL 2, which this browser does not offer.
      </div>
    );
  }
  return (
    <div className={styles.root} data-theme={theme.name}>
      <CanvasHost store={store} handleRef={ref} onNorthAngle={onNorthAngle} />
      {props.showNorthArrow === false ? null : <NorthArrow ref={arrowRef} dark={isDark(theme.background.fill)} />}
    </div>
  );
});
