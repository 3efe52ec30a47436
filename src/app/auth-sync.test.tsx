/** The app root keeps this tab's sign-in machine, the stored record and the API client in step. */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { publishClientEvent } from '../api/client.ts';
import { AUTH_STORAGE_KEY } from './auth-storage.ts';
import { renderApp, storeSession, TOKENS } from '../screens/auth/auth-test-kit.tsx';

function otherTabWrites(value: string | null) {
  if (value === null) localStorage.removeItem(AUTH_STORAGE_KEY);
  else localStorage.setItem(AUTH_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: value, storageArea: localStorage }));
}

describe('sign-in state across tabs', () => {
  it('another tab signing out signs this tab out', async () => {
    storeSession();
    const { current, browser } = renderApp('/projects/');
    await waitFor(() => expect(current()).toBe('/projects/'));
    act(() => otherTabWrites(null));
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fprojects%2F'));
    expect(browser.forgetStoredData).not.toHaveBeenCalled();
  });

  it('tokens rotated by another tab are adopted, never written back stale', async () => {
    storeSession();
    const { current } = renderApp('/projects/');
    await waitFor(() => expect(current()).toBe('/projects/'));
    const rotated = JSON.stringify({ version: 1, status: 'AUTHENTICATED', auth_response: { access: 'access-2', refresh: 'refresh-2' } });
    act(() => otherTabWrites(rotated));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe(rotated);
    // This tab's own rotation (via its API client) still lands in storage.
    const mine = { access: 'access-3', refresh: 'refresh-3' };
    act(() => publishClientEvent({ type: 'tokens.refreshed', authResponse: mine }));
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!).auth_response).toEqual(mine);
    expect(mine).not.toEqual(TOKENS);
  });

  it('a timed-out request is reported apart, as a toast, without signing out', async () => {
    storeSession();
    const { current } = renderApp('/projects/');
    await waitFor(() => expect(current()).toBe('/projects/'));
    act(() => publishClientEvent({ type: 'request.timeout', path: '/api/project/' }));
    expect(await screen.findByText('The server took too long to answer. Please try again.')).toBeInTheDocument();
    expect(current()).toBe('/projects/');
  });
});
