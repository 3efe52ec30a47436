/**
 * The weather data form (SPEC §2): the project's weather stations, and two ways to add one — upload
 * an EPW with the shared uploader, or fetch the nearest station (the server's library, or its online
 * provider for the site itself). Shows each station's position, distance from the project, years and
 * source. A fetch that found nothing suitable is "no weather near here" (no-weather-here.tsx), not
 * an error; a provider that was down is a failure in the server's words (SPEC §8's message).
 */
import { useContext, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { weatherMachine } from '@machines/weather/weather.machine.ts';
import {
  selectFetching,
  selectFormBusy,
  selectImporting,
  selectNoWeather,
  selectSelectedMetId,
  selectSkippedStations,
  selectSources,
  selectSourcesLoadFailed,
  selectSourcesLoading,
  selectWeatherFailure,
} from '@machines/weather/weather.selectors.ts';
import type { MetSource } from '@machines/weather/weather.types.ts';
import type { FileRules } from '@machines/upload/file-rules.ts';
import { Button } from '../../ui/button.tsx';
import { FileUploader } from '../../ui/file-uploader/file-uploader.tsx';
import { useUploads } from '../../ui/file-uploader/use-uploads.ts';
import { ResourcesLogicContext } from './resources-logic-context.ts';
import { NoWeatherHereNotice } from './no-weather-here.tsx';
import * as css from './project-resources.css.ts';

export type WeatherActorRef = ActorRefFrom<typeof weatherMachine>;

const EPW_RULES: FileRules = { maxBytes: 20 * 1024 * 1024, accept: ['.epw'] };

const ORIGIN_LABEL: Record<MetSource['origin'], string> = {
  upload: 'uploaded EPW',
  library: 'station library',
  provider: 'online provider',
};

function describe(source: MetSource): string {
  const position = `${Math.abs(source.latitude).toFixed(2)}° ${source.latitude >= 0 ? 'N' : 'S'}, ${Math.abs(source.longitude).toFixed(2)}° ${source.longitude >= 0 ? 'E' : 'W'}`;
  const distance = source.distance_km === null ? '' : ` · ${source.distance_km} km from the project`;
  // Data from an online provider are for the site itself, not an observing station: no WMO number to show.
  const wmo = source.origin === 'provider' && !source.wmo ? '' : `WMO ${source.wmo || '—'} · `;
  return `${wmo}${position} · ${source.elevation_m} m · ${source.years} · ${ORIGIN_LABEL[source.origin]}${distance}`;
}

/** Saves text as a file through a temporary object URL (the browser's download, no new tab). */
function saveText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

function StationItem({ source, selected, onSelect, projectId }: { source: MetSource; selected: boolean; onSelect(): void; projectId: number }) {
  const logic = useContext(ResourcesLogicContext);
  // Download progress is view-only (it changes nothing the app decides on).
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveText(await logic.downloadCsv(projectId, source.met_id), `weather_data_${source.met_id}.csv`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className={css.station}>
      <input type="radio" name="weather-station" id={`station-${source.id}`} checked={selected} onChange={onSelect} />
      <label htmlFor={`station-${source.id}`}>
        <span className={css.stationName}>{source.name}</span>
        <br />
        <span className={css.stationMeta}>{describe(source)}</span>
        <br />
        <span className={css.stationMeta}>Source: {source.source}</span>
      </label>
      <Button size="sm" tone="ghost" onClick={download} disabled={downloading} aria-label={`Download the hourly data of ${source.name} as CSV`}>
        {downloading ? 'Preparing…' : 'CSV'}
      </Button>
    </li>
  );
}

/**
 * `canChange`: the user may add weather to the project; `canFetch`: and fetch the nearest station
 * (a permission of its own). Without them (the demo, a view-only share) the stations are listed
 * with no way to add one: the server would refuse it.
 */
export function WeatherDataForm({
  weather,
  projectId,
  canChange,
  canFetch,
}: {
  weather: WeatherActorRef;
  projectId: number;
  canChange: boolean;
  canFetch: boolean;
}) {
  const uploads = useUploads();
  const sources = useSelector(weather, selectSources);
  const selected = useSelector(weather, selectSelectedMetId);
  const loading = useSelector(weather, selectSourcesLoading);
  const loadFailed = useSelector(weather, selectSourcesLoadFailed);
  const importing = useSelector(weather, selectImporting);
  const fetching = useSelector(weather, selectFetching);
  const busy = useSelector(weather, selectFormBusy);
  const failure = useSelector(weather, selectWeatherFailure);
  const skipped = useSelector(weather, selectSkippedStations);
  const noWeather = useSelector(weather, selectNoWeather);

  useEffect(() => {
    const subscription = uploads.on('upload.done', (event) => {
      weather.send({ type: 'epw.uploaded', uploadId: event.upload.id, fileName: event.upload.filename });
    });
    return () => subscription.unsubscribe();
  }, [uploads, weather]);

  return (
    <div className={css.card} aria-label="Weather data" role="group">
      <h3 className={css.subTitle}>Weather stations</h3>
      {loading ? <p className={css.muted}>Loading weather stations…</p> : null}
      {loadFailed ? (
        <Button onClick={() => weather.send({ type: 'sources.reload' })}>Load the weather stations again</Button>
      ) : sources.length === 0 && !loading ? (
        <p className={css.muted}>
          {canChange
            ? 'This project has no weather yet. Upload an EPW file or fetch the nearest station.'
            : 'This project has no weather station of its own: its scenarios use the library station nearest the site.'}
        </p>
      ) : (
        <ul className={css.list} aria-label="Weather stations">
          {sources.map((source) => (
            <StationItem
              key={source.id}
              source={source}
              projectId={projectId}
              selected={source.met_id === selected}
              onSelect={() => weather.send({ type: 'station.select', metId: source.met_id })}
            />
          ))}
        </ul>
      )}
      {failure ? (
        <div className={css.alert} role="alert">
          <span>{failure.message}</span>
          {failure.reason ? <p className={css.reason}>Reason: {failure.reason}.</p> : null}
          <Button size="sm" tone="ghost" onClick={() => weather.send({ type: 'failure.dismiss' })}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {noWeather ? <NoWeatherHereNotice noWeather={noWeather} /> : null}
      {importing ? (
        <p className={css.busy} role="status">
          Reading {importing}…
        </p>
      ) : null}
      {fetching ? (
        <p className={css.busy} role="status">
          Looking for the nearest weather station…
        </p>
      ) : null}
      {canFetch ? (
        <div className={css.row}>
          <Button tone="primary" onClick={() => weather.send({ type: 'met.fetch' })} disabled={busy}>
            Fetch nearest station
          </Button>
        </div>
      ) : null}
      {skipped.length && !noWeather ? (
        <details open={failure !== null}>
          <summary className={css.muted}>
            {failure ? 'Looked at and passed over' : 'Nearer stations passed over'} ({skipped.length})
          </summary>
          <ul className={css.warnings}>
            {skipped.map((s) => (
              <li key={`${s.wmo}-${s.name}`}>
                {s.name} {s.wmo ? `(WMO ${s.wmo})` : ''}, {s.distance_km === 0 && !s.wmo ? 'at the site' : `${s.distance_km} km`}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {canChange ? (
        <FileUploader
          uploads={uploads}
          target={{ projectId, kind: 'project-asset' }}
          rules={EPW_RULES}
          label="Drop an EPW weather file here"
          multiple={false}
        />
      ) : null}
    </div>
  );
}
