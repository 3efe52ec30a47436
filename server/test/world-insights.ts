/**
 * The insights part of the authorization world, and test-only PNG helpers.
 *
 * A Published insight with a scene view (on the analyses world's simulation), a pin type, a pin, a
 * drawing, a study image and an image view, in a Published report; a Draft insight beside it; and
 * per role one of each object to delete. Objects are written straight to the tables: the routes'
 * own behaviour is tested in server/src/routes/insights/*.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync, crc32 } from 'node:zlib';
import type { AppDeps } from '../src/deps.ts';
import type { Db } from '../src/db/database.ts';
import {
  companies,
  drawings,
  imageViews,
  insightPins,
  insightPinTypes,
  insights,
  projectShares,
  projects,
  reports,
  reportViews,
  sceneViews,
  studies,
  studyImages,
} from '../src/db/schema/index.ts';
import { formatBlobKey, putBytes } from '../src/blobs/blob-io.ts';
import type { MatrixRole } from './world.ts';

export interface WorldInsights {
  publishedInsightId: number;
  draftInsightId: number;
  sceneViewId: number;
  pinTypeId: number;
  pinId: number;
  drawingId: number;
  studyImageId: number;
  imageViewId: number;
  reportId: number;
  draftReportId: number;
  reportViewId: number;
  /** A small PNG as base64, for POST study-image. */
  pngBase64: string;
  toDelete: Record<
    MatrixRole,
    {
      insight: number;
      sceneView: number;
      pinType: number;
      pin: number;
      imageView: number;
      reportView: number;
      studyImage: number;
      report: number;
      drawing: number;
    }
  >;
}

// ---------------------------------------------------------------------------------------------
// PNG (test fixtures only): RGB8, no interlace, filter 0 — enough to make and read back images.

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A width × height PNG whose pixel colour is `pixel(x, y)`: RGB, or RGBA when `pixel` gives four values. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => number[], alpha = false): Uint8Array {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * channels + 1);
    // Sub filter on odd rows so readers must undo filters, not only copy bytes
    raw[row] = y % 2;
    for (let x = 0; x < width; x++) {
      const value = pixel(x, y);
      const left = x > 0 ? pixel(x - 1, y) : [0, 0, 0, 0];
      for (let c = 0; c < channels; c++) raw[row + 1 + x * channels + c] = y % 2 ? (value[c]! - left[c]! + 256) & 255 : value[c]!;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = alpha ? 6 : 2; // RGBA or RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]));
}

/** A quadrant test card: red, green, blue and white squares. */
export function testCardPng(size = 64): Uint8Array {
  return encodePng(size, size, (x, y) => {
    const left = x < size / 2;
    const top = y < size / 2;
    return top ? (left ? [220, 30, 30] : [30, 200, 60]) : left ? [30, 60, 220] : [255, 255, 255];
  });
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit, non-interlaced PNG (grey, RGB, grey+alpha or RGBA, as pdftoppm writes) to its pixels. */
export function decodePng(bytes: Uint8Array): { width: number; height: number; channels: number; pixels: Uint8Array } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs are decoded here');
      channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[data[9]!] ?? 0;
      if (!channels) throw new Error(`PNG colour type ${data[9]} is not decoded here`);
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      pixels[y * stride + i] = (line[i]! + predictor) & 255;
    }
  }
  return { width, height, channels, pixels };
}

// ---------------------------------------------------------------------------------------------

export async function storeTestImage(deps: AppDeps, studyId: number, name: string, png: Uint8Array): Promise<number> {
  const key = { container: 'project-assets', name: `study-images/study-${studyId}/${name}.png` };
  await putBytes(deps.blobStore, key, png);
  const [row] = await deps.database.db
    .insert(studyImages)
    .values({ studyId, name, source: 'captured', contentType: 'image/png', width: 64, height: 64, byteSize: png.length, blobKey: formatBlobKey(key) })
    .returning({ id: studyImages.id });
  return row!.id;
}

async function insightWithChildren(db: Db, studyId: number, status: 'Draft' | 'Published', title: string, simulationId: number, imageId: number) {
  const [insight] = await db
    .insert(insights)
    .values({ studyId, title, text: `${title} text`, status })
    .returning({ id: insights.id });
  const insightId = insight!.id;
  const [view] = await db
    .insert(sceneViews)
    .values({ insightId, name: 'Ground level', simulationId, camera: { position: [0, -50, 30], target: [0, 0, 0] }, viewJson: { version: 1 } })
    .returning({ id: sceneViews.id });
  const [type] = await db
    .insert(insightPinTypes)
    .values({ insightId, name: 'Concern', colour: '#d1242f', icon: 'warning', templateId: 2 })
    .returning({ id: insightPinTypes.id });
  const [pin] = await db
    .insert(insightPins)
    .values({ insightId, pinTypeId: type!.id, item: { position: [1, 2, 1.5] }, note: 'Windy corner' })
    .returning({ id: insightPins.id });
  const [drawing] = await db
    .insert(drawings)
    .values({ sceneViewId: view!.id, name: 'Arrow', drawingJson: { shapes: [] } })
    .returning({ id: drawings.id });
  const [image] = await db
    .insert(imageViews)
    .values({ insightId, studyImageId: imageId, sceneViewId: view!.id, caption: 'Ground level' })
    .returning({ id: imageViews.id });
  return { insightId, sceneViewId: view!.id, pinTypeId: type!.id, pinId: pin!.id, drawingId: drawing!.id, imageViewId: image!.id };
}

export async function buildWorldInsights(deps: AppDeps, ids: { studyId: number; simulationId: number; roles: readonly MatrixRole[] }): Promise<WorldInsights> {
  const db = deps.database.db;
  const png = testCardPng();
  const studyImageId = await storeTestImage(deps, ids.studyId, 'world-card', png);
  const published = await insightWithChildren(db, ids.studyId, 'Published', 'Published insight', ids.simulationId, studyImageId);
  const draft = await insightWithChildren(db, ids.studyId, 'Draft', 'Draft insight', ids.simulationId, studyImageId);
  const cover = { project: 'Harbour Towers', location: 'Toronto', author: 'Owner', version: '1', date: '2026-11-23' };
  const [report] = await db
    .insert(reports)
    .values({ studyId: ids.studyId, title: 'Published report', status: 'Published', cover })
    .returning({ id: reports.id });
  const [draftReport] = await db.insert(reports).values({ studyId: ids.studyId, title: 'Draft report', status: 'Draft', cover }).returning({ id: reports.id });
  const [reportView] = await db
    .insert(reportViews)
    .values({ reportId: report!.id, imageViewId: published.imageViewId, caption: 'Figure' })
    .returning({ id: reportViews.id });
  // One multi-row insert per table; rows are matched back to roles by a column holding the role.
  const roles = [...ids.roles];
  const byRole = <R extends { id: number }>(rows: R[], tag: (row: R) => string) => new Map(rows.map((r) => [tag(r), r.id]));
  const p = published;
  const ownInsights = byRole(
    await db
      .insert(insights)
      .values(roles.map((role) => ({ studyId: ids.studyId, title: role, status: 'Published' as const })))
      .returning({ id: insights.id, tag: insights.title }),
    (r) => r.tag,
  );
  const views = byRole(
    await db
      .insert(sceneViews)
      .values(roles.map((role) => ({ insightId: p.insightId, name: role })))
      .returning({ id: sceneViews.id, tag: sceneViews.name }),
    (r) => r.tag,
  );
  const types = byRole(
    await db
      .insert(insightPinTypes)
      .values(roles.map((role) => ({ insightId: p.insightId, name: role, colour: '#000000', icon: 'info' })))
      .returning({ id: insightPinTypes.id, tag: insightPinTypes.name }),
    (r) => r.tag,
  );
  const pins = byRole(
    await db
      .insert(insightPins)
      .values(roles.map((role) => ({ insightId: p.insightId, pinTypeId: p.pinTypeId, item: { position: [0, 0, 0] }, note: role })))
      .returning({ id: insightPins.id, tag: insightPins.note }),
    (r) => r.tag,
  );
  const images = byRole(
    await db
      .insert(imageViews)
      .values(roles.map((role) => ({ insightId: p.insightId, studyImageId, caption: role })))
      .returning({ id: imageViews.id, tag: imageViews.caption }),
    (r) => r.tag,
  );
  const rViews = byRole(
    await db
      .insert(reportViews)
      .values(roles.map((role) => ({ reportId: report!.id, imageViewId: p.imageViewId, caption: role })))
      .returning({ id: reportViews.id, tag: reportViews.caption }),
    (r) => r.tag,
  );
  const ownReports = byRole(
    await db
      .insert(reports)
      .values(roles.map((role) => ({ studyId: ids.studyId, title: role, status: 'Published' as const, cover })))
      .returning({ id: reports.id, tag: reports.title }),
    (r) => r.tag,
  );
  const ownDrawings = byRole(
    await db
      .insert(drawings)
      .values(roles.map((role) => ({ sceneViewId: p.sceneViewId, name: role, drawingJson: {} })))
      .returning({ id: drawings.id, tag: drawings.name }),
    (r) => r.tag,
  );
  // the per-role images share one stored blob: deleting one row must still succeed when another took the blob
  const shared = { container: 'project-assets', name: `study-images/study-${ids.studyId}/to-delete.png` };
  await putBytes(deps.blobStore, shared, png);
  const ownImages = byRole(
    await db
      .insert(studyImages)
      .values(
        roles.map((role) => ({
          studyId: ids.studyId,
          name: role,
          source: 'captured' as const,
          contentType: 'image/png' as const,
          width: 64,
          height: 64,
          byteSize: png.length,
          blobKey: formatBlobKey(shared),
        })),
      )
      .returning({ id: studyImages.id, tag: studyImages.name }),
    (r) => r.tag,
  );
  const toDelete = {} as WorldInsights['toDelete'];
  for (const role of roles) {
    toDelete[role] = {
      insight: ownInsights.get(role)!,
      sceneView: views.get(role)!,
      pinType: types.get(role)!,
      pin: pins.get(role)!,
      imageView: images.get(role)!,
      reportView: rViews.get(role)!,
      studyImage: ownImages.get(role)!,
      report: ownReports.get(role)!,
      drawing: ownDrawings.get(role)!,
    };
  }
  return {
    publishedInsightId: published.insightId,
    draftInsightId: draft.insightId,
    sceneViewId: published.sceneViewId,
    pinTypeId: published.pinTypeId,
    pinId: published.pinId,
    drawingId: published.drawingId,
    studyImageId,
    imageViewId: published.imageViewId,
    reportId: report!.id,
    draftReportId: draftReport!.id,
    reportViewId: reportView!.id,
    pngBase64: Buffer.from(png).toString('base64'),
    toDelete,
  };
}

// ---------------------------------------------------------------------------------------------
// The visibility world (SPEC §6): one project of company A, and a user for each kind of reader.

export const VISIBILITY_USERS = ['superuser', 'sameCompanyWithPermission', 'sameCompanyWithout', 'consultingSharee', 'otherCompanySharee', 'stranger'] as const;
export type VisibilityUser = (typeof VISIBILITY_USERS)[number];

export interface VisibilityWorld {
  projectId: number;
  studyId: number;
  ownerToken: string;
  tokens: Record<VisibilityUser, string>;
}

export async function buildVisibilityWorld(deps: AppDeps): Promise<VisibilityWorld> {
  const { accessToken, createUser } = await import('./world.ts');
  const db = deps.database.db;
  const [a] = await db.insert(companies).values({ name: 'Owner Co' }).returning({ id: companies.id });
  const [r] = await db.insert(companies).values({ name: 'Consulting Co', isRwdi: true }).returning({ id: companies.id });
  const [e] = await db.insert(companies).values({ name: 'Client Co' }).returning({ id: companies.id });
  const ownerId = await createUser(db, { username: 'v-owner', companyId: a!.id, role: 'Project Manager' });
  const ids: Record<VisibilityUser, number> = {
    superuser: await createUser(db, { username: 'v-root', companyId: null, isSuperuser: true }),
    sameCompanyWithPermission: await createUser(db, { username: 'v-engineer', companyId: a!.id, role: 'Engineer' }),
    sameCompanyWithout: await createUser(db, { username: 'v-viewer', companyId: a!.id, role: 'Viewer' }),
    consultingSharee: await createUser(db, { username: 'v-consultant', companyId: r!.id, role: 'Engineer' }),
    // holds projects.add_insight too: what keeps drafts from them is their company, not their role
    otherCompanySharee: await createUser(db, { username: 'v-client', companyId: e!.id, role: 'Engineer' }),
    stranger: await createUser(db, { username: 'v-stranger', companyId: e!.id, role: 'Org Admin' }),
  };
  const [project] = await db
    .insert(projects)
    .values({ name: 'Quay Street', location: 'Auckland', companyId: a!.id, createdBy: ownerId })
    .returning({ id: projects.id });
  const [study] = await db.insert(studies).values({ projectId: project!.id, name: 'Pedestrian wind' }).returning({ id: studies.id });
  await db.insert(projectShares).values([
    { projectId: project!.id, userId: ids.consultingSharee, sharedBy: ownerId, shareStatus: 'accepted' },
    { projectId: project!.id, userId: ids.otherCompanySharee, sharedBy: ownerId, shareStatus: 'accepted' },
  ]);
  const tokens = {} as Record<VisibilityUser, string>;
  for (const user of VISIBILITY_USERS) tokens[user] = await accessToken(deps, ids[user]);
  return { projectId: project!.id, studyId: study!.id, ownerToken: await accessToken(deps, ownerId), tokens };
}

// ---------------------------------------------------------------------------------------------
// poppler-utils (pdftotext, pdftoppm), installed here and in CI; tests skip with a message without them.

export function popplerAvailable(): boolean {
  return ['pdftotext', 'pdftoppm'].every((tool) => spawnSync(tool, ['-v']).status === 0);
}

function withPdfFile<T>(pdf: Uint8Array, run: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-pdf-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, pdf);
    return run(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as pdftotext reads it (reading order, UTF-8). */
export function pdfToText(pdf: Uint8Array): string {
  return withPdfFile(pdf, (path) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }));
}

/** Page 1 rendered by pdftoppm at `dpi`, as PNG bytes. */
export function renderFirstPage(pdf: Uint8Array, dpi = 50): Uint8Array {
  return withPdfFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page')]);
    return new Uint8Array(readFileSync(join(dir, 'page.png')));
  });
}
