/** Keyboard orbit of the preview: the camera turns round its target and keeps its distance; + and − zoom; other keys are not taken. */
import { describe, expect, it } from 'vitest';
import type { CameraState } from '../../../viewer/contracts.ts';
import { orbitCamera, ORBIT_STEP_DEG } from './orbit-keys.ts';

const camera: CameraState = { position: [100, 0, 0.01], target: [0, 0, 0], up: [0, 0, 1], fov: 45 };
const distance = (c: CameraState) => Math.hypot(...c.position.map((p, k) => p - c.target[k]!));

describe('orbitCamera', () => {
  it('turns round the target by a step, at the same distance', () => {
    const turned = orbitCamera(camera, 'ArrowRight')!;
    expect(distance(turned)).toBeCloseTo(distance(camera), 6);
    expect((Math.atan2(turned.position[1], turned.position[0]) * 180) / Math.PI).toBeCloseTo(ORBIT_STEP_DEG, 6);
    expect(orbitCamera(turned, 'ArrowLeft')!.position[1]).toBeCloseTo(0, 6);
  });

  it('tilts up but never over the top', () => {
    let c = camera;
    for (let i = 0; i < 20; i++) c = orbitCamera(c, 'ArrowUp')!;
    const elevation = Math.asin(c.position[2] / distance(c));
    expect((elevation * 180) / Math.PI).toBeCloseTo(88, 6);
  });

  it('zooms in and out', () => {
    expect(distance(orbitCamera(camera, '+')!)).toBeLessThan(distance(camera));
    expect(distance(orbitCamera(camera, '-')!)).toBeGreaterThan(distance(camera));
  });

  it('leaves other keys alone', () => {
    expect(orbitCamera(camera, 'Tab')).toBeNull();
  });
});
