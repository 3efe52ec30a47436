/** Named readings of the project settings machines: parameter sets, shares, administrators. */
import type { SnapshotFrom } from 'xstate';
import type { ProjectShare } from '@canopy/contract/sharing.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import type { ParameterSet, parameterSetsMachine } from './parameter-sets.machine.ts';
import type { projectSharesMachine } from './project-shares.machine.ts';
import type { Candidate, ProjectAdministrator, projectAdminsMachine } from './project-admins.machine.ts';

type Sets = SnapshotFrom<typeof parameterSetsMachine>;
type Shares = SnapshotFrom<typeof projectSharesMachine>;
type Admins = SnapshotFrom<typeof projectAdminsMachine>;

// Parameter sets.
export const selectParameterSets = (s: Sets): ParameterSet[] => s.context.sets;
export const selectSetFormOpen = (s: Sets): boolean => s.matches({ editor: 'editing' }) || s.matches({ editor: 'saving' });
export const selectSetSaving = (s: Sets): boolean => s.matches({ editor: 'saving' });
export const selectEditingSet = (s: Sets): ParameterSet | null => s.context.sets.find((set) => set.id === s.context.editingId) ?? null;
export const selectSetFormError = (s: Sets) => s.context.formError;
export const selectSetDeletion = (s: Sets): ParameterSet | null =>
  s.matches({ editor: 'confirmingDelete' }) ? (s.context.sets.find((set) => set.id === s.context.deletion) ?? null) : null;
export const selectSetsSuccess = (s: Sets): string | null => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectSetsFailure = (s: Sets): string | null => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);

// Shares.
export const selectShares = (s: Shares): ProjectShare[] => s.context.shares;
export const selectSharesLoading = (s: Shares): boolean => s.matches({ list: 'loading' });
export const selectSharesError = (s: Shares): string | null => (s.matches({ list: 'failed' }) ? errorMessage(s.context.listError) : null);
export const selectSharing = (s: Shares): boolean => s.matches({ editor: 'sharing' });
export const selectInviting = (s: Shares): boolean => s.matches({ editor: 'inviting' });
export const selectSharesBusy = (s: Shares): boolean => !s.matches({ editor: 'idle' }) && !s.matches({ editor: 'confirmingRevoke' });
export const selectShareError = (s: Shares) => s.context.shareError;
export const selectInviteError = (s: Shares) => s.context.inviteError;
export const selectRevokeConfirmation = (s: Shares): ProjectShare | null =>
  s.matches({ editor: 'confirmingRevoke' }) ? (s.context.shares.find((sh) => sh.id === s.context.target) ?? null) : null;
export const selectSharesSuccess = (s: Shares): string | null => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectSharesFailure = (s: Shares): string | null => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);

// Administrators.
export const selectAdmins = (s: Admins): ProjectAdministrator[] => s.context.admins;
export const selectAdminsLoading = (s: Admins): boolean => s.matches({ list: 'loading' });
export const selectAdminsError = (s: Admins): string | null => (s.matches({ list: 'failed' }) ? errorMessage(s.context.listError) : null);
/** People who could be added: not administrators already. */
export function selectAdminCandidates(s: Admins): Candidate[] {
  const admins = new Set(s.context.admins.map((a) => a.id));
  return s.context.candidates.filter((c) => !admins.has(c.id));
}
export const selectAdminsBusy = (s: Admins): boolean => s.matches({ editor: 'adding' }) || s.matches({ editor: 'removing' });
export const selectAdminRemoval = (s: Admins): ProjectAdministrator | null =>
  s.matches({ editor: 'confirmingRemoval' }) ? (s.context.admins.find((a) => a.id === s.context.target) ?? null) : null;
export const selectAdminsSuccess = (s: Admins): string | null => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectAdminsFailure = (s: Admins): string | null => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);
