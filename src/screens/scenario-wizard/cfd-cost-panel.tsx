/**
 * The cost step's part for Canopy's CFD wind: the number of wind directions and the
 * resolution tier, and what the solver's grid for them takes — cells, memory, minutes per direction
 * and in all, credits — from the server's estimate, asked again when either changes. A grid too
 * large for the tier shows the server's refusal with its numbers and the way out. A changed choice
 * is applied (saved, the geometry checked again) before it can be approved.
 */
import { useSelector } from '@xstate/react';
import { ANALYSIS_LABELS, WIND_DIRECTION_CHOICES } from '@machines/scenario-wizard/scenario-inputs.ts';
import { CFD_TIER_CHOICES } from '@machines/scenario-wizard/cfd-choice.ts';
import {
  selectCfdAnalyses,
  selectCfdApplicable,
  selectCfdChanged,
  selectCfdChoice,
  selectCfdEstimateRef,
  selectEstimateError,
  selectEstimateLines,
  selectEstimatePhase,
  selectEstimateRefusal,
  type CfdEstimateRef,
} from '@machines/scenario-wizard/cfd-estimate.selectors.ts';
import type { CfdEstimateLine } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Button } from '../../ui/button.tsx';
import { numeric, table, td, th } from '../../ui/surface.css.ts';
import { useWizard } from './wizard-context.ts';
import { fieldset, legend } from './scenario-wizard.css.ts';
import * as css from './cfd-cost-panel.css.ts';

const whole = (n: number) => Math.round(n).toLocaleString('en-GB');
const bytes = (n: number) => (n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(n / 1e6))} MB`);
const minutes = (m: number) => (m >= 90 ? `${Math.floor(m / 60)} h ${Math.round(m % 60)} min` : m < 1 ? 'under a minute' : `${m.toFixed(m < 10 ? 1 : 0)} min`);
const tierLabel = (tier: string) => CFD_TIER_CHOICES.find((t) => t.tier === tier)?.label.toLowerCase() ?? tier;

export function CfdCostPanel() {
  const wizard = useWizard();
  const analyses = useSelector(wizard, selectCfdAnalyses, (a, b) => a.join() === b.join());
  const choice = useSelector(wizard, selectCfdChoice, (a, b) => a.windDirections === b.windDirections && a.cfdTier === b.cfdTier);
  const changed = useSelector(wizard, selectCfdChanged);
  const applicable = useSelector(wizard, selectCfdApplicable);
  const saved = useSelector(wizard, (s) => s.context.savedCfd);
  const estimate = useSelector(wizard, selectCfdEstimateRef);
  if (analyses.length === 0) return null;
  return (
    <fieldset className={fieldset} aria-label="Canopy's CFD wind">
      <legend className={legend}>Canopy&apos;s CFD wind</legend>
      <div className={css.choices}>
        <div role="radiogroup" aria-label="Wind directions" className={css.group}>
          <span className={css.groupLabel}>Wind directions</span>
          {/* The same choices as the parameters step: a count chosen there is always one of these. */}
          {WIND_DIRECTION_CHOICES.map((n) => (
            <label key={n} className={css.option}>
              <input
                type="radio"
                name="cfd-directions"
                value={n}
                checked={choice.windDirections === String(n)}
                onChange={() => wizard.send({ type: 'cfd.choose', windDirections: String(n) })}
              />
              {n}
            </label>
          ))}
        </div>
        <div role="radiogroup" aria-label="Resolution" className={css.group}>
          <span className={css.groupLabel}>Resolution</span>
          {CFD_TIER_CHOICES.map((t) => (
            <label key={t.tier} className={css.option} title={t.description}>
              <input
                type="radio"
                name="cfd-tier"
                value={t.tier}
                checked={choice.cfdTier === t.tier}
                onChange={() => wizard.send({ type: 'cfd.choose', cfdTier: t.tier })}
              />
              {`${t.label} (${t.cellM} m)`}
            </label>
          ))}
        </div>
      </div>
      {estimate ? <Estimate estimate={estimate} /> : null}
      {changed && saved ? (
        <InlineMessage
          tone="info"
          action={
            <Button size="sm" tone="primary" disabled={!applicable} onClick={() => wizard.send({ type: 'cfd.apply' })}>
              Apply and check again
            </Button>
          }
        >
          {`The cost breakdown above is for ${saved.windDirections} directions at the ${tierLabel(saved.cfdTier)} tier. Apply ${choice.windDirections} directions at the ${tierLabel(choice.cfdTier)} tier to save it, check the geometry again and see its cost.`}
        </InlineMessage>
      ) : null}
    </fieldset>
  );
}

function Estimate({ estimate }: { estimate: CfdEstimateRef }) {
  const phase = useSelector(estimate, selectEstimatePhase);
  const lines = useSelector(estimate, selectEstimateLines);
  const refusal = useSelector(estimate, selectEstimateRefusal);
  const error = useSelector(estimate, selectEstimateError);
  if (phase === 'off') return null;
  if (phase === 'loading') return <p role="status">Working out the grid and the run time…</p>;
  if (phase === 'refused') {
    return <InlineMessage tone="danger">{`This choice cannot run: ${refusal ?? 'the server refused it.'}`}</InlineMessage>;
  }
  if (phase === 'failed') {
    return (
      <InlineMessage
        tone="danger"
        action={
          <Button size="sm" onClick={() => estimate.send({ type: 'retry' })}>
            Retry
          </Button>
        }
      >
        {`The estimate could not be worked out: ${error ?? 'please try again.'}`}
      </InlineMessage>
    );
  }
  return <EstimateTable lines={lines} />;
}

function EstimateTable({ lines }: { lines: CfdEstimateLine[] }) {
  const first = lines[0]?.estimate;
  if (!first) return null;
  const measured = first.throughput_source === 'measured' ? 'measured on this installation' : 'assumed until this installation has run one';
  return (
    <div className={css.estimate}>
      <dl className={css.facts} aria-label="CFD grid">
        <dt>Grid</dt>
        <dd>{`${whole(first.cells)} cells in ${first.levels.length} level${first.levels.length === 1 ? '' : 's'}, finest ${first.finest_cell_m} m`}</dd>
        <dt>Memory</dt>
        <dd>{bytes(first.memory_bytes)}</dd>
        <dt>Region</dt>
        <dd>{`${whole(first.region.radius_m)} m around the study, buildings up to ${first.region.tallest_building_m} m`}</dd>
        <dt>Speed</dt>
        <dd>{`${first.throughput_mlups} million cell updates a second on ${first.threads} thread${first.threads === 1 ? '' : 's'} (${measured})${first.directions_at_once > 1 ? `; ${first.directions_at_once} directions at once` : ''}`}</dd>
      </dl>
      <table className={table} aria-label="CFD estimate">
        <thead>
          <tr>
            <th className={th} scope="col">
              Analysis
            </th>
            <th className={`${th} ${numeric}`} scope="col">
              Per direction
            </th>
            <th className={`${th} ${numeric}`} scope="col">
              All directions
            </th>
            <th className={`${th} ${numeric}`} scope="col">
              Credits
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ analysis_type, estimate }) => (
            <tr key={analysis_type}>
              <td className={td}>{`${ANALYSIS_LABELS[analysis_type]} (${estimate.wind_directions} directions, ${tierLabel(estimate.tier)})`}</td>
              <td className={`${td} ${numeric}`}>{minutes(estimate.minutes_per_direction)}</td>
              <td className={`${td} ${numeric}`}>{minutes(estimate.minutes_total)}</td>
              <td className={`${td} ${numeric}`}>{estimate.credits === null ? 'no price set' : `${estimate.credits} ${estimate.credit_type}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {first.shortened_schedule ? <p className={css.note}>This installation runs a shortened schedule for tests.</p> : null}
    </div>
  );
}
