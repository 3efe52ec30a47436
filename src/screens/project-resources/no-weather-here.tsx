/**
 * "No weather near here" in the weather data form: nothing near the site was suitable and trying
 * again will not change that, so the form says so in words — what was looked at, how far, why
 * each was passed over — and what the user can do instead: upload an EPW for the site, or use the
 * online provider (or, when the operator turned it off, what an administrator can do).
 */
import type { NoWeatherHere, PassedOver } from '@machines/weather/weather.types.ts';
import * as css from './project-resources.css.ts';

function where(p: PassedOver): string {
  if (p.distance_km === 0 && !p.wmo) return 'at the site';
  return `${p.distance_km.toLocaleString('en-GB')} km away`;
}

export function NoWeatherHereNotice({ noWeather }: { noWeather: NoWeatherHere }) {
  const { passedOver, onlineProvider } = noWeather;
  return (
    <section className={css.notice} aria-labelledby="no-weather-title">
      <h4 className={css.noticeTitle} id="no-weather-title">
        No weather near here
      </h4>
      {/* The server's message is written for the project card (it points here); the form says it directly. */}
      <p className={css.reason}>
        {passedOver.length ? 'Nothing near this site is suitable weather, and fetching again will not change that.' : noWeather.message}
      </p>
      {passedOver.length ? (
        <>
          <p className={css.reason}>Looked at, and why each was passed over:</p>
          <ul className={css.noticeList} aria-label="Weather looked at and passed over">
            {passedOver.map((p) => (
              <li key={`${p.wmo}-${p.name}-${p.distance_km}`}>
                <strong>{p.name}</strong>
                {p.wmo ? ` (WMO ${p.wmo})` : ''}, {where(p)}: {p.reason}.
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={css.reason}>There is no weather station in this server&apos;s library, and no online provider to ask.</p>
      )}
      <p className={css.reason}>What you can do:</p>
      <ul className={css.noticeList} aria-label="Other ways to get weather">
        <li>Upload an EPW weather file for the site in the box below — from a national weather service, climate.onebuilding.org or the PVGIS website.</li>
        {onlineProvider ? (
          <li>
            {onlineProvider} gives a typical year for any point on land. If it had no data here, check the project&apos;s latitude and longitude in its details:
            a site on the coast may have landed in the sea.
          </li>
        ) : (
          <li>
            The online weather provider (PVGIS, for any point on land) is switched off on this server. An administrator can turn it on (WEATHER_PVGIS_URL) or
            add EPW files for this region to the station library.
          </li>
        )}
      </ul>
    </section>
  );
}
