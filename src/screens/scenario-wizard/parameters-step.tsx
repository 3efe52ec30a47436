/**
 * Step 5: the simulation parameters the chosen analyses need — wind directions, return periods per
 * criterion, the single day (date, hours, minutes interval), the structure (origin, frontal areas),
 * reference height or internal pressure — and a parameter set per analysis, which fills them in.
 */
import { useSelector } from '@xstate/react';
import { ANALYSIS_LABELS, MINUTE_INTERVALS, WIND_DIRECTION_CHOICES } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectNeeded, selectOptions, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { fieldError } from '../../ui/field.css.ts';
import { useWizard } from './wizard-context.ts';
import { errorsOf, useStepFlags } from './step-flags.tsx';
import { fieldset, grid, legend, stepBody } from './scenario-wizard.css.ts';

export function ParametersStep() {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  const options = useSelector(wizard, selectOptions);
  const need = useSelector(wizard, selectNeeded, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const flags = useStepFlags('parameters');
  const change = (patch: Partial<typeof values>) => wizard.send({ type: 'values.change', patch });
  const xyz = ['x', 'y', 'z'] as const;

  return (
    <div className={stepBody}>
      <fieldset className={fieldset}>
        <legend className={legend}>Parameter sets</legend>
        <div className={grid}>
          {values.analyses.map(({ analysis_type: type }) => {
            const sets = options.parameterSets.filter((s) => s.analysis_type === type);
            return (
              <SelectField
                key={type}
                id={`parameter-set-${type}`}
                label={`${ANALYSIS_LABELS[type]} parameter set`}
                value={String(values.parameterSets[type] ?? '')}
                placeholder={sets.length ? 'None (enter values below)' : 'No sets for this analysis'}
                options={sets.map((s) => ({ value: String(s.id), label: s.name }))}
                onValueChange={(v) => wizard.send({ type: 'parameterSet.choose', analysisType: type, id: v ? Number(v) : null })}
              />
            );
          })}
        </div>
        {flags.parameterSets ? <p className={fieldError}>{flags.parameterSets}</p> : null}
      </fieldset>
      <div className={grid}>
        {need.winds ? (
          <SelectField
            id="scenario-winds"
            label="Wind directions"
            value={values.windDirections}
            placeholder="Choose…"
            options={WIND_DIRECTION_CHOICES.map((n) => ({ value: String(n), label: `${n} directions` }))}
            onValueChange={(windDirections) => change({ windDirections })}
            errors={errorsOf(flags, 'winds')}
          />
        ) : null}
        {need.referenceHeight ? (
          <TextField
            id="scenario-reference-height"
            label="Reference height (m)"
            inputMode="decimal"
            value={values.referenceHeight}
            onValueChange={(referenceHeight) => change({ referenceHeight })}
            errors={errorsOf(flags, 'referenceHeight')}
          />
        ) : null}
        {need.internalPressure ? (
          <TextField
            id="scenario-internal-pressure"
            label="Internal pressure coefficient"
            inputMode="decimal"
            value={values.internalPressure}
            onValueChange={(internalPressure) => change({ internalPressure })}
            errors={errorsOf(flags, 'internalPressure')}
          />
        ) : null}
        {need.returnPeriods.map((type) => (
          <TextField
            key={type}
            id={`scenario-return-periods-${type}`}
            label={`Return periods for ${ANALYSIS_LABELS[type]} (years)`}
            hint="e.g. 1, 10, 50"
            value={values.returnPeriods[type] ?? ''}
            onValueChange={(text) => change({ returnPeriods: { ...values.returnPeriods, [type]: text } })}
            errors={errorsOf(flags, `returnPeriods.${type}`)}
          />
        ))}
      </div>
      {need.singleDate ? (
        <fieldset className={fieldset}>
          <legend className={legend}>Single day (sun hours)</legend>
          <div className={grid}>
            <TextField
              id="scenario-single-date"
              label="Date"
              type="date"
              placeholder="YYYY-MM-DD"
              value={values.singleDate}
              onValueChange={(singleDate) => change({ singleDate })}
              errors={errorsOf(flags, 'singleDate')}
            />
            <TextField
              id="scenario-single-day-hours"
              label="Hours of the day"
              placeholder="HH:MM-HH:MM"
              value={values.singleDayHours}
              onValueChange={(singleDayHours) => change({ singleDayHours })}
              errors={errorsOf(flags, 'singleDayHours')}
            />
            <SelectField
              id="scenario-minutes-interval"
              label="Minutes interval"
              value={values.minutesInterval}
              placeholder="Choose…"
              options={MINUTE_INTERVALS.map((n) => ({ value: String(n), label: `Every ${n} minutes` }))}
              onValueChange={(minutesInterval) => change({ minutesInterval })}
              errors={errorsOf(flags, 'minutesInterval')}
            />
          </div>
        </fieldset>
      ) : null}
      {need.structuralOrigin ? (
        <fieldset className={fieldset}>
          <legend className={legend}>Structure</legend>
          <div className={grid}>
            {xyz.map((axis) => (
              <TextField
                key={axis}
                id={`scenario-origin-${axis}`}
                label={`Structural origin ${axis} (m)`}
                inputMode="decimal"
                value={values.structuralOrigin[axis]}
                onValueChange={(v) => change({ structuralOrigin: { ...values.structuralOrigin, [axis]: v } })}
              />
            ))}
            {(['x', 'y'] as const).map((axis) => (
              <TextField
                key={axis}
                id={`scenario-frontal-${axis}`}
                label={`Frontal area facing ${axis} (m²)`}
                inputMode="decimal"
                value={values.frontalAreas[axis]}
                onValueChange={(v) => change({ frontalAreas: { ...values.frontalAreas, [axis]: v } })}
              />
            ))}
          </div>
          {errorsOf(flags, 'structuralOrigin', 'frontalAreas').map((m) => (
            <p key={m} className={fieldError}>
              {m}
            </p>
          ))}
        </fieldset>
      ) : null}
      {flags.simulationParameters ? <p className={fieldError}>{flags.simulationParameters}</p> : null}
    </div>
  );
}
