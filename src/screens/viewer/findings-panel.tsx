/**
 * "Validation findings" in the viewer's side panel ("the viewer highlights the offending
 * faces"): the scenario's geometry validation verdict and findings — severity, message, suggested
 * fix, file — with a switch that draws their offending faces on the model, and 'Show' to fly the
 * camera to one finding. Nothing is shown for a scenario whose geometry was never validated.
 */
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import type { ValidationFindings } from './use-validation-findings.ts';
import * as css from './viewer.css.ts';

const SEVERITY: Record<GeometryFinding['severity'], { label: string; tone: BadgeTone }> = {
  error: { label: 'Error', tone: 'danger' },
  warning: { label: 'Warning', tone: 'warning' },
  info: { label: 'Note', tone: 'info' },
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface FindingsPanelProps {
  findings: ValidationFindings;
  highlight: boolean;
  selectedId: string | null;
  onHighlight(on: boolean): void;
  /** 'Show': select the finding and fly to it (highlighting it when the switch is off). */
  onShow(finding: GeometryFinding): void;
}

export function FindingsPanel({ findings, highlight, selectedId, onHighlight, onShow }: FindingsPanelProps) {
  const { record, status, files } = findings;
  if (status === 'loading' || (status === 'ready' && !record)) return null;
  if (status === 'retrying' || status === 'failed' || !record) {
    return (
      <section className={css.section} aria-labelledby="findings-title">
        <h3 className={css.sectionTitle} id="findings-title">
          Validation findings
        </h3>
        {status === 'retrying' ? (
          <p className={css.muted} role="status">
            The geometry validation could not be read just now ({findings.message}); trying again…
          </p>
        ) : (
          <div role="alert">
            <p className={css.muted}>The geometry validation could not be read: {findings.message ?? 'the server could not be reached'}.</p>
            <Button size="sm" onClick={findings.retry}>
              Retry
            </Button>
          </div>
        )}
      </section>
    );
  }
  const { errors, warnings, infos } = record.summary;
  const verdict =
    record.status === 'queued' || record.status === 'running'
      ? 'The geometry is being checked.'
      : record.status === 'passed'
        ? record.findings.length
          ? 'The geometry passed, with the notes below.'
          : 'The geometry passed validation.'
        : `The geometry failed validation: ${[plural(errors, 'error'), plural(warnings, 'warning'), plural(infos, 'note')].join(', ')}.`;
  const fileNames = new Map(record.assets.map((a) => [a.upload_id, a.name]));
  const reading = Object.entries(files).filter(([, f]) => f.status === 'loading');
  const failed = Object.entries(files).flatMap(([id, f]) => (f.status === 'failed' ? [{ id: Number(id), message: f.message }] : []));
  const drawable = record.findings.some((f) => f.triangles.length || f.edges.length);

  return (
    <section className={css.section} aria-labelledby="findings-title">
      <h3 className={css.sectionTitle} id="findings-title">
        Validation findings
      </h3>
      <p className={css.muted}>{verdict}</p>
      {drawable ? (
        <label className={css.layerRow}>
          <input type="checkbox" checked={highlight} onChange={(e) => onHighlight(e.target.checked)} /> Highlight the offending faces
        </label>
      ) : null}
      {highlight && reading.length ? (
        <p className={css.muted} role="status">
          Reading {reading.map(([id]) => fileNames.get(Number(id)) ?? `file ${id}`).join(', ')}…
        </p>
      ) : null}
      {highlight
        ? failed.map((f) => (
            <p key={f.id} className={css.alert} role="alert">
              {fileNames.get(f.id) ?? `File ${f.id}`} could not be read: {f.message}
            </p>
          ))
        : null}
      {record.findings_truncated ? <p className={css.muted}>Only the first {record.findings.length} findings were kept.</p> : null}
      <ul className={css.list} aria-label="Findings">
        {record.findings.map((f) => {
          const look = SEVERITY[f.severity];
          const file = [f.role ? ROLE_LABELS[f.role] : null, f.asset].filter(Boolean).join(' · ');
          const faces =
            f.count > f.triangles.length
              ? `${plural(f.triangles.length, 'face')} of ${f.count} marked`
              : f.triangles.length
                ? plural(f.triangles.length, 'face')
                : null;
          const canShow = f.triangles.length > 0 || f.edges.length > 0 || f.location !== null;
          return (
            <li key={f.id} className={css.dimension} aria-current={f.id === selectedId || undefined}>
              <div className={css.layerRow}>
                <Badge tone={look.tone}>{look.label}</Badge>
                <span className={css.grow}>{file || 'Scenario'}</span>
                {canShow ? (
                  <Button
                    size="sm"
                    tone={f.id === selectedId ? 'primary' : 'secondary'}
                    aria-pressed={f.id === selectedId}
                    aria-label={`Show ${look.label.toLowerCase()}: ${f.message}`}
                    onClick={() => onShow(f)}
                  >
                    Show
                  </Button>
                ) : null}
              </div>
              <p className={css.findingMessage}>{f.message}</p>
              <p className={css.muted}>Suggested fix: {f.suggested_fix}</p>
              {faces ? <p className={css.muted}>{faces}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
