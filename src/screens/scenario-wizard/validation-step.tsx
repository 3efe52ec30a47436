/** The geometry validation run: waiting, then its findings with severity, message and suggested fix. */
import { useSelector } from '@xstate/react';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectError, selectValidation, selectValidationPhase } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Button } from '../../ui/button.tsx';
import { table, td, th } from '../../ui/surface.css.ts';
import { useWizard } from './wizard-context.ts';
import { severity, stepBody } from './scenario-wizard.css.ts';

export function ValidationStep() {
  const wizard = useWizard();
  const phase = useSelector(wizard, selectValidationPhase);
  const report = useSelector(wizard, selectValidation);
  const error = useSelector(wizard, selectError);
  const findings = report?.findings ?? [];
  return (
    <div className={stepBody}>
      {phase === 'starting' || phase === 'running' ? (
        <p role="status">Checking the geometry… this takes a moment for large models.</p>
      ) : null}
      {phase === 'passed' ? (
        <InlineMessage tone="success">{findings.length ? 'The geometry passed, with notes below.' : 'The geometry passed validation.'}</InlineMessage>
      ) : null}
      {phase === 'failed' ? <InlineMessage tone="danger">The geometry has errors to fix before the scenario can be submitted.</InlineMessage> : null}
      {phase === 'errored' ? (
        <InlineMessage tone="danger" action={<Button size="sm" onClick={() => wizard.send({ type: 'retry' })}>Retry</Button>}>
          {report?.error ?? error ?? 'The geometry could not be checked.'}
        </InlineMessage>
      ) : null}
      {findings.length ? (
        <table className={table} aria-label="Geometry findings">
          <thead>
            <tr>
              <th className={th} scope="col">Severity</th>
              <th className={th} scope="col">File</th>
              <th className={th} scope="col">Problem</th>
              <th className={th} scope="col">Suggested fix</th>
            </tr>
          </thead>
          <tbody>
            {findings.map((f) => (
              <tr key={f.id}>
                <td className={`${td} ${severity}`}>{f.severity}</td>
                <td className={td}>{[f.role ? ROLE_LABELS[f.role] : null, f.asset].filter(Boolean).join(' · ') || '—'}</td>
                <td className={td}>{f.message}</td>
                <td className={td}>{f.suggested_fix}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
