/**
 * The routes of SPEC §2 as code. The table lives in route-table.ts; this file decides what each
 * match renders, applies the redirects, and guards sign-in:
 * - `/` → `/projects/` (the content area's default), `/projects` → `/projects/`;
 * - a protected path while signed out → `/login/?from=<wanted path>`;
 * - login while signed in → `from` (a path of this app) or the project list;
 * - an unknown path → login when signed out, the content-not-found page when signed in (so a
 *   signed-in user never loops between login and `from`).
 * Screens are lazy chunks; the viewer's chunk carries three.js, the login route does not.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { selectHasSession, selectIsAuthenticated, selectReturnPath } from '@machines/auth/auth.selectors.ts';
import { AuthContext } from './contexts.ts';
import { afterLoginPath, HOME_PATH, loginUrl, matchRoute, VIEWER_DEFAULT_TAB, type RouteMatch } from './route-table.ts';
import { lazyScreen, loadWithTimeout } from './chunk-loading.ts';
import { ContentNotFound } from '../screens/system/content-not-found.tsx';
import { ChunkErrorBoundary } from '../screens/system/chunk-error-boundary.tsx';
import { Loading } from '../screens/system/loading.tsx';

const LoginScreen = lazyScreen(() => import('../screens/auth/login-screen.tsx'), 'LoginScreen');
const OtpEmailScreen = lazyScreen(() => import('../screens/auth/otp-email-screen.tsx'), 'OtpEmailScreen');
const OtpLoginScreen = lazyScreen(() => import('../screens/auth/otp-login-screen.tsx'), 'OtpLoginScreen');
const ResetPasswordScreen = lazyScreen(() => import('../screens/auth/reset-password-screen.tsx'), 'ResetPasswordScreen');
const PasswordResetConfirmScreen = lazy(() =>
  loadWithTimeout(() => import('../screens/auth/password-reset-confirm-screen.tsx')).then((m) => ({ default: m.PasswordResetConfirmScreen })),
);
const SignupScreen = lazyScreen(() => import('../screens/auth/signup-screen.tsx'), 'SignupScreen');
const SharedPage = lazy(() => loadWithTimeout(() => import('../screens/share-links/shared-page.tsx')).then((m) => ({ default: m.SharedPage })));
const SignedInShell = lazy(() => loadWithTimeout(() => import('./signed-in-shell.tsx')).then((m) => ({ default: m.SignedInShell })));
const ProjectListScreen = lazyScreen(() => import('../screens/projects/project-list-screen.tsx'), 'ProjectListScreen');
const ProjectScreen = lazy(() => loadWithTimeout(() => import('../screens/project-detail/project-screen.tsx')).then((m) => ({ default: m.ProjectScreen })));
const CompanyAdminScreen = lazyScreen(() => import('../screens/company-admin/company-admin-screen.tsx'), 'CompanyAdminScreen');
const OperatorScreen = lazyScreen(() => import('../screens/operator/operator-screen.tsx'), 'OperatorScreen');
// The viewer is the only chunk with three.js; the simulation redirect does not load it.
const ViewerScreen = lazy(() => loadWithTimeout(() => import('../screens/viewer/viewer-screen.tsx')).then((m) => ({ default: m.ViewerScreen })));
// The report container, from the insights module's chunk.
const ReportScreen = lazy(() => loadWithTimeout(() => import('../screens/insights/index.ts')).then((m) => ({ default: m.ReportScreen })));
const SimulationRedirect = lazy(() =>
  loadWithTimeout(() => import('../screens/viewer/simulation-redirect.tsx')).then((m) => ({ default: m.SimulationRedirect })),
);

/** A redirect keyed by its target: consecutive redirects (/ → /projects/ → login) each run. */
function Go({ to }: { to: string }) {
  return <Redirect key={to} to={to} replace />;
}

function lazyBoundary(node: ReactNode) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Loading />}>{node}</Suspense>
    </ChunkErrorBoundary>
  );
}

function publicScreen(match: RouteMatch): ReactNode {
  switch (match.route.name) {
    case 'login':
      return <LoginScreen />;
    case 'otpEmail':
      return <OtpEmailScreen />;
    case 'otpLogin':
      return <OtpLoginScreen />;
    case 'resetPassword':
      return <ResetPasswordScreen />;
    case 'resetPasswordConfirm':
      return <PasswordResetConfirmScreen uid={match.params.uid ?? ''} token={match.params.token ?? ''} />;
    case 'signup':
      return <SignupScreen />;
    case 'sharedLink':
    case 'embed':
      return <SharedPage token={match.params.token ?? ''} />;
    default:
      return null;
  }
}

function protectedScreen(match: RouteMatch): ReactNode {
  const p = match.params;
  switch (match.route.name) {
    case 'wheel':
      return <Go to={`/projects/${p.id}/wheel/overview`} />;
    case 'viewerConfiguration':
      return <Go to={`/projects/${p.id}/viewer/${p.study}/configuration/${p.configuration}/${VIEWER_DEFAULT_TAB}`} />;
    case 'projectList':
      return <ProjectListScreen />;
    case 'companyAdmin':
      return <CompanyAdminScreen />;
    case 'operator':
      return <OperatorScreen />;
    case 'projectDetail':
      return <ProjectScreen id={p.id ?? ''} view="overview" />;
    case 'wheelTab':
      return p.wheelTab === 'overview' || p.wheelTab === 'details' || p.wheelTab === 'settings' ? (
        <ProjectScreen id={p.id ?? ''} view={p.wheelTab} />
      ) : (
        <ContentNotFound />
      );
    case 'projectTab':
      // The settings tabs, and the viewer's empty state without scenarios.
      return <ProjectScreen id={p.id ?? ''} view="tab" tabName={p.tabName} />;
    case 'report':
      return /^\d+$/.test(p.id ?? '') && /^\d+$/.test(p.report ?? '') ? (
        <ReportScreen projectId={Number(p.id)} reportId={Number(p.report)} />
      ) : (
        <ContentNotFound />
      );
    case 'viewerTab':
      return [p.id, p.study, p.configuration].every((v) => /^\d+$/.test(v ?? '')) ? (
        <ViewerScreen
          key={`${p.id}/${p.study}`}
          projectId={Number(p.id)}
          studyId={Number(p.study)}
          configurationId={Number(p.configuration)}
          tabName={p.tabName ?? ''}
        />
      ) : (
        <ContentNotFound />
      );
    case 'viewerSimulation':
      return <SimulationRedirect projectId={p.id ?? ''} studyId={p.study ?? ''} simulation={p.simulation ?? ''} />;
    default:
      return <ContentNotFound />;
  }
}

export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const authenticated = AuthContext.useSelector(selectIsAuthenticated);
  const hasSession = AuthContext.useSelector(selectHasSession);
  const returnPath = AuthContext.useSelector(selectReturnPath);
  const match = matchRoute(location);
  const wanted = location + (search ? `?${search}` : '');

  if (match?.route.name === 'root' || match?.route.name === 'projectsContainer') {
    return <Go to={HOME_PATH} />;
  }
  if (match?.route.public) {
    if (match.route.name === 'login' && authenticated) {
      return <Go to={afterLoginPath(new URLSearchParams(search).get('from') ?? returnPath)} />;
    }
    // Signing up signs the new account in: the sign-in page takes it through the questionnaire and agreement.
    if (match.route.name === 'signup' && hasSession) return <Go to="/login/" />;
    return lazyBoundary(publicScreen(match));
  }
  if (!authenticated) return <Go to={loginUrl(wanted)} />;
  // The layout and the signed-in actors are a lazy chunk too: the login route carries neither.
  return lazyBoundary(<SignedInShell>{lazyBoundary(match ? protectedScreen(match) : <ContentNotFound />)}</SignedInShell>);
}
