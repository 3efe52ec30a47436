/** Step 1: the scenario's name and engine (AI prediction or CFD simulation). */
import { useSelector } from '@xstate/react';
import { selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { TextField } from '../../ui/text-field.tsx';
import { fieldError } from '../../ui/field.css.ts';
import { useWizard } from './wizard-context.ts';
import { errorsOf, useStepFlags } from './step-flags.tsx';
import { fieldset, legend, stepBody } from './scenario-wizard.css.ts';

export function BasicsStep() {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  const flags = useStepFlags('basics');
  const change = (patch: Partial<typeof values>) => wizard.send({ type: 'values.change', patch });
  return (
    <div className={stepBody}>
      <TextField id="scenario-name" label="Scenario name" value={values.name} onValueChange={(name) => change({ name })} errors={errorsOf(flags, 'name')} />
      <fieldset className={fieldset} aria-describedby={flags.engine ? 'scenario-engine-error' : undefined}>
        <legend className={legend}>Engine</legend>
        {(['AI', 'CFD'] as const).map((engine) => (
          <label key={engine} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input type="radio" name="scenario-engine" value={engine} checked={values.engine === engine} onChange={() => change({ engine })} />
            {engine === 'AI' ? 'AI — machine-learning prediction (fast)' : 'CFD — computational fluid dynamics (detailed)'}
          </label>
        ))}
        {flags.engine ? (
          <p id="scenario-engine-error" className={fieldError}>
            {flags.engine}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
