/** Step 6: the terms and conditions of submitting a scenario (SPEC §2), accepted before saving. */
import { useSelector } from '@xstate/react';
import { selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { useWizard } from './wizard-context.ts';
import { stepBody } from './scenario-wizard.css.ts';

export function TermsStep() {
  const wizard = useWizard();
  const accepted = useSelector(wizard, (s) => selectValues(s).termsAccepted);
  return (
    <div className={stepBody}>
      <section aria-label="Terms and conditions">
        <p>Next, the scenario is saved and its geometry is checked. You then see what it costs before anything is charged.</p>
        <p>
          By submitting you confirm that you may use the geometry and weather data you provide, that results are estimates to be reviewed by a qualified
          engineer, and that approving the cost debits your assigned subscription.
        </p>
      </section>
      <CheckboxField
        id="scenario-terms"
        label="I accept the terms and conditions"
        checked={accepted}
        onCheckedChange={(termsAccepted) => wizard.send({ type: 'values.change', patch: { termsAccepted } })}
      />
    </div>
  );
}
