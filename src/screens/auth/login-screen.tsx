/** Login (SPEC §2): username and password; links to one-time password, reset and sign-up. */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { AuthContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { selectAuthError, selectStatus } from '@machines/auth/auth.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { card, field, formError, input, label, links, page, title } from './auth.css.ts';

function errorMessage(error: unknown): string | null {
  if (!error) return null;
  const data = (error as { data?: { detail?: string } }).data;
  return data?.detail ?? 'Sign-in failed. Check your connection and try again.';
}

export function LoginScreen() {
  usePageTitle('Sign in');
  const auth = AuthContext.useActorRef();
  const status = AuthContext.useSelector(selectStatus);
  const error = AuthContext.useSelector(selectAuthError);
  // Form input is view state: what the user is typing, kept across failed attempts.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const busy = status === 'WAIT_FOR_TOKEN';
  const message = status === 'ERROR' ? errorMessage(error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    auth.send({ type: 'credentials.submit', credentials: { username, password } });
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title" className={title}>
          Sign in to Canopy
        </h1>
        {message ? (
          <p className={formError} role="alert">
            {message}
          </p>
        ) : null}
        <div className={field}>
          <label className={label} htmlFor="login-username">
            Username
          </label>
          <input id="login-username" className={input} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </div>
        <div className={field}>
          <label className={label} htmlFor="login-password">
            Password
          </label>
          <input
            id="login-password"
            className={input}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <Button tone="primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <div className={links}>
          <Link href="/otp-email">Sign in with a one-time code</Link>
          <Link href="/reset_password/">Forgot password?</Link>
          <Link href="/signup">Create an account</Link>
        </div>
      </form>
    </div>
  );
}
