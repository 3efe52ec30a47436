import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices, reject, renderApp, storeSession } from './auth-test-kit.tsx';

const AGREEMENT = { id: 3, title: 'End-user agreement 2025', body: 'You agree to be excellent.', version: '2025' };

describe('end-user agreement', () => {
  it('an empty agreement means accepted: no modal', async () => {
    storeSession();
    const { services } = renderApp('/projects/');
    await waitFor(() => expect(services.loadAgreement).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocks the app until agreed; Escape does not close it', async () => {
    const user = userEvent.setup();
    storeSession();
    let attempts = 0;
    const services = fakeServices({
      loadAgreement: async () => AGREEMENT,
      acceptAgreement: async () => {
        attempts += 1;
        if (attempts === 1) return reject(500, { detail: 'Server error' });
      },
    });
    renderApp('/projects/', services);
    const dialog = await screen.findByRole('dialog', { name: 'End-user agreement 2025' });
    expect(dialog).toHaveTextContent('You agree to be excellent.');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(services.acceptAgreement).toHaveBeenLastCalledWith(3);
  });

  it('signing out from the modal returns to login', async () => {
    const user = userEvent.setup();
    storeSession();
    const { current } = renderApp('/projects/', fakeServices({ loadAgreement: async () => AGREEMENT }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(current()).toBe('/login/?from=%2Fprojects%2F'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
