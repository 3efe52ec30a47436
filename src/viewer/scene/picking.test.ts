/**
 * The data panel's ray query prefers data layers: a presentation plane's own geometry lies on the
 * data plane it carries, and the probe must read the data there, not the plain geometry.
 */
import { describe, expect, it } from 'vitest';
import { BufferAttribute, BufferGeometry, Mesh, MeshBasicMaterial, PerspectiveCamera, Vector2 } from 'three';
import type { SceneLayerKind } from '../contracts.ts';
import { DATA_DEPTH_TOLERANCE_M, pickAt, preferredHit } from './picking.ts';
import { SceneRegistry } from './registry.ts';

/** A 20 m × 20 m square at height z, two triangles; a data layer carries value = 10 + x. */
function plane(id: string, kind: SceneLayerKind, z: number) {
  const positions = new Float32Array([-10, -10, z, 10, -10, z, 10, 10, z, -10, 10, z]);
  const indices = new Uint32Array([0, 1, 2, 0, 2, 3]);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(new BufferAttribute(indices, 1));
  const object = new Mesh(geometry, new MeshBasicMaterial());
  const values = kind === 'geometry' ? undefined : new Float32Array([0, 20, 20, 0]);
  return { id, kind, object, positions, indices, values, unit: kind === 'geometry' ? undefined : 'm/s' };
}

function registryOf(...layers: ReturnType<typeof plane>[]): SceneRegistry {
  const registry = new SceneRegistry();
  for (const layer of layers) registry.set(layer);
  return registry;
}

/** A camera above (0, 0) looking straight down, or obliquely from the south-west. */
function camera(oblique = false): PerspectiveCamera {
  const c = new PerspectiveCamera(45, 1, 0.1, 1000);
  c.up.set(0, 0, 1);
  c.position.set(oblique ? -30 : 1, oblique ? -30 : 0.0001, oblique ? 25 : 50);
  c.lookAt(1, 0, 1.5);
  c.updateMatrixWorld();
  return c;
}
const centre = new Vector2(0, 0);

describe('pickAt prefers data layers at the same depth', () => {
  for (const oblique of [false, true]) {
    const view = oblique ? 'oblique view' : 'plan view';
    it(`returns the data hit where a presentation plane's geometry lies on the data plane (${view})`, () => {
      // registered geometry first, and again data first: the order must not matter
      for (const registry of [
        registryOf(plane('plane-geometry', 'geometry', 1.5), plane('speed', 'data', 1.5)),
        registryOf(plane('speed', 'data', 1.5), plane('plane-geometry', 'geometry', 1.5)),
      ]) {
        const probe = pickAt(registry, camera(oblique), centre)!;
        expect(probe.layerId).toBe('speed');
        expect(probe.value).toBeCloseTo(10 + probe.point[0], 3);
        expect(probe.unit).toBe('m/s');
      }
    });

    it(`still returns the data hit when the geometry sits a hair in front of it (${view})`, () => {
      const probe = pickAt(registryOf(plane('plane-geometry', 'geometry', 1.52), plane('speed', 'data', 1.5)), camera(oblique), centre)!;
      expect(probe.layerId).toBe('speed');
    });

    it(`returns the geometry in front of the data (a roof, a canopy) (${view})`, () => {
      const probe = pickAt(registryOf(plane('canopy', 'geometry', 4), plane('speed', 'data', 1.5)), camera(oblique), centre)!;
      expect(probe.layerId).toBe('canopy');
      expect(probe.value).toBeUndefined();
    });
  }

  it('returns a nearer data layer, or the geometry when no data layer is hit', () => {
    expect(pickAt(registryOf(plane('ground', 'geometry', 0), plane('speed', 'data', 1.5)), camera(), centre)!.layerId).toBe('speed');
    expect(pickAt(registryOf(plane('ground', 'geometry', 0)), camera(), centre)!.layerId).toBe('ground');
  });

  it('ignores hidden layers', () => {
    const data = plane('speed', 'data', 1.5);
    data.object.visible = false;
    expect(pickAt(registryOf(plane('plane-geometry', 'geometry', 1.5), data), camera(), centre)!.layerId).toBe('plane-geometry');
  });
});

describe('preferredHit', () => {
  const hit = (distance: number, data: boolean) => ({ distance, data });
  const isData = (h: { data: boolean }) => h.data;
  it('takes the nearest hit unless a data hit is within the tolerance behind a geometry hit', () => {
    expect(preferredHit([], isData)).toBeUndefined();
    expect(preferredHit([hit(10, false), hit(10 + DATA_DEPTH_TOLERANCE_M / 2, true)], isData)).toEqual(hit(10 + DATA_DEPTH_TOLERANCE_M / 2, true));
    expect(preferredHit([hit(10 + DATA_DEPTH_TOLERANCE_M, true), hit(10, false)], isData)).toEqual(hit(10 + DATA_DEPTH_TOLERANCE_M, true));
    expect(preferredHit([hit(10, false), hit(10.5, true)], isData)).toEqual(hit(10, false));
    expect(preferredHit([hit(12, false), hit(11, true)], isData)).toEqual(hit(11, true));
  });
});
