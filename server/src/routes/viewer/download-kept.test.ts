/**
 * A result download keeps where its file is while the database is in the state it was read in
 * (http/snapshot-cache.ts, ADR 24) and the file's bytes while the blob store holds the same version
 * (blobs/hot-blobs.ts, ADR 30) — and neither after a change: the file replaced in the store (no
 * commit), the asset pointed at another file by raw SQL, the caller's share revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { countStatements, type StatementCounter } from '../../../test/statement-counter.ts';
import { assets, projectShares } from '../../db/schema/index.ts';
import { ASSETS_CONTAINER, putBytes } from '../../blobs/blob-io.ts';

let t: TestContext;
let w: World;
let counter: StatementCounter;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  counter = countStatements(t.database);
});
afterAll(() => t?.close());

const assetUrl = () =>
  `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/simulation-asset/${w.viewer.assetId}/download/`;
const layerSetUrl = () =>
  `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/layer-set/${w.viewer.layerSetId}/download/`;

async function download(path: string, token = w.tokens.acceptedShare) {
  const { statements, result } = await counter.count(async () => {
    const res = await t.request(path, { token });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, bytes, length: Number(res.headers.get('content-length')) };
  });
  return { ...result, statements };
}

const bytesOf = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + seed) & 0xff);

describe('a result download read again', () => {
  it('checks access once per database state: a repeat runs only the token’s user statement', async () => {
    for (const url of [assetUrl(), layerSetUrl()]) {
      const first = await download(url);
      const again = await download(url);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect([...again.bytes]).toEqual([...first.bytes]);
      expect(again.length).toBe(first.bytes.byteLength);
      expect(first.statements).toBeGreaterThan(1);
      expect(again.statements).toBe(1);
    }
  });

  it('sends the new bytes once the file is replaced in the store, with nothing committed', async () => {
    const before = await download(assetUrl());
    const name = 'results/world/plane.glb';
    const replacement = bytesOf(before.bytes.byteLength + 17, 5);
    await putBytes(t.deps.blobStore, { container: ASSETS_CONTAINER, name }, replacement);
    const after = await download(assetUrl());
    expect(after.statements).toBe(1);
    expect([...after.bytes]).toEqual([...replacement]);
    expect(after.length).toBe(replacement.byteLength);
  });

  it('sends the other file once the asset points at it (raw SQL, as another server would)', async () => {
    await download(assetUrl());
    const other = bytesOf(1234, 9);
    await putBytes(t.deps.blobStore, { container: ASSETS_CONTAINER, name: 'results/world/other.glb' }, other);
    await t.database.db
      .update(assets)
      .set({ blobKey: `${ASSETS_CONTAINER}/results/world/other.glb` })
      .where(eq(assets.id, w.viewer.assetId));
    const after = await download(assetUrl());
    expect([...after.bytes]).toEqual([...other]);
  });

  it('answers 404 once the caller’s share is revoked, and to another company throughout', async () => {
    expect((await download(assetUrl())).status).toBe(200);
    expect((await download(assetUrl(), w.tokens.otherCompany)).status).toBe(404);
    await t.database.db.delete(projectShares).where(eq(projectShares.userId, w.userIds.acceptedShare));
    expect((await download(assetUrl())).status).toBe(404);
    expect((await download(layerSetUrl())).status).toBe(404);
    expect((await download(assetUrl(), w.tokens.otherCompany)).status).toBe(404);
  });
});
