/** Assets → scene layers, visibility, fields, legends and colour scales; the graph panel's arithmetic. */
import { layerRange } from '@machines/viewer/colour-scales.ts';
import { describe, expect, it } from 'vitest';
import {
  activeDataAsset,
  colourScaleFor,
  fieldOf,
  legendNameOf,
  sceneLayersFor,
  themeRoleOf,
  toggledIdentifiers,
  visibleAssetIds,
  type JobTypeRef,
} from './scene-layers.ts';
import { areaPerClass, exceedance, histogram } from './graph-logic.ts';
import { asset } from './viewer-test-kit.tsx';

const jobTypes: JobTypeRef[] = [
  {
    id: 'wind-comfort',
    name: 'PLW',
    code: 'PLW',
    metrics: [
      {
        metric: 'comfort-class',
        units: 'class',
        legends: ['wind-comfort-lawson-lddc', 'wind-comfort-davenport'],
        fields: ['comfortClass', 'exceedance_{t}ms'],
      },
    ],
  },
];
const path = { projectId: 7, configurationId: 21, simulationId: 31 };
const url = (ids: typeof path & { assetId: number }) => `/a/${ids.assetId}`;

describe('scene layers', () => {
  const geometry = asset(31, { layer_type: 'geometry', geometry_type: 'presentation_plane', show_by_default: true });
  const study = asset(31, { layer_type: 'geometry', geometry_type: 'study', show_by_default: true });
  const comfort = asset(31, { analysis_type: 'wind-comfort', metric: 'comfort-class', qualifiers: { criterion: 'davenport' } });
  const graph = asset(31, { layer_type: 'graph', analysis_type: 'wind-comfort' });
  const assets = [comfort, geometry, study, graph];

  it('shows the defaults until the view has a saved choice, then exactly that', () => {
    expect([...visibleAssetIds(assets, [], 'viewer-1')]).toEqual([geometry.id, study.id]);
    expect([
      ...visibleAssetIds(
        assets,
        [
          { identifier: String(comfort.id), view_id: 'viewer-1' },
          { identifier: String(study.id), view_id: 'viewer-2' },
        ],
        'viewer-1',
      ),
    ]).toEqual([comfort.id]);
    expect(toggledIdentifiers(new Set([geometry.id, study.id]), comfort.id)).toEqual([String(geometry.id), String(study.id), String(comfort.id)]);
    expect(toggledIdentifiers(new Set([geometry.id, study.id]), geometry.id)).toEqual([String(study.id)]);
  });

  it('draws geometry first with theme roles, data with its field; graph JSON is not a scene layer; a picked plane hides the others', () => {
    const layers = sceneLayersFor(assets, new Set([comfort.id, geometry.id]), path, jobTypes, url, String(study.id));
    expect(layers.map((l) => [l.id, l.kind, l.role ?? l.field, l.visible])).toEqual([
      [String(geometry.id), 'geometry', 'presentation_plane', false],
      [String(study.id), 'geometry', 'study_proposed', false],
      [String(comfort.id), 'data', 'comfortClass', true],
    ]);
    expect(layers[2]!.url).toBe(`/a/${comfort.id}`);
    expect(themeRoleOf('surrounds')).toBe('surround');
    expect(themeRoleOf('Mitigation v2')).toBe('mitigation_v2');
  });

  it("reads the field and legend from the GLB's metadata first, else the job type (the criterion's legend)", () => {
    expect(fieldOf({ ...comfort, metadata: { fields: ['exceedance_5ms'] } }, jobTypes)).toBe('exceedance_5ms');
    expect(legendNameOf(comfort, jobTypes)).toBe('wind-comfort-davenport');
    expect(legendNameOf({ ...comfort, metadata: { legend: { name: 'custom' } } }, jobTypes)).toBe('custom');
    expect(activeDataAsset(assets, new Set([comfort.id, geometry.id]))?.id).toBe(comfort.id);
  });

  it('turns legends into colour scales with the user’s edits', () => {
    const classes = {
      name: 'c',
      version: '1',
      kind: 'classes' as const,
      title: 'C',
      units: 'class',
      classes: [
        { value: 1, label: 'B', colour: '#222222' },
        { value: 0, label: 'A', colour: '#111111' },
      ],
    };
    expect(colourScaleFor(classes, { palette: 'legend' }, null)).toMatchObject({
      discrete: true,
      min: -0.5,
      max: 1.5,
      colours: ['#111111', '#222222'],
      classLabels: ['A', 'B'],
    });
    const stops = {
      name: 's',
      version: '1',
      kind: 'continuous' as const,
      title: 'S',
      units: '%',
      stops: [
        { value: 0, colour: '#000000' },
        { value: 100, colour: '#ffffff' },
      ],
    };
    const edited = layerRange({ min: 20, max: 80, palette: 'viridis' }, { categorical: false, range: [30, 40] });
    expect(colourScaleFor(stops, { palette: 'viridis' }, edited)).toMatchObject({ min: 20, max: 80, discrete: false, unit: '%' });
    expect(colourScaleFor(stops, { palette: 'viridis' }, edited).colours[0]).toBe('#440154');
    // Nobody edited it: the layer's own values in round ticks, not the legend's nominal 0–100.
    const own = layerRange(undefined, { categorical: false, range: [31, 77] });
    expect(colourScaleFor(stops, { palette: 'legend' }, own)).toMatchObject({ min: 30, max: 80, ticks: [30, 40, 50, 60, 70, 80] });
    // Before its values are read, the legend's range; without a legend, 0–1.
    expect(colourScaleFor(stops, { palette: 'legend' }, null)).toMatchObject({ min: 0, max: 100 });
    expect(colourScaleFor(null, { palette: 'legend' }, null)).toMatchObject({ min: 0, max: 1 });
    // A legend with a fixed range (a difference map's ±L round zero) keeps it over the values' own span; an edit still wins.
    const diverging = { ...stops, min: -20, max: 20, fixedRange: true };
    expect(colourScaleFor(diverging, { palette: 'legend' }, layerRange(undefined, { categorical: false, range: [-2, 18] }))).toMatchObject({
      min: -20,
      max: 20,
    });
    expect(colourScaleFor(diverging, { palette: 'legend' }, edited)).toMatchObject({ min: 20, max: 80 });
    // A category map keeps its classes whatever range is about.
    expect(colourScaleFor(classes, { palette: 'legend' }, { min: 0, max: 0.8, ticks: null, edited: true })).toMatchObject({ min: -0.5, max: 1.5 });
  });
});

describe('graph data', () => {
  it('bins values, shares classes and averages exceedance fields by threshold', () => {
    const h = histogram(Float32Array.from([0, 0, 1, 10, Number.NaN]), 2);
    expect(h).toMatchObject({ categories: ['2.5', '7.5'], values: [75, 25] });
    const a = areaPerClass(Float32Array.from([0, 0, 1, 2]), {
      name: 'c',
      version: '1',
      kind: 'classes',
      title: '',
      units: '',
      classes: [
        { value: 0, label: 'Sit', colour: '#000' },
        { value: 1, label: 'Stand', colour: '#111' },
        { value: 2, label: 'Walk', colour: '#222' },
      ],
    });
    expect(a).toMatchObject({ categories: ['Sit', 'Stand', 'Walk'], values: [50, 25, 25] });
    const e = exceedance({ exceedance_8ms: Float32Array.from([1, 3]), exceedance_4ms: Float32Array.from([10, 20]), comfortClass: Float32Array.from([1, 1]) });
    expect(e).toMatchObject({ categories: ['4', '8'], values: [15, 2], line: true });
  });
});
