/**
 * The viewer's comfort re-classification: the criterion (Lawson, Davenport, NEN 8100 or
 * a company's own table), the season, the time of day and the weather file of a wind-comfort
 * simulation's map, switched in the browser — the workers re-compute the classes from the stored
 * per-direction speed ratios and the map follows, without a new run — and "Save as results" keeps
 * the map on screen as a layer with its provenance; 'Compute comfort maps on the server' asks for the
 * same choice as stored results (submit-postprocessing/). Reads the re-classification machine only.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { windReclassMachine } from '@machines/wind-reclass/wind-reclass.machine.ts';
import {
  selectPostprocess,
  selectPostprocessError,
  selectReclassChoice,
  selectReclassError,
  selectReclassInputs,
  selectReclassPhase,
  selectResultSaved,
  selectSaveError,
  selectShownResult,
} from '@machines/wind-reclass/wind-reclass.selectors.ts';
import type { ReclassChoice } from '@machines/wind-reclass/wind-reclass.types.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import * as css from './viewer.css.ts';

export type WindReclassRef = ActorRefFrom<typeof windReclassMachine>;

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * `mayChange`: the user may add results to the simulation (saving, computing on the server); else the panel only re-classifies on screen.
 * `computing`: the simulation is still queued or running, so the ratios it will have are not written yet.
 */
export function ComfortPanel({ reclass, mayChange = true, computing = false }: { reclass: WindReclassRef; mayChange?: boolean; computing?: boolean }) {
  const phase = useSelector(reclass, selectReclassPhase);
  const inputs = useSelector(reclass, selectReclassInputs);
  const choice = useSelector(reclass, selectReclassChoice);
  const result = useSelector(reclass, selectShownResult);
  const saved = useSelector(reclass, selectResultSaved);
  const error = useSelector(reclass, selectReclassError);
  const saveError = useSelector(reclass, selectSaveError);
  const postprocess = useSelector(reclass, selectPostprocess);
  const postprocessError = useSelector(reclass, selectPostprocessError);
  const choose = (patch: Partial<ReclassChoice>) => reclass.send({ type: 'choice.set', choice: patch });

  if (phase === 'unavailable') {
    return (
      <section className={css.modePanel} aria-label="Comfort re-classification">
        <p className={css.muted}>
          {computing
            ? 'This simulation is still computing its per-direction wind speed ratios. Comfort can be re-classified here once it has completed.'
            : 'This simulation has no per-direction wind speed ratios to re-classify. Choose a pedestrian wind comfort simulation.'}
        </p>
      </section>
    );
  }
  if (phase === 'loading' || !inputs || !choice) {
    return (
      <section className={css.modePanel} aria-label="Comfort re-classification">
        {phase === 'loadFailed' ? (
          <InlineMessage
            tone="danger"
            action={
              <Button size="sm" onClick={() => reclass.send({ type: 'retry' })}>
                Retry
              </Button>
            }
          >
            {`The wind speed ratios could not be loaded: ${error ?? 'please try again.'}`}
          </InlineMessage>
        ) : (
          <p role="status">Loading the stored wind speed ratios…</p>
        )}
      </section>
    );
  }
  const criterionName = inputs.criteria.find((c) => c.id === result?.choice.criterionId)?.name;
  return (
    <section className={css.modePanel} aria-label="Comfort re-classification">
      <p className={css.muted}>
        {`Switch the criterion, season, time of day or weather file: the comfort map of ${count(inputs.points)} points is re-computed in your browser from the stored wind of ${inputs.directionsDeg.length} directions, without a new run.`}
      </p>
      <SelectField
        id="reclass-criterion"
        label="Criterion"
        value={choice.criterionId}
        options={inputs.criteria.map((c) => ({ value: c.id, label: c.name }))}
        onValueChange={(criterionId) => choose({ criterionId })}
      />
      <SelectField
        id="reclass-season"
        label="Season"
        value={choice.seasonId}
        options={inputs.seasons.map((s) => ({ value: s.id, label: s.name }))}
        onValueChange={(seasonId) => choose({ seasonId })}
      />
      <SelectField
        id="reclass-window"
        label="Time of day"
        value={choice.windowId}
        options={inputs.windows.map((w) => ({ value: w.id, label: w.name === w.window ? w.window : `${w.name} (${w.window})` }))}
        onValueChange={(windowId) => choose({ windowId })}
      />
      <SelectField
        id="reclass-weather"
        label="Weather file"
        value={choice.metId}
        options={inputs.weather.map((w) => ({ value: w.metId, label: w.name }))}
        onValueChange={(metId) => choose({ metId })}
      />
      {phase === 'stored' ? (
        <p className={css.muted}>The map shows the stored results. Choose another criterion, season, time of day or weather file to re-classify.</p>
      ) : null}
      {phase === 'computing' ? <p role="status">{`Re-classifying ${count(inputs.points)} points…`}</p> : null}
      {phase === 'failed' ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => reclass.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          {`The map could not be re-classified: ${error ?? 'please try again.'}`}
        </InlineMessage>
      ) : null}
      {result ? (
        <>
          <p role="status" aria-label="Re-classified">
            {`${criterionName ?? result.choice.criterionId}: ${count(inputs.points)} points × ${inputs.directionsDeg.length} directions re-classified in ${Math.round(result.ms)} ms${inputs.workers > 1 ? ` on ${inputs.workers} workers` : ''}.`}
          </p>
          <div className={css.layerRow}>
            {mayChange ? (
              <Button size="sm" tone="primary" disabled={saved || phase === 'saving'} onClick={() => reclass.send({ type: 'save' })}>
                {saved ? 'Saved as results' : phase === 'saving' ? 'Saving…' : 'Save as results'}
              </Button>
            ) : null}
            <Button size="sm" onClick={() => reclass.send({ type: 'stored.show' })}>
              Show the stored maps
            </Button>
          </div>
          {saveError ? <InlineMessage tone="danger">{`The map could not be saved: ${saveError}`}</InlineMessage> : null}
        </>
      ) : null}
      {mayChange ? (
        <section aria-label="Compute on the server">
          <p className={css.muted}>
            Or have the server compute comfort and safety maps for this criterion, season and time of day from the stored wind, with the nearest weather
            station: they are added to this simulation's results.
          </p>
          <Button size="sm" disabled={postprocess.status === 'submitting'} onClick={() => reclass.send({ type: 'postprocess.submit' })}>
            {postprocess.status === 'submitting' ? 'Submitting…' : 'Compute comfort maps on the server'}
          </Button>
          {postprocess.status === 'queued' ? (
            <p role="status">{`Queued as job ${postprocess.jobId}: the comfort and safety maps (${inputs.criteria.find((c) => c.id === postprocess.choice?.criterionId)?.name ?? postprocess.choice?.criterionId}) join this simulation's layers when it finishes.`}</p>
          ) : null}
          {postprocess.status === 'failed' ? (
            <InlineMessage tone="danger">{`The server did not take the computation: ${postprocessError ?? 'please try again.'}`}</InlineMessage>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
