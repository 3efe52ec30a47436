/**
 * "Import project": pick a zip exported from Canopy, watch it upload, then the server
 * checks and writes it; the new project opens when it is done. Errors are the server's own words
 * (a damaged file, a hash that does not match, no subscription…).
 */
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useProjectTransfer } from '../../services/project-transfer-services.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'importing'; name: string }
  | { kind: 'failed'; name: string; message: string };

export function ImportProject() {
  const transfer = useProjectTransfer();
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const busy = stage.kind === 'uploading' || stage.kind === 'importing';

  async function start(file: File) {
    setStage({ kind: 'uploading', name: file.name, percent: 0 });
    try {
      const result = await transfer.importProject(file, ({ loaded, total }) => {
        const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
        setStage(percent >= 100 ? { kind: 'importing', name: file.name } : { kind: 'uploading', name: file.name, percent });
      });
      navigate(`/projects/${result.id}`);
    } catch (error) {
      setStage({ kind: 'failed', name: file.name, message: error instanceof Error ? error.message : String(error) });
    }
  }

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
          if (file) void start(file);
        }}
      />
      <Button onClick={() => input.current?.click()} disabled={busy}>
        Import project
      </Button>
      {stage.kind === 'uploading' ? (
        <div role="status">
          <label>
            Uploading {stage.name}… <progress max={100} value={stage.percent} aria-label={`Uploading ${stage.name}`} /> {stage.percent}%
          </label>
        </div>
      ) : null}
      {stage.kind === 'importing' ? <div role="status">Checking and importing {stage.name}…</div> : null}
      {stage.kind === 'failed' ? <InlineMessage tone="danger">{`${stage.name} was not imported: ${stage.message}`}</InlineMessage> : null}
    </>
  );
}
