/**
 * "Import project": pick a zip exported from Canopy, watch it upload (and cancel it while it
 * does), then the server checks and writes it; the new project opens when it is done. The steps
 * are the import machine's; this button, its progress and its message only show them.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { sentPercent } from '@machines/project-transfer/project-import.machine.ts';
import { useProjectTransfer } from '../../services/project-transfer-services.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';

export function ImportProject() {
  const logic = useProjectTransfer();
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const importer = useActorRef(logic.importProject);
  const stage = useSelector(importer, (s) =>
    s.matches({ running: 'uploading' }) ? 'uploading' : s.matches({ running: 'importing' }) ? 'importing' : s.matches('failed') ? 'failed' : 'idle',
  );
  const name = useSelector(importer, (s) => s.context.file?.name ?? '');
  const percent = useSelector(importer, (s) => sentPercent(s.context));
  const message = useSelector(importer, (s) => s.context.message);

  useEffect(() => {
    const imported = importer.on('project.imported', (e) => navigate(`/projects/${e.project.id}`));
    return () => imported.unsubscribe();
  }, [importer, navigate]);

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        aria-label="Project archive (.zip)"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) importer.send({ type: 'import.pick', file });
        }}
      />
      <Button onClick={() => input.current?.click()} disabled={stage === 'uploading' || stage === 'importing'}>
        Import project
      </Button>
      {stage === 'uploading' ? (
        <div role="status">
          <label>
            Uploading {name}… <progress max={100} value={percent} aria-label={`Uploading ${name}`} /> {percent}%
          </label>{' '}
          <Button onClick={() => importer.send({ type: 'import.cancel' })}>Cancel import</Button>
        </div>
      ) : null}
      {stage === 'importing' ? <div role="status">Checking and importing {name}…</div> : null}
      {stage === 'failed' ? <InlineMessage tone="danger">{`${name} was not imported: ${message}`}</InlineMessage> : null}
    </>
  );
}
