import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publishClientEvent } from '../../api/client.ts';
import { AUTH_STORAGE_KEY, PENDING_SSO_KEY, PROJECT_SHARE_ID_KEY, QUESTIONNAIRE_KEY } from '../../app/auth-storage.ts';
import { fakeServices, reject, renderApp, storeSession, TOKENS } from './auth-test-kit.tsx';

afterEach(() => sessionStorage.clear());

describe('login', () => {
  it('signs in by keyboard alone and goes to from', async () => {
    const user = userEvent.setup();
    let storedWhenChecked: string | null = null;
    const services = fakeServices({
      checkQuestionnaire: async () => {
        storedWhenChecked = localStorage.getItem(AUTH_STORAGE_KEY);
        return false;
      },
    });
    const { current } = renderApp('/login/?from=%2Fprojects%2F7%2Fshare', services);
    await screen.findByRole('heading', { name: 'Sign in to Canopy' });
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus();
    await user.keyboard('ada');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.keyboard('secret{Enter}');
    await waitFor(() => expect(current()).toBe('/projects/7/share'));
    expect(services.login).toHaveBeenCalledWith({ username: 'ada', password: 'secret' });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({ version: 1, status: 'AUTHENTICATED', auth_response: TOKENS });
    // The first authenticated call after sign-in already finds the tokens where the client reads them.
    expect(JSON.parse(storedWhenChecked ?? 'null')).toEqual({ version: 1, status: 'AUTHENTICATED', auth_response: TOKENS });
    expect(document.getElementById('app-root')).toHaveClass('authenticated');
  });

  it("shows the server's message and keeps what was typed", async () => {
    const user = userEvent.setup();
    const services = fakeServices({ login: () => reject(401, { detail: 'No active account found with the given credentials' }) });
    renderApp('/login/', services);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
  });

  it('puts field errors next to their field', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ login: () => reject(400, { username: ['This field is required.'] }) });
    renderApp('/login/', services);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription('This field is required.'));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links to the one-time code, reset and sign-up pages', async () => {
    renderApp('/login/');
    expect(await screen.findByRole('link', { name: 'Sign in with a one-time code' })).toHaveAttribute('href', '/otp-email');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset_password/');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('says why after the session expired (refused refresh)', async () => {
    storeSession();
    localStorage.setItem(PROJECT_SHARE_ID_KEY, '12');
    const { current } = renderApp('/projects/');
    await waitFor(() => expect(current()).toBe('/projects/'));
    act(() => publishClientEvent({ type: 'session.expired' }));
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fprojects%2F'));
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has expired. Please sign in again.');
    // Stored auth data and the project-share id are cleared; the record says logged out.
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({ version: 1, status: 'LOGGED_OUT', auth_response: null });
    expect(localStorage.getItem(PROJECT_SHARE_ID_KEY)).toBeNull();
  });
});

describe('single sign-on', () => {
  it('hides the button when the server has no provider', async () => {
    const services = fakeServices({ ssoAvailable: async () => false });
    renderApp('/login/', services);
    await screen.findByRole('heading', { name: 'Sign in to Canopy' });
    await waitFor(() => expect(services.ssoAvailable).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /single sign-on/ })).not.toBeInTheDocument();
  });

  it('starts: saves state and the original path, then sends the browser to the provider', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ ssoAvailable: async () => true });
    const { browser } = renderApp('/login/?from=%2Fprojects%2F7%2Fshare', services);
    await user.click(await screen.findByRole('button', { name: 'Sign in with single sign-on' }));
    await waitFor(() => expect(browser.goToProvider).toHaveBeenCalledWith('https://idp.example/authorize?state=s-1'));
    expect(browser.storePendingSso).toHaveBeenCalledWith({ state: 's-1', returnPath: '/projects/7/share' });
    expect(JSON.parse(sessionStorage.getItem(PENDING_SSO_KEY)!)).toEqual({ state: 's-1', returnPath: '/projects/7/share' });
    expect(screen.getByRole('button', { name: 'Redirecting to single sign-on…' })).toBeDisabled();
  });

  it('callback with the saved state: exchanges the code and returns to the original path', async () => {
    sessionStorage.setItem(PENDING_SSO_KEY, JSON.stringify({ state: 's-1', returnPath: '/projects/7/share' }));
    const { services, current } = renderApp('/login/?code=code-1&state=s-1');
    await waitFor(() => expect(current()).toBe('/projects/7/share'));
    expect(services.exchangeSsoCode).toHaveBeenCalledWith({ code: 'code-1', state: 's-1' });
    expect(sessionStorage.getItem(PENDING_SSO_KEY)).toBeNull();
  });

  it('callback with another state fails without asking the server', async () => {
    sessionStorage.setItem(PENDING_SSO_KEY, JSON.stringify({ state: 's-1', returnPath: '/projects/' }));
    const { services, current } = renderApp('/login/?code=code-1&state=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('does not belong to a sign-in started here');
    expect(services.exchangeSsoCode).not.toHaveBeenCalled();
    expect(current()).toBe('/login/');
    expect(document.getElementById('app-root')).toHaveClass('unauthenticated');
  });
});

describe('questionnaire', () => {
  it('after a first sign-in, every route leads to login where the questionnaire is; answering opens the app', async () => {
    const user = userEvent.setup();
    const services = fakeServices({
      checkQuestionnaire: async () => true,
      submitQuestionnaire: failOnceThenSucceed(),
    });
    const { current } = renderApp('/login/?from=%2Fprojects%2F', services);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'A few questions before you start' })).toBeInTheDocument();
    expect(document.getElementById('app-root')).toHaveClass('unauthenticated');
    expect(localStorage.getItem(QUESTIONNAIRE_KEY)).toBe('true');
    expect(current()).toBe('/login/?from=%2Fprojects%2F');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Your role' }), 'Engineer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Organisation type' }), 'Engineering consultancy');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The first submission fails: the error shows next to its field, the flag stays on, choices stay.
    expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'What will you use Canopy for?' })).toHaveAccessibleDescription('This field may not be blank.');
    expect(screen.getByRole('combobox', { name: 'Your role' })).toHaveValue('Engineer');
    expect(localStorage.getItem(QUESTIONNAIRE_KEY)).toBe('true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'What will you use Canopy for?' }), 'Thermal comfort');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(current()).toBe('/projects/'));
    expect(services.submitQuestionnaire).toHaveBeenLastCalledWith({
      role: 'Engineer',
      organisation_type: 'Engineering consultancy',
      intended_use: 'Thermal comfort',
    });
    expect(localStorage.getItem(QUESTIONNAIRE_KEY)).toBeNull();
    expect(document.getElementById('app-root')).toHaveClass('authenticated');
  });

  it('a stored flag sends a protected route to login with the questionnaire', async () => {
    storeSession();
    localStorage.setItem(QUESTIONNAIRE_KEY, 'true');
    const { current } = renderApp('/projects/7/share');
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fprojects%2F7%2Fshare'));
    expect(await screen.findByRole('heading', { name: 'A few questions before you start' })).toBeInTheDocument();
  });
});

function failOnceThenSucceed() {
  let calls = 0;
  return async () => {
    calls += 1;
    if (calls === 1) return reject(400, { intended_use: ['This field may not be blank.'] });
  };
}
