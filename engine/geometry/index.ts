/**
 * Geometry uploads (DOMAIN.md §5): read STL, analyse and validate it per role, repair what can be
 * repaired. Metres, x = east, y = true north (+Y, stated by the user, never guessed), z = up.
 */
export { parseStl } from './stl/reader.ts';
export { StlParseError } from './stl/errors.ts';
export { writeBinaryStl } from './stl/writer.ts';
export { weldVertices } from './mesh/weld.ts';

export { validateScenarioGeometry, type GeometryValidationResult, type AssetReport } from './validate/validate-scenario.ts';
export type { GeometryAsset, ScenarioGeometryInput } from './validate/assets.ts';
export { type GeometryFinding, type GeometryRole } from './validate/finding.ts';

export { repairMesh } from './repair/repair-mesh.ts';
