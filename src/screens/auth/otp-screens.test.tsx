import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices, reject, renderApp } from './auth-test-kit.tsx';

afterEach(() => sessionStorage.clear());

describe('one-time password', () => {
  it('asks for a code by e-mail, then signs in with it and goes to from — keyboard only', async () => {
    const user = userEvent.setup();
    const { services, current } = renderApp('/otp-email?from=%2Fprojects%2F7%2Fshare');
    await screen.findByRole('heading', { name: 'Sign in with a one-time code' });
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await user.keyboard('ada@example.com{Enter}');
    await waitFor(() => expect(current()).toBe('/otp-login?email=ada%40example.com&from=%2Fprojects%2F7%2Fshare'));
    expect(services.requestOtp).toHaveBeenCalledWith('ada@example.com');

    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456{Enter}');
    await waitFor(() => expect(current()).toBe('/projects/7/share'));
    expect(services.login).toHaveBeenCalledWith({ email: 'ada@example.com', otp: '123456' });
  });

  it('shows a throttled request above the form and keeps the address', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ requestOtp: () => reject(429, { detail: 'Request was throttled. Expected available in 60 seconds.' }) });
    renderApp('/otp-email', services);
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request was throttled. Expected available in 60 seconds.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
  });

  it('puts a wrong code error next to the code and keeps both fields', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ login: () => reject(400, { otp: ['Invalid or expired code.'] }) });
    renderApp('/otp-login?email=ada%40example.com', services);
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription('Invalid or expired code.'));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('000000');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
  });
});
