/**
 * Step 1: the scenario's name and job level (the credit type: AI or CFD). Each level says what runs
 * there on this installation and who computes it: "AI" names machine learning only.
 */
import { useSelector } from '@xstate/react';
import { selectLevels, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { TextField } from '../../ui/text-field.tsx';
import { fieldError } from '../../ui/field.css.ts';
import { useWizard } from './wizard-context.ts';
import { errorsOf, useStepFlags } from './step-flags.tsx';
import { fieldset, legend, stepBody } from './scenario-wizard.css.ts';

export function BasicsStep() {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  const levels = useSelector(wizard, selectLevels);
  const flags = useStepFlags('basics');
  const change = (patch: Partial<typeof values>) => wizard.send({ type: 'values.change', patch });
  return (
    <div className={stepBody}>
      <TextField id="scenario-name" label="Scenario name" value={values.name} onValueChange={(name) => change({ name })} errors={errorsOf(flags, 'name')} />
      <fieldset className={fieldset} aria-describedby={flags.engine ? 'scenario-engine-error' : undefined}>
        <legend className={legend}>Job level</legend>
        {levels.map((level) => (
          <label key={level.engine} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input
              type="radio"
              name="scenario-engine"
              value={level.engine}
              checked={values.engine === level.engine}
              disabled={level.empty && values.engine !== level.engine}
              onChange={() => change({ engine: level.engine })}
            />
            {level.engine} credits — {level.summary}
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
