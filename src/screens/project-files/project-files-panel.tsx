/**
 * Project settings → files (/projects/{id}/files), shown inside the settings' layout: the uploader
 * above the list of what the project holds (GET /api/project/{id}/uploads/). The list reloads when
 * an upload is confirmed. The settings name the page and the breadcrumb.
 */
import { useContext, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectListedUploads, selectListError, selectListLoading } from '@machines/upload/upload.selectors.ts';
import { DEFAULT_MAX_BYTES, formatBytes, type FileRules } from '@machines/upload/file-rules.ts';
import type { UploadTarget } from '@machines/upload/upload.types.ts';
import { selectMayChangeProject } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { FileUploader } from '../../ui/file-uploader/file-uploader.tsx';
import { useUploads } from '../../ui/file-uploader/use-uploads.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import * as css from './project-files-panel.css.ts';

const RULES: FileRules = { maxBytes: DEFAULT_MAX_BYTES };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ProjectFilesPanel({ projectId }: { projectId: number }) {
  const logic = useContext(UploadLogicContext);
  const uploads = useUploads();
  const list = useActorRef(logic.uploadList, { input: { projectId } });
  const files = useSelector(list, selectListedUploads);
  const loading = useSelector(list, selectListLoading);
  const error = useSelector(list, selectListError);
  const target: UploadTarget = { projectId, kind: 'project-asset' };
  // Uploading needs the right to change the project (the server's upload grant checks it).
  const mayUpload = PermissionsContext.useSelector(selectMayChangeProject(projectId));

  useEffect(() => {
    const subscription = uploads.on('upload.done', (event) => {
      if (event.target.projectId === projectId) list.send({ type: 'list.reload' });
    });
    return () => subscription.unsubscribe();
  }, [uploads, list, projectId]);

  return (
    <div className={css.panel}>
      {mayUpload ? (
        <FileUploader uploads={uploads} target={target} rules={RULES} label="Drop project files here" />
      ) : (
        <p className={css.muted}>You can read this project&apos;s files; adding files needs the right to change the project.</p>
      )}
      <section aria-labelledby="project-files-title">
        <h2 id="project-files-title" className={css.sectionTitle}>
          Stored files
        </h2>
        {error ? (
          <p className={css.error} role="alert">
            {error}
          </p>
        ) : loading ? (
          <p className={css.muted}>Loading files…</p>
        ) : files.length === 0 ? (
          <p className={css.muted}>No files yet. Files you upload appear here.</p>
        ) : (
          <table className={css.table} aria-label="Stored files">
            <thead>
              <tr>
                <th className={css.headCell}>Name</th>
                <th className={css.headCell}>Type</th>
                <th className={`${css.headCell} ${css.numeric}`}>Size</th>
                <th className={css.headCell}>Uploaded</th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id}>
                  <td className={css.cell}>{file.filename}</td>
                  <td className={css.cell}>{file.format}</td>
                  <td className={`${css.cell} ${css.numeric}`}>{formatBytes(file.size)}</td>
                  <td className={css.cell}>{dateFormat.format(new Date(file.uploaded_at))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
