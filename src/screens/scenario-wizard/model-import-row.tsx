/**
 * One uploaded model on its way to becoming a geometry file (machines/model-import): the units and
 * up-axis question where the file does not carry them, the server reading it, or its refusal in
 * the server's words with a way to try again or drop it.
 */
import { useContext, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { LENGTH_UNITS, UNIT_WORDS, type LengthUnit } from '@canopy/engine/geometry/import/units.ts';
import type { ImportedFile, ModelImportEmitted } from '@machines/model-import/model-import.machine.ts';
import { ScenarioLogicContext } from '../../services/scenario-wizard-services.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useOptionalLiveStatus } from './live-status-provider.tsx';
import { fileRow } from './scenario-wizard.css.ts';

const UNIT_OPTIONS = LENGTH_UNITS.map((u) => ({ value: u, label: UNIT_WORDS[u] }));
const AXIS_OPTIONS = [
  { value: 'z', label: 'Z up (Rhino, Revit)' },
  { value: 'y', label: 'Y up (Blender, Maya)' },
];

export function ModelImportRow({
  projectId,
  file,
  onImported,
  onRemove,
}: {
  projectId: number;
  file: ImportedFile;
  onImported(event: ModelImportEmitted): void;
  onRemove(): void;
}) {
  const logic = useContext(ScenarioLogicContext);
  const actor = useActorRef(logic.modelImport, { input: { projectId, file } });
  const state = useSelector(actor, (s) => (s.matches('asking') ? 'asking' : s.matches('refused') ? 'refused' : s.hasTag('busy') ? 'busy' : 'done'));
  const units = useSelector(actor, (s) => s.context.units);
  const upAxis = useSelector(actor, (s) => s.context.upAxis);
  const message = useSelector(actor, (s) => s.context.message);
  const percent = useSelector(actor, (s) => s.context.percent);
  const live = useOptionalLiveStatus();

  // The server publishes how far it has read the file on the project's event stream.
  useEffect(() => {
    if (!live) return;
    const sub = live.on('live.event', ({ message: event }) => {
      if (event.type === 'geometry.import' && event.upload_id === file.upload_id) actor.send({ type: 'progress', percent: event.percent });
    });
    return () => sub.unsubscribe();
  }, [live, actor, file.upload_id]);

  useEffect(() => {
    const sub = actor.on('imported', onImported);
    return () => sub.unsubscribe();
  }, [actor, onImported]);

  const id = `model-import-${file.upload_id}`;
  if (state === 'busy') {
    return (
      <div className={fileRow} role="status">
        <label htmlFor={`${id}-progress`}>
          {percent === null ? `Reading ${file.filename} into a geometry file…` : `Reading ${file.filename} into a geometry file: ${percent}% read`}
        </label>
        <progress id={`${id}-progress`} max={100} {...(percent === null ? {} : { value: percent })} />
      </div>
    );
  }
  if (state === 'refused') {
    return (
      <InlineMessage
        tone="danger"
        action={
          <>
            <Button size="sm" onClick={() => actor.send({ type: 'retry' })}>
              Try again
            </Button>
            <Button size="sm" tone="ghost" onClick={onRemove}>
              Remove {file.filename}
            </Button>
          </>
        }
      >
        {message}
      </InlineMessage>
    );
  }
  if (state !== 'asking') return null;
  return (
    <div className={fileRow} role="group" aria-label={`Import ${file.filename}`}>
      <span>{file.filename} does not say its units or which way is up:</span>
      <SelectField
        id={`${id}-units`}
        label="Drawn in"
        value={units}
        options={UNIT_OPTIONS}
        onValueChange={(value) => actor.send({ type: 'units.set', units: value as LengthUnit })}
      />
      <SelectField
        id={`${id}-axis`}
        label="Up axis"
        value={upAxis}
        options={AXIS_OPTIONS}
        onValueChange={(value) => actor.send({ type: 'upAxis.set', upAxis: value === 'y' ? 'y' : 'z' })}
      />
      <Button size="sm" onClick={() => actor.send({ type: 'import' })}>
        Import {file.filename}
      </Button>
    </div>
  );
}
