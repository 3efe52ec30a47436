/** Selectors of the share-link machines (views read one value each). */
import { errorMessage } from '@machines/shared/actors.ts';
import type { ShareLinksContext } from './share-links.machine.ts';
import type { SharedViewContext } from './shared-view.machine.ts';

type LinksSnapshot = { context: ShareLinksContext; matches(state: unknown): boolean };
type ViewSnapshot = { context: SharedViewContext; value: unknown };

export const selectLinks = (s: LinksSnapshot) => s.context.links;
export const selectLinksLoading = (s: LinksSnapshot) => s.matches({ list: 'loading' });
export const selectLinksError = (s: LinksSnapshot) => errorMessage(s.context.listError);
export const selectCreating = (s: LinksSnapshot) => s.matches({ editor: 'creating' });
export const selectCreated = (s: LinksSnapshot) => s.context.created;
export const selectFormErrors = (s: LinksSnapshot) => s.context.formError?.fields ?? {};
export const selectEditingSites = (s: LinksSnapshot) => s.context.editingSites;
export const selectSavingSites = (s: LinksSnapshot) => s.matches({ editor: 'savingSites' });
export const selectSitesErrors = (s: LinksSnapshot) =>
  Object.entries(s.context.sitesError?.fields ?? {})
    .filter(([field]) => field.startsWith('frame_ancestors'))
    .flatMap(([, messages]) => messages);
export const selectRevokeConfirmation = (s: LinksSnapshot) =>
  s.matches({ editor: 'confirmingRevoke' }) ? (s.context.links.find((l) => l.id === s.context.revoking) ?? null) : null;
export const selectLinksSuccess = (s: LinksSnapshot) => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectLinksFailure = (s: LinksSnapshot) => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);

export const selectSharedState = (s: ViewSnapshot) => s.value as 'loading' | 'locked' | 'opening' | 'showing' | 'gone' | 'failed';
export const selectSharedInfo = (s: ViewSnapshot) => s.context.info;
export const selectSharedContent = (s: ViewSnapshot) => s.context.content;
export const selectPasswordError = (s: ViewSnapshot) => s.context.passwordError;
export const selectSharedFailure = (s: ViewSnapshot) => errorMessage(s.context.error);
export const selectSharedSceneViewId = (s: ViewSnapshot) => s.context.sceneViewId;
export const selectSharedSceneFailures = (s: ViewSnapshot) => s.context.sceneFailures;
