/**
 * Binds the project export and import machines' actors: live ones over the API, fakes in tests
 * (`<ProjectTransferContext.Provider value={bindProjectTransfer(fake)}>`).
 */
import { createContext, useContext } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { projectExportMachine, type ExportedProject } from '@machines/project-transfer/project-export.machine.ts';
import { projectImportMachine, type ArchiveSendEvent, type ProjectImportEvent } from '@machines/project-transfer/project-import.machine.ts';
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
  /** Sends a zip; reports upload progress; resolves with the new project. An abort of `signal` stops the upload. */
  importProject(file: File, onProgress: (progress: ImportProgress) => void, signal: AbortSignal): Promise<ProjectImportResult>;
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
  async importProject(file, onProgress, signal) {
    // An authenticated call first: the client refreshes an expired access token on the way.
    await fetchCurrentUser(api);
    const token = localTokenStore().read()?.access;
    if (!token) throw new Error('You are signed out. Sign in again and retry.');
    return sendProjectArchive(file, token, onProgress, signal);
  },
};

export function bindProjectTransfer(services: ProjectTransferServices) {
  return {
    exportProject: projectExportMachine.provide({
      actors: { exportProject: fromPromise<void, ExportedProject>(({ input }) => services.exportProject(input)) },
    }),
    importProject: projectImportMachine.provide({
      actors: {
        // Stopping the actor (a cancel, or the page closing) aborts the request.
        sendArchive: fromCallback<ProjectImportEvent, { file: File }, ArchiveSendEvent>(({ input, sendBack }) => {
          const abort = new AbortController();
          services
            .importProject(input.file, ({ loaded, total }) => sendBack({ type: 'import.progress', loaded, total }), abort.signal)
            .then(
              (project) => sendBack({ type: 'import.done', project }),
              (error: unknown) => sendBack({ type: 'import.failed', error }),
            );
          return () => abort.abort();
        }),
      },
    }),
  };
}

export type ProjectTransferLogic = ReturnType<typeof bindProjectTransfer>;

export const ProjectTransferContext = createContext<ProjectTransferLogic>(bindProjectTransfer(liveProjectTransferServices));

export function useProjectTransfer(): ProjectTransferLogic {
  return useContext(ProjectTransferContext);
}
