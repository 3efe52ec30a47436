/**
 * The site on a map, for project creation and the details tab (docs/site-map.md): search a place
 * by name, click the map or drag the marker to set the site, and move it with the arrow keys. The
 * study area (radius) and an existing project's surroundings (footprints) are drawn. The coordinate fields
 * stay beside it in the owning form; when the tiles cannot be reached the map gives way to a note
 * and those fields alone. Coordination is in site-map.machine.ts; this view sends it events.
 */
import { lazy, Suspense, useContext, useEffect, useState, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { NUDGE_FAR_M, NUDGE_M, type LatLon } from '@machines/site-map/site-map.machine.ts';
import {
  selectAttribution,
  selectCanSearch,
  selectMapAvailable,
  selectMapSettings,
  selectPosition,
  selectResults,
  selectSearchError,
  selectSearching,
  selectSearchQuery,
  selectSettingsFailed,
  selectSurrounds,
  selectTilesUnreachable,
} from '@machines/site-map/site-map.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SiteMapLogicContext } from './site-picker-logic-context.ts';
import * as css from './site-picker.css.ts';

/** Footprints in local metres around `origin` (x east, y north), as the surrounds store them. */
export interface SiteFootprints {
  origin: LatLon;
  footprints: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }>;
}

export interface SitePickerProps {
  /** An id prefix, so two pickers on a page keep their labels apart. */
  id: string;
  /** The site as the form holds it now (null while the coordinates are blank or unreadable). */
  position: LatLon | null;
  onPick(position: LatLon): void;
  /** The study area drawn around the site (default: the project's surroundings' radius). */
  radiusM?: number | null;
  /** An existing project: its surroundings' footprints are drawn. */
  projectId?: number | null;
  disabled?: boolean;
}

// Leaflet (about 150 kB) loads only when a map is drawn, not with every screen that has a picker.
const SiteLeafletMap = lazy(() => import('./site-leaflet-map.tsx').then((m) => ({ default: m.SiteLeafletMap })));

const ARROWS: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function tileHost(url: string): string {
  const match = /^https?:\/\/([^/]+)/.exec(url);
  return match ? match[1]!.replace('{s}.', '') : url;
}

export function SitePicker({ id, position, onPick, radiusM = null, projectId = null, disabled = false }: SitePickerProps) {
  const logic = useContext(SiteMapLogicContext);
  const site = useActorRef(logic, { input: { position, projectId } });
  const surrounds = useSelector(site, selectSurrounds);
  const footprints: SiteFootprints | null = surrounds
    ? { origin: { latitude: surrounds.origin_latitude, longitude: surrounds.origin_longitude }, footprints: surrounds.footprints }
    : null;
  const current = useSelector(site, selectPosition);
  const settings = useSelector(site, selectMapSettings);
  const mapAvailable = useSelector(site, selectMapAvailable);
  const unreachable = useSelector(site, selectTilesUnreachable);
  const settingsFailed = useSelector(site, selectSettingsFailed);
  const canSearch = useSelector(site, selectCanSearch);
  const searching = useSelector(site, selectSearching);
  const results = useSelector(site, selectResults);
  const searched = useSelector(site, selectSearchQuery);
  const attribution = useSelector(site, selectAttribution);
  const searchError = useSelector(site, selectSearchError);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const subscription = site.on('site.picked', (event) => onPick(event.position));
    return () => subscription.unsubscribe();
  }, [site, onPick]);
  const latitude = position?.latitude ?? null;
  const longitude = position?.longitude ?? null;
  useEffect(() => {
    site.send({ type: 'position.typed', position: latitude === null || longitude === null ? null : { latitude, longitude } });
  }, [site, latitude, longitude]);

  const search = () => site.send({ type: 'search.submit', query });
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter searches; it must not submit the project form around the picker.
    event.preventDefault();
    search();
  };
  const onMapKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = ARROWS[event.key];
    if (!step || disabled) return;
    event.preventDefault();
    const metres = event.shiftKey ? NUDGE_FAR_M : NUDGE_M;
    site.send({ type: 'marker.nudge', east: step[0] * metres, north: step[1] * metres });
  };

  return (
    <div className={css.picker} role="group" aria-label="Site on the map">
      {canSearch && !disabled ? (
        <div className={css.searchRow} role="search" aria-label="Place search">
          <TextField
            id={`${id}-place-search`}
            label="Find a place"
            placeholder="Street, city or landmark"
            className={css.searchField}
            value={query}
            onValueChange={setQuery}
            onKeyDown={onSearchKey}
            autoComplete="off"
          />
          <Button onClick={search} disabled={searching || query.trim() === ''}>
            {searching ? 'Searching…' : 'Search'}
          </Button>
        </div>
      ) : null}
      {searchError ? (
        <p className={css.small} role="alert">
          {searchError}
        </p>
      ) : null}
      {results ? (
        <div>
          <p className={css.small} role="status">
            {results.length === 0
              ? `No place found for “${searched}”.`
              : `${results.length} place${results.length === 1 ? '' : 's'} found for “${searched}”: choose one to set the site.`}
          </p>
          {results.length ? (
            <ul className={css.results} aria-label="Places found">
              {results.map((r, k) => (
                <li key={`${r.latitude},${r.longitude},${k}`}>
                  <button type="button" className={css.result} onClick={() => site.send({ type: 'result.choose', index: k })}>
                    {r.name}
                    {r.kind ? <span className={css.resultKind}>{r.kind}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {attribution ? <p className={css.small}>Search: {attribution}</p> : null}
        </div>
      ) : null}
      {settings && mapAvailable ? (
        <div
          className={css.mapBox}
          tabIndex={disabled ? -1 : 0}
          role="application"
          aria-roledescription="map"
          aria-label={`Site map. ${
            current ? `The site is at ${current.latitude.toFixed(5)}, ${current.longitude.toFixed(5)}. ` : 'No site yet: click the map or search a place. '
          }${disabled ? '' : `Arrow keys move the site ${NUDGE_M} m, with Shift ${NUDGE_FAR_M} m.`}`}
          onKeyDown={onMapKey}
          data-testid="site-picker-map"
        >
          <Suspense fallback={<p className={css.small}>Loading the map…</p>}>
            <SiteLeafletMap
              settings={settings}
              position={current}
              radiusM={radiusM ?? surrounds?.radius_m ?? null}
              footprints={footprints}
              onClick={(p) => !disabled && site.send({ type: 'map.click', position: p })}
              onDrag={(p) => site.send({ type: 'marker.drag', position: p })}
              onTileLoad={() => site.send({ type: 'tiles.loaded' })}
              onTileError={() => site.send({ type: 'tiles.failed' })}
            />
          </Suspense>
        </div>
      ) : null}
      {/* A read-only form (the demo, a view-only share) has nothing to type and no search: it is not told to use them. */}
      {unreachable && settings ? (
        <p className={css.degraded} role="note">
          The map cannot be shown: its tiles ({tileHost(settings.tile_url)}) cannot be reached from this browser.
          {disabled ? null : ` Type the site’s latitude and longitude below${canSearch ? ', or find it by name above' : ''}.`}
        </p>
      ) : null}
      {settingsFailed ? (
        <p className={css.degraded} role="note">
          The map is not available right now.{disabled ? null : ' Type the site’s latitude and longitude below.'}
        </p>
      ) : null}
    </div>
  );
}
