import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices, reject, renderApp } from './auth-test-kit.tsx';

describe('reset password request', () => {
  it('sends the e-mail and says so, the same whether or not the account exists', async () => {
    const user = userEvent.setup();
    const { services } = renderApp('/reset_password/');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for ada@example.com');
    expect(services.requestReset).toHaveBeenCalledWith('ada@example.com');
  });

  it('a failure shows the generic reset error and the field error, and keeps the address', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ requestReset: () => reject(400, { email: ['Enter a valid email address.'] }) });
    renderApp('/reset_password/', services);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'ada@{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not send the password reset e-mail. Please try again.');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(email).toHaveValue('ada@');
  });
});

describe('password reset confirmation', () => {
  it('sends uid and token from the link with the new password', async () => {
    const user = userEvent.setup();
    const { services } = renderApp('/password/reset/confirm/MQ/abc-123');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.tab();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    await user.keyboard('a much better password{Enter}');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(services.confirmReset).toHaveBeenCalledWith({ uid: 'MQ', token: 'abc-123', new_password: 'a much better password' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/');
  });

  it('a weak password is shown next to the field', async () => {
    const user = userEvent.setup();
    const services = fakeServices({
      confirmReset: () => reject(400, { new_password: ['This password is too short. It must contain at least 8 characters.'] }),
    });
    renderApp('/password/reset/confirm/MQ/abc-123', services);
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'short{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('This password is too short. It must contain at least 8 characters.'));
    expect(password).toHaveValue('short');
  });

  it('a used or expired link says so and offers a new one', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ confirmReset: () => reject(400, { token: ['Invalid token for given user.'] }) });
    renderApp('/password/reset/confirm/MQ/used', services);
    await user.type(await screen.findByLabelText('New password'), 'a much better password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset_password/');
  });
});
