/**
 * The wind-rose panel: the wind rose of the scenario's met source — the simulation's
 * met_source_id, else the project's first station — for a season, drawn by the weather
 * capability's chart from its summary (engine/weather/wind-rose.ts on the server) — after the
 * simulation's own wind-rose layers (ingested JSON), when it has any.
 */
import { Link } from 'wouter';
import type { Asset } from '@canopy/contract/viewer.ts';
import { useContext, useEffect, useState } from 'react';
import { SEASONS, type MetSource, type WeatherSummary } from '@machines/weather/weather.types.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { WindRoseChart } from '../project-resources/wind-rose-chart.tsx';
import { ViewerServicesContext } from './viewer-services-context.ts';
import { ResultRoses } from './result-roses.tsx';
import * as css from './viewer.css.ts';

type State =
  { status: 'loading' } | { status: 'none' } | { status: 'ready'; source: MetSource; summary: WeatherSummary } | { status: 'failed'; message: string };

export interface WindRosePanelProps {
  projectId: number;
  metSourceId: number | null;
  /** The simulation's wind-rose layers (JSON files). */
  roseLayers?: readonly Asset[];
  urlOf?(asset: Asset): string;
}

export function WindRosePanel({ projectId, metSourceId, roseLayers = [], urlOf }: WindRosePanelProps) {
  const services = useContext(ViewerServicesContext);
  const [season, setSeason] = useState('all');
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    (async () => {
      const sources = await services.listMetSources(projectId);
      const source = sources.find((s) => s.id === metSourceId) ?? sources[0];
      if (!source) return live && setState({ status: 'none' });
      const summary = await services.windRose(projectId, source.met_id, season);
      if (live) setState({ status: 'ready', source, summary });
    })().catch(
      (error: unknown) => live && setState({ status: 'failed', message: error instanceof Error ? error.message : 'The wind rose could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, [services, projectId, metSourceId, season]);

  return (
    <>
      {urlOf ? <ResultRoses assets={roseLayers} urlOf={urlOf} /> : null}
      <section className={css.section} aria-label="Wind rose">
        {roseLayers.length ? <h3 className={css.sectionTitle}>Weather station</h3> : null}
        <SelectField id="viewer-wind-season" label="Season" value={season} onValueChange={setSeason} options={SEASONS} />
        {state.status === 'loading' ? <p className={css.muted}>Loading the wind rose…</p> : null}
        {state.status === 'none' ? (
          <p className={css.muted}>
            This project has no weather station yet: add one under <Link href={`/projects/${projectId}/resources`}>Resources</Link>.
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <p className={css.alert} role="alert">
            {state.message || 'The wind rose could not be loaded.'}
          </p>
        ) : null}
        {state.status === 'ready' ? (
          <>
            <p className={css.muted}>{state.source.name}</p>
            <WindRoseChart rose={state.summary.wind_rose} />
          </>
        ) : null}
      </section>
    </>
  );
}
