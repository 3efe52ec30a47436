/**
 * The cost breakdown, shown before the user approves. Approval debits what Canopy computes and
 * reserves the credits of results that come from an external provider until they arrive.
 */
import { useSelector } from '@xstate/react';
import { ANALYSIS_LABELS } from '@machines/scenario-wizard/scenario-inputs.ts';
import { selectCost, selectCostBlock, selectCostFix, selectCostPhase, selectError } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Button } from '../../ui/button.tsx';
import { numeric, table, td, th } from '../../ui/surface.css.ts';
import { useWizard } from './wizard-context.ts';
import { stepBody, total } from './scenario-wizard.css.ts';
import { CfdCostPanel } from './cfd-cost-panel.tsx';
import { FixLink } from './approval-notice.tsx';

const label = (type: string) => (ANALYSIS_LABELS as Record<string, string>)[type] ?? type;

export function CostStep() {
  const wizard = useWizard();
  const phase = useSelector(wizard, selectCostPhase);
  const cost = useSelector(wizard, selectCost);
  const block = useSelector(wizard, selectCostBlock);
  const fix = useSelector(wizard, selectCostFix);
  const error = useSelector(wizard, selectError);
  if (phase === 'loading') return <p role="status">Working out the cost…</p>;
  if (phase === 'failed') {
    return (
      <InlineMessage
        tone="danger"
        action={
          <Button size="sm" onClick={() => wizard.send({ type: 'retry' })}>
            Retry
          </Button>
        }
      >
        {error ?? 'The cost could not be worked out.'}
      </InlineMessage>
    );
  }
  if (!cost) return null;
  return (
    <div className={stepBody}>
      <table className={table} aria-label="Cost breakdown">
        <thead>
          <tr>
            <th className={th} scope="col">
              Analysis
            </th>
            <th className={th} scope="col">
              Computed by
            </th>
            <th className={th} scope="col">
              How it is priced
            </th>
            <th className={`${th} ${numeric}`} scope="col">
              Credits
            </th>
          </tr>
        </thead>
        <tbody>
          {cost.lines.map((line) => (
            <tr key={line.simulation_id}>
              <td className={td}>{label(line.analysis_type)}</td>
              <td className={td}>
                {line.computed_by === 'canopy' ? 'Canopy' : `${line.provider || 'An external provider'} (reserved until the results arrive)`}
              </td>
              <td className={td}>{line.description}</td>
              <td className={`${td} ${numeric}`}>{line.credits}</td>
            </tr>
          ))}
          <tr>
            <td className={`${td} ${total}`} colSpan={3}>
              Total ({cost.credit_type} credits)
            </td>
            <td className={`${td} ${numeric} ${total}`}>{cost.total_credits}</td>
          </tr>
        </tbody>
      </table>
      <CfdCostPanel />
      {cost.credits_reserved > 0 ? (
        <p style={{ margin: 0 }}>
          {`Debited when you approve: ${cost.credits_now}. Reserved until the external results arrive: ${cost.credits_reserved} — taken only then, and returned if the simulation is cancelled.`}
        </p>
      ) : null}
      <p style={{ margin: 0 }}>
        {cost.subscription
          ? `Your ${cost.subscription.plan} subscription has ${cost.subscription.credits_left} ${cost.subscription.credit_type} credits left.`
          : `You have no ${cost.credit_type} subscription assigned.`}
      </p>
      {block ? (
        <InlineMessage tone="danger">
          {block}
          {fix ? (
            <>
              {' '}
              <FixLink fix={fix} linkOnly />
            </>
          ) : null}
        </InlineMessage>
      ) : null}
      {error && phase !== 'submitFailed' ? <InlineMessage tone="danger">{error}</InlineMessage> : null}
      {phase === 'submitFailed' ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => wizard.send({ type: 'retry' })}>
              Try again
            </Button>
          }
        >
          {`The submission failed: ${error ?? 'please try again.'} You are not charged twice.`}
        </InlineMessage>
      ) : null}
      {phase === 'submitting' ? <p role="status">Submitting…</p> : null}
    </div>
  );
}
