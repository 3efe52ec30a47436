/**
 * Models in the formats architects export, in Chromium against the real server: the wizard's study
 * slot takes an OBJ drawn in millimetres (the step asks its units, the server imports it to STL)
 * and a hand-written IFC (units from the file, imported at once); the imported tower then passes
 * the server's geometry validation like any STL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { binaryStl, grid, uploadGeometry, walkWizardToCost } from './wizard-walk.ts';

let app: RunningApp;
let session: BrowserSession;
let token: string;
const PROJECT_NAME = 'Model import e2e';

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A 20 m × 20 m × 32 m tower standing 2 m into the ground, as OBJ quads in millimetres (outward winding). */
function towerObjMm(): Buffer {
  const c: number[][] = [];
  for (const z of [-2000, 30000]) for (const y of [-10000, 10000]) for (const x of [-10000, 10000]) c.push([x, y, z]);
  const faces = ['1 3 4 2', '5 6 8 7', '1 2 6 5', '2 4 8 6', '4 3 7 8', '3 1 5 7'];
  return Buffer.from(`# tower in millimetres\n${c.map((p) => `v ${p.join(' ')}`).join('\n')}\n${faces.map((f) => `f ${f}`).join('\n')}\n`);
}

/** A 10 m × 20 m × 30 m block 40 m east of the tower, in IFC4 STEP (ISO 10303-21), lengths in millimetres. */
const BLOCK_IFC = Buffer.from(`ISO-10303-21;
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
#16=IFCCARTESIANPOINT((40000.,0.,-2000.));
#17=IFCAXIS2PLACEMENT3D(#16,$,$);
#7=IFCLOCALPLACEMENT($,#17);
#15=IFCCARTESIANPOINT((0.,0.));
#8=IFCAXIS2PLACEMENT2D(#15,$);
#9=IFCRECTANGLEPROFILEDEF(.AREA.,$,#8,10000.,20000.);
#10=IFCDIRECTION((0.,0.,1.));
#11=IFCEXTRUDEDAREASOLID(#9,#4,#10,32000.);
#12=IFCSHAPEREPRESENTATION(#5,'Body','SweptSolid',(#11));
#13=IFCPRODUCTDEFINITIONSHAPE($,$,(#12));
#14=IFCBUILDINGELEMENTPROXY('1YvctVUKr0kugbFTf53O9L',$,'Block',$,$,#7,#13,$,$);
ENDSEC;
END-ISO-10303-21;
`);

beforeAll(async () => {
  app = await startApp({ EMBEDDED_WORKERS: 'true' });
  session = await openBrowser();
  const created = await api<{ access: string }>('/authjwt/create/', { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }) });
  expect(created.status).toBe(200);
  token = created.body.access;
  const project = await api<{ id: number }>('/api/project/', {
    method: 'POST',
    body: JSON.stringify({ name: PROJECT_NAME, location: 'Chicago, IL', latitude: 41.98, longitude: -87.9, fetch_met: true }),
  });
  expect(project.status).toBe(201);
  for (let i = 0; i < 60; i++) {
    const met = await api<{ results: unknown[] }>(`/api/project/${project.body.id}/met-sources/`);
    if (met.body.results.length > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await signInThroughUi(session.page, app.url, 'demo', 'canopy-demo');
}, 180_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('model import (Chromium)', () => {
  it('imports an OBJ in millimetres and an IFC into the study slot, and the tower passes validation', async () => {
    const { page } = session;
    const tile = page.getByRole('article', { name: PROJECT_NAME });
    const dialog = await walkWizardToCost(page, tile.getByRole('button', { name: 'Add scenario' }), {
      name: 'Imported tower, solar',
      level: 'CFD',
      analyses: ['Run solar'],
      async geometry(dialog) {
        const study = dialog.getByRole('group', { name: 'Study buildings geometry' });
        await study.getByTestId('file-input').setInputFiles({ name: 'tower.obj', mimeType: 'text/plain', buffer: towerObjMm() });
        const ask = study.getByRole('group', { name: 'Import tower.obj' });
        await ask.waitFor({ timeout: 30_000 });
        await screenshot(page, 'model-import-asks-units');
        await ask.getByRole('combobox', { name: 'Drawn in' }).selectOption({ label: 'millimetres' });
        await ask.getByRole('button', { name: 'Import tower.obj' }).click();
        await study.getByRole('button', { name: 'Remove tower.stl' }).waitFor({ timeout: 60_000 });
        await study.getByTestId('file-input').setInputFiles({ name: 'block.ifc', mimeType: 'application/octet-stream', buffer: BLOCK_IFC });
        await study.getByRole('button', { name: 'Remove block.stl' }).waitFor({ timeout: 60_000 });
        await uploadGeometry(dialog, 'Ground', 'ground.stl', binaryStl(grid(120, 0, 4)));
        await uploadGeometry(dialog, 'Presentation planes', 'plane.stl', binaryStl(grid(60, 1.5, 12)));
        await screenshot(page, 'model-import-imported');
      },
      onValidated: () => screenshot(page, 'model-import-validated').then(() => undefined),
    });
    await dialog.getByRole('table', { name: 'Cost breakdown' }).waitFor({ timeout: 60_000 });
  }, 400_000);
});
