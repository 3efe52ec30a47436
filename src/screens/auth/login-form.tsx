/** Username and password; single sign-on when configured; links to one-time password, reset and sign-up. */
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthContext } from '../../app/contexts.ts';
import { afterLoginPath } from '../../app/route-table.ts';
import { selectIsSigningIn, selectLoginError, selectSessionError, selectStatus } from '@machines/auth/auth.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { card, links, page, title } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { SsoButton } from './sso-button.tsx';
import { TextField } from './text-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';

const FIELDS = ['username', 'password'] as const;

export function LoginForm() {
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsSigningIn);
  const waitingForToken = AuthContext.useSelector(selectStatus) === 'WAIT_FOR_TOKEN';
  const error = AuthContext.useSelector(selectLoginError);
  const sessionError = AuthContext.useSelector(selectSessionError);
  const from = new URLSearchParams(useSearch()).get('from');
  // Form input is view state: what the user is typing, kept across failed attempts.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    auth.send({ type: 'credentials.submit', credentials: { username, password } });
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="login-title" noValidate>
        <h1 id="login-title" className={title}>
          Sign in to Canopy
        </h1>
        <FormAlert tone="notice" message={sessionError && !error ? 'Your session has expired. Please sign in again.' : null} />
        <FormAlert message={formMessage(error, FIELDS)} />
        <TextField
          id="login-username"
          label="Username"
          autoComplete="username"
          value={username}
          onValueChange={setUsername}
          errors={fieldErrors(error, 'username')}
          required
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          errors={fieldErrors(error, 'password')}
          required
        />
        <Button tone="primary" type="submit" disabled={busy}>
          {waitingForToken ? 'Signing in…' : 'Sign in'}
        </Button>
        <SsoButton returnPath={afterLoginPath(from)} disabled={busy} />
        <div className={links}>
          <Link href={from ? `/otp-email?from=${encodeURIComponent(from)}` : '/otp-email'}>Sign in with a one-time code</Link>
          <Link href="/reset_password/">Forgot password?</Link>
          <Link href="/signup">Create an account</Link>
        </div>
      </form>
    </div>
  );
}
