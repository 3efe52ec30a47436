/** Helpers for the upload tests: PUT a blob with a grant, and see what the blobs folder holds. */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestContext } from './harness.ts';

export interface Grant {
  container: string;
  uuid: string;
  sasToken: string;
}

export function putBlob(
  t: TestContext,
  grant: Grant,
  filename: string,
  body: string | Uint8Array | null,
  options: { headers?: Record<string, string>; sas?: string | null } = {},
): Promise<Response> {
  const sas = options.sas === undefined ? grant.sasToken : options.sas;
  const path = `/blobs/${grant.container}/${grant.uuid}/${filename}${sas === null ? '' : `?${sas}`}`;
  // A copy on a plain ArrayBuffer: what fetch's BodyInit accepts (Node's Buffer may sit on a shared pool).
  const init = body instanceof Uint8Array ? new Uint8Array(body) : body;
  return t.request(path, { method: 'PUT', body: init, headers: { 'x-ms-blob-type': 'BlockBlob', ...options.headers } });
}

/** Every file under DATA_DIR/blobs (temporary files included), as paths relative to it. */
export function filesUnder(dataDir: string): string[] {
  const root = join(dataDir, 'blobs');
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
export const md5Base64 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

/** A valid binary STL of `triangles` facets (80-byte header starting with "solid", as some exporters write). */
export function binaryStl(triangles: number): Buffer {
  const bytes = Buffer.alloc(84 + 50 * triangles);
  bytes.write('solid exported by a tool that should not say solid', 0, 'ascii');
  bytes.writeUInt32LE(triangles, 80);
  for (let i = 0; i < triangles; i++) bytes.writeFloatLE(1, 84 + i * 50 + 8);
  return bytes;
}

/** Reads the Azure error code from an XML error answer. */
export async function errorCode(res: Response): Promise<string | null> {
  const body = await res.text();
  return /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? null;
}
