/**
 * A small world for the share-link tests: two companies with a project each, a Published
 * insight with a scene view on a simulation whose result layer has a stored file and a captured
 * image, a second Published insight with its own image and layer, a Draft insight, and a Published
 * report showing the first insight's image view. Written straight to the tables.
 */
import type { AppDeps } from '../src/deps.ts';
import type { Db } from '../src/db/database.ts';
import {
  assets,
  companies,
  configurations,
  imageViews,
  insights,
  projects,
  reports,
  reportViews,
  sceneViews,
  simulations,
  studies,
} from '../src/db/schema/index.ts';
import { ASSETS_CONTAINER, putBytes } from '../src/blobs/blob-io.ts';
import { accessToken, createUser } from './world.ts';
import { storeTestImage, testCardPng } from './world-insights.ts';

export interface ShareProject {
  companyId: number;
  projectId: number;
  studyId: number;
  ownerId: number;
  /** An access token of the owner (renewShareTokens signs new ones after the clock moves). */
  ownerToken: string;
  /** Published, with a scene view on a simulation with a layer, and an image view. */
  insightId: number;
  imageId: number;
  assetId: number;
  /** Another Published insight of the same study, with its own image and layer. */
  otherInsightId: number;
  otherImageId: number;
  otherAssetId: number;
  draftInsightId: number;
  reportId: number;
}

async function insightWithLayer(deps: AppDeps, studyId: number, configurationId: number, title: string, status: 'Draft' | 'Published') {
  const db = deps.database.db;
  const [simulation] = await db.insert(simulations).values({ configurationId, category: 'wind-comfort' }).returning({ id: simulations.id });
  const name = `share-tests/${title.replace(/\W/g, '-')}.glb`;
  await putBytes(deps.blobStore, { container: ASSETS_CONTAINER, name }, new TextEncoder().encode(`glTF ${title}`));
  const [asset] = await db
    .insert(assets)
    .values({
      simulationId: simulation!.id,
      layerType: 'data',
      analysisType: 'wind-directional',
      metric: 'speed-ratio',
      filename: 'layer.glb',
      blobKey: `${ASSETS_CONTAINER}/${name}`,
    })
    .returning({ id: assets.id });
  const imageId = await storeTestImage(deps, studyId, title, testCardPng(16));
  const [insight] = await db
    .insert(insights)
    .values({ studyId, title, text: `${title} text`, status })
    .returning({ id: insights.id });
  const [view] = await db
    .insert(sceneViews)
    .values({ insightId: insight!.id, name: 'Ground', simulationId: simulation!.id, assetId: asset!.id, studyImageId: imageId, viewJson: { version: 1 } })
    .returning({ id: sceneViews.id });
  const [imageView] = await db
    .insert(imageViews)
    .values({ insightId: insight!.id, studyImageId: imageId, sceneViewId: view!.id })
    .returning({ id: imageViews.id });
  return { insightId: insight!.id, imageId, assetId: asset!.id, imageViewId: imageView!.id };
}

async function shareProject(deps: AppDeps, db: Db, company: string): Promise<ShareProject> {
  const [c] = await db.insert(companies).values({ name: company }).returning({ id: companies.id });
  const ownerId = await createUser(db, { username: `owner-${company}`, companyId: c!.id, role: 'Project Manager' });
  const [project] = await db
    .insert(projects)
    .values({ name: `${company} tower`, companyId: c!.id, createdBy: ownerId })
    .returning({ id: projects.id });
  const [study] = await db.insert(studies).values({ projectId: project!.id, name: 'Study 1' }).returning({ id: studies.id });
  const [configuration] = await db
    .insert(configurations)
    .values({ projectId: project!.id, studyId: study!.id, name: 'Wind' })
    .returning({ id: configurations.id });
  const main = await insightWithLayer(deps, study!.id, configuration!.id, `${company} plaza`, 'Published');
  const other = await insightWithLayer(deps, study!.id, configuration!.id, `${company} terrace`, 'Published');
  const draft = await insightWithLayer(deps, study!.id, configuration!.id, `${company} draft`, 'Draft');
  const cover = { project: company, location: '', author: '', version: '1', date: '2026-11-28' };
  const [report] = await db
    .insert(reports)
    .values({ studyId: study!.id, title: `${company} report`, status: 'Published', cover })
    .returning({ id: reports.id });
  await db.insert(reportViews).values({ reportId: report!.id, imageViewId: main.imageViewId, caption: 'Plaza' });
  return {
    companyId: c!.id,
    projectId: project!.id,
    studyId: study!.id,
    ownerId,
    ownerToken: await accessToken(deps, ownerId),
    insightId: main.insightId,
    imageId: main.imageId,
    assetId: main.assetId,
    otherInsightId: other.insightId,
    otherImageId: other.imageId,
    otherAssetId: other.assetId,
    draftInsightId: draft.insightId,
    reportId: report!.id,
  };
}

export interface ShareWorld {
  a: ShareProject;
  b: ShareProject;
  /** A member of company A without the right to share (Viewer role). */
  colleagueId: number;
  colleagueToken: string;
}

/** Signs new access tokens at the test clock's time (they expire when a test moves the clock on). */
export async function renewShareTokens(deps: AppDeps, w: ShareWorld): Promise<void> {
  w.a.ownerToken = await accessToken(deps, w.a.ownerId);
  w.b.ownerToken = await accessToken(deps, w.b.ownerId);
  w.colleagueToken = await accessToken(deps, w.colleagueId);
}

export async function buildShareWorld(deps: AppDeps): Promise<ShareWorld> {
  const db = deps.database.db;
  const a = await shareProject(deps, db, 'Acme');
  const b = await shareProject(deps, db, 'Beta');
  const colleagueId = await createUser(db, { username: 'viewer-acme', companyId: a.companyId, role: 'Viewer' });
  return { a, b, colleagueId, colleagueToken: await accessToken(deps, colleagueId) };
}
