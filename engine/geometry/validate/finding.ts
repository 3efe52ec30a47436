/**
 * The one shape every geometry problem is reported in — by the STL reader (a file it cannot read),
 * by the validators and by the repair. The wizard lists findings; the viewer highlights
 * `triangles`/`edges` of the asset named in `asset`, so indices always refer to the asset's own
 * triangle order as read from its file (not to any welded or merged mesh).
 */

export type FindingSeverity = 'error' | 'warning' | 'info';

export type GeometryRole = 'ground' | 'study' | 'surrounds' | 'presentation_planes' | 'landscaping' | 'mitigations';

export const GEOMETRY_ROLES: readonly GeometryRole[] = ['ground', 'study', 'surrounds', 'presentation_planes', 'landscaping', 'mitigations'];

export interface GeometryFinding {
  /** Unique within one validation run and stable for the same input (role, asset, code, ordinal). */
  id: string;
  severity: FindingSeverity;
  /** Machine-readable kind, e.g. 'open-edges', 'floating', 'stl-truncated' (all listed in codes.ts). */
  code: string;
  /** One sentence for the user, with the numbers that matter (metres, counts, indices). */
  message: string;
  suggestedFix: string;
  /** Offending triangle indices in the asset's file order (capped; see `count`). */
  triangles: number[];
  /**
   * Offending edges as pairs of soup vertex indices: vertex k of triangle t is 3·t + k, so the
   * edge's first end is positions[3·a … 3·a + 2] of the asset as read.
   */
  edges?: [number, number][];
  /** A representative point (metres, x east, y north, z up) for the viewer to fly to. */
  location?: [number, number, number];
  role?: GeometryRole;
  /** The asset's name (file name) when known. */
  asset?: string;
  /** Total number of offending items when `triangles`/`edges` were capped. */
  count?: number;
  /** The other side of a two-asset problem (e.g. the surrounds triangles a study building cuts into). */
  related?: { role: GeometryRole; asset?: string; triangles: number[]; count?: number };
  /** Numbers behind the message (spanM, scaleFactor, floatingM…), for the UI and the record. */
  details?: Record<string, number | string>;
}

/** Longest list of triangles or edges kept in one finding; the rest is counted in `count`. */
export const MAX_LISTED_ITEMS = 10_000;
