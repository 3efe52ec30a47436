/**
 * Ray queries under the pointer, accelerated by three-mesh-bvh: each triangle mesh gets a
 * bounding-volume hierarchy the first time it is queried (then every query is logarithmic in its
 * triangle count). On a data layer the value at the hit is interpolated from the triangle's three
 * vertex values with barycentric weights — what the shader shows at that pixel.
 *
 * Data layers win ties: where a ray meets a data layer and a geometry layer at about the same
 * depth (the presentation plane's own geometry lies on the data plane it carries), the data hit is
 * returned, as it is the one drawn there (data materials are pulled forward with a polygon offset,
 * geometry pushed back).
 */
import { Raycaster, Vector2, type Vector3, type BufferGeometry, type Camera, type Intersection, type Mesh, type Object3D } from 'three';
import { MeshBVH, acceleratedRaycast } from 'three-mesh-bvh';
import type { ProbeResult } from '../contracts.ts';
import { probeTriangle } from './probe.ts';
import type { RegisteredLayer, SceneRegistry } from './registry.ts';

type BvhGeometry = BufferGeometry & { boundsTree?: MeshBVH };

/** Builds the BVH of a triangle mesh once and switches the mesh to the accelerated raycast. */
export function ensureBvh(object: Object3D): void {
  const mesh = object as Mesh;
  if (!mesh.isMesh || (mesh as { isInstancedMesh?: boolean }).isInstancedMesh) return;
  const geometry = mesh.geometry as BvhGeometry;
  if (!geometry.index) return;
  if (!geometry.boundsTree) geometry.boundsTree = new MeshBVH(geometry);
  mesh.raycast = acceleratedRaycast;
}

const raycaster = new Raycaster() as Raycaster & { firstHitOnly?: boolean };

/**
 * How far (m along the ray) behind the nearest geometry hit a data layer's hit still counts as the
 * same surface and is preferred. Small enough that a roof, canopy or wall in front of the data
 * plane still hides it.
 */
export const DATA_DEPTH_TOLERANCE_M = 0.05;

/** Layers that carry values (data, volumetric, arrows), as opposed to plain geometry. */
export const carriesData = (layer: Pick<RegisteredLayer, 'kind'>): boolean => layer.kind !== 'geometry';

/**
 * The hit to report among a ray's hits: the nearest, unless it is a geometry layer and a data
 * layer is hit within `tolerance` behind it, in which case the nearest such data hit.
 */
export function preferredHit<T extends { distance: number }>(
  hits: readonly T[],
  isData: (hit: T) => boolean,
  tolerance = DATA_DEPTH_TOLERANCE_M,
): T | undefined {
  const sorted = [...hits].sort((a, b) => a.distance - b.distance);
  const nearest = sorted[0];
  if (!nearest || isData(nearest)) return nearest;
  // (a hair of slack for the floating-point distances of coplanar surfaces)
  return sorted.find((hit) => isData(hit) && hit.distance - nearest.distance <= tolerance + 1e-9) ?? nearest;
}

/**
 * The shown layer under normalised device coordinates (−1…1), or null: the nearest, with a data
 * layer preferred over a geometry layer at the same depth (preferredHit).
 */
export function pickAt(registry: SceneRegistry, camera: Camera, ndc: Vector2): ProbeResult | null {
  const layers = registry.shown();
  if (layers.length === 0) return null;
  raycaster.setFromCamera(ndc, camera);
  raycaster.firstHitOnly = true;
  raycaster.params.Points.threshold = 0.5;
  raycaster.params.Line.threshold = 0.5;
  const byObject = new Map<Object3D, RegisteredLayer>();
  for (const layer of layers) {
    ensureBvh(layer.object);
    byObject.set(layer.object, layer);
  }
  // One (nearest) hit per object, so every layer the ray meets is a candidate.
  const hits = raycaster.intersectObjects([...byObject.keys()], false).filter((h) => byObject.has(h.object));
  const hit = preferredHit(hits, (h) => carriesData(byObject.get(h.object)!));
  if (!hit) return null;
  return probeResult(byObject.get(hit.object)!, hit);
}

/** Converts a hit to the contract's ProbeResult, interpolating the layer's value when it has one. */
export function probeResult(layer: RegisteredLayer, hit: Intersection): ProbeResult {
  const point = hit.point.toArray() as [number, number, number];
  const result: ProbeResult = { point, layerId: layer.id };
  if (!layer.values) return result;
  let value = Number.NaN;
  if (layer.kind === 'arrows' && hit.instanceId !== undefined) value = layer.values[hit.instanceId];
  else if (hit.face) {
    // The mesh has no transform of its own beyond its group's; take the point in its local frame.
    const local = hit.object.worldToLocal(hit.point.clone() as Vector3);
    value = probeTriangle(layer.positions, layer.values, [hit.face.a, hit.face.b, hit.face.c], [local.x, local.y, local.z]);
  } else if (layer.lines && hit.index !== undefined) value = segmentValue(layer, hit.index, hit.object.worldToLocal(hit.point.clone() as Vector3));
  else if (hit.index !== undefined) value = layer.values[hit.index];
  if (!Number.isNaN(value)) {
    result.value = value;
    if (layer.unit !== undefined) result.unit = layer.unit;
  }
  return result;
}

/**
 * A line layer's value at a point of a segment: three.js names the segment by its first position in
 * the index (not a vertex), so the value is interpolated between the segment's two vertices.
 */
function segmentValue(layer: RegisteredLayer, at: number, local: Vector3): number {
  const a = layer.lines![at]!;
  const b = layer.lines![at + 1]!;
  const p = layer.positions;
  const [dx, dy, dz] = [p[3 * b]! - p[3 * a]!, p[3 * b + 1]! - p[3 * a + 1]!, p[3 * b + 2]! - p[3 * a + 2]!];
  const length2 = dx * dx + dy * dy + dz * dz;
  const t =
    length2 > 0 ? Math.min(1, Math.max(0, ((local.x - p[3 * a]!) * dx + (local.y - p[3 * a + 1]!) * dy + (local.z - p[3 * a + 2]!) * dz) / length2)) : 0;
  return layer.values![a]! * (1 - t) + layer.values![b]! * t;
}

/** Client (CSS pixel) coordinates → normalised device coordinates of the canvas. */
export function toNdc(canvas: HTMLCanvasElement, clientX: number, clientY: number): Vector2 {
  const rect = canvas.getBoundingClientRect();
  const width = rect.width || canvas.width || 1;
  const height = rect.height || canvas.height || 1;
  return new Vector2(((clientX - rect.left) / width) * 2 - 1, -((clientY - rect.top) / height) * 2 + 1);
}
