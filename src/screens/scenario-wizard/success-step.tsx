/** The success modal's content (SPEC §2): submitted, what was debited, and the live status. */
import { useSelector } from '@xstate/react';
import { selectScenarioRef, selectSubmitResult, selectValues } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { useWizard } from './wizard-context.ts';
import { LiveStatusBadge } from './live-status-badge.tsx';
import { stepBody } from './scenario-wizard.css.ts';

export function SuccessStep() {
  const wizard = useWizard();
  const result = useSelector(wizard, selectSubmitResult);
  const ref = useSelector(wizard, selectScenarioRef, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const engine = useSelector(wizard, (s) => selectValues(s).engine);
  const simulationIds = useSelector(
    wizard,
    (s) => s.context.simulationIds,
    (a, b) => a.join() === b.join(),
  );
  return (
    <div className={stepBody}>
      <InlineMessage tone="success">
        {`Scenario submitted.${result ? ` ${result.creditsDebited} credits were debited${result.creditsReserved ? `, ${result.creditsReserved} reserved until the external results arrive` : ''}; ${result.creditsLeft} left.` : ''}`}
      </InlineMessage>
      {ref ? (
        <div>
          <strong>Status: </strong>
          <LiveStatusBadge
            projectId={ref.projectId}
            configurationId={ref.configurationId}
            simulationIds={simulationIds}
            status={result?.status ?? 'queued'}
            engine={engine}
            detailed
          />
        </div>
      ) : null}
    </div>
  );
}
