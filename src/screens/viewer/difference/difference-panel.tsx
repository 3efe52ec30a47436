/**
 * The difference map panel: layer A and a layer B of another scenario with the same analysis,
 * metric and slice, the distance within which unshared points take their nearest neighbour, and
 * what the map shows (how many points calmer, unchanged, windier; how points were matched).
 * "Save as layer" keeps the map in B's simulation with both sources. Reads the difference machine.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { differenceMachine } from '@machines/difference/difference.machine.ts';
import { selectDifferenceContext, selectDifferencePhase, selectFirstLayers, selectOutcome, selectPartners } from '@machines/difference/difference.selectors.ts';
import { chosenPair } from '@machines/difference/difference.machine.ts';
import type { DifferenceLayer, DifferenceOutcome } from '@machines/difference/difference.types.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../../ui/button.tsx';
import { InlineMessage } from '../../../ui/inline-message.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { describeAsset } from '../scene-layers.ts';
import { matchingWords } from '../../../services/difference.ts';
import * as css from '../viewer.css.ts';

export type DifferenceRef = ActorRefFrom<typeof differenceMachine>;

const count = (n: number) => n.toLocaleString('en-GB');
const optionOf = (l: DifferenceLayer) => ({ value: String(l.asset.id), label: `${l.scenario}: ${describeAsset(l.asset)}` });

function summary(outcome: DifferenceOutcome): string {
  const [down, up] = outcome.mode === 'classes' ? ['calmer', 'windier'] : ['lower', 'higher'];
  const valued = outcome.lower + outcome.same + outcome.higher;
  return `${count(valued)} points compared: ${count(outcome.lower)} ${down}, ${count(outcome.same)} unchanged, ${count(outcome.higher)} ${up} in B than in A.`;
}

export function DifferencePanel({ difference, mayChange = true }: { difference: DifferenceRef; mayChange?: boolean }) {
  const phase = useSelector(difference, selectDifferencePhase);
  const context = useSelector(difference, selectDifferenceContext);
  const firsts = useSelector(difference, selectFirstLayers);
  const partners = useSelector(difference, selectPartners);
  const outcome = useSelector(difference, selectOutcome);
  const fits = chosenPair(context) !== null;

  if (firsts.length === 0) {
    return (
      <section className={css.modePanel} aria-label="Difference map">
        <p className={css.muted}>
          A difference map needs two scenarios of this study with the same kind of result (analysis, metric, season and time of day). Run the same analysis on a
          second scenario to compare them.
        </p>
      </section>
    );
  }
  return (
    <section className={css.modePanel} aria-label="Difference map">
      <p className={css.muted}>
        Pick a layer A and the same layer of another scenario B: the map shows B − A, computed in your browser from the stored results.
      </p>
      <SelectField
        id="difference-a"
        label="Layer A (from)"
        value={context.aId === null ? '' : String(context.aId)}
        onValueChange={(v) => difference.send({ type: 'a.pick', assetId: v ? Number(v) : null })}
        options={[{ value: '', label: 'Choose a layer' }, ...firsts.map(optionOf)]}
      />
      <SelectField
        id="difference-b"
        label="Layer B (to)"
        value={context.bId === null ? '' : String(context.bId)}
        onValueChange={(v) => difference.send({ type: 'b.pick', assetId: v ? Number(v) : null })}
        options={[{ value: '', label: partners.length ? 'Choose a layer' : 'Choose layer A first' }, ...partners.map(optionOf)]}
      />
      <label className={css.layerRow}>
        Match unshared points within{' '}
        <input
          type="number"
          min={0}
          max={100}
          step={0.5}
          aria-label="Matching distance (m)"
          value={context.maxDistanceM}
          onChange={(e) => difference.send({ type: 'distance.set', metres: Number(e.target.value) })}
          style={{ width: '5em' }}
        />{' '}
        m (further: left out)
      </label>
      <div className={css.layerRow}>
        <Button size="sm" tone="primary" disabled={!fits || phase === 'computing'} onClick={() => difference.send({ type: 'compute' })}>
          Show B − A
        </Button>
        {outcome ? (
          <Button size="sm" onClick={() => difference.send({ type: 'clear' })}>
            Hide
          </Button>
        ) : null}
      </div>
      {phase === 'computing' ? <p role="status">Computing the difference…</p> : null}
      {phase === 'failed' ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => difference.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          {`The difference could not be computed: ${errorMessage(context.error) ?? 'please try again.'}`}
        </InlineMessage>
      ) : null}
      {outcome ? (
        <div role="status" aria-label="Difference shown">
          <p>{summary(outcome)}</p>
          <p
            className={css.muted}
          >{`Points: ${matchingWords(outcome)}${outcome.resampled ? ` (${count(outcome.resampled)} matched to their nearest neighbour)` : ''}.`}</p>
          {mayChange ? (
            <Button size="sm" disabled={phase === 'saving' || !!context.saved} onClick={() => difference.send({ type: 'save' })}>
              {context.saved ? 'Saved as a layer' : phase === 'saving' ? 'Saving…' : 'Save as layer'}
            </Button>
          ) : null}
          {context.saveError ? <InlineMessage tone="danger">{`The map could not be saved: ${errorMessage(context.saveError)}`}</InlineMessage> : null}
        </div>
      ) : null}
    </section>
  );
}
