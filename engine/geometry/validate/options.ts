/** The validator's thresholds, all overridable per call; defaults follow DOMAIN.md §5. */
import { DEFAULT_MAX_ASPECT_RATIO, DEFAULT_MIN_AREA_M2 } from '../mesh/degenerate.ts';
import { DEFAULT_WELD_TOLERANCE_M } from '../mesh/weld.ts';

export interface ValidationOptions {
  /** Corners closer than this are one vertex. */
  weldToleranceM: number;
  /** Holes wider than this let wind through: an error (DOMAIN.md §5: no gaps wider than 0.5 m). */
  maxGapM: number;
  /** A building whose lowest point is more than this above the ground under it floats. */
  floatingToleranceM: number;
  /** Ground height used when no ground asset is given (the origin is at ground level, §5). */
  groundLevelZM: number;
  /** Triangles in the whole scenario above this: error. */
  maxTriangles: number;
  /** …above this: warning (slow to simulate and to display). */
  warnTriangles: number;
  /** Taller than any building on Earth (828 m) with margin: the units are wrong. */
  maxBuildingHeightM: number;
  /** Wider than any study site: the units are wrong. */
  maxSiteExtentM: number;
  /** A model smaller than this in every direction is in the wrong units. */
  minModelExtentM: number;
  /** Farther than this from the origin, float32 coordinates lose centimetres: likely georeferenced. */
  farFromOriginM: number;
  minTriangleAreaM2: number;
  maxAspectRatio: number;
  /** Triangles crossing by less than this (or touching) do not count as intersecting. */
  intersectionToleranceM: number;
  /** Per-hole findings kept per asset; the rest are counted in the summary finding. */
  maxFindingsPerCode: number;
}

export const DEFAULT_VALIDATION_OPTIONS: ValidationOptions = {
  weldToleranceM: DEFAULT_WELD_TOLERANCE_M,
  maxGapM: 0.5,
  floatingToleranceM: 0.05,
  groundLevelZM: 0,
  maxTriangles: 2_000_000,
  warnTriangles: 1_000_000,
  maxBuildingHeightM: 1_000,
  maxSiteExtentM: 50_000,
  minModelExtentM: 0.5,
  farFromOriginM: 10_000,
  minTriangleAreaM2: DEFAULT_MIN_AREA_M2,
  maxAspectRatio: DEFAULT_MAX_ASPECT_RATIO,
  intersectionToleranceM: 0.01,
  maxFindingsPerCode: 20,
};

/** Defaults overridden by the finite numbers in `partial` (anything else is ignored, never trusted). */
export function resolveOptions(partial: Partial<ValidationOptions> | undefined): ValidationOptions {
  const out = { ...DEFAULT_VALIDATION_OPTIONS };
  if (partial && typeof partial === 'object') {
    for (const key of Object.keys(out) as (keyof ValidationOptions)[]) {
      const value = partial[key];
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0) out[key] = value;
    }
  }
  return out;
}
