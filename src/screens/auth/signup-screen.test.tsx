import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices, reject, renderApp } from './auth-test-kit.tsx';

const places = {
  countries: async () => [
    { code: 'CA', name: 'Canada' },
    { code: 'FR', name: 'France' },
  ],
  provinces: async (country: string) =>
    country === 'CA'
      ? [
          { code: 'CA-ON', name: 'Ontario' },
          { code: 'CA-QC', name: 'Quebec' },
        ]
      : [],
};

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Analytical Engines');
  const country = screen.getByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(within(country).getByRole('option', { name: 'Canada' })).toBeInTheDocument());
  await user.selectOptions(country, 'CA');
  const province = screen.getByRole('combobox', { name: 'Province or state' });
  await waitFor(() => expect(within(province).getByRole('option', { name: 'Ontario' })).toBeInTheDocument());
  await user.selectOptions(province, 'CA-ON');
}

describe('sign-up', () => {
  it('creates the account with country and province, and signs the new account in', async () => {
    const user = userEvent.setup();
    const services = fakeServices(places);
    const { current } = renderApp('/signup', services);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(services.signup).toHaveBeenCalledWith({
      username: 'ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Analytical Engines',
      country: 'CA',
      province: 'CA-ON',
    });
    expect(services.provinces).toHaveBeenCalledWith('CA');
    await waitFor(() => expect(services.login).toHaveBeenCalledWith({ username: 'ada', password: 'correct horse battery' }));
    // Signed in: the sign-up page gives way to the app (through the sign-in page's onboarding).
    await waitFor(() => expect(current()).toBe('/projects/'));
  });

  it('offers to sign in by hand when the sign-in after the sign-up is refused', async () => {
    const user = userEvent.setup();
    const services = fakeServices({ ...places, login: () => reject(401, { detail: 'No active account found with the given credentials' }) });
    renderApp('/signup', services);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login/');
  });

  it('a country without subdivisions disables the province', async () => {
    const user = userEvent.setup();
    renderApp('/signup', fakeServices(places));
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getByRole('option', { name: 'France' })).toBeInTheDocument());
    await user.selectOptions(country, 'FR');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Province or state' })).toBeDisabled());
  });

  it("puts the server's errors next to each field and keeps everything typed", async () => {
    const user = userEvent.setup();
    const services = fakeServices({
      ...places,
      signup: () => reject(400, { username: ['A user with that username already exists.'], password: ['This password is too common.'] }),
    });
    renderApp('/signup', services);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription('A user with that username already exists.'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This password is too common.');
    expect(username).toHaveValue('ada');
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Analytical Engines');
    expect(screen.getByRole('combobox', { name: 'Province or state' })).toHaveValue('CA-ON');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
