/**
 * A page whose browser denies it localStorage and sessionStorage — a frame on another site with
 * third-party storage blocked, as the share link's embed page is — still runs, signed out, keeping
 * what it stores in memory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { clearPendingSso, clearStoredData, loadPendingSso, loadStoredAuth, savePendingSso, saveStoredAuth } from './auth-storage.ts';
import { renderApp } from '../screens/auth/auth-test-kit.tsx';

const names = ['localStorage', 'sessionStorage'] as const;
const originals = new Map<string, PropertyDescriptor | undefined>();

beforeEach(() => {
  for (const name of names) {
    originals.set(name, Object.getOwnPropertyDescriptor(window, name));
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError');
      },
    });
  }
});

afterEach(() => {
  // While denied, these clear the store in memory the next test would otherwise inherit.
  clearStoredData();
  clearPendingSso();
  for (const name of names) {
    const original = originals.get(name);
    if (original) Object.defineProperty(window, name, original);
    else delete (window as unknown as Record<string, unknown>)[name];
  }
});

describe('storage denied to the page', () => {
  it('reads no sign-in, and keeps what it saves in memory', () => {
    expect(() => window.localStorage).toThrow(DOMException);
    expect(loadStoredAuth()).toBeNull();
    saveStoredAuth({ version: 1, status: 'AUTHENTICATED', auth_response: { access: 'a', refresh: 'r' } });
    expect(loadStoredAuth()?.auth_response).toEqual({ access: 'a', refresh: 'r' });
    savePendingSso({ state: 's', returnPath: '/projects/' });
    expect(loadPendingSso()).toEqual({ state: 's', returnPath: '/projects/' });
  });

  it('renders the app instead of failing on its first read', async () => {
    renderApp('/login/');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
