/** Step 2: the analyses and, for each, its metrics. Analyses an append keeps cannot be removed. */
import { useSelector } from '@xstate/react';
import { ANALYSIS_LABELS, METRICS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectLocked, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import type { AnalysisType } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { useWizard } from './wizard-context.ts';
import { fieldset, grid, legend, stepBody } from './scenario-wizard.css.ts';

const TYPES = Object.keys(ANALYSIS_LABELS) as AnalysisType[];

export function AnalysesStep() {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  const locked = useSelector(wizard, selectLocked);
  return (
    <div className={stepBody}>
      <div className={grid}>
        {TYPES.map((type) => {
          const chosen = values.analyses.find((a) => a.analysis_type === type);
          return (
            <fieldset key={type} className={fieldset}>
              <legend className={legend}>{ANALYSIS_LABELS[type]}</legend>
              <CheckboxField
                id={`analysis-${type}`}
                label={`Run ${ANALYSIS_LABELS[type].toLowerCase()}`}
                checked={!!chosen}
                disabled={locked.includes(type)}
                hint={locked.includes(type) ? 'Already run for this scenario.' : undefined}
                onCheckedChange={() => wizard.send({ type: 'analysis.toggle', analysisType: type })}
              />
              {chosen
                ? METRICS[type].map((metric) => (
                    <CheckboxField
                      key={metric}
                      id={`metric-${type}-${metric}`}
                      label={`${ANALYSIS_LABELS[type]} metric: ${metric}`}
                      checked={chosen.metrics.includes(metric)}
                      onCheckedChange={() => wizard.send({ type: 'metric.toggle', analysisType: type, metric })}
                    />
                  ))
                : null}
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
