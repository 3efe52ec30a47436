/** /otp-login: the e-mail (carried over from /otp-email) and the 6-digit code, sent to /authjwt/create/. */
import { useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { AuthContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { selectIsSignedIn, selectIsSigningIn, selectLoginError } from '@machines/auth/auth.selectors.ts';
import { LOGIN_PATH, loginUrl } from '../../app/route-table.ts';
import { Button } from '../../ui/button.tsx';
import { card, links, page, subtitle, title } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';
import { useFreshFlow } from './use-fresh-flow.ts';

const FIELDS = ['email', 'otp'] as const;

export function OtpLoginScreen() {
  usePageTitle('Enter your one-time code');
  useFreshFlow();
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsSigningIn);
  const error = AuthContext.useSelector(selectLoginError);
  const signedIn = AuthContext.useSelector(selectIsSignedIn);
  const query = new URLSearchParams(useSearch());
  const initialEmail = query.get('email') ?? '';
  const from = query.get('from');
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');

  // Signed in: login takes it from here (the questionnaire, or on to the app).
  if (signedIn) return <Redirect to={from ? loginUrl(from) : LOGIN_PATH} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    auth.send({ type: 'otp.submit', credentials: { email, otp: otp.trim() } });
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="otp-login-title" noValidate>
        <h1 id="otp-login-title" className={title}>
          Enter your one-time code
        </h1>
        {initialEmail ? <p className={subtitle}>If an account exists for {initialEmail}, a code is on its way.</p> : null}
        <FormAlert message={formMessage(error, FIELDS)} />
        <TextField
          id="otp-login-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          errors={fieldErrors(error, 'email')}
          required
        />
        <TextField
          id="otp-login-code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onValueChange={setOtp}
          errors={fieldErrors(error, 'otp')}
          required
        />
        <Button tone="primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <div className={links}>
          <Link href="/otp-email">Send a new code</Link>
          <Link href="/login/">Sign in with a password</Link>
        </div>
      </form>
    </div>
  );
}
