export { repairMesh } from './repair-mesh.ts';
/** The repaired asset is stored as binary STL. */
export { writeBinaryStl } from '../stl/writer.ts';
