/**
 * /login/ (SPEC §2): the sign-in form; the single sign-on callback (?code=&state=); and, while the
 * questionnaire flag is on, the questionnaire (the router keeps every route on login until then).
 */
import { selectIsSignedIn, selectNeedsQuestionnaire, selectStatus } from '@machines/auth/auth.selectors.ts';
import { AuthContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { card, page, subtitle, title } from './auth.css.ts';
import { LoginForm } from './login-form.tsx';
import { QuestionnaireForm } from './questionnaire-form.tsx';
import { useFreshFlow } from './use-fresh-flow.ts';
import { useSsoCallback } from './use-sso-callback.ts';

export function LoginScreen() {
  usePageTitle('Sign in');
  useFreshFlow();
  useSsoCallback();
  const signedIn = AuthContext.useSelector(selectIsSignedIn);
  const questionnaire = AuthContext.useSelector(selectNeedsQuestionnaire);
  const status = AuthContext.useSelector(selectStatus);

  if (signedIn && questionnaire) return <QuestionnaireForm />;
  if (signedIn || status === 'WAIT_FOR_OAUTH_RESPONSE') {
    return (
      <div className={page}>
        <div className={card} role="status" aria-live="polite">
          <h1 className={title}>Signing you in…</h1>
          <p className={subtitle}>{status === 'WAIT_FOR_OAUTH_RESPONSE' ? 'Completing single sign-on.' : 'Preparing your workspace.'}</p>
        </div>
      </div>
    );
  }
  return <LoginForm />;
}
