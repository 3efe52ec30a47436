/** "Export project": the project's records and files as one zip, to import on another installation. */
import { useActorRef, useSelector } from '@xstate/react';
import { useProjectTransfer } from '../../services/project-transfer-services.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { actions, card, sectionTitle } from '../../ui/surface.css.ts';
import { formCard } from './project-settings.css.ts';

export function ExportProject({ project }: { project: { id: number; name: string } }) {
  const logic = useProjectTransfer();
  const exporter = useActorRef(logic.exportProject);
  const busy = useSelector(exporter, (s) => s.matches('exporting'));
  const done = useSelector(exporter, (s) => s.matches('exported'));
  const message = useSelector(exporter, (s) => (s.matches('failed') ? s.context.message : null));

  return (
    <section className={`${card} ${formCard}`} aria-labelledby="export-title">
      <h2 className={sectionTitle} id="export-title">
        Move this project
      </h2>
      <p>
        Download the project — scenarios, results, insights, reports and files — as one zip, to import it on another Canopy installation or into another
        company.
      </p>
      {message ? <InlineMessage tone="danger">{message}</InlineMessage> : null}
      {done ? <InlineMessage tone="success">The project was exported: the zip is in your downloads.</InlineMessage> : null}
      <div className={actions}>
        <Button onClick={() => exporter.send({ type: 'export.start', project })} disabled={busy} aria-busy={busy}>
          {busy ? 'Exporting…' : 'Export project'}
        </Button>
      </div>
    </section>
  );
}
