/**
 * Rhino 3DM read with rhino3dm (McNeel's openNURBS in WebAssembly). Meshes are read as they are;
 * surfaces (Breps, extrusions) only through the render meshes Rhino saved with them, because
 * rhino3dm cannot mesh a surface itself. A file saved without them gets a message saying how to
 * save it, never a partial model. The unit comes from the file's model unit system; Rhino is Z-up.
 */
import type rhino3dm from 'rhino3dm';
import { ModelImportError } from '@canopy/engine/geometry/import/import-error.ts';
import { TriangleSoup, type ReadLimits } from '@canopy/engine/geometry/import/triangle-soup.ts';

type Rhino = Awaited<ReturnType<typeof rhino3dm>>;
let ready: Promise<Rhino> | null = null;

/** Metres per unit of Rhino's unit systems (by name; "None" states no unit). */
const METRES: Record<string, number> = {
  Microns: 1e-6,
  Millimeters: 0.001,
  Centimeters: 0.01,
  Decimeters: 0.1,
  Meters: 1,
  Kilometers: 1000,
  Inches: 0.0254,
  Feet: 0.3048,
  Yards: 0.9144,
  Miles: 1609.344,
};

interface RhinoMesh {
  vertices(): { count: number; get(i: number): number[] };
  faces(): { count: number; get(i: number): number[] };
  delete?(): void;
}

export async function readRhino(
  bytes: Uint8Array,
  limits: ReadLimits,
  budgetSeconds: number,
): Promise<{ positions: Float32Array; metresPerUnit: number | null }> {
  // Loaded on the first 3DM only (see ifc-reader.ts).
  const rhino = await (ready ??= import('rhino3dm').then((m) => m.default()));
  const doc = rhino.File3dm.fromByteArray(bytes);
  if (!doc) throw new ModelImportError('rhino3dm could not read it: it is not a Rhino 3DM file, or it is damaged.');
  try {
    const unit = doc.settings().modelUnitSystem;
    const unitName = Object.keys(METRES).find((name) => (rhino.UnitSystem as Record<string, unknown>)[name] === unit);
    const soup = new TriangleSoup(limits, budgetSeconds);
    const add = (mesh: RhinoMesh) => {
      const verts = mesh.vertices();
      const faces = mesh.faces();
      const v = (i: number) => verts.get(i) as [number, number, number];
      for (let f = 0; f < faces.count; f++) {
        const [a, b, c, d] = faces.get(f) as [number, number, number, number];
        const [pa, pb, pc] = [v(a), v(b), v(c)];
        soup.push(pa[0], pa[1], pa[2], pb[0], pb[1], pb[2], pc[0], pc[1], pc[2]);
        // A quad's fourth corner repeats the third in a triangle face.
        if (d !== c) {
          const pd = v(d);
          soup.push(pa[0], pa[1], pa[2], pc[0], pc[1], pc[2], pd[0], pd[1], pd[2]);
        }
      }
    };
    const objects = doc.objects();
    let unmeshed = 0;
    for (let i = 0; i < objects.count; i++) {
      if (i % 256 === 0) limits.onProgress?.(i / objects.count);
      const geometry = objects.get(i).geometry() as unknown;
      if (geometry instanceof rhino.Mesh) add(geometry as unknown as RhinoMesh);
      else if (geometry instanceof rhino.Brep) {
        const faces = geometry.faces();
        for (let f = 0; f < faces.count; f++) {
          const mesh = faces.get(f).getMesh(rhino.MeshType.Any) as RhinoMesh | null;
          if (mesh) add(mesh);
          else unmeshed++;
        }
      } else if (geometry instanceof rhino.Extrusion) {
        const mesh = geometry.getMesh(rhino.MeshType.Any) as RhinoMesh | null;
        if (mesh) add(mesh);
        else unmeshed++;
      }
    }
    if (unmeshed > 0) {
      throw new ModelImportError(
        `${unmeshed} of its surfaces were saved without render meshes, and Canopy cannot mesh Rhino surfaces itself. In Rhino, shade the view (or run Mesh) and save again, or export the model as OBJ.`,
      );
    }
    if (soup.triangles === 0) throw new ModelImportError('it has no meshes, surfaces or extrusions.');
    limits.onProgress?.(1);
    return { positions: soup.finish(), metresPerUnit: unitName ? METRES[unitName]! : null };
  } finally {
    // Embind objects hold WebAssembly memory until deleted (the typings omit the method).
    (doc as unknown as { delete?: () => void }).delete?.();
  }
}
