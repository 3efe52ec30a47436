/**
 * The scenario wizard's public face: the create/edit/append/duplicate modal, the delete/hide modal,
 * and the live status badge (with its provider) for scenario rows and tiles.
 */
export { ScenarioWizardModal, type ScenarioWizardModalProps } from './scenario-wizard-modal.tsx';
export { ScenarioActionModal, type ScenarioActionModalProps } from './scenario-action-modal.tsx';
export { LiveStatusBadge, awaitingExternalText } from './live-status-badge.tsx';
export { LiveStatusProvider } from './live-status-provider.tsx';
export { AddScenarioButton } from './add-scenario-button.tsx';
export { ScenarioRowActions } from './scenario-row-actions.tsx';
