/**
 * Test support for the workspace screens (projects, project detail and settings, company
 * administration): the whole App at a path, signed in, with every workspace service and the
 * permission lists faked and bound through the same `.provide` binding the app uses. No network.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, ScenarioEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import type { LiveStatusLogic } from '../../services/live-socket.ts';
import { LiveStatusLogicContext } from '../scenario-wizard/live-status-provider.tsx';
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { PermissionLists } from '@machines/permissions/permissions.machine.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import { COMPANY, ROLES, subscription, user } from '@machines/company-admin/company-admin.fixtures.ts';
import { project } from '@machines/project-list/project-list.fixtures.ts';
import { App } from '../../app/app.tsx';
import { WorkspaceLogicContext } from '../../app/workspace-context.ts';
import { bindWorkspaceLogic, type WorkspaceServices } from '../../services/workspace-services.ts';
import { bindPermissionsLogic, PermissionsLogicContext } from '../../services/permissions-services.ts';
import { fakeServices as fakeAuthServices, storeSession } from '../auth/auth-test-kit.tsx';

type Mocked<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K] };

export const EVERY_PERMISSION = ['projects.add_project', 'projects.change_project', 'custom_auth.change_user', 'custom_auth.change_sharegroup'];

export function fakeWorkspace(overrides: Partial<WorkspaceServices> = {}): Mocked<WorkspaceServices> {
  const services: WorkspaceServices = {
    listProjects: async () => ({
      count: 2,
      next: null,
      previous: null,
      results: [project(1, { name: 'Harbour Tower' }), project(2, { name: 'Riverside Park', is_favorite: true })],
    }),
    createProject: async (body) => fullProject(3, { name: body.name }),
    getProject: async (id) => fullProject(id),
    updateProject: async (id, changes) => fullProject(id, changes as never),
    setFavorite: async () => undefined,
    listServiceLines: async () => [
      { id: 1, name: 'Pedestrian wind comfort', description: 'Comfort and safety maps.', offerings: ['AI wind comfort'], company_id: null },
    ],
    loadLevel: async () => ({ subscription: subscription(1, { credits_used: 30, credits_left: 70 }) }),
    loadScenarios: async () => ({}),
    saveParameterSet: async (projectId, id, draft) => ({
      id: id ?? 5,
      project_id: projectId,
      ...draft,
      created_by: 1,
      created: '2025-01-01T00:00:00Z',
      updated: '2025-01-01T00:00:00Z',
    }),
    deleteParameterSet: async () => undefined,
    listProjectShares: async () => [],
    shareProject: async (projectId, email, _message, access) => ({
      id: 9,
      project_id: projectId,
      project_name: 'Harbour Tower 7',
      user: { id: 2, username: 'bea', name: 'Bea Smith', email, company_name: 'Northwind' },
      share_status: 'pending',
      access_level: access,
      shared_by: { id: 1, username: 'ada', name: 'Ada Smith' },
      created: '2025-01-01T00:00:00Z',
      updated: '2025-01-01T00:00:00Z',
    }),
    resendShare: async () => Promise.reject(new Error('not used')),
    revokeShare: async () => undefined,
    inviteUser: async (projectId, email) => ({ id: 1, email, project_id: projectId, company_id: 1, role: null, created: '', expires: '' }),
    loadAdmins: async () => ({
      admins: [{ id: 1, username: 'ada', name: 'Ada Smith', email: 'ada@northwind.test', is_creator: true, added_by: null, created: '2025-01-01T00:00:00Z' }],
      candidates: [{ id: 2, username: 'bea', name: 'Bea Smith', email: 'bea@northwind.test' }],
    }),
    addAdmin: async (_p, userId) => ({
      id: userId,
      username: 'bea',
      name: 'Bea Smith',
      email: 'bea@northwind.test',
      is_creator: false,
      added_by: 1,
      created: '2025-01-02T00:00:00Z',
    }),
    removeAdmin: async () => undefined,
    loadInbox: async () => ({ pending: [], notifications: [] }),
    answerShare: async () => Promise.reject(new Error('not used')),
    dismissNotification: async () => undefined,
    loadCompany: async () => COMPANY,
    listCompanyUsers: async () => ({
      count: 3,
      next: null,
      previous: null,
      results: [user(1, { role: 1, role_name: 'Org Admin' }), user(2, { subscription: 1 }), user(3)],
    }),
    loadUserOptions: async () => ({ roles: ROLES, subscriptions: [subscription(1, { user: 2, user_name: 'Bea Smith' }), subscription(2)] }),
    createCompanyUser: async (u) => user(9, { username: u.username, email: u.email }),
    updateCompanyUser: async (change) => ({
      ...user(change.userId),
      ...('role' in change ? { role: change.role, role_name: ROLES.find((r) => r.id === change.role)?.name ?? null } : { subscription: change.subscription }),
    }),
    removeCompanyUser: async () => undefined,
    loadShareGroups: async () => ({ groups: [], users: [user(1), user(2), user(3)] }),
    createShareGroup: async (g) => ({ id: 7, name: g.name, default_for_new_projects: g.default_for_new_projects ?? false, member_count: 0, created: '' }),
    updateShareGroup: async () => Promise.reject(new Error('not used')),
    deleteShareGroup: async () => undefined,
    listShareGroupMembers: async () => [],
    addShareGroupMembers: async (_g, ids) => ({ users: ids }),
    removeShareGroupMember: async () => undefined,
    loadHoldings: async () => ({ subscriptions: [subscription(1, { user: 2, user_name: 'Bea Smith' }), subscription(2)], available: [subscription(2)] }),
    listUsage: async (page) => ({ count: 0, next: null, previous: page > 1 ? 'p' : null, results: [] }),
    loadPrices: async () => ({ plans: [], simulations: [] }),
    ...overrides,
  };
  const mocked = {} as Record<string, Mock>;
  for (const [name, fn] of Object.entries(services)) mocked[name] = vi.fn(fn as (...args: unknown[]) => unknown);
  return mocked as unknown as Mocked<WorkspaceServices>;
}

/** A refusal as the machines receive it. */
export function refuse(status: number, body: Record<string, unknown>): Promise<never> {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) if (key !== 'detail') fields[key] = value as string[];
  const error: ServerError = { kind: 'http', status, detail: typeof body.detail === 'string' ? body.detail : null, fields, body };
  return Promise.reject(error);
}

/** A live status whose socket never opens and whose polls find nothing: screens run without a server. */
export function quietLive(): LiveStatusLogic {
  return liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://test/socket/live', accessToken: 't' })),
      socket: fromCallback<EventObject, SocketGrant>(() => () => undefined),
      fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
      warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
    },
  });
}

/** A live status whose socket opens at once; `push` sends it a server event. */
export function pushableLive(): { logic: LiveStatusLogic; push(message: ScenarioEvent): void } {
  const sockets: Array<(event: EventObject) => void> = [];
  const logic = liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://test/socket/live', accessToken: 't' })),
      socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
        sockets.push(sendBack);
        sendBack({ type: 'socket.open' });
        return () => undefined;
      }),
      fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
      warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
    },
  });
  return { logic, push: (message) => sockets.forEach((send) => send({ type: 'socket.message', message } as EventObject)) };
}

export interface RenderOptions {
  permissions?: string[];
  projectPermissions?: Record<string, string[]>;
  /** Signed in as the installation's operator (superuser). */
  operator?: boolean;
  /** The live-status logic the screens' socket runs on (default: one that never connects). */
  live?: LiveStatusLogic;
}

export function renderWorkspace(path: string, services = fakeWorkspace(), options: RenderOptions = {}) {
  storeSession();
  const lists: PermissionLists = {
    global: options.permissions ?? EVERY_PERMISSION,
    projects: options.projectPermissions ?? {},
    operator: options.operator ?? false,
  };
  const location = memoryLocation({ path, record: true });
  const view = render(
    <LiveStatusLogicContext.Provider value={options.live ?? quietLive()}>
      <PermissionsLogicContext.Provider value={bindPermissionsLogic(async () => lists)}>
        <WorkspaceLogicContext.Provider value={bindWorkspaceLogic(services)}>
          <App hook={location.hook} searchHook={location.searchHook} authServices={fakeAuthServices()} />
        </WorkspaceLogicContext.Provider>
      </PermissionsLogicContext.Provider>
    </LiveStatusLogicContext.Provider>,
  );
  return { ...view, services, location, current: () => location.history.at(-1), navigate: location.navigate };
}
