/**
 * The wind-rose panel: the wind rose of the scenario's met source — the simulation's
 * met_source_id, else the project's first station — for a season, drawn by the weather
 * capability's chart from its summary (engine/weather/wind-rose.ts on the server) — after the
 * simulation's own wind-rose layers (ingested JSON), when it has any.
 */
import { Link } from 'wouter';
import type { Asset } from '@canopy/contract/viewer.ts';
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { SEASONS } from '@machines/weather/weather.types.ts';
import { stationOf } from '@machines/viewer/wind-rose.machine.ts';
import type { ViewerLogic } from '../../services/viewer-services.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { WindRoseChart } from '../project-resources/wind-rose-chart.tsx';
import { ResultRoses } from './result-roses.tsx';
import * as css from './viewer.css.ts';

export interface WindRosePanelProps {
  logic: ViewerLogic['windRose'];
  projectId: number;
  metSourceId: number | null;
  /** The simulation's wind-rose layers (JSON files). */
  roseLayers?: readonly Asset[];
  urlOf?(asset: Asset): string;
}

export function WindRosePanel({ logic, projectId, metSourceId, roseLayers = [], urlOf }: WindRosePanelProps) {
  const rose = useActorRef(logic, { input: { projectId, metSourceId } });
  const status = useSelector(rose, (s) => (s.matches('ready') ? 'ready' : s.matches('none') ? 'none' : s.matches('failed') ? 'failed' : 'loading'));
  const season = useSelector(rose, (s) => s.context.season);
  const station = useSelector(rose, (s) => stationOf(s.context));
  const summary = useSelector(rose, (s) => s.context.summary);
  const message = useSelector(rose, (s) => s.context.message);
  // Another simulation may name another station; the stations are not listed again.
  useEffect(() => rose.send({ type: 'station.want', metSourceId }), [rose, metSourceId]);

  return (
    <>
      {urlOf ? <ResultRoses assets={roseLayers} urlOf={urlOf} /> : null}
      <section className={css.section} aria-label="Wind rose">
        {roseLayers.length ? <h3 className={css.sectionTitle}>Weather station</h3> : null}
        <SelectField
          id="viewer-wind-season"
          label="Season"
          value={season}
          onValueChange={(value) => rose.send({ type: 'season.set', season: value })}
          options={SEASONS}
        />
        {status === 'loading' ? <p className={css.muted}>Loading the wind rose…</p> : null}
        {status === 'none' ? (
          <p className={css.muted}>
            This project has no weather station yet: add one under <Link href={`/projects/${projectId}/resources`}>Resources</Link>.
          </p>
        ) : null}
        {status === 'failed' ? (
          <div className={css.alert} role="alert">
            <span>{message}</span>{' '}
            <Button size="sm" onClick={() => rose.send({ type: 'rose.retry' })}>
              Try again
            </Button>
          </div>
        ) : null}
        {status === 'ready' && station && summary ? (
          <>
            <p className={css.muted}>{station.name}</p>
            <WindRoseChart rose={summary.wind_rose} />
          </>
        ) : null}
      </section>
    </>
  );
}
