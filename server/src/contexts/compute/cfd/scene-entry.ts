/**
 * How each geometry file enters Canopy's CFD solver (engine/cfd): study buildings solid (they define
 * the region of interest), surrounds and mitigations solid, landscaping porous (trees slow the wind,
 * they do not stop it); ground files are not voxelised (the solver's ground is its own rough wall).
 * Shared by the run's scene (cfd-scene.ts) and the estimate's (estimate-scene.ts, in a worker thread).
 */
import type { GeometryInput } from '@canopy/engine/cfd/run/direction.ts';

/** Drag density C_d·a of landscaping, 1/m: a dense urban tree crown (leaf area density ≈ 1 m²/m³, C_d ≈ 0.2). */
const TREE_DRAG_PER_M = 0.2;

export type CfdGeometry = GeometryInput & { study?: boolean };

/** How a geometry_type (or upload role) enters the solver; null: not voxelised. */
export function cfdRole(type: string): { role: 'solid' | 'porous'; study?: boolean } | null {
  switch (type) {
    case 'study':
      return { role: 'solid', study: true };
    case 'surrounds':
    case 'mitigations':
      return { role: 'solid' };
    case 'landscaping':
      return { role: 'porous' };
    default:
      return null;
  }
}

/** One file as the solver takes it (null: not voxelised, or no triangles). */
export function sceneEntry(file: string, type: string, triangles: Float32Array): CfdGeometry | null {
  const r = cfdRole(type);
  if (!r || triangles.length === 0) return null;
  return { file, role: r.role, triangles, ...(r.study ? { study: true } : {}), ...(r.role === 'porous' ? { dragPerM: TREE_DRAG_PER_M } : {}) };
}

export function concatSoups(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
