/**
 * The scenario's geometry validation record for the viewer, and — while the findings are to be
 * highlighted — the uploaded STL files its findings point into, read once per services object
 * (GET /api/project/{id}/uploads/{uploadId}/download/, parsed with engine/geometry's STL reader).
 * The files are read only when asked: a study model can be large, and most visits do not need it.
 */
import { useContext, useEffect, useMemo, useState } from 'react';
import type { GeometryValidation } from '@canopy/contract/scenarios.ts';
import { parseStl } from '@canopy/engine/geometry/stl/reader.ts';
import { ViewerServicesContext } from './viewer-services-context.ts';
import { uploadDownloadPath, type ViewerServices } from '../../services/viewer-services.ts';
import { uploadsOf } from './validation-findings.ts';
import { useRetryingRead } from '../../ui/use-retrying-read.ts';

export type FileState = { status: 'loading' } | { status: 'ready'; soup: Float32Array } | { status: 'failed'; message: string };

export interface ValidationFindings {
  /** retrying: the read failed and is tried again by itself; failed: the user's Retry is next. */
  status: 'loading' | 'retrying' | 'ready' | 'failed';
  /** Why the read failed (retrying or failed). */
  message?: string;
  /** Reads the record again (after it failed). */
  retry(): void;
  /** Null when the scenario's geometry was never validated. */
  record: GeometryValidation | null;
  /** Upload id → its file, for the uploads the findings point into (only while highlighting). */
  files: Readonly<Record<number, FileState>>;
  /** Upload id → triangle soup, for the files read. */
  soups: ReadonlyMap<number, Float32Array>;
}

const soupCaches = new WeakMap<ViewerServices, Map<string, Promise<Float32Array>>>();

function loadSoup(services: ViewerServices, projectId: number, uploadId: number): Promise<Float32Array> {
  let cache = soupCaches.get(services);
  if (!cache) soupCaches.set(services, (cache = new Map()));
  const url = uploadDownloadPath(projectId, uploadId);
  let entry = cache.get(url);
  if (!entry) {
    entry = services.loadAsset(url).then((bytes) => parseStl(new Uint8Array(bytes)).positions);
    // A failure is not kept: turning the highlight on again tries again.
    entry.catch(() => cache.delete(url));
    cache.set(url, entry);
  }
  return entry;
}

export function useValidationFindings(projectId: number, configurationId: number, highlight: boolean): ValidationFindings {
  const services = useContext(ViewerServicesContext);
  const read = useRetryingRead<GeometryValidation | null>(`${projectId}/${configurationId}`, () => services.geometryValidation(projectId, configurationId));
  const record = read.status === 'ready' ? read.value : null;

  const [files, setFiles] = useState<Record<number, FileState>>({});
  const uploadKey = highlight && record ? uploadsOf(record).join(',') : '';
  useEffect(() => {
    if (!uploadKey) return;
    let live = true;
    const ids = uploadKey.split(',').map(Number);
    setFiles((f) => Object.fromEntries(ids.map((id) => [id, f[id]?.status === 'ready' ? f[id]! : ({ status: 'loading' } as FileState)])));
    for (const id of ids) {
      loadSoup(services, projectId, id).then(
        (soup) => live && setFiles((f) => ({ ...f, [id]: { status: 'ready', soup } })),
        (error: unknown) => live && setFiles((f) => ({ ...f, [id]: { status: 'failed', message: error instanceof Error ? error.message : String(error) } })),
      );
    }
    return () => {
      live = false;
    };
  }, [uploadKey, projectId, services]);

  const shown = uploadKey ? files : EMPTY_FILES;
  const soups = useMemo(() => {
    const map = new Map<number, Float32Array>();
    for (const [id, file] of Object.entries(shown)) if (file.status === 'ready') map.set(Number(id), file.soup);
    return map;
  }, [shown]);
  return {
    status: read.status,
    ...(read.status === 'failed' || read.status === 'retrying' ? { message: read.message } : {}),
    retry: read.retry,
    record,
    files: shown,
    soups,
  };
}

const EMPTY_FILES: Readonly<Record<number, FileState>> = {};
