/** Step 4: the weather source (the project's met sources), the terrain upwind (GET /api/wind-profiles/), seasons and time windows. */
import { useSelector } from '@xstate/react';
import { selectNeeded, selectOptions, selectRecipeNote, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { SEASONS } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { fieldError } from '../../ui/field.css.ts';
import { muted } from '../../ui/surface.css.ts';
import { useWizard } from './wizard-context.ts';
import { errorsOf, useStepFlags } from './step-flags.tsx';
import { fieldset, grid, legend, stepBody } from './scenario-wizard.css.ts';

/** The server's default terrain (contract/src/scenarios.ts `terrain`), shown until the user picks another. */
const DEFAULT_TERRAIN = 'suburban';

export function WeatherStep() {
  const wizard = useWizard();
  const values = useSelector(wizard, selectValues);
  const options = useSelector(wizard, selectOptions);
  const need = useSelector(wizard, selectNeeded, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const flags = useStepFlags('weather');
  // A pedestrian wind comfort criterion's recipe filled the seasons and times; changing them makes them the user's.
  const recipeNote = useSelector(wizard, selectRecipeNote);
  // The approach wind (CFD) and the met-wind correction (thermal comfort) depend on the terrain upwind.
  const profiles = options.windProfiles ?? [];
  const terrainNeeded = values.analyses.some((a) => a.analysis_type !== 'solar');
  const terrain = values.terrain ?? (profiles.some((p) => p.id === DEFAULT_TERRAIN) ? DEFAULT_TERRAIN : (profiles[0]?.id ?? ''));
  return (
    <div className={stepBody}>
      <SelectField
        id="scenario-weather"
        label="Weather source"
        value={values.metSourceId === null ? '' : String(values.metSourceId)}
        placeholder="Choose a weather station…"
        options={[
          ...options.metSources.map((m) => ({ value: String(m.id), label: m.name })),
          { value: 'nearest', label: 'The library station nearest the project' },
        ]}
        onValueChange={(v) => wizard.send({ type: 'values.change', patch: { metSourceId: v === 'nearest' ? 'nearest' : v ? Number(v) : null } })}
        errors={errorsOf(flags, 'weather')}
      />
      {recipeNote && (need.seasons || need.times) ? (
        <p role="note" className={muted}>
          {recipeNote}. Change them below to use your own.
        </p>
      ) : null}
      {need.seasons ? (
        <fieldset className={fieldset}>
          <legend className={legend}>Seasons</legend>
          <div className={grid}>
            {SEASONS.map((season) => (
              <CheckboxField
                key={season}
                id={`season-${season}`}
                label={season[0]!.toUpperCase() + season.slice(1)}
                checked={values.seasons.includes(season)}
                onCheckedChange={(on) =>
                  wizard.send({
                    type: 'values.change',
                    patch: { seasons: on ? SEASONS.filter((s) => s === season || values.seasons.includes(s)) : values.seasons.filter((s) => s !== season) },
                  })
                }
              />
            ))}
          </div>
          {flags.seasons ? <p className={fieldError}>{flags.seasons}</p> : null}
        </fieldset>
      ) : null}
      {terrainNeeded && profiles.length ? (
        <div>
          <SelectField
            id="scenario-terrain"
            label="Terrain upwind"
            value={terrain}
            options={profiles.map((p) => ({ value: p.id, label: p.name }))}
            onValueChange={(v) => wizard.send({ type: 'values.change', patch: { terrain: v } })}
          />
          <p className={muted}>{profiles.find((p) => p.id === terrain)?.description}</p>
        </div>
      ) : null}
      {need.times ? (
        <TextField
          id="scenario-times"
          label="Times"
          hint="HH:MM-HH:MM; several windows separated by commas"
          value={values.times}
          onValueChange={(times) => wizard.send({ type: 'values.change', patch: { times } })}
          errors={errorsOf(flags, 'times')}
        />
      ) : null}
    </div>
  );
}
