/** The wizard actor of the open modal, for its step components. */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { scenarioWizardMachine } from '@machines/scenario-wizard/scenario-wizard.machine.ts';

export type WizardRef = ActorRefFrom<typeof scenarioWizardMachine>;

export const WizardContext = createContext<WizardRef | null>(null);

export function useWizard(): WizardRef {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('wizard steps render inside ScenarioWizardModal');
  return wizard;
}
