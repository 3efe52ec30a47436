/**
 * The operator screen's vocabulary. Types come from the server's contract (type-only),
 * so an API change breaks the type check here.
 */
import type { CompanyLimits, EulaVersion, OperatorCompany } from '@canopy/contract/operator.ts';
import type { SimulationPrice, Subscription, SubscriptionTypePrice } from '@canopy/contract/subscriptions.ts';
import type { BadStation } from '@canopy/contract/weather.ts';

export type { BadStation, CompanyLimits, EulaVersion, OperatorCompany, SimulationPrice, Subscription, SubscriptionTypePrice };

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

/** The chosen company: its subscriptions, and its limits with what it uses of them. */
export interface CompanyDetail {
  subscriptions: Subscription[];
  limits: CompanyLimits;
}

/** A company's own limit, or null for the installation's default. */
export interface LimitsChange {
  maxRunningJobs: number | null;
  monthlyComputeHours: number | null;
  storageGb: number | null;
}

/** One change the operator makes; the services carry it out and read the lists again. */
export type OperatorChange =
  | { kind: 'company.create'; name: string }
  | { kind: 'subscription.issue'; companyId: number; plan: string; creditType: CreditType; creditsPerPeriod: number }
  | { kind: 'subscription.update'; id: number; creditsPerPeriod: number }
  | ({ kind: 'limits.update'; companyId: number } & LimitsChange)
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
  company: CompanyDetail | null;
}

/** What a successful change says (shown for the flash duration). */
export const CHANGE_DONE: Record<ChangeKind, string> = {
  'company.create': 'Company created.',
  'subscription.issue': 'Subscription issued.',
  'subscription.update': 'Credits changed.',
  'limits.update': 'Limits changed.',
  'price.update': 'Price changed.',
  'badStation.add': 'Station marked as bad.',
  'badStation.remove': 'Station no longer marked as bad.',
  'eula.publish': 'Agreement published: every user is asked to agree at their next sign-in.',
};
