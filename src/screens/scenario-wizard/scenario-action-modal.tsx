/**
 * Delete, duplicate, hide (and show again) one scenario (SPEC §2 delete scenario modal, §4
 * lifecycle). Duplicate asks for the copy's name and subscription type (new_name,
 * subscription_type); the others confirm what will happen.
 */
import { useContext, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectActionError, type ScenarioActionKind } from '@machines/scenario-wizard/scenario-action.machine.ts';
import type { Engine } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { dialogActions } from '../../ui/surface.css.ts';
import { ScenarioLogicContext } from '../../services/scenario-wizard-services.ts';

export interface ScenarioActionModalProps {
  kind: ScenarioActionKind;
  projectId: number;
  configurationId: number;
  name: string;
  engine: Engine;
  onClose(): void;
  onDone?(): void;
}

const TEXT: Record<ScenarioActionKind, { title: string; description: string; confirm: string; tone: 'primary' | 'danger' }> = {
  delete: {
    title: 'Delete scenario',
    description: 'The scenario, its simulations and their results are deleted. This cannot be undone.',
    confirm: 'Delete',
    tone: 'danger',
  },
  duplicate: {
    title: 'Duplicate scenario',
    description: 'A copy of the inputs is made as a new draft scenario; results are not copied.',
    confirm: 'Duplicate',
    tone: 'primary',
  },
  hide: {
    title: 'Hide scenario',
    description: 'The scenario is hidden from the navigator and output cards. It can be shown again from the settings.',
    confirm: 'Hide',
    tone: 'primary',
  },
  unhide: { title: 'Show scenario', description: 'The scenario appears again in the navigator and output cards.', confirm: 'Show', tone: 'primary' },
};

export function ScenarioActionModal({ kind, projectId, configurationId, name, engine, onClose, onDone }: ScenarioActionModalProps) {
  const logic = useContext(ScenarioLogicContext);
  const action = useActorRef(logic.action, { input: { kind, projectId, configurationId, name, engine } });
  const draft = useSelector(action, (s) => s.context.draft);
  const fieldError = useSelector(action, (s) => s.context.fieldError);
  const error = useSelector(action, selectActionError);
  const working = useSelector(action, (s) => s.matches('working'));
  useEffect(() => {
    const changed = action.on('scenario.changed', () => onDone?.());
    const closed = action.subscribe((s) => {
      if (s.status === 'done') onClose();
    });
    return () => {
      changed.unsubscribe();
      closed.unsubscribe();
    };
  }, [action, onClose, onDone]);
  const text = TEXT[kind];
  return (
    <Dialog open onOpenChange={(open) => !open && action.send({ type: 'cancel' })} title={text.title} description={`${name}: ${text.description}`}>
      {kind === 'duplicate' ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <TextField
            id="duplicate-name"
            label="New name"
            value={draft.new_name}
            onValueChange={(new_name) => action.send({ type: 'draft.change', draft: { new_name } })}
            errors={fieldError ? [fieldError] : []}
          />
          <SelectField
            id="duplicate-subscription"
            label="Subscription type"
            value={draft.subscription_type}
            options={[
              { value: 'AI', label: 'AI credits' },
              { value: 'CFD', label: 'CFD credits' },
            ]}
            onValueChange={(v) => action.send({ type: 'draft.change', draft: { subscription_type: v as Engine } })}
          />
        </div>
      ) : null}
      {error && !fieldError ? <InlineMessage tone="danger">{error}</InlineMessage> : null}
      <div className={dialogActions}>
        <Button onClick={() => action.send({ type: 'cancel' })}>Cancel</Button>
        <Button tone={text.tone} disabled={working} onClick={() => action.send({ type: 'action.submit' })}>
          {text.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
