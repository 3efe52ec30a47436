import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { ViewerBridge, ViewState } from '../viewer/contracts.ts';
import { readSceneView, restoreSceneView, SceneViewJsonError, serialiseSceneView, type PinMark } from './scene-view-json.ts';
import type { Shape } from './drawing.ts';

const real = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
const vec3 = fc.tuple(real, real, real);
const colour = fc.integer({ min: 0, max: 0xffffff }).map((v) => `#${v.toString(16).padStart(6, '0')}`);
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const strip = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const viewState: fc.Arbitrary<ViewState> = fc.record({
  camera: fc.record({ position: vec3, target: vec3, up: vec3, fov: fc.double({ min: 1, max: 179, noNaN: true }) }),
  layers: fc.array(fc.string(), { maxLength: 6 }),
  filters: fc.dictionary(fc.constantFrom('layer_type', 'analysis_type', 'metric', 'season_filter', 'time_filter'), fc.option(fc.string(), { nil: null })),
  colourScale: fc.option(
    fc
      .record({
        min: real,
        max: real,
        colours: fc.array(colour, { maxLength: 8 }),
        discrete: fc.boolean(),
        classLabels: opt(fc.array(fc.string(), { maxLength: 4 })),
        unit: opt(fc.string()),
        legendName: opt(fc.string()),
      })
      .map(strip),
    { nil: null },
  ),
  theme: fc.constantFrom('default', 'light', 'translucent', 'geometry', 'dark', 'tron'),
  simulationId: fc.option(fc.integer({ min: 1 }), { nil: null }),
});

const point = fc.tuple(fc.double({ min: -1, max: 2, noNaN: true }), fc.double({ min: -1, max: 2, noNaN: true }));
const shapeArb: fc.Arbitrary<Shape> = fc
  .record({
    id: fc.string({ minLength: 1 }),
    kind: fc.constantFrom('freehand', 'line', 'arrow', 'rectangle', 'ellipse', 'text'),
    points: fc.array(point, { minLength: 1, maxLength: 6 }),
    colour,
    width: fc.double({ min: 0.5, max: 40, noNaN: true }),
    text: opt(fc.string()),
    anchored: fc.boolean(),
    anchorSeed: vec3,
  })
  .map(
    ({ anchored, anchorSeed, ...s }) =>
      strip({
        ...s,
        anchors: anchored ? s.points.map((p) => [p[0] + anchorSeed[0], p[1] + anchorSeed[1], anchorSeed[2]] as [number, number, number]) : undefined,
      }) as Shape,
  );

const pinArb: fc.Arbitrary<PinMark> = fc
  .record({
    pinTypeId: fc.integer({ min: 1, max: 1000 }),
    position: vec3,
    colour,
    icon: fc.constantFrom('warning', 'info', 'wind'),
    title: fc.string(),
    note: fc.string(),
    value: opt(real),
    unit: opt(fc.string()),
  })
  .map(strip);

/** Through JSON text, as the server stores it. */
const stored = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('scene-view JSON', () => {
  it('serialise ∘ restore ∘ serialise is identity (through stored JSON)', () => {
    fc.assert(
      fc.property(viewState, fc.array(shapeArb, { maxLength: 5 }), fc.array(pinArb, { maxLength: 4 }), (view, shapes, pins) => {
        const first = serialiseSceneView(view, { shapes }, pins);
        const doc = readSceneView(stored(first));
        const again = serialiseSceneView(doc.view, doc.drawing, doc.pins);
        expect(again).toEqual(first);
        expect(stored(again)).toEqual(stored(first));
      }),
      { numRuns: 200 },
    );
  });

  it('restoring hands the viewer exactly the view that was saved', () => {
    fc.assert(
      fc.property(viewState, (view) => {
        const restore = vi.fn();
        const bridge: ViewerBridge = { handle: () => null, viewState: () => view, restore };
        restoreSceneView(stored(serialiseSceneView(view, { shapes: [] }, [])), bridge);
        const restored = restore.mock.calls[0]![0] as ViewState;
        // -0 is the one value JSON cannot keep; everything else comes back as it was.
        expect(stored(restored)).toEqual(stored(view));
        expect(restored.camera.fov).toBe(view.camera.fov);
      }),
    );
  });

  it('migrates version 1 (no up/fov, layer_ids, shapes, no filters or pins)', () => {
    const v1 = {
      version: 1,
      camera: { position: [10, -20, 30], target: [0, 0, 0] },
      layer_ids: ['101', '102'],
      theme: 'dark',
      colour_scale: { min: 0, max: 1.5, colours: ['#000000', '#ffffff'], discrete: false, unit: '-' },
      simulation_id: 31,
      shapes: [
        {
          id: 'a',
          kind: 'arrow',
          points: [
            [0.1, 0.2],
            [0.3, 0.4],
          ],
          colour: '#ff0000',
          width: 3,
        },
        { id: 'bad', kind: 'blob' },
      ],
    };
    const doc = readSceneView(v1);
    expect(doc.view).toEqual({
      camera: { position: [10, -20, 30], target: [0, 0, 0], up: [0, 0, 1], fov: 45 },
      layers: ['101', '102'],
      filters: {},
      colourScale: { min: 0, max: 1.5, colours: ['#000000', '#ffffff'], discrete: false, unit: '-' },
      theme: 'dark',
      simulationId: 31,
    });
    expect(doc.drawing.shapes.map((s) => s.id)).toEqual(['a']);
    expect(doc.pins).toEqual([]);
    expect(serialiseSceneView(doc.view, doc.drawing, doc.pins).version).toBe(2);
  });

  it('refuses what it cannot read, naming the field or the version', () => {
    expect(() => readSceneView({ version: 3 })).toThrow(/version 3 is newer/);
    expect(() => readSceneView(null)).toThrow(SceneViewJsonError);
    expect(() => readSceneView({ version: 2, camera: { position: [0, 0] } })).toThrow(/camera/);
  });
});
