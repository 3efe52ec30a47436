/** Named readings of the operator machine for its screen. */
import type { SnapshotFrom } from 'xstate';
import { errorMessage, type ServerError } from '@machines/shared/actors.ts';
import type { operatorMachine } from './operator.machine.ts';
import { CHANGE_DONE, type ChangeKind, type CompanyLimits, type OperatorChange, type OperatorCompany, type Subscription } from './operator.types.ts';

type Snapshot = SnapshotFrom<typeof operatorMachine>;

export const selectLoading = (s: Snapshot): boolean => s.matches('loading');
export const selectLoadError = (s: Snapshot): string | null => (s.matches('failed') ? errorMessage(s.context.loadError) : null);
/** 403: the signed-in user is not the operator. */
export const selectRefused = (s: Snapshot): boolean => s.matches('failed') && s.context.loadError?.status === 403;

export const selectCompanies = (s: Snapshot): OperatorCompany[] => s.context.overview?.companies ?? [];
export const selectSimulationPrices = (s: Snapshot) => s.context.overview?.simulationPrices ?? [];
export const selectPlanPrices = (s: Snapshot) => s.context.overview?.planPrices ?? [];
export const selectBadStations = (s: Snapshot) => s.context.overview?.badStations ?? [];
export const selectEulaVersions = (s: Snapshot) => s.context.overview?.eulaVersions ?? [];

export const selectSelectedCompany = (s: Snapshot): OperatorCompany | null => s.context.overview?.companies.find((c) => c.id === s.context.companyId) ?? null;
export const selectCompanyLoading = (s: Snapshot): boolean => s.matches({ ready: { company: 'loading' } });
export const selectCompanyError = (s: Snapshot): string | null => (s.matches({ ready: { company: 'failed' } }) ? errorMessage(s.context.companyError) : null);
export const selectCompanySubscriptions = (s: Snapshot): Subscription[] =>
  s.matches({ ready: { company: 'shown' } }) ? (s.context.company?.subscriptions ?? []) : [];
export const selectCompanyLimits = (s: Snapshot): CompanyLimits | null =>
  s.matches({ ready: { company: 'shown' } }) ? (s.context.company?.limits ?? null) : null;

export const selectSaving = (s: Snapshot): boolean => s.matches({ ready: { change: 'saving' } });
export const selectNotice = (s: Snapshot): string | null =>
  s.matches({ ready: { change: 'done' } }) && s.context.change ? CHANGE_DONE[s.context.change.kind] : null;

/** The change being saved, or the last one saved or refused (null once its notice is gone). */
export const selectLastChange = (s: Snapshot): OperatorChange | null => s.context.change;

/** The server's refusal of a change of this kind (its field errors and detail), else null. */
export function selectRefusal(kind: ChangeKind) {
  return (s: Snapshot): ServerError | null => (s.matches({ ready: { change: 'refused' } }) && s.context.change?.kind === kind ? s.context.changeError : null);
}
