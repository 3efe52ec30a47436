/**
 * What each role must satisfy. Buildings (study, surrounds) must be closed solids standing in the
 * ground; landscaping and mitigations should be closed but may be sheets (a canopy, a screen);
 * the ground is an open surface whose outer rim is expected; presentation planes are open sheets
 * where results are drawn.
 */
import type { FindingSeverity, GeometryRole } from './finding.ts';

export interface RolePolicy {
  /** Severity of open edges and holes, or undefined when the role may be open. */
  closed: FindingSeverity | undefined;
  nonManifold: FindingSeverity;
  /** Must reach through the ground. */
  grounded: boolean;
  /** Extents are checked against building heights (else against site extents only). */
  buildings: boolean;
  /** Severity of unit mistakes. */
  units: FindingSeverity;
  /** Holes inside the ground (not its outer rim) are reported. */
  innerHoles: boolean;
  /** Zero triangles. */
  empty: FindingSeverity;
}

export const ROLE_POLICIES: Record<GeometryRole, RolePolicy> = {
  study: { closed: 'error', nonManifold: 'error', grounded: true, buildings: true, units: 'error', innerHoles: false, empty: 'error' },
  surrounds: { closed: 'error', nonManifold: 'error', grounded: true, buildings: true, units: 'error', innerHoles: false, empty: 'error' },
  landscaping: { closed: 'warning', nonManifold: 'warning', grounded: false, buildings: false, units: 'warning', innerHoles: false, empty: 'warning' },
  mitigations: { closed: 'warning', nonManifold: 'warning', grounded: false, buildings: false, units: 'warning', innerHoles: false, empty: 'warning' },
  ground: { closed: undefined, nonManifold: 'warning', grounded: false, buildings: false, units: 'error', innerHoles: true, empty: 'error' },
  presentation_planes: { closed: undefined, nonManifold: 'warning', grounded: false, buildings: false, units: 'warning', innerHoles: false, empty: 'warning' },
};
