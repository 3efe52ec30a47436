/**
 * The camera a 3D view opens with until it is fitted to what it shows: from the south-west and
 * above, looking at the site's origin. Its own module, so screens outside the lazily loaded three.js
 * chunk can name it without loading that chunk.
 */
import type { CameraState } from '../contracts.ts';

export const OPENING_CAMERA: CameraState = { position: [-60, -120, 90], target: [0, 0, 0], up: [0, 0, 1], fov: 45 };
