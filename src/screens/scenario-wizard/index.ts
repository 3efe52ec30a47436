/**
 * The scenario wizard's public face for other screens: the create/edit/append/duplicate modal.
 * The rows' actions, the delete/hide modal and the live status badge are imported from their own
 * files by the screens that show them.
 */
export { ScenarioWizardModal } from './scenario-wizard-modal.tsx';
