/**
 * Bringing a model into Canopy's frame: metres, x east, y north, z up (DOMAIN.md §5).
 *
 * A Y-up model (glTF 2.0 §3.4: "glTF uses a right-handed coordinate system… +Y is up", and the
 * Y-up exports of many tools' OBJ) turns by +90° about x: (x, y, z) → (x, −z, y). A rotation keeps
 * handedness, so outward normals stay outward; the model's front (+Z in glTF) faces south (−y).
 */
export type UpAxis = 'z' | 'y';

export function toCanopyFrame(positions: Float32Array, metresPerUnit: number, up: UpAxis): Float32Array {
  const s = metresPerUnit;
  if (up === 'z') {
    if (s !== 1) for (let i = 0; i < positions.length; i++) positions[i] = positions[i]! * s;
    return positions;
  }
  for (let i = 0; i < positions.length; i += 3) {
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    positions[i] = positions[i]! * s;
    positions[i + 1] = -z * s + 0; // + 0: no negative zeros from the turn
    positions[i + 2] = y * s;
  }
  return positions;
}
