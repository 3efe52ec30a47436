/** A shared scene view as the public 3D viewer draws it: the saved view's parts, only shared layers, read through the link. */
import { describe, expect, it } from 'vitest';
import type { SceneView } from '@canopy/contract/insights.ts';
import { serialiseSceneView } from '../../insights/scene-view-json.ts';
import { asset } from '../viewer/viewer-test-kit.tsx';
import { sharedSceneOf } from './shared-scene.ts';

const ground = asset(5, { id: 101, layer_type: 'geometry', geometry_type: 'presentation_plane' });
const speed = asset(5, { id: 102, layer_type: 'data', analysis_type: 'pedestrian_wind_comfort', metric: 'wind_speed', metadata: { fields: ['speed'] } });
const camera = {
  position: [10, -40, 30] as [number, number, number],
  target: [0, 0, 0] as [number, number, number],
  up: [0, 0, 1] as [number, number, number],
  fov: 40,
};
const scale = { min: 0, max: 8, colours: ['#000000', '#ffffff'], discrete: false, title: 'Wind speed', unit: 'm/s', layerId: '102' };

function sceneView(fields: Partial<SceneView>): SceneView {
  return {
    id: 30,
    insight: { id: 3 },
    name: 'Ground level, winter',
    sort_order: 0,
    camera_position: null,
    camera: null,
    layer_selection: [],
    simulation_id: 5,
    asset_id: null,
    legend: null,
    study_image_id: null,
    view_json: null,
    drawings: [],
    ...fields,
  };
}

const url = (id: number) => `/api/shared/tok/layer/${id}/download?access=a`;

describe('sharedSceneOf', () => {
  it("draws the saved view's camera, theme, scale and filters, with its shown layers read through the link", () => {
    const json = serialiseSceneView(
      { camera, layers: ['101', '102', '999'], filters: { season_filter: 'Winter', metric: null }, colourScale: scale, theme: 'dark', simulationId: 5 },
      { shapes: [] },
      [],
    );
    const scene = sharedSceneOf(sceneView({ view_json: json as never }), [ground, speed, asset(5, { id: 103 })], url)!;
    expect(scene.camera).toEqual(camera);
    expect(scene.theme).toBe('dark');
    expect(scene.colourScale).toMatchObject({ min: 0, max: 8, layerId: '102' });
    expect(scene.filters).toEqual(['Season: Winter']);
    // 999 is not shared and 103 was not shown: neither is asked for
    expect(scene.layers.map((l) => [l.id, l.kind, l.visible, l.url])).toEqual([
      ['101', 'geometry', true, url(101)],
      ['102', 'data', true, url(102)],
    ]);
    expect(scene.layers[1]!.field).toBe('speed');
  });

  it('falls back to the camera and layer selection every scene view keeps', () => {
    const view = sceneView({
      camera: { position: camera.position, target: camera.target },
      layer_selection: [{ simulation_id: 5, identifier: '102', view_id: 'v' }],
    });
    const scene = sharedSceneOf(view, [ground, speed], url)!;
    expect(scene.camera).toEqual({ ...camera, fov: 45 });
    expect(scene.theme).toBe('default');
    expect(scene.layers.map((l) => l.id)).toEqual(['102']);
  });

  it('has nothing to draw without a camera or without a shared layer', () => {
    expect(sharedSceneOf(sceneView({}), [ground, speed], url)).toBeNull();
    const view = sceneView({
      camera: { position: camera.position, target: camera.target },
      layer_selection: [{ simulation_id: 5, identifier: '999', view_id: 'v' }],
    });
    expect(sharedSceneOf(view, [ground, speed], url)).toBeNull();
  });
});
