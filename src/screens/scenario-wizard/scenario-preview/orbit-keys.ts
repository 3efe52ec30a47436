/**
 * Orbiting the preview by keyboard: the arrow keys turn the camera round its target (left and
 * right about the vertical, up and down over it), + and − move it nearer and further. The same
 * target, up and field of view; the height over the target is kept between just above the ground
 * plane and just short of straight down, where the view would flip.
 */
import type { CameraState } from '../../../viewer/contracts.ts';

export const ORBIT_STEP_DEG = 15;
export const TILT_STEP_DEG = 10;
export const ZOOM_STEP = 1.25;
const MIN_ELEVATION_DEG = 2;
const MAX_ELEVATION_DEG = 88;

/** The camera after one key press; null for a key the preview does not use. */
export function orbitCamera(camera: CameraState, key: string): CameraState | null {
  const [tx, ty, tz] = camera.target;
  const dx = camera.position[0] - tx;
  const dy = camera.position[1] - ty;
  const dz = camera.position[2] - tz;
  let distance = Math.hypot(dx, dy, dz) || 1;
  let azimuth = Math.atan2(dy, dx);
  let elevation = Math.asin(Math.max(-1, Math.min(1, dz / distance)));
  const rad = Math.PI / 180;
  switch (key) {
    case 'ArrowLeft':
      azimuth -= ORBIT_STEP_DEG * rad;
      break;
    case 'ArrowRight':
      azimuth += ORBIT_STEP_DEG * rad;
      break;
    case 'ArrowUp':
      elevation += TILT_STEP_DEG * rad;
      break;
    case 'ArrowDown':
      elevation -= TILT_STEP_DEG * rad;
      break;
    case '+':
    case '=':
      distance /= ZOOM_STEP;
      break;
    case '-':
      distance *= ZOOM_STEP;
      break;
    default:
      return null;
  }
  elevation = Math.max(MIN_ELEVATION_DEG * rad, Math.min(MAX_ELEVATION_DEG * rad, elevation));
  const flat = distance * Math.cos(elevation);
  return {
    position: [tx + flat * Math.cos(azimuth), ty + flat * Math.sin(azimuth), tz + distance * Math.sin(elevation)],
    target: camera.target,
    up: camera.up,
    fov: camera.fov,
  };
}
