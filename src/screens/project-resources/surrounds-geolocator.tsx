/**
 * The surrounds geolocator (SPEC §2): set the origin (typed, or by clicking the map) and the
 * radius, upload an OpenStreetMap extract (.osm) or GeoJSON with the shared uploader, and see the
 * buildings generated from it on the site map with the weather stations around. Regenerating uses
 * the same upload with the new origin and radius.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { siteMachine } from '@machines/weather/site.machine.ts';
import type { MetSource } from '@machines/weather/weather.types.ts';
import {
  selectCanRegenerate,
  selectGenerating,
  selectOrigin,
  selectRadius,
  selectSiteChanged,
  selectSiteFailure,
  selectSiteLoadFailed,
  selectSiteLoading,
  selectSurrounds,
  selectSurroundsCreationFailure,
} from '@machines/weather/weather.selectors.ts';
import type { FileRules } from '@machines/upload/file-rules.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { FileUploader } from '../../ui/file-uploader/file-uploader.tsx';
import { useUploads } from '../../ui/file-uploader/use-uploads.ts';
import { SiteMap } from './site-map.tsx';
import * as css from './project-resources.css.ts';

export type SiteActorRef = ActorRefFrom<typeof siteMachine>;

const MAP_RULES: FileRules = { maxBytes: 64 * 1024 * 1024, accept: ['.osm', '.geojson', '.json'] };
const RADII = [100, 200, 300, 500, 750, 1000, 1500, 2000].map((r) => ({ value: String(r), label: `${r} m` }));

/** The origin fields hold text while typed; the machine gets numbers when the form is applied. */
function OriginForm({ site }: { site: SiteActorRef }) {
  const origin = useSelector(site, selectOrigin);
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  useEffect(() => {
    setLatitude(origin ? String(origin.latitude) : '');
    setLongitude(origin ? String(origin.longitude) : '');
  }, [origin]);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lat = Number(latitude);
    const lon = Number(longitude);
    if (latitude.trim() === '' || longitude.trim() === '' || !(Math.abs(lat) <= 89) || !(Math.abs(lon) <= 180)) {
      setError('Enter a latitude between −89 and 89 and a longitude between −180 and 180, in degrees.');
      return;
    }
    setError(null);
    site.send({ type: 'origin.set', latitude: lat, longitude: lon });
  };
  return (
    <form className={css.row} onSubmit={submit} aria-label="Origin">
      <TextField id="origin-latitude" label="Latitude (°)" value={latitude} onValueChange={setLatitude} inputMode="decimal" errors={error ? [error] : []} />
      <TextField id="origin-longitude" label="Longitude (°)" value={longitude} onValueChange={setLongitude} inputMode="decimal" />
      <Button type="submit">Set origin</Button>
      <Button tone="ghost" onClick={() => site.send({ type: 'origin.reset' })}>
        Use project location
      </Button>
    </form>
  );
}

/**
 * `canChange`: the user may change the project's surroundings. Without it (the demo, a view-only
 * share) the map and what was generated are shown, with no origin, fetch or upload to try.
 */
export function SurroundsGeolocator({
  site,
  projectId,
  stations,
  canChange,
}: {
  site: SiteActorRef;
  projectId: number;
  stations: MetSource[];
  canChange: boolean;
}) {
  const uploads = useUploads();
  const surrounds = useSelector(site, selectSurrounds);
  const origin = useSelector(site, selectOrigin);
  const radiusM = useSelector(site, selectRadius);
  const loading = useSelector(site, selectSiteLoading);
  const loadFailed = useSelector(site, selectSiteLoadFailed);
  const generating = useSelector(site, selectGenerating);
  const failure = useSelector(site, selectSiteFailure);
  const changed = useSelector(site, selectSiteChanged);
  const canRegenerate = useSelector(site, selectCanRegenerate);
  const creationFailure = useSelector(site, selectSurroundsCreationFailure);

  useEffect(() => {
    const subscription = uploads.on('upload.done', (event) => site.send({ type: 'osm.uploaded', uploadId: event.upload.id, fileName: event.upload.filename }));
    return () => subscription.unsubscribe();
  }, [uploads, site]);

  const centre = surrounds ? { latitude: surrounds.origin_latitude, longitude: surrounds.origin_longitude } : origin;

  return (
    <div className={css.card} role="group" aria-label="Surrounds geolocator">
      <h3 className={css.subTitle}>Surroundings</h3>
      {creationFailure && !generating ? (
        <div className={css.alert} role="note" aria-label="Surroundings not fetched">
          <span>{creationFailure}</span>
        </div>
      ) : null}
      {loading ? <p className={css.muted}>Loading the site…</p> : null}
      {loadFailed ? <Button onClick={() => site.send({ type: 'surrounds.reload' })}>Load the site again</Button> : null}
      {canChange ? <OriginForm site={site} /> : null}
      {canChange ? (
        <div className={css.row}>
          <SelectField
            id="surrounds-radius"
            label="Radius"
            value={String(radiusM)}
            onValueChange={(value) => site.send({ type: 'radius.set', radiusM: Number(value) })}
            options={RADII.some((r) => r.value === String(radiusM)) ? RADII : [...RADII, { value: String(radiusM), label: `${radiusM} m` }]}
          />
          <Button onClick={() => site.send({ type: 'surrounds.fetchOsm' })} disabled={generating !== null}>
            Fetch the buildings from OpenStreetMap
          </Button>
          {surrounds ? (
            <Button onClick={() => site.send({ type: 'surrounds.regenerate' })} disabled={!canRegenerate || !changed}>
              Generate again with this origin and radius
            </Button>
          ) : null}
        </div>
      ) : null}
      {centre ? (
        <SiteMap
          centre={centre}
          radiusM={radiusM}
          surrounds={surrounds}
          pendingOrigin={origin}
          stations={stations}
          onPick={canChange ? (picked) => site.send({ type: 'origin.set', ...picked }) : undefined}
        />
      ) : (
        <p className={css.muted}>Set the project origin to see the site map.</p>
      )}
      {surrounds ? (
        <p className={css.muted} role="status">
          {surrounds.building_count} buildings within {surrounds.radius_m} m, {surrounds.triangle_count} triangles (closed meshes, 1 m into the ground, on a
          ground slab).
          {surrounds.landscaping.length
            ? ` ${surrounds.landscaping.length} trees and green areas mapped there become the landscaping of scenarios that use these surroundings.`
            : null}
        </p>
      ) : null}
      {surrounds?.warnings.length ? (
        <details>
          <summary className={css.muted}>Left out of the surroundings ({surrounds.warnings.length})</summary>
          <ul className={css.warnings}>
            {surrounds.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {generating ? (
        <p className={css.busy} role="status">
          Building the surroundings from {generating}…
        </p>
      ) : null}
      {failure ? (
        <div className={css.alert} role="alert">
          <span>{failure.message}</span>
          <Button size="sm" tone="ghost" onClick={() => site.send({ type: 'failure.dismiss' })}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {canChange ? (
        <FileUploader
          uploads={uploads}
          target={{ projectId, kind: 'project-asset' }}
          rules={MAP_RULES}
          label="Drop an OpenStreetMap extract (.osm) or GeoJSON here"
          multiple={false}
        />
      ) : null}
    </div>
  );
}
