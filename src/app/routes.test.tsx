import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from './app.tsx';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';

function signIn() {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ version: 1, status: 'AUTHENTICATED', auth_response: { access: 'a.b.c', refresh: 'd.e.f' } }));
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = render(<App hook={location.hook} searchHook={location.searchHook} />);
  const current = () => location.history.at(-1);
  return { ...view, location, current };
}

describe('routing when signed out', () => {
  it('sends / through the project list to login with from=/projects/', async () => {
    const { current } = renderAt('/');
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fprojects%2F'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Canopy' })).toBeInTheDocument();
    expect(document.getElementById('app-root')).toHaveClass('unauthenticated');
  });

  it('keeps the wanted path, query included, in from', async () => {
    const { current } = renderAt('/projects/7/viewer/2/configuration/5/Insights?layer=3');
    await waitFor(() => expect(current()).toBe(`/login/?from=${encodeURIComponent('/projects/7/viewer/2/configuration/5/Insights?layer=3')}`));
  });

  it('sends an unknown path to login too', async () => {
    const { current } = renderAt('/no/such/page');
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fno%2Fsuch%2Fpage'));
  });

  it('shows public routes without signing in', async () => {
    const { current } = renderAt('/signup');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(current()).toBe('/signup');
  });

  it('titles the login page with the brand suffix', async () => {
    renderAt('/login/');
    await waitFor(() => expect(document.title).toBe('Sign in | Canopy'));
  });
});

describe('routing when signed in', () => {
  it('sends login to from', async () => {
    signIn();
    const { current } = renderAt('/login/?from=%2Fprojects%2F7%2Fshare');
    await waitFor(() => expect(current()).toBe('/projects/7/share'));
    expect(document.getElementById('app-root')).toHaveClass('authenticated');
  });

  it('sends login without from to the project list, titled Projects', async () => {
    signIn();
    const { current } = renderAt('/login/');
    await waitFor(() => expect(current()).toBe('/projects/'));
    await waitFor(() => expect(document.title).toBe('Projects | Canopy'));
  });

  it('does not follow a from that leaves the app', async () => {
    signIn();
    const { current } = renderAt('/login/?from=%2F%2Fevil.example%2F');
    await waitFor(() => expect(current()).toBe('/projects/'));
  });

  it('shows the content-not-found page for an unknown path, without a loop to login', async () => {
    signIn();
    const { current } = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(current()).toBe('/no/such/page');
    expect(document.title).toBe('Page not found | Canopy');
  });

  it('redirects /projects to /projects/', async () => {
    signIn();
    const { current } = renderAt('/projects');
    await waitFor(() => expect(current()).toBe('/projects/'));
  });

  it('redirects the configuration route to the Viewer tab and the wheel to its overview', async () => {
    signIn();
    const a = renderAt('/projects/7/viewer/2/configuration/5');
    await waitFor(() => expect(a.current()).toBe('/projects/7/viewer/2/configuration/5/Viewer'));
    a.unmount();
    const b = renderAt('/projects/7/wheel');
    await waitFor(() => expect(b.current()).toBe('/projects/7/wheel/overview'));
  });

  it('frames signed-in screens with the shared header, breadcrumb and detail navigation', async () => {
    signIn();
    renderAt('/projects/7/viewer/2/configuration/5/Insights');
    // Before the names are read the crumbs say what they are, never the route's ids.
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(crumbs).toHaveTextContent(/Projects\s*›\s*Project\s*›\s*Study\s*›\s*Scenario/));
    expect(crumbs.textContent).not.toMatch(/\d/);
    expect(screen.getByRole('navigation', { name: 'Project' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('signs out from the user menu back to login', async () => {
    signIn();
    const { current } = renderAt('/projects/');
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fprojects%2F'));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toContain('LOGGED_OUT');
  });
});
