/** The invalid flags holding a step back, announced as an alert (SPEC §5). */
import { useSelector } from '@xstate/react';
import { selectStepFlags } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import type { FlagName, FormStep } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { useWizard } from './wizard-context.ts';
import { flags as flagsClass } from './scenario-wizard.css.ts';

const sameFlags = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

export function useStepFlags(step: FormStep): Partial<Record<FlagName, string>> {
  return useSelector(useWizard(), selectStepFlags(step), sameFlags);
}

/** The field errors prop for one flag. */
export const errorsOf = (flags: Partial<Record<FlagName, string>>, ...names: FlagName[]): string[] =>
  names.map((n) => flags[n]).filter((m): m is string => !!m);

export function StepFlags({ step }: { step: FormStep }) {
  const flags = useStepFlags(step);
  const messages = Object.values(flags);
  if (messages.length === 0) return null;
  return (
    <div role="alert" aria-label="Fix before continuing">
      <ul className={flagsClass}>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
