/** The parameter set form: name, analysis type and the values document (JSON). */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AnalysisType, parameterSetsMachine } from '@machines/project-settings/parameter-sets.machine.ts';
import { selectEditingSet, selectSetFormError, selectSetSaving } from '@machines/project-settings/project-settings.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { dialogActions, stack } from '../../ui/surface.css.ts';
import { ANALYSIS_OPTIONS, templateText, valuesErrors } from './parameter-set-templates.ts';

export function ParameterSetForm({ sets }: { sets: ActorRefFrom<typeof parameterSetsMachine> }) {
  const editing = useSelector(sets, selectEditingSet);
  const saving = useSelector(sets, selectSetSaving);
  const error = useSelector(sets, selectSetFormError);
  // The form's text is view state, seeded from the set being changed (or a template).
  const [name, setName] = useState(editing?.name ?? '');
  const [type, setType] = useState<AnalysisType>(editing?.analysis_type ?? 'pedestrian_wind_comfort');
  const [values, setValues] = useState(editing ? JSON.stringify(editing.values, null, 2) : templateText('pedestrian_wind_comfort'));
  const [touched, setTouched] = useState(editing !== null);
  const fields = error?.fields ?? {};

  function chooseType(next: AnalysisType) {
    setType(next);
    // Until the user edits the document, it follows the analysis type's template.
    if (!touched) setValues(templateText(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    sets.send({ type: 'set.save', name, analysisType: type, valuesText: values });
  }

  return (
    <form onSubmit={submit} noValidate className={stack}>
      <TextField id="set-name" label="Name" value={name} onValueChange={setName} errors={fields.name} required autoFocus />
      <SelectField
        id="set-type"
        label="Analysis type"
        value={type}
        options={ANALYSIS_OPTIONS}
        onValueChange={(v) => chooseType(v as AnalysisType)}
        errors={fields.analysis_type}
      />
      <TextareaField
        id="set-values"
        label="Values (JSON)"
        hint="Checked against the analysis type when saved: seasons, time window (HH:MM-HH:MM), wind directions, heights…"
        value={values}
        rows={10}
        onValueChange={(v) => {
          setTouched(true);
          setValues(v);
        }}
        errors={valuesErrors(fields)}
      />
      <div className={dialogActions}>
        <Button onClick={() => sets.send({ type: 'cancel' })}>Cancel</Button>
        <Button tone="primary" type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save parameter set'}
        </Button>
      </div>
    </form>
  );
}
