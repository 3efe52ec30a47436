/**
 * The uploader of one geometry role: files go up through the shared upload workflow (signed
 * upload URL, then the bytes); each stored file is attached to the role, and while a file is in
 * flight or failed the uploader raises its flag so the step cannot advance (SPEC §5).
 */
import { useCallback, useEffect, useState } from 'react';
import { selectFileName, selectUploadStatus } from '@machines/upload/upload.selectors.ts';
import { DEFAULT_MAX_BYTES, type FileRules } from '@machines/upload/file-rules.ts';
import type { UploadTarget } from '@machines/upload/upload.types.ts';
import type { GeometryRole } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { FileUploader } from '../../ui/file-uploader/file-uploader.tsx';
import { useUploads } from '../../ui/file-uploader/use-uploads.ts';
import { MODEL_EXTENSIONS } from '@canopy/engine/geometry/import/model-format.ts';
import type { ImportedFile, ModelImportEmitted } from '@machines/model-import/model-import.machine.ts';
import { useWizard } from './wizard-context.ts';
import { ModelImportRow } from './model-import-row.tsx';

/** STL goes straight in; the other formats architects export are read into an STL first (geometry-import/). */
const MODEL_RULES: FileRules = { maxBytes: DEFAULT_MAX_BYTES, accept: MODEL_EXTENSIONS };

export function GeometryRoleUploader({ projectId, role }: { projectId: number; role: GeometryRole }) {
  const wizard = useWizard();
  const uploads = useUploads();
  const target: UploadTarget = { projectId, kind: 'asset' };
  const [importing, setImporting] = useState<ImportedFile[]>([]);
  const [uploadFlag, setUploadFlag] = useState<string | null>(null);
  const imported = useCallback(
    (event: ModelImportEmitted) => {
      wizard.send({ type: 'geometry.add', role, file: event.file });
      setImporting((list) => list.filter((f) => f.upload_id !== event.source.upload_id));
    },
    [wizard, role],
  );

  useEffect(() => {
    const done = uploads.on('upload.done', ({ upload }) => {
      const file = { upload_id: upload.id, filename: upload.filename, size: upload.size };
      if (/\.stl$/i.test(upload.filename)) wizard.send({ type: 'geometry.add', role, file });
      else setImporting((list) => [...list, file]);
    });
    // The uploader's flag: a file still going up, or one that failed and was neither retried nor removed.
    const flag = uploads.subscribe((snapshot) => {
      let message: string | null = null;
      for (const item of snapshot.context.items) {
        const s = item.ref.getSnapshot();
        const status = selectUploadStatus(s);
        if (status === 'failed') message = `"${selectFileName(s)}" failed to upload: retry it or remove it.`;
        else if (status !== 'done' && status !== 'cancelled') message ??= `Wait for "${selectFileName(s)}" to finish uploading.`;
      }
      setUploadFlag(message);
    });
    return () => {
      done.unsubscribe();
      flag.unsubscribe();
      wizard.send({ type: 'uploader.flag', role, message: null });
    };
  }, [uploads, wizard, role]);

  // The role's flag: the uploads' own, else a model still waiting to be imported (leaving the step
  // would drop it).
  useEffect(() => {
    const waiting = importing[0];
    const message = uploadFlag ?? (waiting ? `Import "${waiting.filename}" or remove it before continuing.` : null);
    wizard.send({ type: 'uploader.flag', role, message });
  }, [uploadFlag, importing, wizard, role]);

  return (
    <>
      {importing.map((file) => (
        <ModelImportRow
          key={file.upload_id}
          projectId={projectId}
          file={file}
          onImported={imported}
          onRemove={() => setImporting((list) => list.filter((f) => f.upload_id !== file.upload_id))}
        />
      ))}
      <FileUploader
        uploads={uploads}
        target={target}
        rules={MODEL_RULES}
        label={`Drop ${ROLE_LABELS[role].toLowerCase()} models here (STL, OBJ, glTF, IFC or Rhino 3DM)`}
      />
    </>
  );
}
