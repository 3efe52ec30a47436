/**
 * A point's hourly story (the viewer's "Point story" panel): pick a point of a wind, thermal or
 * solar map and the weather year is replayed there in the browser from the scenario's stored
 * per-direction speed ratios — the comfort class per season and time window with each threshold's
 * share against what the criterion allows, the exceedance curve with the thresholds marked, the
 * year of wind speed, UTCI and sunshine, and a wind rose at the point; the hours export as CSV and
 * the story goes into an insight as a figure. Reads the point-story machine only.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { pointStoryMachine } from '@machines/point-story/point-story.machine.ts';
import type { StoryResult } from '@machines/point-story/point-story.types.ts';
import type { WindRose } from '@canopy/engine/weather/wind-rose.ts';
import type { WeatherSummary } from '@machines/weather/weather.types.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../../ui/button.tsx';
import { InlineMessage } from '../../../ui/inline-message.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { WindRoseChart } from '../../project-resources/wind-rose-chart.tsx';
import { saveBlob } from '../../../services/save-blob.ts';
import { formatShare, hoursAbove, pointLabel, storyCsv, thresholdLimits } from '../../../viewer/point-story/story-text.ts';
import { ExceedanceCurve, YearChart } from './story-charts.tsx';
import * as css from '../viewer.css.ts';
import * as storyCss from './point-story.css.ts';

export type PointStoryRef = ActorRefFrom<typeof pointStoryMachine>;
type Snapshot = SnapshotFrom<typeof pointStoryMachine>;

const phaseOf = (s: Snapshot): string =>
  s.matches('ready') ? (Object.values(s.value as Record<string, string>)[0] ?? 'waiting') : typeof s.value === 'string' ? s.value : 'loading';

/** The engine's rose in the shape the weather panels draw. */
function roseForChart(rose: WindRose): WeatherSummary['wind_rose'] {
  const bins = rose.speedBinLabels.length;
  return {
    sectors: rose.sectors,
    sector_width_deg: rose.sectorWidthDeg,
    sector_centres_deg: Array.from(rose.sectorCentresDeg),
    speed_bins_ms: [...rose.speedBinsMs],
    speed_bin_labels: rose.speedBinLabels,
    counts: Array.from({ length: rose.sectors }, (_, s) => Array.from(rose.speedBinCounts.subarray(s * bins, (s + 1) * bins))),
    sector_counts: Array.from(rose.sectorCounts),
    calm_count: rose.calmCount,
    missing_count: rose.missingCount,
    total_count: rose.totalCount,
    calm_share: rose.totalCount ? rose.calmCount / rose.totalCount : 0,
  };
}

function ComfortTable({ result }: { result: StoryResult }) {
  const limits = thresholdLimits(result);
  const thresholds = result.story.thresholdsMs;
  return (
    <div className={storyCss.tableScroll}>
      <table className={storyCss.table} aria-label="Comfort class per season and time of day">
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Class</th>
            {thresholds.map((t) => (
              <th key={t} scope="col" title={limits.get(t)}>
                {`> ${t} m/s`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.story.periods.map((p) => (
            <tr key={`${p.period.season.id}.${p.period.timeWindow.id}`}>
              <th scope="row">{`${p.period.season.name}, ${p.period.timeWindow.name.toLowerCase()}`}</th>
              <td>{p.classLabel ?? '–'}</td>
              {p.exceedances.map((e) => (
                <td key={e.thresholdMs}>{formatShare(e.share)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Allowed</th>
            <td />
            {thresholds.map((t) => (
              <td key={t}>{limits.get(t) ?? ''}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Story({ result }: { result: StoryResult }) {
  const { story } = result;
  const annual = story.periods[0];
  const marks = story.thresholdsMs.map((t) => ({ speedMs: t, label: thresholdLimits(result).get(t) ?? '' }));
  const above = (t: number) => hoursAbove(result, t);
  return (
    <>
      <p className={css.muted}>
        {`Result point ${pointLabel(result)}, ${result.distanceM.toFixed(1)} m from where you clicked · ${result.criterion.name} (${story.gemUsed ? 'max(mean, GEM)' : 'hourly mean'}) · ${result.weatherName} · computed in ${Math.round(result.ms)} ms`}
      </p>
      {annual ? <p className={css.readout}>{`Annual: ${annual.classLabel ?? 'no class'}`}</p> : null}
      <h4 className={css.sectionTitle}>Comfort class per season and time of day</h4>
      <ComfortTable result={result} />
      <h4 className={css.sectionTitle}>Hours a year above each speed</h4>
      <ExceedanceCurve speedsMs={story.exceedanceCurve.speedsMs} hoursAbove={story.exceedanceCurve.hoursAbove} marks={marks} />
      <p className={css.muted}>
        {story.thresholdsMs.map((t) => `> ${t} m/s: ${above(t)?.toLocaleString('en-GB') ?? '–'} h`).join(' · ')}
        {` (of ${story.exceedanceCurve.countedHours.toLocaleString('en-GB')} counted hours)`}
      </p>
      <h4 className={css.sectionTitle}>Wind speed at pedestrian height</h4>
      <YearChart label="Wind speed at pedestrian height over the year" values={story.speedMs} yLabel="m/s" colour="#2166ac" />
      {story.utciC ? (
        <>
          <h4 className={css.sectionTitle}>UTCI (in shade)</h4>
          <YearChart label="UTCI over the year" values={story.utciC} yLabel="°C" colour="#d6604d" />
          <p className={css.muted}>Mean radiant temperature taken as the air temperature: the point’s sky view and sun are not included.</p>
        </>
      ) : (
        <p className={css.muted}>This weather file has no air temperature and humidity: no UTCI.</p>
      )}
      {story.sunshine && annual?.sunshineHours !== null && annual ? (
        <p
          className={css.muted}
        >{`Sunshine at the site (direct normal ≥ 120 W/m², WMO; buildings’ shade not included): ${annual.sunshineHours.toLocaleString('en-GB')} h a year.`}</p>
      ) : null}
      <h4 className={css.sectionTitle}>Wind rose at this point</h4>
      <WindRoseChart rose={roseForChart(story.rose)} />
    </>
  );
}

export interface PointStoryPanelProps {
  actor: PointStoryRef;
  /** Whether clicks on the model pick a point now. */
  picking: boolean;
  onPick(): void;
}

export function PointStoryPanel({ actor, picking, onPick }: PointStoryPanelProps) {
  const phase = useSelector(actor, phaseOf);
  const inputs = useSelector(actor, (s) => s.context.inputs);
  const choice = useSelector(actor, (s) => s.context.choice);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => errorMessage(s.context.error));
  const tooFar = useSelector(actor, (s) => s.context.tooFar);
  const insight = useSelector(actor, (s) => s.context.insight);
  const [insightId, setInsightId] = useState('');

  const pickButton = (
    <Button size="sm" tone={picking ? 'primary' : 'secondary'} aria-pressed={picking} onClick={onPick}>
      {picking ? 'Picking: click the map' : 'Pick a point'}
    </Button>
  );
  if (phase === 'unavailable') {
    return (
      <section className={css.modePanel} aria-label="Point story">
        <p className={css.muted}>This scenario has no per-direction wind results to replay. Choose a scenario with a pedestrian wind simulation.</p>
      </section>
    );
  }
  if (phase === 'loading' || phase === 'deciding' || phase === 'loadFailed' || !inputs || !choice) {
    return (
      <section className={css.modePanel} aria-label="Point story">
        {phase === 'loadFailed' ? (
          <InlineMessage
            tone="danger"
            action={
              <Button size="sm" onClick={() => actor.send({ type: 'retry' })}>
                Retry
              </Button>
            }
          >
            {`The wind results could not be loaded: ${error ?? 'please try again.'}`}
          </InlineMessage>
        ) : (
          <p role="status">Loading the stored wind speed ratios…</p>
        )}
      </section>
    );
  }
  return (
    <section className={css.modePanel} aria-label="Point story">
      <p className={css.muted}>
        {`Click a point of a wind, thermal or solar map: the weather year is replayed there in your browser from the stored wind of ${inputs.directionsDeg.length} directions.`}
      </p>
      <div className={css.row}>{pickButton}</div>
      <SelectField
        id="story-criterion"
        label="Criterion"
        value={choice.criterionId}
        onValueChange={(v) => actor.send({ type: 'choice.set', choice: { criterionId: v } })}
        options={inputs.criteria.map((c) => ({ value: c.id, label: c.name }))}
      />
      <SelectField
        id="story-weather"
        label="Weather file"
        value={choice.metId}
        onValueChange={(v) => actor.send({ type: 'choice.set', choice: { metId: v } })}
        options={inputs.weather.map((w) => ({ value: w.metId, label: w.name }))}
      />
      {phase === 'waiting' ? <p className={css.muted}>No point picked yet.</p> : null}
      {phase === 'computing' ? <p role="status">Replaying the weather year at this point…</p> : null}
      {phase === 'tooFar' ? <InlineMessage tone="info">{tooFar}</InlineMessage> : null}
      {phase === 'failed' ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => actor.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          {`The story could not be computed: ${error ?? 'please try again.'}`}
        </InlineMessage>
      ) : null}
      {result && phase === 'shown' ? (
        <>
          <div className={css.row}>
            <Button size="sm" onClick={() => saveBlob(new Blob([storyCsv(result)], { type: 'text/csv' }), `point-story-${result.pointIndex}.csv`)}>
              Export CSV
            </Button>
          </div>
          <div className={css.row}>
            <SelectField
              id="story-insight"
              label="Insight"
              value={insightId}
              onValueChange={setInsightId}
              options={[{ value: '', label: 'A new insight' }, ...inputs.insights.map((i) => ({ value: String(i.id), label: i.title }))]}
            />
            <Button
              size="sm"
              disabled={insight.status === 'adding'}
              onClick={() => actor.send({ type: 'insight.add', insightId: insightId ? Number(insightId) : null })}
            >
              Add to insight
            </Button>
          </div>
          {insight.status === 'adding' ? <p role="status">Adding the story to the insight…</p> : null}
          {insight.status === 'added' ? <p role="status">Added to the insight as a figure.</p> : null}
          {insight.status === 'failed' ? (
            <InlineMessage tone="danger">{`Could not add it to the insight: ${errorMessage(insight.error) ?? ''}`}</InlineMessage>
          ) : null}
          <Story result={result} />
        </>
      ) : null}
    </section>
  );
}
