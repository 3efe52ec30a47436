/**
 * The scenario preview's files: each geometry upload read (GET …/uploads/{id}/download/) and parsed
 * with engine/geometry's STL reader, once per services object — the wizard's steps come and go,
 * and a study model can be large. A file that cannot be read is named with why; it does not stop
 * the others.
 */
import { parseStl } from '@canopy/engine/geometry/stl/reader.ts';
import type { LoadedFile, LoadGeometryInput } from '@machines/scenario-preview/scenario-preview.machine.ts';

export type ReadUpload = (projectId: number, uploadId: number) => Promise<ArrayBuffer>;

const caches = new WeakMap<ReadUpload, Map<string, Promise<Float32Array>>>();

function soupOf(read: ReadUpload, projectId: number, uploadId: number): Promise<Float32Array> {
  let cache = caches.get(read);
  if (!cache) caches.set(read, (cache = new Map()));
  const key = `${projectId}/${uploadId}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = read(projectId, uploadId).then((bytes) => parseStl(new Uint8Array(bytes)).positions);
    // A failure is not kept: the preview's retry reads the file again.
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

export async function readPreviewFiles(read: ReadUpload, input: LoadGeometryInput): Promise<LoadedFile[]> {
  return Promise.all(
    input.files.map(async (file): Promise<LoadedFile> => {
      try {
        return { uploadId: file.uploadId, positions: await soupOf(read, input.projectId, file.uploadId) };
      } catch (error) {
        return { uploadId: file.uploadId, message: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}
