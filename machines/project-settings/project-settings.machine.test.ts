/** Project settings machines: parameter sets, the sender's shares, administrators (fake timers). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Invite, ProjectShare } from '@canopy/contract/sharing.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { share } from '@machines/sharing/sharing.fixtures.ts';
import { parameterSetsMachine, VALUES_NOT_AN_OBJECT, type ParameterSet, type ParameterSetDraft } from './parameter-sets.machine.ts';
import { projectSharesMachine } from './project-shares.machine.ts';
import { projectAdminsMachine, type AdminsLoad, type ProjectAdministrator } from './project-admins.machine.ts';
import {
  selectAdminCandidates,
  selectAdminRemoval,
  selectAdmins,
  selectAdminsSuccess,
  selectParameterSets,
  selectRevokeConfirmation,
  selectSetFormError,
  selectSetFormOpen,
  selectSetsFailure,
  selectSetsSuccess,
  selectShareError,
  selectShares,
  selectSharesFailure,
  selectSharesSuccess,
} from './project-settings.selectors.ts';

const settle = () => vi.advanceTimersByTimeAsync(0);

function set(id: number, extra: Partial<ParameterSet> = {}): ParameterSet {
  return {
    id,
    project_id: 7,
    name: `Set ${id}`,
    analysis_type: 'solar',
    values: { metric: 'sun_hours' },
    created_by: 1,
    created: '2025-01-01T00:00:00Z',
    updated: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('parameter sets', () => {
  function start(save: (input: { id: number | null; draft: ParameterSetDraft }) => Promise<ParameterSet>) {
    const changes: ParameterSet[][] = [];
    const actor = createActor(
      parameterSetsMachine.provide({
        actors: {
          saveSet: fromPromise<ParameterSet, { projectId: number; id: number | null; draft: ParameterSetDraft }>(({ input }) => save(input)),
          deleteSet: fromPromise<void, { projectId: number; id: number }>(async () => {}),
        },
      }),
      { input: { projectId: 7, sets: [set(1)] } },
    ).start();
    actor.on('sets.changed', (e) => changes.push(e.sets));
    return { actor, changes };
  }

  it('refuses values that are not a JSON object without calling the server', async () => {
    const save = vi.fn(async () => set(2));
    const { actor } = start(save);
    actor.send({ type: 'set.new' });
    actor.send({ type: 'set.save', name: 'Winter', analysisType: 'thermal_comfort', valuesText: '[1, 2' });
    expect(selectSetFormError(actor.getSnapshot())?.fields.values).toEqual([VALUES_NOT_AN_OBJECT]);
    expect(selectSetFormOpen(actor.getSnapshot())).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it('creates a set, announces the change and shows success for 3 s', async () => {
    const { actor, changes } = start(async ({ id, draft }) => set(2, { ...draft, id: id ?? 2 }));
    actor.send({ type: 'set.new' });
    actor.send({ type: 'set.save', name: 'Winter', analysisType: 'thermal_comfort', valuesText: '{"index": "UTCI"}' });
    await settle();
    expect(selectParameterSets(actor.getSnapshot()).map((s) => s.name)).toEqual(['Set 1', 'Winter']);
    expect(changes).toHaveLength(1);
    expect(selectSetFormOpen(actor.getSnapshot())).toBe(false);
    expect(selectSetsSuccess(actor.getSnapshot())).toBe('Parameter set "Winter" saved.');
    await vi.advanceTimersByTimeAsync(3000);
    expect(selectSetsSuccess(actor.getSnapshot())).toBeNull();
  });

  it("keeps the server's values.<field> errors on the form; the failure shows for 5 s", async () => {
    const refused: ServerError = {
      kind: 'http',
      status: 400,
      detail: null,
      fields: { 'values.time_window': ['Enter a time window as HH:MM-HH:MM (00:00 to 23:59).'] },
      body: null,
    };
    const { actor } = start(async () => Promise.reject(refused));
    actor.send({ type: 'set.edit', id: 1 });
    actor.send({ type: 'set.save', name: 'Set 1', analysisType: 'solar', valuesText: '{"time_window": "25:00-26:00"}' });
    await settle();
    expect(selectSetFormOpen(actor.getSnapshot())).toBe(true);
    expect(selectSetFormError(actor.getSnapshot())?.fields['values.time_window']).toHaveLength(1);
    expect(selectSetsFailure(actor.getSnapshot())).not.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectSetsFailure(actor.getSnapshot())).toBeNull();
  });

  it('deletes after confirmation', async () => {
    const { actor, changes } = start(async () => set(1));
    actor.send({ type: 'set.delete', id: 1 });
    actor.send({ type: 'deletion.confirm' });
    await settle();
    expect(selectParameterSets(actor.getSnapshot())).toEqual([]);
    expect(changes).toEqual([[]]);
  });
});

describe('project shares (sender)', () => {
  function start(create: (email: string, access: 'view' | 'edit') => Promise<ProjectShare>) {
    return createActor(
      projectSharesMachine.provide({
        actors: {
          loadShares: fromPromise<ProjectShare[], { projectId: number }>(async () => [share(1, { share_status: 'declined' })]),
          createShare: fromPromise<ProjectShare, { projectId: number; email: string; message: string; access: 'view' | 'edit' }>(({ input }) =>
            create(input.email, input.access),
          ),
          sendInvite: fromPromise<Invite, { projectId: number; email: string }>(async ({ input }) => ({
            id: 1,
            email: input.email,
            project_id: 7,
            company_id: 1,
            role: null,
            created: '',
            expires: '',
          })),
          resendShare: fromPromise<ProjectShare, { projectId: number; shareId: number }>(async ({ input }) =>
            share(input.shareId, { share_status: 'pending' }),
          ),
          revokeShare: fromPromise<void, { projectId: number; shareId: number }>(async () => {}),
        },
      }),
      { input: { projectId: 7 } },
    ).start();
  }

  it('shares by e-mail; a refusal keeps its field errors and shows for 5 s', async () => {
    let refuse = true;
    const actor = start(async () => {
      if (refuse) throw { kind: 'http', status: 400, detail: null, fields: { email: ['No user with this e-mail address.'] }, body: null } satisfies ServerError;
      return share(2);
    });
    await settle();
    actor.send({ type: 'share.create', email: 'nobody@example.test', message: '', access: 'view' });
    await settle();
    expect(selectShareError(actor.getSnapshot())?.fields.email).toEqual(['No user with this e-mail address.']);
    expect(selectSharesFailure(actor.getSnapshot())).toBe('The project could not be shared. No user with this e-mail address.');
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectSharesFailure(actor.getSnapshot())).toBeNull();
    refuse = false;
    actor.send({ type: 'share.create', email: 'bea@example.test', message: 'Have a look', access: 'view' });
    await settle();
    expect(selectShares(actor.getSnapshot()).map((s) => s.id)).toEqual([2, 1]);
    expect(selectShareError(actor.getSnapshot())).toBeNull();
    expect(selectSharesSuccess(actor.getSnapshot())).toBe('Shared with Bea (view only). They will see it once they accept.');
  });

  it('passes the chosen access level and says it back', async () => {
    const asked: Array<'view' | 'edit'> = [];
    const actor = start(async (_email, access) => {
      asked.push(access);
      return share(3, { access_level: access });
    });
    await settle();
    actor.send({ type: 'share.create', email: 'bea@example.test', message: '', access: 'edit' });
    await settle();
    expect(asked).toEqual(['edit']);
    expect(selectSharesSuccess(actor.getSnapshot())).toBe('Shared with Bea (view and edit). They will see it once they accept.');
  });

  it('re-sends a declined share and revokes after confirmation', async () => {
    const actor = start(async () => share(2));
    await settle();
    actor.send({ type: 'share.resend', shareId: 1 });
    await settle();
    expect(selectShares(actor.getSnapshot())[0]!.share_status).toBe('pending');
    actor.send({ type: 'share.revoke', shareId: 1 });
    expect(selectRevokeConfirmation(actor.getSnapshot())?.id).toBe(1);
    actor.send({ type: 'revoke.confirm' });
    await settle();
    expect(selectShares(actor.getSnapshot())).toEqual([]);
    expect(selectSharesSuccess(actor.getSnapshot())).toBe('Bea no longer has access.');
  });

  it('sends an invitation', async () => {
    const actor = start(async () => share(2));
    await settle();
    actor.send({ type: 'invite.send', email: ' new@example.test ' });
    await settle();
    expect(selectSharesSuccess(actor.getSnapshot())).toBe('Invitation sent to new@example.test.');
  });
});

describe('project administrators', () => {
  const creator: ProjectAdministrator = { id: 1, username: 'ada', name: 'Ada Smith', email: 'ada@x.test', is_creator: true, added_by: null, created: null };
  const load: AdminsLoad = {
    admins: [creator],
    candidates: [
      { id: 1, username: 'ada', name: 'Ada Smith', email: 'ada@x.test' },
      { id: 2, username: 'bea', name: 'Bea Smith', email: 'bea@x.test' },
    ],
  };

  it('adds a candidate and removes an administrator after confirmation', async () => {
    const actor = createActor(
      projectAdminsMachine.provide({
        actors: {
          loadAdmins: fromPromise<AdminsLoad, { projectId: number }>(async () => load),
          addAdmin: fromPromise<ProjectAdministrator, { projectId: number; userId: number }>(async ({ input }) => ({
            ...creator,
            id: input.userId,
            username: 'bea',
            name: 'Bea Smith',
            is_creator: false,
          })),
          removeAdmin: fromPromise<void, { projectId: number; userId: number }>(async () => {}),
        },
      }),
      { input: { projectId: 7 } },
    ).start();
    await settle();
    expect(selectAdminCandidates(actor.getSnapshot()).map((c) => c.id)).toEqual([2]);
    actor.send({ type: 'admin.add', userId: 2 });
    await settle();
    expect(selectAdmins(actor.getSnapshot()).map((a) => a.id)).toEqual([1, 2]);
    expect(selectAdminCandidates(actor.getSnapshot())).toEqual([]);
    expect(selectAdminsSuccess(actor.getSnapshot())).toBe('Bea Smith is now an administrator.');
    actor.send({ type: 'admin.remove', userId: 2 });
    expect(selectAdminRemoval(actor.getSnapshot())?.name).toBe('Bea Smith');
    actor.send({ type: 'removal.confirm' });
    await settle();
    expect(selectAdmins(actor.getSnapshot()).map((a) => a.id)).toEqual([1]);
    expect(selectAdminsSuccess(actor.getSnapshot())).toBe('Bea Smith is no longer an administrator.');
  });
});
