/** The create-project form: name, location, coordinates, reference id, surrounds from map data, weather. */
import { useCallback, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createProjectMachine } from '@machines/project-list/create-project.machine.ts';
import { emptyProjectForm, typedPosition, type ProjectFormValues } from '@machines/project-list/project-form.ts';
import type { LatLon } from '@machines/site-map/site-map.machine.ts';
import { selectCreateError, selectCreating } from '@machines/project-list/project-list.selectors.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SitePicker } from '../site-picker/site-picker.tsx';
import { dialogActions, formGrid, stack } from '../../ui/surface.css.ts';

const FIELDS = ['name', 'location', 'latitude', 'longitude', 'reference_id', 'generateSurrounds', 'surrounds_radius_m', 'fetch_met'];
const RADII = [
  { value: '', label: 'None now: I will upload a map file (.osm or GeoJSON) later' },
  ...[100, 200, 300, 500, 750, 1000, 1500, 2000].map((r) => ({ value: String(r), label: `OpenStreetMap buildings within ${r} m` })),
];

export function CreateProjectForm({ creator }: { creator: ActorRefFrom<typeof createProjectMachine> }) {
  const creating = useSelector(creator, selectCreating);
  const error = useSelector(creator, selectCreateError);
  // What the user is typing is view state; it stays through a refused submit.
  const [values, setValues] = useState<ProjectFormValues>(emptyProjectForm);
  const set = (key: keyof ProjectFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fields = error?.fields ?? {};
  const pick = useCallback((p: LatLon) => setValues((v) => ({ ...v, latitude: String(p.latitude), longitude: String(p.longitude) })), []);
  const radius = values.generateSurrounds && values.surrounds_radius_m ? Number(values.surrounds_radius_m) : null;
  const general = error && !FIELDS.some((f) => f in fields) ? errorMessage(error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    creator.send({ type: 'project.submit', values });
  }

  return (
    <form onSubmit={submit} noValidate className={stack}>
      {general ? <InlineMessage tone="danger">{general}</InlineMessage> : null}
      <TextField id="project-name" label="Name" value={values.name} onValueChange={set('name')} errors={fields.name} required autoFocus />
      <TextField
        id="project-location"
        label="Location"
        placeholder="Street, city"
        value={values.location}
        onValueChange={set('location')}
        errors={fields.location}
      />
      <SitePicker id="project-site" position={typedPosition(values)} onPick={pick} radiusM={radius} />
      <div className={formGrid}>
        <TextField
          id="project-latitude"
          label="Latitude (°)"
          inputMode="decimal"
          placeholder="43.6426"
          value={values.latitude}
          onValueChange={set('latitude')}
          errors={fields.latitude}
        />
        <TextField
          id="project-longitude"
          label="Longitude (°)"
          inputMode="decimal"
          placeholder="-79.3871"
          value={values.longitude}
          onValueChange={set('longitude')}
          errors={fields.longitude}
        />
      </div>
      <TextField
        id="project-reference"
        label="Reference ID"
        hint="Your own job or proposal number."
        value={values.reference_id}
        onValueChange={set('reference_id')}
        errors={fields.reference_id}
      />
      <CheckboxField
        id="project-surrounds"
        label="Generate surrounding buildings from map data"
        hint="Needs latitude and longitude. The buildings come from OpenStreetMap within the radius you choose (drawn on the map), or from an extract (.osm) or GeoJSON you upload in Resources; new scenarios use them."
        checked={values.generateSurrounds ?? false}
        onCheckedChange={(checked) => setValues((v) => ({ ...v, generateSurrounds: checked }))}
      />
      {values.generateSurrounds ? (
        <SelectField
          id="project-surrounds-radius"
          label="Surrounding buildings"
          value={values.surrounds_radius_m ?? ''}
          onValueChange={(value) => setValues((v) => ({ ...v, surrounds_radius_m: value }))}
          options={RADII}
          errors={fields.surrounds_radius_m}
        />
      ) : null}
      <CheckboxField
        id="project-fetch-met"
        label="Fetch weather data for the location"
        hint="Links the nearest suitable weather station once the project is created."
        checked={values.fetch_met ?? false}
        onCheckedChange={(checked) => setValues((v) => ({ ...v, fetch_met: checked }))}
      />
      <div className={dialogActions}>
        <Button onClick={() => creator.send({ type: 'cancel' })}>Cancel</Button>
        <Button tone="primary" type="submit" disabled={creating}>
          {creating ? 'Creating…' : 'Create project'}
        </Button>
      </div>
    </form>
  );
}
