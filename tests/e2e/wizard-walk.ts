/**
 * The scenario wizard walked as a person does it, shared by the browser tests that create a scenario
 * (scenarios, CFD wind, the empty-installation-to-report journey): name and job level, the analyses, the geometry, the
 * weather source, the terms, "Save and check geometry" until the geometry passed, then "See the
 * cost" — and, once a test has looked at the cost, approval and the submitted scenario's id. The
 * binary STL files the tests upload are written here too.
 */
import type { Locator, Page } from 'playwright-core';

type V = [number, number, number];
type Tri = [V, V, V];

/** Binary STL by hand: 80-byte header, uint32 count, per triangle its normal, three vertices (float32 LE), uint16. */
export function binaryStl(triangles: Tri[], header = 'canopy e2e'): Buffer {
  const buf = Buffer.alloc(84 + 50 * triangles.length);
  buf.write(header, 0, 'ascii');
  buf.writeUInt32LE(triangles.length, 80);
  triangles.forEach(([a, b, c], i) => {
    const o = 84 + 50 * i;
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    [...n.map((x) => x / len), ...a, ...b, ...c].forEach((x, j) => buf.writeFloatLE(x, o + 4 * j));
  });
  return buf;
}

/** Two triangles of a quad whose corners run counter-clockwise seen from outside. */
const quad = (a: V, b: V, c: V, d: V): Tri[] => [
  [a, b, c],
  [a, c, d],
];

/** A closed box with outward normals, from one corner to the opposite one. */
export function box([x0, y0, z0]: V, [x1, y1, z1]: V): Tri[] {
  const p = (x: number, y: number, z: number): V => [x ? x1 : x0, y ? y1 : y0, z ? z1 : z0];
  return [
    ...quad(p(0, 0, 0), p(0, 1, 0), p(1, 1, 0), p(1, 0, 0)),
    ...quad(p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)),
    ...quad(p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)),
    ...quad(p(0, 1, 0), p(0, 1, 1), p(1, 1, 1), p(1, 1, 0)),
    ...quad(p(0, 0, 0), p(0, 0, 1), p(0, 1, 1), p(0, 1, 0)),
    ...quad(p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)),
  ];
}

/** A flat grid facing up (+Z) at height z, `cells` × `cells` squares over ±half metres. */
export function grid(half: number, z: number, cells: number): Tri[] {
  const step = (2 * half) / cells;
  const tris: Tri[] = [];
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const x = -half + i * step;
      const y = -half + j * step;
      tris.push(...quad([x, y, z], [x + step, y, z], [x + step, y + step, z], [x, y + step, z]));
    }
  }
  return tris;
}

/** Uploads one STL into a geometry slot ('Study buildings', 'Ground', 'Presentation planes', …) and waits until it is in. */
export async function uploadGeometry(dialog: Locator, role: string, name: string, buffer: Buffer): Promise<void> {
  const group = dialog.getByRole('group', { name: `${role} geometry` });
  await group.getByTestId('file-input').setInputFiles({ name, mimeType: 'model/stl', buffer });
  await group.getByRole('button', { name: `Remove ${name}` }).waitFor({ timeout: 30_000 });
}

export interface WizardWalk {
  /** The scenario's name. */
  name: string;
  /** The job level's radio: 'AI' or 'CFD'. */
  level: 'AI' | 'CFD';
  /** The analyses ticked, by their box ('Run solar', 'Run thermal comfort', …). */
  analyses: string[];
  /** What the test looks at on the analyses step before moving on. */
  onAnalyses?(dialog: Locator): Promise<void>;
  /** The geometry step: uploads and checks (the wizard's offered surroundings and plane stay as offered). */
  geometry(dialog: Locator): Promise<void>;
  /** Called once the geometry passed, before the cost is asked for (screenshots). */
  onValidated?(dialog: Locator): Promise<void>;
}

/**
 * Opens the wizard with `opener` (an "Add scenario" button), walks it to the cost step and returns the
 * dialog: the geometry has passed the server's check and "See the cost" was pressed.
 */
export async function walkWizardToCost(page: Page, opener: Locator, walk: WizardWalk): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add scenario' });
  await dialog.getByRole('textbox', { name: 'Scenario name' }).fill(walk.name);
  await dialog.getByRole('radio', { name: new RegExp(`^${walk.level}`) }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();

  for (const analysis of walk.analyses) await dialog.getByRole('checkbox', { name: analysis }).check();
  await walk.onAnalyses?.(dialog);
  await dialog.getByRole('button', { name: 'Next' }).click();

  await walk.geometry(dialog);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // The weather step: the project's first weather source; the parameters as offered; the terms.
  await dialog.getByRole('combobox', { name: 'Weather source' }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await dialog.getByRole('button', { name: 'Save and check geometry' }).click();

  // The validation job runs on the server; its result shows in the wizard.
  await dialog.getByText(/The geometry passed/).waitFor({ timeout: 90_000 });
  await walk.onValidated?.(dialog);
  await dialog.getByRole('button', { name: 'See the cost' }).click();
  return dialog;
}

/** Approves the cost shown and returns the submitted scenario's status badge and its configuration id. */
export async function approveAndSubmit(dialog: Locator): Promise<{ status: Locator; configurationId: number }> {
  await dialog.getByRole('button', { name: 'Approve and submit' }).click();
  await dialog.getByText(/^Scenario submitted\./).waitFor({ timeout: 30_000 });
  const status = dialog.getByRole('status', { name: /^Status of scenario \d+:/ });
  const configurationId = Number(/scenario (\d+)/.exec((await status.getAttribute('aria-label'))!)![1]);
  return { status, configurationId };
}
