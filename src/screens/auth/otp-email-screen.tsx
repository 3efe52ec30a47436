/** /otp-email: ask for a one-time sign-in code by e-mail, then go on to /otp-login with the address. */
import { useContext, useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { selectSubmissionError, selectSubmitted, selectSubmitting, selectSucceeded } from '@machines/auth/submission.selectors.ts';
import { AuthLogicContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { card, links, page, subtitle, title } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';

export function OtpEmailScreen() {
  usePageTitle('Sign in with a one-time code');
  const logic = useContext(AuthLogicContext);
  const request = useActorRef(logic.otpRequest);
  const submitting = useSelector(request, selectSubmitting);
  const succeeded = useSelector(request, selectSucceeded);
  const submitted = useSelector(request, selectSubmitted);
  const error = useSelector(request, selectSubmissionError);
  const from = new URLSearchParams(useSearch()).get('from');
  const [email, setEmail] = useState('');

  if (succeeded) {
    const query = new URLSearchParams({ email: submitted?.email ?? email, ...(from ? { from } : {}) });
    return <Redirect to={`/otp-login?${query.toString()}`} />;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    request.send({ type: 'form.submit', values: { email } });
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="otp-email-title" noValidate>
        <h1 id="otp-email-title" className={title}>
          Sign in with a one-time code
        </h1>
        <p className={subtitle}>We will e-mail you a 6-digit code. It is valid for 10 minutes.</p>
        <FormAlert message={formMessage(error, ['email'])} />
        <TextField
          id="otp-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          errors={fieldErrors(error, 'email')}
          required
        />
        <Button tone="primary" type="submit" disabled={submitting}>
          {submitting ? 'Sending…' : 'Send code'}
        </Button>
        <div className={links}>
          <Link href="/otp-login">I already have a code</Link>
          <Link href="/login/">Sign in with a password</Link>
        </div>
      </form>
    </div>
  );
}
