/**
 * Whether the scenario being built could be approved by this user, said at the first step where the
 * answer is known rather than at the end of the wizard: the job level (basics) decides which
 * credits are needed, so the user's subscription is judged there; the analyses decide the prices,
 * so a missing price is judged there. Each outlook names what fixes it (`fix`), which the view turns
 * into a link. The server's cost step (cost.ts blockedReason) remains the judge at approval.
 */
import { ANALYSIS_LABELS } from './scenario-inputs.ts';
import type { AnalysisType, CostBreakdown, Engine, FormStep, WizardOptions, WizardValues } from './scenario-wizard.types.ts';

/** The subscription the user holds (GET company/subscriptions, the row whose holder is the user). */
export interface HeldSubscriptionOption {
  plan: string;
  creditType: Engine;
  creditsLeft: number;
  expired: boolean;
}

/** What the wizard knows of the user's right to approve, read when it opens. */
export interface AccountOption {
  /** The subscription the user holds, or null when they hold none. */
  subscription: HeldSubscriptionOption | null;
  /** May assign subscriptions to the company's users (custom_auth.change_user). */
  canAssign: boolean;
  /** The installation's operator (sets prices, credits and expiry on the Operator screen). */
  isOperator?: boolean;
}

/**
 * What fixes a block: assigning a subscription (Company administration, the user's own right),
 * asking whoever may assign one (the same page lists the administrators), or asking the operator of
 * the installation (prices, expiry and credit amounts are theirs).
 */
export type OutlookFix = 'assignSubscription' | 'askAdministrator' | 'askOperator';

export interface ApprovalOutlook {
  step: FormStep;
  message: string;
  fix: OutlookFix;
}

const subscriptionFix = (account: AccountOption): OutlookFix => (account.canAssign ? 'assignSubscription' : 'askAdministrator');

/** Why approval would be refused for the subscription, judged at the job level, or null. */
function subscriptionOutlook(engine: Engine, account: AccountOption): ApprovalOutlook | null {
  const sub = account.subscription;
  if (!sub) {
    return {
      step: 'basics',
      message: `You hold no subscription, and approving a scenario at the ${engine} level needs one with ${engine} credits.`,
      fix: subscriptionFix(account),
    };
  }
  if (sub.creditType !== engine) {
    return {
      step: 'basics',
      message: `Your subscription (${sub.plan}) holds ${sub.creditType} credits; a scenario at the ${engine} level needs ${engine} credits, so you could not approve it.`,
      fix: subscriptionFix(account),
    };
  }
  if (sub.expired)
    return { step: 'basics', message: `Your subscription (${sub.plan}) has expired, so you could not approve this scenario.`, fix: 'askOperator' };
  return null;
}

/** Chosen analyses with no price for the level's credits (the server would refuse them at approval). */
function unpricedChoices(values: WizardValues, options: WizardOptions): AnalysisType[] {
  if (!options.prices || !values.engine) return [];
  const priced = new Set(options.prices.filter((p) => p.creditType === values.engine).map((p) => p.analysisType));
  return values.analyses.map((a) => a.analysis_type).filter((t) => !priced.has(t));
}

/** Every reason known so far, in the order of the steps that know them. */
export function approvalOutlooks(values: WizardValues, options: WizardOptions): ApprovalOutlook[] {
  if (!values.engine) return [];
  const found: ApprovalOutlook[] = [];
  const account = options.account;
  const bySubscription = account ? subscriptionOutlook(values.engine, account) : null;
  if (bySubscription) found.push(bySubscription);
  const unpriced = unpricedChoices(values, options);
  if (unpriced.length) {
    found.push({
      step: 'analyses',
      message: `No ${values.engine} price is set for ${unpriced.map((t) => ANALYSIS_LABELS[t].toLowerCase()).join(', ')}, so the scenario could not be approved.`,
      fix: 'askOperator',
    });
  }
  return found;
}

/** What fixes the cost step's block (the server's reason), or null when nothing the user can reach does. */
export function costFix(cost: CostBreakdown, account: AccountOption | undefined): OutlookFix | null {
  if (cost.already_approved || (!cost.blocked_reason && cost.sufficient)) return null;
  const canAssign = account?.canAssign ?? false;
  if (!cost.subscription || cost.subscription.credit_type !== cost.credit_type) return canAssign ? 'assignSubscription' : 'askAdministrator';
  if (cost.subscription.credits_left < cost.total_credits || account?.subscription?.expired) return 'askOperator';
  return null;
}
