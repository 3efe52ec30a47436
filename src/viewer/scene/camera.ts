/**
 * Camera arithmetic in site coordinates (x east, y north, z up): fitting a box into view, the
 * camera state of the contracts, and the on-screen direction of north for the north arrow.
 */
import { type Box3, type PerspectiveCamera, Sphere, Vector3 } from 'three';
import type { CameraState } from '../contracts.ts';

export const Z_UP: [number, number, number] = [0, 0, 1];

/** The default view direction: from the south-west, 35° above the horizon, looking north-east. */
const VIEW_FROM = new Vector3(-0.5, -1, 0.8).normalize();

/** A camera that shows the whole box (its bounding sphere) with a small margin. */
export function fitCameraState(box: Box3, fov: number, aspect: number, margin = 1.15): CameraState {
  const sphere = box.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 1);
  const vFov = (fov * Math.PI) / 180;
  const hFov = 2 * Math.atan(Math.tan(vFov / 2) * Math.max(aspect, 1e-3));
  const distance = (radius * margin) / Math.sin(Math.min(vFov, hFov) / 2);
  const position = sphere.center.clone().addScaledVector(VIEW_FROM, distance);
  return { position: position.toArray(), target: sphere.center.toArray(), up: [...Z_UP], fov };
}

/** Near/far planes that keep depth precision for a scene of the given radius. */
export function clipPlanes(camera: PerspectiveCamera, target: Vector3, sceneRadius: number): void {
  const distance = camera.position.distanceTo(target);
  const far = distance + sceneRadius * 4 + 100;
  camera.near = Math.max(0.05, Math.min(distance / 200, far / 10000));
  camera.far = far;
  camera.updateProjectionMatrix();
}

/**
 * Angle (radians, clockwise from screen-up) at which north (+Y) points on screen, seen by the
 * camera at `target`. 0 when north points straight up the screen.
 */
export function northScreenAngle(camera: PerspectiveCamera, target: Vector3): number {
  camera.updateMatrixWorld();
  const a = target.clone().project(camera);
  const b = target
    .clone()
    .add(new Vector3(0, 1, 0).multiplyScalar(Math.max(1, camera.position.distanceTo(target) * 0.05)))
    .project(camera);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9) return 0;
  return Math.atan2(dx * camera.aspect, dy);
}

export function cameraStateOf(camera: PerspectiveCamera, target: Vector3): CameraState {
  return {
    position: camera.position.toArray() as [number, number, number],
    target: target.toArray() as [number, number, number],
    up: camera.up.toArray() as [number, number, number],
    fov: camera.fov,
  };
}
