/**
 * Why the scenario could not be approved, with a link to what fixes it: shown from the step that
 * first knows (approval-outlook.ts), and under the cost step's refusal. Links open in a new tab, so the
 * wizard keeps what the user has entered.
 */
import { useSelector } from '@xstate/react';
import type { OutlookFix } from '@machines/scenario-wizard/approval-outlook.ts';
import { selectOptions, selectOutlooks } from '@machines/scenario-wizard/scenario-wizard.selectors.ts';
import type { FormStep } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { useWizard } from './wizard-context.ts';

/**
 * The fix in words, with its link when the user can reach the page that fixes it. `linkOnly`: the
 * sentence is said already (the server's refusal at the cost step), so only the link is added.
 */
export function FixLink({ fix, linkOnly = false }: { fix: OutlookFix; linkOnly?: boolean }) {
  const isOperator = useSelector(useWizard(), (s) => selectOptions(s).account?.isOperator ?? false);
  const link = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener">
      {label}
    </a>
  );
  if (linkOnly) {
    if (fix === 'askOperator') return isOperator ? link('/operator', 'Open the Operator screen') : null;
    return link('/company/admin', 'Open Company administration');
  }
  if (fix === 'assignSubscription')
    return (
      <>Assign yourself a subscription with the right credits on the Users tab of {link('/company/admin', 'Company administration')} (opens in a new tab).</>
    );
  if (fix === 'askAdministrator')
    return <>Ask an administrator of your company to assign you one; {link('/company/admin', 'Company administration')} lists them (opens in a new tab).</>;
  return isOperator ? (
    <>You are the operator: change it on the {link('/operator', 'Operator screen')} (opens in a new tab).</>
  ) : (
    <>The operator of this installation can change it.</>
  );
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

export function ApprovalNotice({ step }: { step: FormStep }) {
  const outlooks = useSelector(useWizard(), selectOutlooks(step), same);
  return outlooks.map((o) => (
    <InlineMessage key={o.message} tone="info">
      {o.message} <FixLink fix={o.fix} />
    </InlineMessage>
  ));
}
