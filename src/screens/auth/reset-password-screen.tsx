/** /reset_password/: request a password reset e-mail. The server answers the same whether or not the address exists. */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { AuthContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { selectIsRequestingReset, selectResetError, selectResetRequested } from '@machines/auth/auth.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { card, links, page, subtitle, title } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';
import { useFreshFlow } from './use-fresh-flow.ts';

export function ResetPasswordScreen() {
  usePageTitle('Reset password');
  useFreshFlow();
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsRequestingReset);
  const requested = AuthContext.useSelector(selectResetRequested);
  const error = AuthContext.useSelector(selectResetError);
  const [email, setEmail] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    auth.send({ type: 'reset.request', email });
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="reset-title" noValidate>
        <h1 id="reset-title" className={title}>
          Reset password
        </h1>
        <p className={subtitle}>Enter your e-mail address and we will send you a link to choose a new password.</p>
        <FormAlert tone="notice" message={requested ? `If an account exists for ${email}, we have sent it a reset link. Check your inbox.` : null} />
        <FormAlert message={formMessage(error, ['email'])} />
        <TextField
          id="reset-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          errors={fieldErrors(error, 'email')}
          required
        />
        <Button tone="primary" type="submit" disabled={busy}>
          {busy ? 'Sending…' : requested ? 'Send again' : 'Send reset link'}
        </Button>
        <div className={links}>
          <Link href="/login/">Back to sign in</Link>
        </div>
      </form>
    </div>
  );
}
