/** The installation's first account is told it became the operator, and what that means, until it has read it. */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeWorkspace, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { OPERATOR_WELCOME_KEY } from './operator-welcome.tsx';

afterEach(() => localStorage.removeItem(OPERATOR_WELCOME_KEY));

describe('the operator welcome', () => {
  it('tells the operator what the seat means, links the Operator screen, and stays away once read', async () => {
    const { unmount } = renderWorkspace('/projects/', fakeWorkspace(), { operator: true });
    const welcome = await screen.findByRole('region', { name: "You are this installation's operator" });
    expect(welcome).toHaveTextContent(/you create companies, set their subscriptions and credits, the prices of analyses/);
    expect(within(welcome).getByRole('link', { name: 'Operator screen' })).toHaveAttribute('href', '/operator');
    await userEvent.click(within(welcome).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: "You are this installation's operator" })).toBeNull();
    unmount();
    renderWorkspace('/projects/', fakeWorkspace(), { operator: true });
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(screen.queryByRole('region', { name: "You are this installation's operator" })).toBeNull();
  });

  it('is not shown to anyone else', async () => {
    renderWorkspace('/projects/', fakeWorkspace());
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(screen.queryByRole('region', { name: "You are this installation's operator" })).toBeNull();
  });
});
