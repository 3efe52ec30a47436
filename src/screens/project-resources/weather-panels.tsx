/**
 * The weather panels: pictures of the selected station's data — the wind rose for a
 * season and time of day, monthly temperature and wind, and coverage. Filters are sent to the
 * summary machine; the pictures redraw from its answer.
 */
import { useContext, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { SEASONS, TIME_WINDOWS } from '@machines/weather/weather.types.ts';
import {
  selectSeason,
  selectSummary,
  selectSummaryEmpty,
  selectSummaryFailure,
  selectSummaryLoading,
  selectTimeWindow,
} from '@machines/weather/weather.selectors.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { Button } from '../../ui/button.tsx';
import { ResourcesLogicContext } from './resources-logic-context.ts';
import { WindRoseChart } from './wind-rose-chart.tsx';
import { TemperatureChart, WindSummaryChart } from './monthly-charts.tsx';
import { CoverageChart } from './coverage-chart.tsx';
import * as css from './weather-panels.css.ts';

export function WeatherPanels({ projectId, metId }: { projectId: number; metId: string | null }) {
  const logic = useContext(ResourcesLogicContext);
  const summaryActor = useActorRef(logic.summary, { input: { projectId, metId } });
  // The selected station lives in the form's machine; this machine hears about each change.
  useEffect(() => summaryActor.send({ type: 'station.set', metId }), [summaryActor, metId]);
  const summary = useSelector(summaryActor, selectSummary);
  const loading = useSelector(summaryActor, selectSummaryLoading);
  const empty = useSelector(summaryActor, selectSummaryEmpty);
  const failure = useSelector(summaryActor, selectSummaryFailure);
  const season = useSelector(summaryActor, selectSeason);
  const time = useSelector(summaryActor, selectTimeWindow);

  if (empty) return <p className={css.muted}>Add a weather station to see its wind rose and monthly summaries.</p>;
  return (
    <section className={css.panels} aria-label="Weather panels" aria-busy={loading}>
      <div className={css.filters}>
        <SelectField
          id="weather-season"
          label="Season"
          value={season}
          onValueChange={(value) => summaryActor.send({ type: 'filter.season', season: value })}
          options={SEASONS}
        />
        <SelectField
          id="weather-time"
          label="Time of day"
          value={time}
          onValueChange={(value) => summaryActor.send({ type: 'filter.time', time: value })}
          options={TIME_WINDOWS}
        />
        {summary ? <p className={css.muted}>{summary.filter.hours_selected} hours selected</p> : null}
        {loading ? <p className={css.muted}>Updating…</p> : null}
      </div>
      {failure ? (
        <div className={css.alert} role="alert">
          <span>{failure.message}</span>
          <Button size="sm" onClick={() => summaryActor.send({ type: 'summary.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {summary ? (
        <div className={css.grid}>
          <article className={css.card}>
            <h4 className={css.cardTitle}>Wind rose</h4>
            <WindRoseChart rose={summary.wind_rose} />
          </article>
          <article className={css.card}>
            <h4 className={css.cardTitle}>Temperature by month</h4>
            <TemperatureChart monthly={summary.monthly} />
            <h4 className={css.cardTitle}>Wind by month</h4>
            <WindSummaryChart monthly={summary.monthly} />
          </article>
          <article className={css.card}>
            <h4 className={css.cardTitle}>Data coverage</h4>
            <CoverageChart coverage={summary.coverage} />
          </article>
        </div>
      ) : null}
    </section>
  );
}
