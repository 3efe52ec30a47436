/**
 * Geometry uploads (DOMAIN.md §5): read STL, analyse and validate it per role, repair what can be
 * repaired. Metres, x = east, y = true north (+Y, stated by the user, never guessed), z = up.
 */
export {
  createStlReader,
  parseStl,
  tryParseStl,
  stlErrorToFinding,
  DEFAULT_MAX_READ_TRIANGLES,
  type StlMesh,
  type StlReader,
  type StlReaderOptions,
  type StlParseResult,
} from './stl/reader.ts';
export { StlParseError, type StlErrorCode } from './stl/errors.ts';
export { detectStlFormat, type StlFormat } from './stl/detect.ts';
export { writeAsciiStl, writeBinaryStl } from './stl/writer.ts';

export { analyzeMesh, type MeshAnalysis, type AnalyzeOptions } from './mesh/analyze.ts';
export { weldVertices, DEFAULT_WELD_TOLERANCE_M, type WeldedMesh } from './mesh/weld.ts';
export { buildEdgeMap, NO_EDGE, type EdgeMap } from './mesh/edges.ts';
export { findComponents, type Components } from './mesh/components.ts';
export { findBoundaryLoops, type BoundaryLoops } from './mesh/boundary.ts';
export { orientTriangles, type Orientation } from './mesh/orientation.ts';
export { findDegenerateTriangles, type DegenerateOptions, type DegenerateTriangles } from './mesh/degenerate.ts';
export { boundsOf, type Bounds } from './mesh/bounds.ts';

export { validateScenarioGeometry, type GeometryValidationResult, type AssetReport } from './validate/validate-scenario.ts';
export type { GeometryAsset, GeometryAssetInput, ScenarioGeometryInput, StudyVariant } from './validate/assets.ts';
export { DEFAULT_VALIDATION_OPTIONS, type ValidationOptions } from './validate/options.ts';
export { ROLE_POLICIES, type RolePolicy } from './validate/policy.ts';
export { FINDING_CODES, type FindingCode } from './validate/codes.ts';
export { GEOMETRY_ROLES, type GeometryFinding, type GeometryRole, type FindingSeverity } from './validate/finding.ts';

export { repairMesh, type RepairOptions, type RepairReport, type RepairResult, type RepairedHole } from './repair/repair-mesh.ts';
