/** The project's details: name, location, coordinates, reference id (PATCH /api/project/{id}/). */
import { useCallback, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import type { Project } from '@machines/project-detail/project-detail.types.ts';
import { typedPosition, type ProjectFormValues } from '@machines/project-list/project-form.ts';
import type { LatLon } from '@machines/site-map/site-map.machine.ts';
import { selectProject, selectSaved, selectSaveError, selectSaveFailed, selectSaving } from '@machines/project-detail/project-detail.selectors.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SitePicker } from '../site-picker/site-picker.tsx';
import { actions, card, sectionTitle } from '../../ui/surface.css.ts';
import { formCard, readOnly, twoColumns } from './project-settings.css.ts';

const FIELDS = ['name', 'location', 'latitude', 'longitude', 'reference_id'];

function formOf(project: Project): ProjectFormValues {
  return {
    name: project.name,
    location: project.location,
    latitude: project.latitude === null ? '' : String(project.latitude),
    longitude: project.longitude === null ? '' : String(project.longitude),
    reference_id: project.reference_id,
  };
}

export function DetailsTab({ detail, canChange }: { detail: ActorRefFrom<typeof projectDetailMachine>; canChange: boolean }) {
  const project = useSelector(detail, selectProject);
  const saving = useSelector(detail, selectSaving);
  const saved = useSelector(detail, selectSaved);
  const failed = useSelector(detail, selectSaveFailed);
  const error = useSelector(detail, selectSaveError);
  // The form's text is view state, seeded from the project.
  const [values, setValues] = useState<ProjectFormValues>(() => (project ? formOf(project) : formOf({} as Project)));
  const pick = useCallback((p: LatLon) => setValues((v) => ({ ...v, latitude: String(p.latitude), longitude: String(p.longitude) })), []);
  if (!project) return null;
  const set = (key: keyof ProjectFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fields = error?.fields ?? {};
  const general = error && !FIELDS.some((f) => f in fields) ? errorMessage(error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    detail.send({ type: 'details.save', values });
  }

  return (
    <form className={`${card} ${formCard}`} onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 className={sectionTitle} id="details-title">
        Details
      </h2>
      {!canChange ? <p className={readOnly}>You can view this project but not change it.</p> : null}
      {saved ? <InlineMessage tone="success">Project details saved.</InlineMessage> : null}
      {failed ? <InlineMessage tone="danger">{general ?? 'The details could not be saved. See the fields below.'}</InlineMessage> : null}
      <TextField id="details-name" label="Name" value={values.name} onValueChange={set('name')} errors={fields.name} disabled={!canChange} required />
      <TextField
        id="details-location"
        label="Location"
        value={values.location}
        onValueChange={set('location')}
        errors={fields.location}
        disabled={!canChange}
      />
      <SitePicker id="details-site" position={typedPosition(values)} onPick={pick} projectId={project.id} disabled={!canChange} />
      <div className={twoColumns}>
        <TextField
          id="details-latitude"
          label="Latitude"
          inputMode="decimal"
          value={values.latitude}
          onValueChange={set('latitude')}
          errors={fields.latitude}
          disabled={!canChange}
        />
        <TextField
          id="details-longitude"
          label="Longitude"
          inputMode="decimal"
          value={values.longitude}
          onValueChange={set('longitude')}
          errors={fields.longitude}
          disabled={!canChange}
        />
      </div>
      <TextField
        id="details-reference"
        label="Reference ID"
        value={values.reference_id}
        onValueChange={set('reference_id')}
        errors={fields.reference_id}
        disabled={!canChange}
      />
      {canChange ? (
        <div className={actions}>
          <Button onClick={() => setValues(formOf(project))} disabled={saving}>
            Reset
          </Button>
          <Button tone="primary" type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save details'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
