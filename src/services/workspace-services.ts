/**
 * Binds the workspace machines' actor stubs (projects, favorites, sharing, project settings,
 * company administration) to services. The live services call the API client; tests hand
 * `bindWorkspaceLogic` fakes and provide the result through WorkspaceLogicContext — no network.
 * Every actor rejects with a plain ServerError (machines never see the client's classes).
 *
 * Loaded by the signed-in screens' chunks only (the login route does not carry it).
 */
import { useContext } from 'react';
import { fromPromise } from 'xstate';
import type { Project, ProjectCreate, ProjectPage, ProjectUpdate } from '@canopy/contract/projects.ts';
import type { ServiceLine } from '@canopy/contract/service-lines.ts';
import type { Invite, ProjectShare } from '@canopy/contract/sharing.ts';
import { projectListMachine } from '@machines/project-list/project-list.machine.ts';
import type { PageRequest } from '@machines/project-list/project-list.types.ts';
import { createProjectMachine } from '@machines/project-list/create-project.machine.ts';
import { favoritesMachine, type FavoriteSave } from '@machines/favorites/favorites.machine.ts';
import { sharingMachine, type Inbox, type ShareAnswer } from '@machines/sharing/sharing.machine.ts';
import { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import type { Level, ScenarioSummary } from '@machines/project-detail/project-detail.types.ts';
import { scenariosFromSimulations } from '@machines/project-detail/scenarios-from-simulations.ts';
import { parameterSetsMachine, type ParameterSet, type ParameterSetDraft } from '@machines/project-settings/parameter-sets.machine.ts';
import { projectSharesMachine } from '@machines/project-settings/project-shares.machine.ts';
import { projectAdminsMachine, type AdminsLoad, type ProjectAdministrator } from '@machines/project-settings/project-admins.machine.ts';
import { companyAdminMachine } from '@machines/company-admin/company-admin.machine.ts';
import { companyUsersMachine } from '@machines/company-admin/company-users.machine.ts';
import { shareGroupsMachine } from '@machines/company-admin/share-groups.machine.ts';
import { billingMachine, type Holdings, type Prices } from '@machines/company-admin/billing.machine.ts';
import type {
  CompanyUser,
  CompanyUserCreate,
  CompanyUserPage,
  OwnCompany,
  Role,
  ShareGroup,
  ShareGroupCreate,
  ShareGroupMember,
  ShareGroupMembership,
  ShareGroupUpdate,
  Subscription,
  SubscriptionUsagePage,
  UsageOrdering,
} from '@machines/company-admin/company-admin.types.ts';
import { api } from '../api/client.ts';
import { fetchCurrentUser } from '../api/auth.ts';
import * as projects from '../api/projects.ts';
import * as sharing from '../api/sharing.ts';
import * as company from '../api/company.ts';
import { listSimulations } from '../api/viewer.ts';
import { getConfigurations } from '../api/scenarios.ts';
import { WorkspaceLogicContext } from '../app/workspace-context.ts';
import { asServerCall as call } from '../api/errors.ts';

type UserChange = { userId: number; role: number | null } | { userId: number; subscription: number | null };

/** Everything the workspace screens need from the server. */
export interface WorkspaceServices {
  listProjects(request: PageRequest): Promise<ProjectPage>;
  createProject(body: ProjectCreate): Promise<Project>;
  getProject(id: number): Promise<Project>;
  updateProject(id: number, changes: ProjectUpdate): Promise<Project>;
  setFavorite(projectId: number, favorite: boolean): Promise<void>;
  listServiceLines(): Promise<ServiceLine[]>;
  loadLevel(): Promise<Level>;
  /** Study id → its scenarios: found through each study's simulations, read from the configuration routes. */
  loadScenarios(projectId: number, studyIds: number[]): Promise<Record<number, ScenarioSummary[]>>;
  saveParameterSet(projectId: number, id: number | null, draft: ParameterSetDraft): Promise<ParameterSet>;
  deleteParameterSet(projectId: number, id: number): Promise<void>;
  listProjectShares(projectId: number): Promise<ProjectShare[]>;
  shareProject(projectId: number, email: string, message: string, access: 'view' | 'edit'): Promise<ProjectShare>;
  resendShare(projectId: number, shareId: number): Promise<ProjectShare>;
  revokeShare(projectId: number, shareId: number): Promise<void>;
  inviteUser(projectId: number, email: string): Promise<Invite>;
  loadAdmins(projectId: number): Promise<AdminsLoad>;
  addAdmin(projectId: number, userId: number): Promise<ProjectAdministrator>;
  removeAdmin(projectId: number, userId: number): Promise<void>;
  loadInbox(): Promise<Inbox>;
  answerShare(shareId: number, answer: ShareAnswer): Promise<ProjectShare>;
  dismissNotification(id: number): Promise<void>;
  loadCompany(): Promise<OwnCompany>;
  listCompanyUsers(page: number): Promise<CompanyUserPage>;
  loadUserOptions(): Promise<{ roles: Role[]; subscriptions: Subscription[] }>;
  createCompanyUser(user: CompanyUserCreate): Promise<CompanyUser>;
  updateCompanyUser(change: UserChange): Promise<CompanyUser>;
  removeCompanyUser(userId: number): Promise<void>;
  loadShareGroups(): Promise<{ groups: ShareGroup[]; users: CompanyUser[] }>;
  createShareGroup(group: ShareGroupCreate): Promise<ShareGroup>;
  updateShareGroup(groupId: number, changes: ShareGroupUpdate): Promise<ShareGroup>;
  deleteShareGroup(groupId: number): Promise<void>;
  listShareGroupMembers(groupId: number): Promise<ShareGroupMember[]>;
  addShareGroupMembers(groupId: number, userIds: number[]): Promise<ShareGroupMembership>;
  removeShareGroupMember(groupId: number, userId: number): Promise<void>;
  loadHoldings(): Promise<Holdings>;
  listUsage(page: number, ordering: UsageOrdering): Promise<SubscriptionUsagePage>;
  loadPrices(): Promise<Prices>;
}

/** Reads a list that a user without the permission may be refused, as empty. */
async function orEmpty<T>(work: Promise<T[]>): Promise<T[]> {
  try {
    return await work;
  } catch {
    return [];
  }
}

export const liveWorkspaceServices: WorkspaceServices = {
  listProjects: (request) => projects.listProjects(api, request),
  createProject: (body) => projects.createProject(api, body),
  getProject: (id) => projects.getProject(api, id),
  updateProject: (id, changes) => projects.updateProject(api, id, changes),
  setFavorite: (projectId, favorite) => projects.setFavorite(api, projectId, favorite),
  listServiceLines: () => projects.listServiceLines(api),
  async loadLevel() {
    const me = await fetchCurrentUser(api);
    if (me.subscription === null) return { subscription: null };
    const held = await company.listSubscriptions(api);
    return { subscription: held.find((s) => s.id === me.subscription) ?? null };
  },
  async loadScenarios(projectId, studyIds) {
    const lists = await Promise.all(studyIds.map((studyId) => listSimulations(api, { projectId, studyId })));
    // Names, statuses and the hidden flag come from the configuration routes.
    const configurations = await getConfigurations(
      api,
      projectId,
      lists.flat().map((s) => s.configuration.id),
    );
    return Object.fromEntries(studyIds.map((studyId, i) => [studyId, scenariosFromSimulations(lists[i]!, configurations)]));
  },
  saveParameterSet: (projectId, id, draft) =>
    id === null ? projects.saveParameterSet(api, projectId, draft) : projects.updateParameterSet(api, projectId, { id, ...draft }),
  deleteParameterSet: (projectId, id) => projects.deleteParameterSet(api, projectId, id),
  listProjectShares: (projectId) => sharing.listProjectShares(api, projectId),
  shareProject: (projectId, email, message, access) =>
    sharing.createProjectShare(api, projectId, message ? { email, message, access_level: access } : { email, access_level: access }),
  resendShare: (projectId, shareId) => sharing.updateProjectShare(api, projectId, shareId, { share_status: 'pending' }),
  revokeShare: (projectId, shareId) => sharing.deleteProjectShare(api, projectId, shareId),
  inviteUser: (projectId, email) => sharing.inviteUser(api, projectId, { email }),
  async loadAdmins(projectId) {
    const [admins, users, shares] = await Promise.all([
      projects.listAdministrators(api, projectId),
      orEmpty(company.listAllCompanyUsers(api)),
      orEmpty(sharing.listProjectShares(api, projectId)),
    ]);
    const candidates = new Map<number, AdminsLoad['candidates'][number]>();
    for (const u of users) {
      candidates.set(u.id, { id: u.id, username: u.username, name: `${u.first_name} ${u.last_name}`.trim() || u.username, email: u.email });
    }
    for (const s of shares) {
      if (s.share_status === 'accepted') candidates.set(s.user.id, { id: s.user.id, username: s.user.username, name: s.user.name, email: s.user.email });
    }
    return { admins, candidates: [...candidates.values()] };
  },
  addAdmin: (projectId, userId) => projects.addAdministrator(api, projectId, userId),
  removeAdmin: (projectId, userId) => projects.removeAdministrator(api, projectId, userId),
  async loadInbox() {
    const [pending, notifications] = await Promise.all([sharing.listPendingShares(api), sharing.listNotifications(api)]);
    return { pending, notifications };
  },
  answerShare: (shareId, answer) => sharing.answerShare(api, shareId, answer),
  dismissNotification: (id) => sharing.dismissNotification(api, id),
  loadCompany: () => company.getOwnCompany(api),
  listCompanyUsers: (page) => company.listCompanyUsers(api, page),
  async loadUserOptions() {
    const [roles, subscriptions] = await Promise.all([company.listRoles(api), orEmpty(company.listSubscriptions(api))]);
    return { roles, subscriptions };
  },
  createCompanyUser: (user) => company.createCompanyUser(api, user),
  updateCompanyUser: (change) =>
    company.updateCompanyUser(api, change.userId, 'role' in change ? { role: change.role } : { subscription: change.subscription }),
  removeCompanyUser: (userId) => company.deleteCompanyUser(api, userId),
  async loadShareGroups() {
    const [groups, users] = await Promise.all([company.listShareGroups(api), orEmpty(company.listAllCompanyUsers(api))]);
    return { groups, users };
  },
  createShareGroup: (group) => company.createShareGroup(api, group),
  updateShareGroup: (groupId, changes) => company.updateShareGroup(api, groupId, changes),
  deleteShareGroup: (groupId) => company.deleteShareGroup(api, groupId),
  listShareGroupMembers: (groupId) => company.listShareGroupMembers(api, groupId),
  addShareGroupMembers: (groupId, userIds) => company.addShareGroupMembers(api, groupId, userIds),
  removeShareGroupMember: (groupId, userId) => company.removeShareGroupMember(api, groupId, userId),
  async loadHoldings() {
    const [subscriptions, available] = await Promise.all([company.listSubscriptions(api), orEmpty(company.listAvailableSubscriptions(api))]);
    return { subscriptions, available };
  },
  listUsage: (page, ordering) => company.listSubscriptionUsage(api, page, ordering),
  async loadPrices() {
    const [plans, simulations] = await Promise.all([company.listSubscriptionTypePrices(api), company.listSimulationPrices(api)]);
    return { plans, simulations };
  },
};

/** Runs a service call and rejects with a plain ServerError. */

/** A promise actor over one service call. */
function actor<TOutput, TInput>(work: (input: TInput) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(({ input }) => call(() => work(input)));
}

export function bindWorkspaceLogic(s: WorkspaceServices) {
  const companyUsers = companyUsersMachine.provide({
    actors: {
      loadUsers: actor(({ page }: { page: number }) => s.listCompanyUsers(page)),
      loadOptions: actor(() => s.loadUserOptions()),
      createUser: actor((user: CompanyUserCreate) => s.createCompanyUser(user)),
      updateUser: actor((change: UserChange) => s.updateCompanyUser(change)),
      removeUser: actor(({ userId }: { userId: number }) => s.removeCompanyUser(userId)),
    },
  });
  const shareGroups = shareGroupsMachine.provide({
    actors: {
      loadGroups: actor(() => s.loadShareGroups()),
      createGroup: actor((group: ShareGroupCreate) => s.createShareGroup(group)),
      updateGroup: actor(({ groupId, changes }: { groupId: number; changes: ShareGroupUpdate }) => s.updateShareGroup(groupId, changes)),
      deleteGroup: actor(({ groupId }: { groupId: number }) => s.deleteShareGroup(groupId)),
      loadMembers: actor(({ groupId }: { groupId: number }) => s.listShareGroupMembers(groupId)),
      addMembers: actor(({ groupId, userIds }: { groupId: number; userIds: number[] }) => s.addShareGroupMembers(groupId, userIds)),
      removeMember: actor(({ groupId, userId }: { groupId: number; userId: number }) => s.removeShareGroupMember(groupId, userId)),
    },
  });
  const billing = billingMachine.provide({
    actors: {
      loadHoldings: actor(() => s.loadHoldings()),
      loadUsage: actor(({ page, ordering }: { page: number; ordering: UsageOrdering }) => s.listUsage(page, ordering)),
      loadPrices: actor(() => s.loadPrices()),
    },
  });
  return {
    projectList: projectListMachine.provide({ actors: { fetchPage: actor((request: PageRequest) => s.listProjects(request)) } }),
    createProject: createProjectMachine.provide({ actors: { createProject: actor((body: ProjectCreate) => s.createProject(body)) } }),
    favorites: favoritesMachine.provide({
      actors: { saveFavorite: actor(({ projectId, favorite }: FavoriteSave) => s.setFavorite(projectId, favorite)) },
    }),
    sharing: sharingMachine.provide({
      actors: {
        loadInbox: actor(() => s.loadInbox()),
        answerShare: actor(({ shareId, answer }: { shareId: number; answer: ShareAnswer }) => s.answerShare(shareId, answer)),
        dismissNotification: actor(({ notificationId }: { notificationId: number }) => s.dismissNotification(notificationId)),
      },
    }),
    projectDetail: projectDetailMachine.provide({
      actors: {
        loadProject: actor(({ projectId }: { projectId: number }) => s.getProject(projectId)),
        saveProject: actor(({ projectId, changes }: { projectId: number; changes: ProjectUpdate }) => s.updateProject(projectId, changes)),
        loadServiceLines: actor(() => s.listServiceLines()),
        loadLevel: actor(() => s.loadLevel()),
        loadScenarios: actor(({ projectId, studyIds }: { projectId: number; studyIds: number[] }) => s.loadScenarios(projectId, studyIds)),
      },
    }),
    parameterSets: parameterSetsMachine.provide({
      actors: {
        saveSet: actor(({ projectId, id, draft }: { projectId: number; id: number | null; draft: ParameterSetDraft }) =>
          s.saveParameterSet(projectId, id, draft),
        ),
        deleteSet: actor(({ projectId, id }: { projectId: number; id: number }) => s.deleteParameterSet(projectId, id)),
      },
    }),
    projectShares: projectSharesMachine.provide({
      actors: {
        loadShares: actor(({ projectId }: { projectId: number }) => s.listProjectShares(projectId)),
        createShare: actor(({ projectId, email, message, access }: { projectId: number; email: string; message: string; access: 'view' | 'edit' }) =>
          s.shareProject(projectId, email, message, access),
        ),
        sendInvite: actor(({ projectId, email }: { projectId: number; email: string }) => s.inviteUser(projectId, email)),
        resendShare: actor(({ projectId, shareId }: { projectId: number; shareId: number }) => s.resendShare(projectId, shareId)),
        revokeShare: actor(({ projectId, shareId }: { projectId: number; shareId: number }) => s.revokeShare(projectId, shareId)),
      },
    }),
    projectAdmins: projectAdminsMachine.provide({
      actors: {
        loadAdmins: actor(({ projectId }: { projectId: number }) => s.loadAdmins(projectId)),
        addAdmin: actor(({ projectId, userId }: { projectId: number; userId: number }) => s.addAdmin(projectId, userId)),
        removeAdmin: actor(({ projectId, userId }: { projectId: number; userId: number }) => s.removeAdmin(projectId, userId)),
      },
    }),
    companyAdmin: companyAdminMachine.provide({
      actors: { loadCompany: actor(() => s.loadCompany()), companyUsers, shareGroups, billing },
    }),
  };
}

export type WorkspaceLogic = ReturnType<typeof bindWorkspaceLogic>;

let live: WorkspaceLogic | null = null;

/** The workspace machines, bound to the live API unless a test provided others. */
export function useWorkspaceLogic(): WorkspaceLogic {
  const provided = useContext(WorkspaceLogicContext);
  if (provided) return provided;
  live ??= bindWorkspaceLogic(liveWorkspaceServices);
  return live;
}
