/**
 * "See it before you run it": the scenario's geometry in 3D in the wizard's geometry and
 * validation steps — roles coloured, the ground, the site marker and north — with the validation
 * findings highlighted and listed beside it (selecting one flies to it), and for a scenario
 * Canopy's CFD computes, the wind tunnel the solver would build and the study area, with their
 * sizes in metres. The preview machine (machines/scenario-preview) reads the files and the plan;
 * this component follows the wizard's values and findings into it and draws its context.
 */
import { lazy, Suspense, useContext, useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import { canopyCfdAnalyses, cfdChoiceOf } from '@machines/scenario-wizard/cfd-choice.ts';
import { ROLE_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectOptions, selectValidation, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { GEOMETRY_ROLES } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { PreviewFile } from '@machines/scenario-preview/scenario-preview.machine.ts';
import { tunnelExtent, windDirectionsOf } from '@machines/scenario-preview/tunnel-extent.ts';
import { ScenarioLogicContext } from '../../../services/scenario-wizard-services.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { HIGHLIGHT_COLOURS } from '../../../viewer/scene/highlight-colours.ts';
import { useWizard } from '../wizard-context.ts';
import { filesSummary, legendOf } from './preview-scene.ts';
import * as css from './scenario-preview.css.ts';

const PreviewCanvas = lazy(() => import('./preview-canvas.tsx'));

const SEVERITY_WORDS: Record<GeometryFinding['severity'], string> = { error: 'Error', warning: 'Warning', info: 'Note' };
const EMPTY: GeometryFinding[] = [];

export function ScenarioPreview({ projectId }: { projectId: number }) {
  const wizard = useWizard();
  const logic = useContext(ScenarioLogicContext);
  const values = useSelector(wizard, selectValues);
  const options = useSelector(wizard, selectOptions);
  const findings = useSelector(wizard, (s) => selectValidation(s)?.findings ?? EMPTY);

  const files = useMemo<PreviewFile[]>(
    () => GEOMETRY_ROLES.flatMap((role) => values.geometry[role].map((f) => ({ uploadId: f.upload_id, filename: f.filename, role }))),
    [values.geometry],
  );
  const cfdAnalyses = canopyCfdAnalyses(values, options);
  const choice = cfdChoiceOf(values);
  // The plan depends on the geometry, the tier and the generated inputs, not on the other fields.
  const extentKey =
    logic.services.planCfd && cfdAnalyses.length && values.geometry.study.length
      ? JSON.stringify([files.map((f) => f.uploadId), choice, values.projectSurrounds, values.pedestrianPlane, cfdAnalyses[0]])
      : '';
  const extentRequest = useMemo(() => (extentKey ? { projectId, values, analyses: cfdAnalyses } : null), [extentKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const preview = useActorRef(logic.preview, { input: { projectId, files, findings, extent: extentRequest } });
  useEffect(() => preview.send({ type: 'files.change', files }), [preview, files]);
  useEffect(() => preview.send({ type: 'findings.change', findings }), [preview, findings]);
  const first = useMemo(() => ({ request: extentRequest }), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (extentRequest !== first.request) preview.send({ type: 'extent.change', request: extentRequest });
  }, [preview, extentRequest, first]);

  const ctx = useSelector(preview, (s) => s.context);
  const loadingFiles = useSelector(preview, (s) => s.matches({ geometry: 'loading' }));
  const extentState = useSelector(preview, (s) => s.value.extent as string);
  const extent = useMemo(() => (ctx.estimate ? tunnelExtent(ctx.estimate, ctx.windFromDeg) : null), [ctx.estimate, ctx.windFromDeg]);
  const drawGround = values.geometry.ground.length === 0;
  const legend = legendOf(files, drawGround, extent);
  const failed = files.filter((f) => ctx.failures.has(f.uploadId));
  const directions = windDirectionsOf(Number(choice.windDirections) || 16);

  return (
    <section className={css.preview} aria-labelledby="scenario-preview-title">
      <div>
        {files.length && ctx.soups.size ? (
          <Suspense fallback={<p role="status">Loading the 3D view…</p>}>
            <PreviewCanvas
              files={files}
              soups={ctx.soups}
              findings={ctx.findings}
              selectedId={ctx.selectedId}
              framing={ctx.framing}
              extent={extent}
              drawGround={drawGround}
            />
          </Suspense>
        ) : (
          <p className={css.muted} role={loadingFiles ? 'status' : undefined}>
            {filesSummary(files, ctx.soups.size, ctx.failures.size)}
          </p>
        )}
      </div>
      <div className={css.side}>
        <h3 className={css.title} id="scenario-preview-title">
          Preview
        </h3>
        <p className={css.muted} role={loadingFiles ? 'status' : undefined}>
          {filesSummary(files, ctx.soups.size, ctx.failures.size)} North is up the screen’s arrow (+Y).
        </p>
        {failed.length ? (
          <div role="alert">
            {failed.map((f) => (
              <p key={f.uploadId} className={css.muted}>
                {f.filename} ({ROLE_LABELS[f.role].toLowerCase()}) could not be read: {ctx.failures.get(f.uploadId)}
              </p>
            ))}
            <Button size="sm" onClick={() => preview.send({ type: 'retry' })}>
              Read again
            </Button>
          </div>
        ) : null}
        <ul className={css.list} aria-label="Preview legend">
          {legend.map((e) => (
            <li key={e.key} className={css.legendRow}>
              <span
                aria-hidden
                className={e.kind === 'fill' ? css.swatch : e.kind === 'line' ? css.lineSwatch : css.markerSwatch}
                style={e.kind === 'fill' ? { background: e.colour } : { borderColor: e.colour }}
              />
              <span>{e.words}</span>
            </li>
          ))}
        </ul>
        {extentState === 'waiting' || extentState === 'loading' ? <p role="status">Working out the wind tunnel for this geometry and tier…</p> : null}
        {extentState === 'refused' ? <p role="alert">The wind tunnel cannot be drawn: {ctx.extentMessage}</p> : null}
        {extentState === 'failed' ? (
          <div role="alert">
            <p className={css.muted}>The wind tunnel could not be worked out: {ctx.extentMessage}</p>
            <Button size="sm" onClick={() => preview.send({ type: 'retry' })}>
              Try again
            </Button>
          </div>
        ) : null}
        {extentState === 'ready' && !extent ? <p className={css.muted}>The server did not say where the wind tunnel lies.</p> : null}
        {extent ? (
          <SelectField
            id="preview-wind-from"
            label="Tunnel for wind from"
            value={String(ctx.windFromDeg)}
            options={directions.map((d) => ({ value: String(d), label: `${d}°` }))}
            onValueChange={(v) => preview.send({ type: 'wind.choose', windFromDeg: Number(v) })}
          />
        ) : null}
        {ctx.findings.length ? (
          <>
            <h4 className={css.title}>Findings</h4>
            <ul className={css.list} aria-label="Findings in the preview">
              {ctx.findings.map((f) => (
                <li key={f.id}>
                  <button
                    type="button"
                    className={css.finding}
                    aria-pressed={f.id === ctx.selectedId}
                    onClick={() => preview.send({ type: 'finding.select', id: f.id })}
                  >
                    <span
                      aria-hidden
                      className={css.dot}
                      style={{ background: HIGHLIGHT_COLOURS[f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'info'] }}
                    />
                    {SEVERITY_WORDS[f.severity]}: {f.message}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
