export { repairMesh, type RepairOptions, type RepairReport, type RepairResult, type RepairedHole } from './repair-mesh.ts';
export { earClip, newellNormal } from './triangulate.ts';
/** The repaired asset is stored as binary STL. */
export { writeBinaryStl } from '../stl/writer.ts';
