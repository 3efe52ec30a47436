/** Invite someone without an account into the company; they get a sign-up link by e-mail. */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectSharesMachine } from '@machines/project-settings/project-shares.machine.ts';
import { selectInviteError, selectInviting } from '@machines/project-settings/project-settings.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { card, sectionTitle } from '../../ui/surface.css.ts';
import { formCard, grow, inlineForm, readOnly } from './project-settings.css.ts';

export function InviteForm({ shares }: { shares: ActorRefFrom<typeof projectSharesMachine> }) {
  const inviting = useSelector(shares, selectInviting);
  const error = useSelector(shares, selectInviteError);
  const [email, setEmail] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    shares.send({ type: 'invite.send', email });
  }

  return (
    <form className={`${card} ${formCard}`} onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 className={sectionTitle} id="invite-title">
        Invite a colleague
      </h2>
      <p className={readOnly}>For someone without a Canopy account: they sign up into your company from the link in the e-mail.</p>
      <div className={inlineForm}>
        <TextField id="invite-email" className={grow} label="E-mail address" type="email" value={email} onValueChange={setEmail} errors={error?.fields.email} />
        <Button type="submit" disabled={inviting}>
          {inviting ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
