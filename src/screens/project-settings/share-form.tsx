/** Share the project with a user by e-mail address, with an optional note and what the share allows (view only, or view and edit). */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectSharesMachine } from '@machines/project-settings/project-shares.machine.ts';
import { selectShareError, selectSharing } from '@machines/project-settings/project-settings.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { card, sectionTitle } from '../../ui/surface.css.ts';
import { formCard, grow, inlineForm, readOnly } from './project-settings.css.ts';

export function ShareForm({ shares }: { shares: ActorRefFrom<typeof projectSharesMachine> }) {
  const sharing = useSelector(shares, selectSharing);
  const error = useSelector(shares, selectShareError);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  // Least privilege first: a share reads the project unless the sharer says it may change it.
  const [access, setAccess] = useState<'view' | 'edit'>('view');
  const fields = error?.fields ?? {};

  function submit(event: FormEvent) {
    event.preventDefault();
    shares.send({ type: 'share.create', email, message, access });
  }

  return (
    <form className={`${card} ${formCard}`} onSubmit={submit} noValidate aria-labelledby="share-title">
      <h2 className={sectionTitle} id="share-title">
        Share this project
      </h2>
      <p className={readOnly}>The person gets a notification and sees the project under “Shared with me” once they accept.</p>
      <div className={inlineForm}>
        <TextField
          id="share-email"
          className={grow}
          label="E-mail address"
          type="email"
          autoComplete="off"
          value={email}
          onValueChange={setEmail}
          errors={[...(fields.email ?? []), ...(fields.user_id ?? [])]}
        />
        <TextField id="share-message" className={grow} label="Note (optional)" value={message} onValueChange={setMessage} errors={fields.message} />
        <SelectField
          id="share-access"
          label="They may"
          value={access}
          onValueChange={(v) => setAccess(v === 'edit' ? 'edit' : 'view')}
          options={[
            { value: 'view', label: 'View only' },
            { value: 'edit', label: 'View and edit' },
          ]}
          errors={fields.access_level}
        />
        <Button tone="primary" type="submit" disabled={sharing}>
          {sharing ? 'Sharing…' : 'Share'}
        </Button>
      </div>
    </form>
  );
}
