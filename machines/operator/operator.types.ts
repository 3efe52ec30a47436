/**
 * The operator screen's vocabulary (issue 16). Types come from the server's contract (type-only),
 * so an API change breaks the type check here.
 */
import type { EulaVersion, OperatorCompany } from '@canopy/contract/operator.ts';
import type { SimulationPrice, Subscription, SubscriptionTypePrice } from '@canopy/contract/subscriptions.ts';
import type { BadStation } from '@canopy/contract/weather.ts';

export type { BadStation, EulaVersion, OperatorCompany, SimulationPrice, Subscription, SubscriptionTypePrice };

export type CreditType = 'AI' | 'CFD';

/** Everything the screen lists, read together and again after every change. */
export interface OperatorOverview {
  companies: OperatorCompany[];
  simulationPrices: SimulationPrice[];
  planPrices: SubscriptionTypePrice[];
  badStations: BadStation[];
  /** Newest (current) first. */
  eulaVersions: EulaVersion[];
}

/** One change the operator makes; the services carry it out and read the lists again. */
export type OperatorChange =
  | { kind: 'company.create'; name: string }
  | { kind: 'subscription.issue'; companyId: number; plan: string; creditType: CreditType; creditsPerPeriod: number }
  | { kind: 'subscription.update'; id: number; creditsPerPeriod: number }
  | { kind: 'price.update'; id: number; credits: number }
  | { kind: 'badStation.add'; wmo: string; reason: string }
  | { kind: 'badStation.remove'; id: number }
  | { kind: 'eula.publish'; version: string; title: string; body: string };

export type ChangeKind = OperatorChange['kind'];

export interface ChangeInput {
  change: OperatorChange;
  /** The company shown, whose subscriptions are read again too. */
  companyId: number | null;
}

export interface ChangeOutput {
  overview: OperatorOverview;
  subscriptions: Subscription[] | null;
}

/** What a successful change says (shown for the flash duration). */
export const CHANGE_DONE: Record<ChangeKind, string> = {
  'company.create': 'Company created.',
  'subscription.issue': 'Subscription issued.',
  'subscription.update': 'Credits changed.',
  'price.update': 'Price changed.',
  'badStation.add': 'Station marked as bad.',
  'badStation.remove': 'Station no longer marked as bad.',
  'eula.publish': 'Agreement published: every user is asked to agree at their next sign-in.',
};
