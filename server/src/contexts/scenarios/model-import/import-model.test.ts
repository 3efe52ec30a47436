/**
 * The importer on real files: an IFC written by hand by the STEP rules (ISO 10303-21 exchange
 * structure; IFC4 entities as ISO 16739-1:2018 defines them: IfcSIUnit with the MILLI prefix,
 * IfcExtrudedAreaSolid of an IfcRectangleProfileDef), and 3DM files written with rhino3dm itself.
 * Each must land in metres, Z-up, where the source put it.
 */
import { describe, expect, it } from 'vitest';
import rhino3dm from 'rhino3dm';
import { parseStl } from '@canopy/engine/geometry/index.ts';
import { importModel, type ModelImportInput } from './import-model.ts';

/** A block 10 m east × 20 m north × 30 m high at the origin, drawn in millimetres. */
const BLOCK_IFC = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');
FILE_NAME('block.ifc','2026-11-28T00:00:00',('Canopy'),('Canopy'),'hand','hand','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#1=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#2=IFCUNITASSIGNMENT((#1));
#3=IFCCARTESIANPOINT((0.,0.,0.));
#4=IFCAXIS2PLACEMENT3D(#3,$,$);
#5=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#4,$);
#6=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Block',$,$,$,$,(#5),#2);
#7=IFCLOCALPLACEMENT($,#4);
#15=IFCCARTESIANPOINT((5000.,10000.));
#8=IFCAXIS2PLACEMENT2D(#15,$);
#9=IFCRECTANGLEPROFILEDEF(.AREA.,$,#8,10000.,20000.);
#10=IFCDIRECTION((0.,0.,1.));
#11=IFCEXTRUDEDAREASOLID(#9,#4,#10,30000.);
#12=IFCSHAPEREPRESENTATION(#5,'Body','SweptSolid',(#11));
#13=IFCPRODUCTDEFINITIONSHAPE($,$,(#12));
#14=IFCBUILDINGELEMENTPROXY('1YvctVUKr0kugbFTf53O9L',$,'Block',$,$,#7,#13,$,$);
ENDSEC;
END-ISO-10303-21;
`;

const input = (filename: string, bytes: Uint8Array, over: Partial<ModelImportInput> = {}): ModelImportInput => ({
  filename,
  bytes,
  maxTriangles: 1_000_000,
  budgetSeconds: 60,
  ...over,
});

function stlBounds(stl: Uint8Array): number[] {
  const p = parseStl(stl).positions;
  const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3)
    for (let k = 0; k < 3; k++) {
      b[k] = Math.min(b[k]!, p[i + k]!);
      b[k + 3] = Math.max(b[k + 3]!, p[i + k]!);
    }
  return b.map((v) => Math.round(v * 1000) / 1000 + 0);
}

describe('importModel', () => {
  it('reads an IFC block in its stated millimetres, standing on z with its depth north', async () => {
    const out = await importModel(input('block.ifc', new TextEncoder().encode(BLOCK_IFC)));
    expect(out).toMatchObject({ ok: true, triangles: 12, unitsFrom: 'file', upAxis: 'z', bounds: [0, 0, 0, 10, 20, 30] });
    if (out.ok) expect(stlBounds(out.stl)).toEqual([0, 0, 0, 10, 20, 30]);
  });

  it('names the file and the fault when an IFC is not STEP', async () => {
    const out = await importModel(input('tower.ifc', new TextEncoder().encode('<ifcXML/>')));
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/^tower\.ifc cannot be imported: it does not start with "ISO-10303-21;"/) });
  });

  it('reads a 3DM mesh in the file’s unit system, quads split in two', async () => {
    const rhino = await rhino3dm();
    const doc = new rhino.File3dm();
    doc.settings().modelUnitSystem = rhino.UnitSystem.Centimeters;
    const mesh = new rhino.Mesh();
    for (const [x, y, z] of [
      [0, 0, 0],
      [400, 0, 0],
      [400, 300, 0],
      [0, 300, 200],
    ])
      mesh.vertices().add(x!, y!, z!);
    mesh.faces().addQuadFace(0, 1, 2, 3);
    doc.objects().add(mesh, null as never);
    const out = await importModel(input('massing.3dm', doc.toByteArray()));
    expect(out).toMatchObject({ ok: true, triangles: 2, unitsFrom: 'file', metresPerUnit: 0.01, bounds: [0, 0, 0, 4, 3, 2] });
  });

  it('refuses a 3DM whose surfaces were saved without render meshes, saying how to save it', async () => {
    const rhino = await rhino3dm();
    const doc = new rhino.File3dm();
    // The typings name it CreateFromBox; the binding exports createFromBox.
    const brep = (rhino.Brep as unknown as { createFromBox(box: unknown): unknown }).createFromBox(
      new (rhino.Box as unknown as new (box: unknown) => unknown)(new rhino.BoundingBox([0, 0, 0], [1, 1, 1])),
    );
    doc.objects().add(brep as never, null as never);
    const out = await importModel(input('box.3dm', doc.toByteArray()));
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/^box\.3dm cannot be imported: 6 of its surfaces were saved without render meshes/) });
  });

  it('asks for the unit of an OBJ and refuses an unknown extension', async () => {
    const obj = new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    expect(await importModel(input('a.obj', obj))).toEqual({
      ok: false,
      message: 'a.obj cannot be imported: OBJ files do not say their units: choose the unit the model was drawn in.',
    });
    expect(await importModel(input('a.obj', obj, { units: 'ft', upAxis: 'z' }))).toMatchObject({ ok: true, metresPerUnit: 0.3048, unitsFrom: 'user' });
    expect(await importModel(input('a.skp', obj))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^a\.skp cannot be imported: Canopy reads \.stl, \.obj/),
    });
  });
});
