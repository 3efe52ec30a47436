/**
 * Every finding code the reader and the validators emit, with its usual severity (per-role
 * severities are in policy.ts) and what it means — for the wizard's texts, the validation record
 * and anyone grepping for a code.
 */
import type { FindingSeverity } from './finding.ts';

export const FINDING_CODES = {
  // Reading the file (stl/).
  'stl-empty-file': { severity: 'error', meaning: 'The file has no bytes, or no "solid" in an ASCII file.' },
  'stl-truncated': { severity: 'error', meaning: 'The file ends early: fewer triangles than declared, or inside a facet.' },
  'stl-count-mismatch': { severity: 'error', meaning: 'A binary header’s triangle count disagrees with the file size.' },
  'stl-ascii-syntax': { severity: 'error', meaning: 'ASCII STL that breaks the grammar (line number in the message).' },
  'stl-non-finite': { severity: 'error', meaning: 'A NaN or infinite coordinate (triangle, vertex and axis in the message).' },
  'stl-too-many-triangles': { severity: 'error', meaning: 'More triangles than the reader accepts (memory guard).' },
  'stl-reader-misuse': { severity: 'error', meaning: 'The streaming reader was used after end() (a bug in the caller).' },
  'stl-internal-error': { severity: 'error', meaning: 'The reader failed unexpectedly (a bug).' },
  // Input and scenario.
  'invalid-input': { severity: 'error', meaning: 'An entry is neither STL bytes nor a triangle list.' },
  'empty-geometry': { severity: 'error', meaning: 'A file without triangles (warning for optional roles).' },
  'study-missing': { severity: 'warning', meaning: 'No study geometry was given.' },
  'ground-missing': { severity: 'info', meaning: 'No ground file: the ground is the plane z = 0.' },
  'north-is-plus-y': { severity: 'info', meaning: 'Statement: +Y is true north, x east, z up, metres.' },
  'triangle-limit': { severity: 'error', meaning: 'More triangles in the scenario than the limit (default 2,000,000).' },
  'triangle-count-high': { severity: 'warning', meaning: 'More triangles than the warning level (default 1,000,000).' },
  'internal-error': { severity: 'error', meaning: 'Validation failed unexpectedly (a bug).' },
  // Surface of one asset.
  'open-edges': { severity: 'error', meaning: 'Edges used by one triangle only: the solid is not closed (warning for landscaping, mitigations).' },
  'hole-too-wide': { severity: 'error', meaning: 'A hole whose rim spans more than 0.5 m (one finding per hole).' },
  'small-gaps': { severity: 'warning', meaning: 'Holes up to 0.5 m across (the repair closes them).' },
  'non-manifold-edges': { severity: 'error', meaning: 'Edges shared by more than two triangles.' },
  'inconsistent-normals': { severity: 'warning', meaning: 'Triangles wound against their neighbours.' },
  'inverted-normals': { severity: 'warning', meaning: 'Closed solids that are inside out.' },
  'degenerate-triangles': { severity: 'warning', meaning: 'Triangles with (almost) no area, or slivers.' },
  'units-too-large': { severity: 'error', meaning: 'Extents too large for metres (millimetres or centimetres); scale factor in details.' },
  'units-too-small': { severity: 'error', meaning: 'Extents too small for metres (kilometres); scale factor 1000 in details.' },
  'far-from-origin': { severity: 'warning', meaning: 'Georeferenced coordinates: float32 loses precision there.' },
  // Between assets.
  floating: { severity: 'error', meaning: 'Buildings whose lowest point is above the ground under them (and that rest on nothing grounded).' },
  'study-intersects-surrounds': { severity: 'error', meaning: 'Study geometry cuts into, duplicates or lies inside the surrounds (or the reverse).' },
  // Canopy's CFD wind (server/src/contexts/compute/cfd/cfd-validation.ts), for scenarios it computes.
  'cfd-not-voxelisable': {
    severity: 'error',
    meaning: 'A file the CFD cannot turn into cells (no triangles, non-finite coordinates, no area seen from above).',
  },
  'cfd-grid-too-large': {
    severity: 'error',
    meaning: 'The CFD grid for this geometry and tier is over the installation’s limits (cells, memory): the numbers and the way out.',
  },
  'cfd-geometry': { severity: 'error', meaning: 'The CFD has nothing to compute on (no study, no presentation plane).' },
  'cfd-grid': { severity: 'info', meaning: 'The CFD grid the solver will build: cells, memory, steps and time per direction.' },
} as const satisfies Record<string, { severity: FindingSeverity; meaning: string }>;
