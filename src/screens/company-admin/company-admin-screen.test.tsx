/** Company administration by role and text with fake services. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { group, ROLES, subscription, usage, user } from '@machines/company-admin/company-admin.fixtures.ts';
import type { UsageOrdering } from '@machines/company-admin/company-admin.types.ts';
import { fakeWorkspace, refuse, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';

describe('company administration', () => {
  it('shows the company and its users with their roles and subscriptions', async () => {
    renderWorkspace('/company/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company Administration' })).toBeInTheDocument();
    expect(screen.getByText('Northwind Engineering')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Company Administration | Canopy'));
    expect(await screen.findByRole('combobox', { name: 'Role of Ada Smith' })).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Subscription of Bea Smith' })).toHaveValue('1');
    // Addable users = total count − 1.
    expect(screen.getByText('3 users · 2 besides you')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Org Admin' })).toBeInTheDocument();
  });

  it("names a subscription's credit type once, even when its plan's name says it (never 'Starter (AI) (AI)')", async () => {
    renderWorkspace(
      '/company/admin',
      fakeWorkspace({ loadUserOptions: async () => ({ roles: ROLES, subscriptions: [subscription(1, { plan: 'Starter (AI)' }), subscription(2)] }) }),
    );
    const select = await screen.findByRole('combobox', { name: 'Role of Ada Smith' });
    expect(select).toBeInTheDocument();
    const subscriptions = screen.getByRole('combobox', { name: 'Subscription of Ada Smith' });
    expect(within(subscriptions).getByRole('option', { name: 'Starter (AI)' })).toBeInTheDocument();
    expect(within(subscriptions).getByRole('option', { name: 'CFD Pro (CFD)' })).toBeInTheDocument();
  });

  it('changes a role only through the role confirmation modal', async () => {
    const u = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/company/admin', services);
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Role of Cy Smith' }), 'Viewer');
    const modal = await screen.findByRole('dialog', { name: 'Change role?' });
    expect(modal).toHaveTextContent('Cy Smith goes from Engineer to Viewer.');
    await u.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(services.updateCompanyUser).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Role of Cy Smith' })).toHaveValue('2');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Role of Cy Smith' }), 'Viewer');
    await u.click(within(await screen.findByRole('dialog', { name: 'Change role?' })).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Role updated for Cy Smith.')).toBeInTheDocument();
    expect(services.updateCompanyUser).toHaveBeenCalledWith({ userId: 3, role: 3 });
    expect(screen.getByRole('combobox', { name: 'Role of Cy Smith' })).toHaveValue('3');
  });

  it('marks the row of a user whose update failed', async () => {
    const u = userEvent.setup();
    renderWorkspace(
      '/company/admin',
      fakeWorkspace({ updateCompanyUser: () => refuse(403, { detail: 'You do not have permission to perform this action.' }) }),
    );
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Subscription of Ada Smith' }), 'CFD Pro (CFD)');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update Ada Smith: You do not have permission to perform this action.');
    const row = screen.getByRole('row', { name: /Ada Smith/ });
    expect(within(row).getByText('Update failed')).toBeInTheDocument();
    expect(row).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a user through the dialog', async () => {
    const u = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/company/admin', services);
    await u.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    await u.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'fay');
    await u.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'fay@northwind.test');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Engineer');
    await u.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() =>
      expect(services.createCompanyUser).toHaveBeenCalledWith({ username: 'fay', email: 'fay@northwind.test', first_name: '', last_name: '', role: 2 }),
    );
    expect(await screen.findByText(/was added\. They will get an e-mail to set a password\./)).toBeInTheDocument();
  });

  it('counts the added user in the header at once, and keeps the count on the other tabs', async () => {
    const u = userEvent.setup();
    let added = false;
    const services = fakeWorkspace({
      listCompanyUsers: async () => {
        const results = [user(1, { role: 1, role_name: 'Org Admin' }), user(2), user(3), ...(added ? [user(4, { username: 'fay' })] : [])];
        return { count: results.length, next: null, previous: null, results };
      },
      createCompanyUser: async (created) => {
        added = true;
        return user(4, { username: created.username, email: created.email });
      },
    });
    renderWorkspace('/company/admin', services);
    expect(await screen.findByText('3 users · 2 besides you')).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1, name: 'Company Administration' }).closest('header')!;
    expect(within(header).getByText('3 users')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    await u.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'fay');
    await u.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'fay@northwind.test');
    await u.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('4 users · 3 besides you')).toBeInTheDocument();
    expect(within(header).getByText('4 users')).toBeInTheDocument();
    expect(within(header).queryByText('3 users')).not.toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Share groups' }));
    expect(within(header).getByText('4 users')).toBeInTheDocument();
  });

  it('warns before the only Org Admin gives up managing users, and not for an ordinary change', async () => {
    const u = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/company/admin', services);
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Role of Ada Smith' }), 'Engineer');
    const modal = await screen.findByRole('dialog', { name: 'Remove the last Org Admin?' });
    expect(modal).toHaveTextContent('Ada Smith goes from Org Admin to Engineer.');
    expect(within(modal).getByRole('alert')).toHaveTextContent('Ada Smith is the only user of the company who can manage users.');
    await u.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(services.updateCompanyUser).not.toHaveBeenCalled();
    // Making a second Org Admin first: then the change is an ordinary one.
    await u.selectOptions(screen.getByRole('combobox', { name: 'Role of Bea Smith' }), 'Org Admin');
    const promote = await screen.findByRole('dialog', { name: 'Change role?' });
    expect(within(promote).queryByRole('alert')).not.toBeInTheDocument();
    await u.click(within(promote).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Role updated for Bea Smith.')).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Role of Ada Smith' }), 'Engineer');
    const ordinary = await screen.findByRole('dialog', { name: 'Change role?' });
    expect(within(ordinary).queryByText(/only user of the company/)).not.toBeInTheDocument();
    expect(within(ordinary).getByRole('button', { name: 'Change role' })).toBeInTheDocument();
  });

  it('reads only, without custom_auth.change_user', async () => {
    renderWorkspace('/company/admin', fakeWorkspace(), { permissions: [] });
    expect(await screen.findByText('Org Admin', { selector: 'td' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Smith' })).not.toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
  });

  it('makes a share group the default; the previous default is cleared at once', async () => {
    const u = userEvent.setup();
    const services = fakeWorkspace({
      loadShareGroups: async () => ({
        groups: [group(1, { name: 'Wind team', default_for_new_projects: true }), group(2, { name: 'Reviewers' })],
        users: [user(1), user(2)],
      }),
      updateShareGroup: async (id, changes) => group(id, { name: 'Reviewers', ...changes }),
    });
    renderWorkspace('/company/admin', services);
    await u.click(await screen.findByRole('tab', { name: 'Share groups' }));
    await u.click(await screen.findByRole('button', { name: 'Make Reviewers the default' }));
    expect(await screen.findByText('"Reviewers" is now the default for new projects.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Reviewers/ })).getByText('Default')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Wind team/ })).queryByText('Default')).not.toBeInTheDocument();
  });

  it("adds a colleague to a group's members", async () => {
    const u = userEvent.setup();
    const services = fakeWorkspace({
      loadShareGroups: async () => ({ groups: [group(1, { name: 'Wind team', member_count: 1 })], users: [user(1), user(2)] }),
      listShareGroupMembers: async () => [{ id: 1, username: 'ada', name: 'Ada Smith', email: 'ada@northwind.test' }],
      addShareGroupMembers: async (_g, ids) => ({ users: [1, ...ids] }),
    });
    renderWorkspace('/company/admin', services);
    await u.click(await screen.findByRole('tab', { name: 'Share groups' }));
    await u.click(await screen.findByRole('button', { name: 'Wind team' }));
    const members = await screen.findByRole('region', { name: 'Members of Wind team' });
    await u.selectOptions(within(members).getByRole('combobox', { name: 'Add a colleague (1 can be added)' }), 'Bea Smith (bea@northwind.test)');
    await u.click(within(members).getByRole('button', { name: 'Add' }));
    expect(await within(members).findByText('Bea Smith')).toBeInTheDocument();
    expect(services.addShareGroupMembers).toHaveBeenCalledWith(1, [2]);
  });

  it('asks before removing a member from a group', async () => {
    const u = userEvent.setup();
    const services = fakeWorkspace({
      loadShareGroups: async () => ({ groups: [group(1, { name: 'Wind team', member_count: 1 })], users: [user(1), user(2)] }),
      listShareGroupMembers: async () => [{ id: 1, username: 'ada', name: 'Ada Smith', email: 'ada@northwind.test' }],
    });
    renderWorkspace('/company/admin', services);
    await u.click(await screen.findByRole('tab', { name: 'Share groups' }));
    await u.click(await screen.findByRole('button', { name: 'Wind team' }));
    const members = await screen.findByRole('region', { name: 'Members of Wind team' });
    await u.click(await within(members).findByRole('button', { name: 'Remove Ada Smith from Wind team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the share group?' });
    expect(within(dialog).getByText('Ada Smith leaves “Wind team” and no longer sees the projects shared with it.')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(services.removeShareGroupMember).not.toHaveBeenCalled();
    await u.click(within(members).getByRole('button', { name: 'Remove Ada Smith from Wind team' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Remove from the share group?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(services.removeShareGroupMember).toHaveBeenCalledWith(1, 1));
  });

  it('pages and orders the usage history', async () => {
    const u = userEvent.setup();
    const calls: Array<[number, UsageOrdering]> = [];
    const services = fakeWorkspace({
      listUsage: async (page, ordering) => {
        calls.push([page, ordering]);
        return { count: 30, next: page === 1 ? 'n' : null, previous: null, results: [usage(page, { label: `Scenario on page ${page}` })] };
      },
    });
    renderWorkspace('/company/admin', services);
    await u.click(await screen.findByRole('tab', { name: 'Usage' }));
    expect(await screen.findByText('Scenario on page 1')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Scenario on page 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Credits/ }));
    await waitFor(() => expect(calls.at(-1)).toEqual([1, 'credits_used']));
    expect(screen.getByRole('columnheader', { name: /Credits/ })).toHaveAttribute('aria-sort', 'ascending');
    await u.click(screen.getByRole('button', { name: /Credits/ }));
    await waitFor(() => expect(calls.at(-1)).toEqual([1, '-credits_used']));
    expect(calls.slice(0, 2)).toEqual([
      [1, '-date'],
      [2, '-date'],
    ]);
  });

  it('lists the subscriptions with their credits', async () => {
    const u = userEvent.setup();
    renderWorkspace('/company/admin');
    await u.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /AI Standard/ })).toHaveTextContent('Bea Smith');
    expect(within(table).getByRole('row', { name: /CFD Pro/ })).toHaveTextContent('Not assigned');
    expect(screen.getByText(/1 not assigned/)).toBeInTheDocument();
  });

  it('shows credits reserved for results still awaited from outside', async () => {
    const u = userEvent.setup();
    const held = subscription(1, { user: 2, user_name: 'Bea Smith', credits_used: 30, credits_reserved: 20, credits_left: 50 });
    renderWorkspace('/company/admin', fakeWorkspace({ loadHoldings: async () => ({ subscriptions: [held, subscription(2)], available: [subscription(2)] }) }));
    await u.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    const row = within(await screen.findByRole('table')).getByRole('row', { name: /AI Standard/ });
    expect(row).toHaveTextContent('50 left of 100 · 20 reserved for awaited results');
    expect(within(screen.getByRole('table')).getByRole('row', { name: /CFD Pro/ })).not.toHaveTextContent('reserved');
  });

  it('says so when the user belongs to no company', async () => {
    renderWorkspace('/company/admin', fakeWorkspace({ loadCompany: () => refuse(404, { detail: 'Not found.' }) }));
    expect(await screen.findByRole('heading', { name: 'No company' })).toBeInTheDocument();
  });
});
