/**
 * Everything inside the viewer's <Canvas>: layers, lights, background, origin marker, camera
 * controls, pointer probing and the imperative ViewerHandle. Kept apart from <Canvas> so tests
 * can render it with @react-three/test-renderer.
 *
 * The colour scales live in a ColourScaleStore: each data layer's lookup texture and uniforms
 * follow its own scale through subscriptions, so a colour-scale change re-renders nothing.
 * <ViewerCanvas> passes its own store (and does not re-render the scene for a scale change at all);
 * rendered on its own, the scene pushes its `colourScale` and `layerScales` props into a store of its own.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useThree } from '@react-three/fiber';
import { Box3, Sphere, Vector3, type PerspectiveCamera } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { CameraState, SceneLayer, ViewerCanvasProps, ViewerHandle } from '../contracts.ts';
import { themeFor } from '../themes/themes.ts';
import { decodeResultGlb, type DecodedLayer } from '../workers/decode-glb.ts';
import { ArrowLayer } from './arrow-layer.tsx';
import { cameraStateOf, clipPlanes, fitCameraState, northScreenAngle } from './camera.ts';
import { CameraControls } from './camera-controls.tsx';
import { captureCanvas } from './capture.ts';
import { DataLayer } from './data-layer.tsx';
import { SceneEffects } from './effects.tsx';
import { FindingsLayer } from './findings-layer.tsx';
import { GeometryLayer } from './geometry-layer.tsx';
import { localLayer } from './local-layers.ts';
import { OriginMarker } from './origin-marker.tsx';
import { OutlineLayer } from './outline-layer.tsx';
import { pickAt, toNdc } from './picking.ts';
import { SceneRegistry } from './registry.ts';
import { ColourScaleStore } from './colour-scale-store.ts';
import { ViewerSceneContext, type ViewerSceneContextValue } from './scene-context.ts';
import { usePointerProbe } from './use-pointer-probe.ts';

export interface ViewerSceneProps extends ViewerCanvasProps {
  handleRef?: Ref<ViewerHandle>;
  /** Called after every camera move with the on-screen angle of north (radians, clockwise). */
  onNorthAngle?(angle: number): void;
  /** Decode in the calling thread instead of the worker (tests). */
  decodeInWorker?: boolean;
  /** The colour scale as a store (ViewerCanvas); when given, the `colourScale` prop is not read. */
  colourScaleStore?: ColourScaleStore;
}

/** Roles not outlined under the pointer: the ground's outline is the edge of the scene, no help. */
const NOT_HOVERED = new Set<SceneLayer['role']>(['ground_inner', 'ground_outer', 'terrain']);

export function ViewerScene(props: ViewerSceneProps) {
  const { layers, colourScale, handleRef, originPoint } = props;
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  const theme = themeFor(props.theme);
  const registry = useMemo(() => new SceneRegistry(), []);
  const controlsRef = useRef<OrbitControls | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // The colour scales: the canvas's store, else one fed from the props.
  const [ownScaleStore] = useState(() => new ColourScaleStore(colourScale ?? null));
  const scaleStore = props.colourScaleStore ?? ownScaleStore;
  const ownsScale = !props.colourScaleStore;
  const layerScales = props.layerScales;
  useLayoutEffect(() => {
    if (!ownsScale) return;
    ownScaleStore.setLayers(layerScales);
    ownScaleStore.set(colourScale ?? null);
  }, [ownsScale, ownScaleStore, colourScale, layerScales]);

  const cache = useRef(new Map<string, Promise<DecodedLayer>>());
  const load = useCallback((url: string) => {
    // A layer computed in the browser (local-layers.ts) is already decoded; it is not cached here.
    const local = localLayer(url);
    if (local) return Promise.resolve(local);
    let entry = cache.current.get(url);
    if (!entry) {
      entry = latest.current.loadAsset(url).then((bytes) => decodeResultGlb(bytes, { inWorker: latest.current.decodeInWorker !== false }));
      // A failed load is not cached: toggling the layer again retries.
      entry.catch(() => cache.current.delete(url));
      cache.current.set(url, entry);
    }
    return entry;
  }, []);
  const reportError = useCallback((layerId: string, message: string) => latest.current.onLayerError?.(layerId, message), []);
  const reportRange = useCallback((layerId: string, range: { min: number; max: number }) => {
    if (Number.isFinite(range.min) && Number.isFinite(range.max)) latest.current.onLayerRange?.(layerId, [range.min, range.max]);
  }, []);

  // Post-processing (effects.tsx): while mounted, it draws the frames and screenshots.
  const effects = props.effects;
  const effectsOn = !!effects && (effects.ambientOcclusion || effects.outline || effects.antialias);
  const renderThroughEffects = useRef<(() => void) | null>(null);
  const hoverable = useRef<ReadonlySet<string>>(new Set());
  hoverable.current = new Set(layers.filter((l) => l.visible && !(l.kind === 'geometry' && NOT_HOVERED.has(l.role))).map((l) => l.id));
  const objectOf = useCallback((id: string) => registry.get(id)?.object, [registry]);
  const pickLayer = useCallback((x: number, y: number) => pickAt(registry, camera, toNdc(gl.domElement, x, y))?.layerId ?? null, [registry, camera, gl]);

  // Scene size drives clip planes and the origin marker's size.
  const [bounds, setBounds] = useState(() => new Box3());
  useEffect(() => registry.subscribe(() => setBounds(registry.bounds())), [registry]);
  const radius = bounds.isEmpty() ? 50 : Math.max(1, bounds.getBoundingSphere(new Sphere()).radius);

  const afterCameraMove = useCallback(() => {
    const controls = controlsRef.current;
    const target = controls?.target ?? new Vector3();
    const box = registry.bounds();
    clipPlanes(camera, target, box.isEmpty() ? 100 : box.getSize(new Vector3()).length() / 2);
    latest.current.onNorthAngle?.(northScreenAngle(camera, target));
  }, [camera, registry]);

  const applyCamera = useCallback(
    (state: CameraState) => {
      camera.position.fromArray(state.position);
      camera.up.fromArray(state.up);
      camera.fov = state.fov;
      camera.updateProjectionMatrix();
      const controls = controlsRef.current;
      if (controls) {
        controls.target.fromArray(state.target);
        controls.update();
      } else camera.lookAt(new Vector3().fromArray(state.target));
      afterCameraMove();
      invalidate();
    },
    [camera, afterCameraMove, invalidate],
  );

  const fitToView = useCallback(() => {
    const box = registry.bounds();
    if (box.isEmpty()) return;
    applyCamera(fitCameraState(box, camera.fov, size.width / Math.max(1, size.height)));
    latest.current.onCameraChange?.(cameraStateOf(camera, controlsRef.current?.target ?? new Vector3()));
  }, [registry, applyCamera, camera, size.width, size.height]);

  // First layers in: fit once, unless the screen restored a camera.
  const fitted = useRef(false);
  useEffect(
    () =>
      registry.subscribe(() => {
        if (fitted.current || latest.current.camera || registry.list().length === 0) return;
        fitted.current = true;
        fitToView();
      }),
    [registry, fitToView],
  );

  const cameraKey = props.camera ? JSON.stringify(props.camera) : null;
  useEffect(() => {
    if (cameraKey) applyCamera(JSON.parse(cameraKey) as CameraState);
  }, [cameraKey, applyCamera]);

  useEffect(() => {
    invalidate();
  }, [size.width, size.height, invalidate]);

  const handle = useMemo<ViewerHandle>(
    () => ({
      fitToView,
      getCamera: () => cameraStateOf(camera, controlsRef.current?.target ?? new Vector3()),
      setCamera: (state) => applyCamera(state),
      pick: (clientX, clientY) => {
        const probe = pickAt(registry, camera, toNdc(gl.domElement, clientX, clientY));
        // A value is read in the hit layer's own scale's unit when it names one, else the file's.
        const unit = probe ? scaleStore.forLayer(probe.layerId)?.unit : undefined;
        if (probe && probe.value !== undefined && unit) probe.unit = unit;
        return probe;
      },
      project: (point) => {
        const v = new Vector3(...point).project(camera);
        const rect = gl.domElement.getBoundingClientRect();
        const width = rect.width || gl.domElement.width;
        const height = rect.height || gl.domElement.height;
        const inFront = v.z >= -1 && v.z <= 1;
        return { x: ((v.x + 1) / 2) * width, y: ((1 - v.y) / 2) * height, visible: inFront && Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1 };
      },
      captureImage: (options) =>
        captureCanvas(
          () => (renderThroughEffects.current ? renderThroughEffects.current() : gl.render(scene, camera)),
          gl.domElement,
          options?.withLegend ? scaleStore.all() : [],
        ),
      canvas: () => gl.domElement,
    }),
    [fitToView, applyCamera, registry, camera, gl, scene, scaleStore],
  );
  useImperativeHandle(handleRef, () => handle, [handle]);
  const onControlsEnd = useCallback(() => latest.current.onCameraChange?.(handle.getCamera()), [handle]);

  usePointerProbe(gl.domElement, handle, latest);

  const context = useMemo<ViewerSceneContextValue>(
    () => ({ registry, colourScale: scaleStore, theme, load, reportError, reportRange }),
    [registry, scaleStore, theme, load, reportError, reportRange],
  );

  return (
    <ViewerSceneContext.Provider value={context}>
      <color attach="background" args={[theme.background.fill]} />
      <ambientLight intensity={1.2 * theme.lighting} />
      <directionalLight position={[-60, -100, 160]} intensity={1.8 * theme.lighting} />
      <directionalLight position={[80, 60, 40]} intensity={0.5 * theme.lighting} />
      <CameraControls controlsRef={controlsRef} onChange={afterCameraMove} onEnd={onControlsEnd} />
      {layers.map((layer) => {
        // Volumetric files (iso-surfaces, streamline points) colour by their field like data layers.
        if (layer.kind === 'data' || layer.kind === 'volumetric') return <DataLayer key={layer.id} layer={layer} />;
        if (layer.kind === 'arrows') return <ArrowLayer key={layer.id} layer={layer} />;
        return <GeometryLayer key={layer.id} layer={layer} />;
      })}
      {props.highlights?.length ? <FindingsLayer highlights={props.highlights} /> : null}
      {props.outlines?.length ? <OutlineLayer outlines={props.outlines} /> : null}
      {effectsOn ? (
        <SceneEffects
          effects={effects}
          highlights={props.highlights}
          objectOf={objectOf}
          hoverable={hoverable}
          pickLayer={pickLayer}
          renderRef={renderThroughEffects}
        />
      ) : null}
      {originPoint ? <OriginMarker point={originPoint} size={radius * 0.02} colour={theme.roles.overlay.stroke ?? theme.roles.overlay.fill} /> : null}
    </ViewerSceneContext.Provider>
  );
}
