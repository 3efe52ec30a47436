/** "Export project": the project's records and files as one zip, to import on another installation. */
import { useState } from 'react';
import { useProjectTransfer } from '../../services/project-transfer-services.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { actions, card, sectionTitle } from '../../ui/surface.css.ts';
import { formCard } from './project-settings.css.ts';

export function ExportProject({ project }: { project: { id: number; name: string } }) {
  const transfer = useProjectTransfer();
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: string | null }>({ busy: false, done: false, error: null });

  async function run() {
    setState({ busy: true, done: false, error: null });
    try {
      await transfer.exportProject(project);
      setState({ busy: false, done: true, error: null });
    } catch (error) {
      setState({ busy: false, done: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section className={`${card} ${formCard}`} aria-labelledby="export-title">
      <h2 className={sectionTitle} id="export-title">
        Move this project
      </h2>
      <p>
        Download the project — scenarios, results, insights, reports and files — as one zip, to import it on another Canopy installation or into another
        company.
      </p>
      {state.error ? <InlineMessage tone="danger">{state.error}</InlineMessage> : null}
      {state.done ? <InlineMessage tone="success">The project was exported: the zip is in your downloads.</InlineMessage> : null}
      <div className={actions}>
        <Button onClick={() => void run()} disabled={state.busy} aria-busy={state.busy}>
          {state.busy ? 'Exporting…' : 'Export project'}
        </Button>
      </div>
    </section>
  );
}
