/** /password/reset/confirm/{uid}/{token}: choose a new password from the e-mailed link. */
import { useContext, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { selectSubmissionError, selectSubmitting, selectSucceeded } from '@machines/auth/submission.selectors.ts';
import { AuthLogicContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { card, links, page, subtitle, title } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';

const LINK_INVALID = 'This reset link is invalid or has expired. Request a new one.';

export function PasswordResetConfirmScreen({ uid, token }: { uid: string; token: string }) {
  usePageTitle('Choose a new password');
  const logic = useContext(AuthLogicContext);
  const confirm = useActorRef(logic.resetConfirm);
  const submitting = useSelector(confirm, selectSubmitting);
  const succeeded = useSelector(confirm, selectSucceeded);
  const error = useSelector(confirm, selectSubmissionError);
  const [password, setPassword] = useState('');
  // The uid and token come from the link, not from the user: their errors say the link is bad.
  const linkBroken = fieldErrors(error, 'uid').length > 0 || fieldErrors(error, 'token').length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.send({ type: 'form.submit', values: { uid, token, new_password: password } });
  }

  if (succeeded) {
    return (
      <div className={page}>
        <div className={card}>
          <h1 className={title}>Password changed</h1>
          <FormAlert tone="notice" message="Your password has been changed. You can sign in with it now." />
          <Link href="/login/">Sign in</Link>
        </div>
      </div>
    );
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="reset-confirm-title" noValidate>
        <h1 id="reset-confirm-title" className={title}>
          Choose a new password
        </h1>
        <p className={subtitle}>At least 8 characters, not all numbers, and not too close to your username.</p>
        <FormAlert message={linkBroken ? LINK_INVALID : formMessage(error, ['new_password'])} />
        <TextField
          id="reset-confirm-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          errors={fieldErrors(error, 'new_password')}
          required
        />
        <Button tone="primary" type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : 'Change password'}
        </Button>
        <div className={links}>
          <Link href="/reset_password/">Request a new link</Link>
          <Link href="/login/">Back to sign in</Link>
        </div>
      </form>
    </div>
  );
}
