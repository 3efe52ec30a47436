/**
 * The viewer's post-processing, on the `postprocessing` library's EffectComposer
 * in place of react-three-fiber's own render (a frame callback of priority 1 takes the render
 * over; the canvas still draws only on demand):
 *
 * - ambient occlusion (NormalPass + SSAOEffect at half resolution, depth-aware upsampling): the
 *   creases where walls meet the ground and each other darken, so a dense district reads as
 *   volumes rather than flat-shaded outlines;
 * - outlines (OutlineEffect): the layer under the pointer, the selected validation finding and the
 *   other findings shown, each in its own colour and seen through what hides them;
 * - antialiasing (FXAAEffect): the canvas is created without multisampling, so this is the one
 *   antialiasing there is, and it can be switched off.
 *
 * All three share one EffectPass (one full-screen pass after the scene).
 *
 * Mounted only while one of the three is on: with all off the scene is drawn straight, as before.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import {
  BlendFunction,
  EffectComposer,
  EffectPass,
  FXAAEffect,
  NormalPass,
  OutlineEffect,
  RenderPass,
  SSAOEffect,
  type Effect,
  type Pass,
} from 'postprocessing';
import { Mesh, MeshNormalMaterial, type Camera, type Object3D, type Scene, type WebGLRenderer } from 'three';
import type { FindingHighlight, ViewerEffects } from '../contracts.ts';

/** Outline colours: hovered (blue), the selected finding (yellow), the other findings shown (white). */
const OUTLINE_COLOURS = { hovered: 0x1e90ff, selected: 0xffc400, highlighted: 0xffffff } as const;

/** Selection layers of the three outlines (three.js layers 0–31; 0 is the camera's own). */
const OUTLINE_LAYERS = { hovered: 11, selected: 12, highlighted: 13 } as const;

type OutlineKind = keyof typeof OUTLINE_COLOURS;

interface EffectsChain {
  composer: EffectComposer;
  outlines: Partial<Record<OutlineKind, OutlineEffect>>;
  ssao: SSAOEffect | null;
  /** Draws a frame (the camera's clip planes followed first: the scene moves them with the view). */
  render(delta: number): void;
  dispose(): void;
}

/** Ambient occlusion from geometry within 10 m of a point in depth, faded out over the next 10 m. */
const AO_WORLD = { proximity: 10, proximityFalloff: 10, distance: 2000, distanceFalloff: 500 };

function setAoWorld(ssao: SSAOEffect): void {
  const m = ssao.ssaoMaterial;
  m.worldProximityThreshold = AO_WORLD.proximity;
  m.worldProximityFalloff = AO_WORLD.proximityFalloff;
  m.worldDistanceThreshold = AO_WORLD.distance;
  m.worldDistanceFalloff = AO_WORLD.distanceFalloff;
}

/** Builds the composer for a set of switches (at least one on). */
function effectsChain(gl: WebGLRenderer, scene: Scene, camera: Camera, effects: ViewerEffects): EffectsChain {
  const composer = new EffectComposer(gl);
  const flatNormals = new MeshNormalMaterial({ flatShading: true });
  composer.addPass(new RenderPass(scene, camera));
  const list: Effect[] = [];
  let ssao: SSAOEffect | null = null;
  if (effects.ambientOcclusion) {
    const normals = new NormalPass(scene, camera, { resolutionScale: 0.5 });
    // Face normals, as the layers are shaded (flatShading): the meshes carry no normals of their
    // own, and MeshNormalMaterial would otherwise read none and occlude every flat face with noise.
    (normals as unknown as { renderPass: RenderPass }).renderPass.overrideMaterial = flatNormals;
    composer.addPass(normals as Pass);
    ssao = new SSAOEffect(camera, normals.texture, {
      blendFunction: BlendFunction.MULTIPLY,
      samples: 11,
      rings: 4,
      // The sampling radius is a share of the buffer's height in pixels, and the same number is
      // its reach in scene units (metres here): 0.1 of 300 px reaches 30 m. Each sample's
      // occlusion falls off with its distance in metres, so a district needs a high intensity.
      radius: 0.1,
      intensity: 12,
      bias: 0.1,
      fade: 0.5,
      // Bright colours darken a little less (the light walls would otherwise go grey).
      luminanceInfluence: 0.3,
      resolutionScale: 0.5,
      depthAwareUpsampling: true,
    });
    list.push(ssao);
  }
  const outlines: EffectsChain['outlines'] = {};
  if (effects.outline) {
    for (const kind of ['highlighted', 'selected', 'hovered'] as const) {
      const outline = new OutlineEffect(scene, camera, {
        blendFunction: BlendFunction.ALPHA,
        visibleEdgeColor: OUTLINE_COLOURS[kind],
        hiddenEdgeColor: OUTLINE_COLOURS[kind],
        edgeStrength: kind === 'highlighted' ? 2 : 4,
        xRay: true,
        resolutionScale: 0.75,
      });
      outline.selection.layer = OUTLINE_LAYERS[kind];
      outlines[kind] = outline;
      list.push(outline);
    }
  }
  // One full-screen pass for all of them, FXAA first (it replaces the colour with the antialiased
  // scene; occlusion and outlines blend over it). FXAA, not SMAA: SMAA adds two full-screen passes
  // of its own, and in the benchmark's software-rendered browser each costs about a scene's frame.
  if (effects.antialias) list.unshift(new FXAAEffect());
  composer.addPass(new EffectPass(camera, ...list));
  let near = -1;
  let far = -1;
  const render = (delta: number) => {
    const c = camera as Camera & { near?: number; far?: number };
    // The passes copy near and far when given the camera; the scene's clipPlanes() changes them
    // as the view moves, so they are handed the camera again (and AO its reach in metres).
    if (c.near !== near || c.far !== far) {
      near = c.near ?? 0;
      far = c.far ?? 0;
      composer.setMainCamera(camera);
      if (ssao) setAoWorld(ssao);
    }
    composer.render(delta);
  };
  const dispose = () => {
    composer.dispose();
    flatNormals.dispose();
  };
  return { composer, outlines, ssao, render, dispose };
}

/** The meshes under an object (a selection renders meshes, not their groups). */
function meshesOf(object: Object3D | null | undefined): Object3D[] {
  const out: Object3D[] = [];
  object?.traverse((o) => {
    if (o instanceof Mesh) out.push(o);
  });
  return out;
}

interface SceneEffectsProps {
  effects: ViewerEffects;
  highlights?: readonly FindingHighlight[];
  /** The object of a layer id (the scene registry's), for the hovered outline. */
  objectOf(layerId: string): Object3D | undefined;
  /** Layer ids worth outlining under the pointer (not the ground), in a ref the pointer reads. */
  hoverable: RefObject<ReadonlySet<string>>;
  /** The layer id under client coordinates (the scene's ray query). */
  pickLayer(clientX: number, clientY: number): string | null;
  /** Set while mounted: draws one frame through the composer now (screenshots). */
  renderRef: RefObject<(() => void) | null>;
}

export function SceneEffects({ effects, highlights, objectOf, hoverable, pickLayer, renderRef }: SceneEffectsProps) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const camera = useThree((s) => s.camera);
  const size = useThree((s) => s.size);
  const dpr = useThree((s) => s.viewport.dpr);
  const invalidate = useThree((s) => s.invalidate);
  const { ambientOcclusion, outline, antialias } = effects;
  const chain = useMemo(
    () => effectsChain(gl, scene, camera, { ambientOcclusion, outline, antialias }),
    [gl, scene, camera, ambientOcclusion, outline, antialias],
  );
  useEffect(() => () => chain.dispose(), [chain]);
  // The composer turns the renderer's autoClear off (its passes clear what they draw into); the
  // plain render that takes over when every effect is switched off needs it back.
  useLayoutEffect(
    () => () => {
      gl.autoClear = true;
    },
    [gl],
  );

  useLayoutEffect(() => {
    chain.composer.setSize(size.width, size.height, false);
    invalidate();
  }, [chain, size.width, size.height, dpr, invalidate]);

  useLayoutEffect(() => {
    renderRef.current = () => chain.render(0);
    return () => {
      renderRef.current = null;
    };
  }, [chain, renderRef]);

  // Priority 1: this callback draws the frame instead of react-three-fiber.
  useFrame((_, delta) => chain.render(delta), 1);

  // The findings: the selected one, and the others shown.
  useEffect(() => {
    const { selected, highlighted } = chain.outlines;
    if (!selected || !highlighted) return;
    const pick = (wantSelected: boolean) =>
      (highlights ?? []).filter((h) => !!h.selected === wantSelected).flatMap((h) => meshesOf(scene.getObjectByName(`finding:${h.id}`)));
    selected.selection.set(pick(true));
    highlighted.selection.set(pick(false));
    invalidate();
  }, [chain, highlights, scene, invalidate]);

  // The hovered layer: one ray query per animation frame while the pointer moves (not while it
  // drags the camera round), a frame drawn only when the layer under it changes.
  const latest = useRef({ objectOf, pickLayer });
  useLayoutEffect(() => {
    latest.current = { objectOf, pickLayer };
  });
  useEffect(() => {
    const hovered = chain.outlines.hovered;
    if (!hovered) return;
    const element = gl.domElement;
    let current: string | null = null;
    let frame = 0;
    let last: { x: number; y: number } | null = null;
    const show = (id: string | null) => {
      if (id === current) return;
      current = id;
      hovered.selection.set(id ? meshesOf(latest.current.objectOf(id)) : []);
      invalidate();
    };
    const move = (event: PointerEvent) => {
      if (event.buttons !== 0) return;
      last = { x: event.clientX, y: event.clientY };
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!last) return;
        const id = latest.current.pickLayer(last.x, last.y);
        show(id && hoverable.current?.has(id) ? id : null);
      });
    };
    const leave = () => {
      last = null;
      show(null);
    };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerleave', leave);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerleave', leave);
      hovered.selection.clear();
    };
  }, [chain, gl, hoverable, invalidate]);

  return null;
}
