/**
 * IFC (ISO 16739; the STEP physical file of ISO 10303-21) read with web-ifc, which evaluates the
 * elements' body representations to triangles. web-ifc scales to metres by the file's
 * IfcUnitAssignment and hands positions Y-up (its own convention: IFC's z becomes y, y becomes −z),
 * so the caller turns them with the Y-up rule. Spaces and openings are volumes, not surfaces the
 * wind meets, and are left out.
 */
import type { IfcAPI } from 'web-ifc';
import { ModelImportError } from '@canopy/engine/geometry/import/import-error.ts';
import { TriangleSoup, type ReadLimits } from '@canopy/engine/geometry/import/triangle-soup.ts';

let ready: Promise<{ api: IfcAPI; skipped: Set<number> }> | null = null;

/**
 * One web-ifc instance per thread, loaded on the first IFC (its WebAssembly module takes a few
 * hundred ms to start; every other heavy task's thread is spared it).
 */
function ifcApi(): Promise<{ api: IfcAPI; skipped: Set<number> }> {
  ready ??= (async () => {
    const webIfc = await import('web-ifc');
    const api = new webIfc.IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(webIfc.LogLevel.LOG_LEVEL_OFF);
    return { api, skipped: new Set<number>([webIfc.IFCSPACE, webIfc.IFCOPENINGELEMENT]) };
  })();
  return ready;
}

export async function readIfc(bytes: Uint8Array, limits: ReadLimits, budgetSeconds: number): Promise<Float32Array> {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (!head.startsWith('ISO-10303-21;')) {
    throw new ModelImportError('it does not start with "ISO-10303-21;": it is not an IFC file in the STEP format (ifcXML and ifcZIP are not read).');
  }
  const { api, skipped } = await ifcApi();
  const model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false });
  if (model < 0) throw new ModelImportError('web-ifc could not open it: the STEP data is not valid IFC.');
  try {
    const soup = new TriangleSoup(limits, budgetSeconds);
    const p = new Float64Array(9);
    api.StreamAllMeshes(model, (mesh, index, total) => {
      if (skipped.has(api.GetLineType(model, mesh.expressID) as number)) return;
      if (index % 64 === 0) limits.onProgress?.(index / Math.max(1, total));
      for (let g = 0; g < mesh.geometries.size(); g++) {
        const placed = mesh.geometries.get(g);
        const geometry = api.GetGeometry(model, placed.geometryExpressID);
        try {
          // Six floats a vertex: position then normal.
          const v = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
          const ix = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
          const m = placed.flatTransformation;
          for (let t = 0; t + 2 < ix.length; t += 3) {
            for (let k = 0; k < 3; k++) {
              const o = 6 * ix[t + k]!;
              const x = v[o]!;
              const y = v[o + 1]!;
              const z = v[o + 2]!;
              p[3 * k] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
              p[3 * k + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
              p[3 * k + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
            }
            soup.push(p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!, p[8]!);
          }
        } finally {
          geometry.delete();
        }
      }
    });
    if (soup.triangles === 0) throw new ModelImportError('it has no building elements with 3D body geometry.');
    limits.onProgress?.(1);
    return soup.finish();
  } finally {
    api.CloseModel(model);
  }
}
