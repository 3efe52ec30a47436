/**
 * Wind directions by rotating the geometry, not the domain (docs/reference/CFD.md §1.3): the solver's
 * inflow is always the −x face, so a direction θ (meteorological: the wind comes FROM θ, clockwise
 * from north; world x = east, y = north) is simulated by turning the world by φ = θ + 90° about the
 * centre of the region of interest, which takes the wind's heading (−sin θ, −cos θ) onto +x.
 * Results are turned back by −φ.
 */

export interface Frame {
  /** Rotation from world to solver coordinates, radians (counter-clockwise). */
  angleRad: number;
  centreX: number;
  centreY: number;
}

export function solverFrame(windFromDeg: number, centreX: number, centreY: number): Frame {
  return { angleRad: ((windFromDeg + 90) * Math.PI) / 180, centreX, centreY };
}

/** World (x, y) → solver frame. */
export function toSolver(frame: Frame, x: number, y: number): [number, number] {
  const c = Math.cos(frame.angleRad),
    s = Math.sin(frame.angleRad);
  const dx = x - frame.centreX,
    dy = y - frame.centreY;
  return [c * dx - s * dy, s * dx + c * dy];
}

/** A solver-frame horizontal vector back to world axes. */
export function vectorToWorld(frame: Frame, u: number, v: number): [number, number] {
  const c = Math.cos(frame.angleRad),
    s = Math.sin(frame.angleRad);
  return [c * u + s * v, -s * u + c * v];
}

/** Triangle soup (xyz × 3 per triangle) in the solver frame; z is unchanged. */
export function rotateTriangles(frame: Frame, triangles: Float32Array): Float32Array {
  const out = new Float32Array(triangles.length);
  const c = Math.cos(frame.angleRad),
    s = Math.sin(frame.angleRad);
  for (let v = 0; v < triangles.length; v += 3) {
    const dx = triangles[v] - frame.centreX,
      dy = triangles[v + 1] - frame.centreY;
    out[v] = c * dx - s * dy;
    out[v + 1] = s * dx + c * dy;
    out[v + 2] = triangles[v + 2];
  }
  return out;
}
