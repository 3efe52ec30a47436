/**
 * The project export / import the screens call, behind a context so tests hand the
 * buttons fakes: `<ProjectTransferContext.Provider value={fake}>`. The app uses the live services.
 */
import { createContext, useContext } from 'react';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import { api } from '../api/client.ts';
import { fetchCurrentUser } from '../api/auth.ts';
import type { ServerError } from '@machines/auth/auth.types.ts';
import { toServerError } from '../api/errors.ts';
import { exportProjectArchive, sendProjectArchive, type ImportProgress } from '../api/project-transfer.ts';
import { localTokenStore } from '../app/auth-storage.ts';
import { saveBlob } from './save-blob.ts';

export interface ProjectTransferServices {
  /** Downloads the project's zip; rejects with an Error in plain words. */
  exportProject(project: { id: number; name: string }): Promise<void>;
  /** Sends a zip; reports upload progress; resolves with the new project. */
  importProject(file: File, onProgress: (progress: ImportProgress) => void): Promise<ProjectImportResult>;
}

function archiveName(project: { id: number; name: string }): string {
  const safe = project.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'project'}-${project.id}.canopy.zip`;
}

function exportFailure(error: ServerError): string {
  if (error.status === 403) return 'Only the project’s administrators and your company’s Org Admins can export it.';
  return error.detail ?? `The project could not be exported${error.status ? ` (HTTP ${error.status})` : ''}.`;
}

const liveProjectTransferServices: ProjectTransferServices = {
  async exportProject(project) {
    try {
      saveBlob(await exportProjectArchive(api, project.id), archiveName(project));
    } catch (error) {
      throw new Error(exportFailure(toServerError(error)));
    }
  },
  async importProject(file, onProgress) {
    // An authenticated call first: the client refreshes an expired access token on the way.
    await fetchCurrentUser(api);
    const token = localTokenStore().read()?.access;
    if (!token) throw new Error('You are signed out. Sign in again and retry.');
    return sendProjectArchive(file, token, onProgress);
  },
};

export const ProjectTransferContext = createContext<ProjectTransferServices>(liveProjectTransferServices);

export function useProjectTransfer(): ProjectTransferServices {
  return useContext(ProjectTransferContext);
}
