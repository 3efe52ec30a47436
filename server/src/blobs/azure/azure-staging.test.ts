/**
 * Staging containers of uploads never reported done (ADR 16): swept once their URL has expired, and
 * only those — a live upload's container, and containers Canopy did not make, stay. On Azurite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openAzureBlobStore, type AzureBlobStore } from './azure-blob-store.ts';
import { parseConnectionString } from './azure-account.ts';
import { startAzurite, type Azurite } from '../../../test/azurite.ts';

let azurite: Azurite;
let store: AzureBlobStore;

beforeAll(async () => {
  azurite = await startAzurite();
  store = await openAzureBlobStore({ account: parseConnectionString(azurite.connectionString), containerPrefix: 'sweep-', corsOrigin: null });
});
afterAll(() => azurite?.stop());

async function containers(): Promise<string[]> {
  const names: string[] = [];
  for await (const item of store.service.listContainers({ prefix: 'sweep-upload-' })) names.push(item.name);
  return names.sort();
}

describe('the staging sweep', () => {
  it('removes the staging containers of expired upload URLs and keeps the rest', async () => {
    const now = Date.now();
    const expired = randomUUID();
    const live = randomUUID();
    await store.createUploadUrl({ container: 'assets', prefix: expired, permissions: ['c', 'w'], expiresOn: new Date(now - 60_000), origin: '' });
    await store.createUploadUrl({ container: 'assets', prefix: live, permissions: ['c', 'w'], expiresOn: new Date(now + 3600_000), origin: '' });
    // A container with the prefix but without Canopy's metadata is someone else's.
    const foreign = `sweep-upload-${randomUUID()}`;
    await store.service.getContainerClient(foreign).create();
    expect(await containers()).toEqual([`sweep-upload-${expired}`, `sweep-upload-${live}`, foreign].sort());
    expect(await store.staging.sweep(new Date(now))).toBe(1);
    expect(await containers()).toEqual([`sweep-upload-${live}`, foreign].sort());
  });

  it('hands out a container URL that takes the PUT the client makes, and lists it for collection', async () => {
    const uuid = randomUUID();
    const url = await store.createUploadUrl({
      container: 'project-assets',
      prefix: uuid,
      permissions: ['c', 'w'],
      expiresOn: new Date(Date.now() + 60_000),
      origin: '',
    });
    const res = await fetch(`${url.containerUrl}/${uuid}/a.csv?${url.sasToken}`, { method: 'PUT', body: 'a,b\n', headers: { 'x-ms-blob-type': 'BlockBlob' } });
    expect(res.status).toBe(201);
    const staged: string[] = [];
    for await (const blob of store.staging.list({ container: 'project-assets', uuid })) staged.push(`${blob.name}:${blob.size}`);
    expect(staged).toEqual([`${uuid}/a.csv:4`]);
    // The signature cannot read what it wrote.
    expect((await fetch(`${url.containerUrl}/${uuid}/a.csv?${url.sasToken}`)).status).toBe(403);
  });
});
