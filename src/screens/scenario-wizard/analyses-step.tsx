/**
 * Step 2: the analyses and, for each, its metrics. Only analyses that run at the chosen job level
 * on this installation are offered, each saying who computes it; one chosen before the
 * level changed stays listed so it can be removed. Analyses an append keeps cannot be removed.
 */
import { useSelector } from '@xstate/react';
import { ANALYSIS_LABELS, metricChoices, metricName } from '@machines/scenario-wizard/scenario-inputs.ts';
import { whoComputes } from '@machines/scenario-wizard/scenario-offer.ts';
import { selectLocked, selectOffer, selectOptions, selectUnoffered, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import type { AnalysisType } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { muted } from '../../ui/surface.css.ts';
import { useWizard } from './wizard-context.ts';
import { fieldset, grid, legend, stepBody } from './scenario-wizard.css.ts';

export function AnalysesStep() {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  const locked = useSelector(wizard, selectLocked);
  const offer = useSelector(wizard, selectOffer);
  const unoffered = useSelector(wizard, selectUnoffered);
  const options = useSelector(wizard, selectOptions);
  const offered = offer.map((c) => c.analysis_type);
  // Chosen at another level and not offered at this one: listed, so the user can untick them.
  const stranded = values.analyses.map((a) => a.analysis_type).filter((t) => !offered.includes(t));
  const shown: AnalysisType[] = [...offered, ...stranded];
  if (!values.engine) return <p className={muted}>Choose a job level first: what can run depends on it.</p>;
  return (
    <div className={stepBody}>
      <div className={grid}>
        {shown.map((type) => {
          const chosen = values.analyses.find((a) => a.analysis_type === type);
          const capability = offer.find((c) => c.analysis_type === type);
          // Who computes it is the group's description, so the checkbox keeps its short name.
          const who = capability ? whoComputes(capability) : `Does not run at the ${values.engine} level on this installation.`;
          return (
            <fieldset key={type} className={fieldset} aria-describedby={`analysis-${type}-who`}>
              <legend className={legend}>{ANALYSIS_LABELS[type]}</legend>
              <p id={`analysis-${type}-who`} className={muted} style={{ margin: '0 0 8px', fontSize: '0.85em' }}>
                {who}
              </p>
              <CheckboxField
                id={`analysis-${type}`}
                label={`Run ${ANALYSIS_LABELS[type].toLowerCase()}`}
                checked={!!chosen}
                disabled={locked.includes(type)}
                hint={locked.includes(type) ? 'Already run for this scenario.' : undefined}
                onCheckedChange={() => wizard.send({ type: 'analysis.toggle', analysisType: type })}
              />
              {chosen
                ? metricChoices(type, options).map((metric) => (
                    <CheckboxField
                      key={metric}
                      id={`metric-${type}-${metric}`}
                      label={`${ANALYSIS_LABELS[type]} metric: ${metricName(metric, options)}`}
                      checked={chosen.metrics.includes(metric)}
                      onCheckedChange={() => wizard.send({ type: 'metric.toggle', analysisType: type, metric })}
                    />
                  ))
                : null}
            </fieldset>
          );
        })}
      </div>
      {unoffered.length ? (
        <p className={muted}>
          Not available at the {values.engine} level on this installation: {unoffered.map((t) => ANALYSIS_LABELS[t]).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
