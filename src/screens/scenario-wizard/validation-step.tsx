/**
 * The geometry validation run: waiting, then its findings with severity, message and suggested
 * fix; a file a remesh can fix offers 'Repair' (POST remesh-stl/, then the geometry is checked
 * again), and warnings are acknowledged before going on (PATCH geometry-validation/{id}/, recorded
 * in the QA report). The preview beside the findings shows where each one is.
 */
import { useSelector } from '@xstate/react';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { repairableFiles, warningsToAcknowledge, type RepairOutcome } from '@machines/scenario-wizard/geometry-repair.ts';
import {
  selectCheckingGeometry,
  selectError,
  selectGeometryPassed,
  selectRepair,
  selectRepairing,
  selectValidation,
  selectValidationPhase,
} from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Button } from '../../ui/button.tsx';
import { table, td, th } from '../../ui/surface.css.ts';
import { useWizard } from './wizard-context.ts';
import { ScenarioPreview } from './scenario-preview/scenario-preview.tsx';
import { fileList, fileRow, severity, stepBody } from './scenario-wizard.css.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the remesh did, in words: "Repaired tower.stl as tower-remeshed.stl: 2 holes closed, 4 triangles turned outward." */
export function repairSummary(r: RepairOutcome): string {
  const done = [
    r.holesClosed ? `${plural(r.holesClosed, 'hole')} closed` : null,
    r.flippedTriangles ? `${plural(r.flippedTriangles, 'triangle')} turned outward` : null,
    r.mergedVertices ? `${plural(r.mergedVertices, 'vertex', 'vertices')} merged` : null,
    r.removedDegenerate ? `${plural(r.removedDegenerate, 'collapsed triangle')} removed` : null,
  ].filter(Boolean);
  const left = r.holesLeftOpen ? ` ${plural(r.holesLeftOpen, 'hole')} too wide to close automatically remained.` : '';
  return `Repaired the ${ROLE_LABELS[r.role].toLowerCase()} file as ${r.filename}: ${done.length ? done.join(', ') : 'nothing needed changing'}.${left} The scenario now uses the repaired file.`;
}

export function ValidationStep({ projectId }: { projectId: number }) {
  const wizard = useWizard();
  const phase = useSelector(wizard, selectValidationPhase);
  const checking = useSelector(wizard, selectCheckingGeometry);
  const passed = useSelector(wizard, selectGeometryPassed);
  const report = useSelector(wizard, selectValidation);
  const error = useSelector(wizard, selectError);
  const repair = useSelector(wizard, selectRepair);
  const repairing = useSelector(wizard, selectRepairing);
  const findings = report?.findings ?? [];
  const judged = phase === 'passed' || phase === 'failed';
  const fixable = judged ? repairableFiles(findings) : [];
  const warnings = warningsToAcknowledge(findings, report?.warningsAcknowledged === true);
  return (
    <div className={stepBody}>
      {checking ? <p role="status">Checking the geometry… this takes a moment for large models.</p> : null}
      {phase === 'repairing' ? <p role="status">Repairing the file{repairing ? ` (${ROLE_LABELS[repairing.role].toLowerCase()})` : ''}…</p> : null}
      {repair && phase !== 'repairing' ? <InlineMessage tone="info">{repairSummary(repair)}</InlineMessage> : null}
      {passed ? (
        <InlineMessage tone="success">{findings.length ? 'The geometry passed, with notes below.' : 'The geometry passed validation.'}</InlineMessage>
      ) : null}
      {phase === 'failed' ? <InlineMessage tone="danger">The geometry has errors to fix before the scenario can be submitted.</InlineMessage> : null}
      {phase === 'errored' ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => wizard.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          {report?.error ?? error ?? 'The geometry could not be checked.'}
        </InlineMessage>
      ) : null}
      {judged && error ? <InlineMessage tone="danger">{error}</InlineMessage> : null}
      {findings.length ? (
        <table className={table} aria-label="Geometry findings">
          <thead>
            <tr>
              <th className={th} scope="col">
                Severity
              </th>
              <th className={th} scope="col">
                File
              </th>
              <th className={th} scope="col">
                Problem
              </th>
              <th className={th} scope="col">
                Suggested fix
              </th>
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
      {fixable.length ? (
        <section aria-label="Automatic repair">
          <p>
            Canopy can repair these files: merge near vertices, remove collapsed triangles, turn faces outward and close holes up to 0.5 m. The repaired copy
            replaces the file in this scenario and the geometry is checked again.
          </p>
          <ul className={fileList}>
            {fixable.map((f) => (
              <li key={`${f.role}:${f.uploadId}`} className={fileRow}>
                <span>
                  {ROLE_LABELS[f.role]} · {f.filename}
                </span>
                <Button size="sm" onClick={() => wizard.send({ type: 'geometry.repair', role: f.role, uploadId: f.uploadId })}>
                  Repair {f.filename}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {phase === 'passed' && warnings > 0 ? (
        <InlineMessage
          tone="info"
          action={
            <Button size="sm" onClick={() => wizard.send({ type: 'validation.acknowledge' })}>
              Acknowledge warnings
            </Button>
          }
        >
          {plural(warnings, 'warning')} to read: acknowledging records that you reviewed {warnings === 1 ? 'it' : 'them'} and chose to go on (the QA report
          shows it).
        </InlineMessage>
      ) : null}
      {phase === 'acknowledging' ? <p role="status">Recording your acknowledgement…</p> : null}
      <ScenarioPreview projectId={projectId} />
      {phase === 'passed' && report?.warningsAcknowledged && findings.some((f) => f.severity === 'warning') ? <p>Warnings acknowledged.</p> : null}
    </div>
  );
}
