/**
 * The installation operator's screen: companies with their subscriptions and credits,
 * prices, bad weather stations and the end-user agreement. Superusers only (the server refuses
 * everyone else with 403).
 *
 *   operator
 *   ├── loading            loadOverview: companies, both price lists, bad stations, agreement versions
 *   ├── failed             `retry`
 *   └── ready (parallel)
 *       ├── company
 *       │   ├── none       no company chosen
 *       │   ├── loading    loadCompany: the chosen company's subscriptions and limits (`company.select`)
 *       │   ├── shown
 *       │   └── failed     `company.retry`
 *       └── change
 *           ├── idle
 *           ├── saving     applyChange: the call, then the lists read again (`change.submit`)
 *           ├── done       the success notice, for flashDuration; `change.submit` starts another
 *           └── refused    the server's answer (field errors) until the next `change.submit` or `notice.dismiss`
 *
 * Owned by src/screens/operator/operator-screen.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import type { ChangeInput, ChangeOutput, CompanyDetail, OperatorChange, OperatorOverview } from './operator.types.ts';

export interface OperatorContext {
  overview: OperatorOverview | null;
  loadError: ServerError | null;
  companyId: number | null;
  /** The chosen company's subscriptions and limits, once read. */
  company: CompanyDetail | null;
  companyError: ServerError | null;
  /** The change being saved, or the last one saved or refused. */
  change: OperatorChange | null;
  changeError: ServerError | null;
}

export type OperatorEvent =
  | { type: 'retry' }
  | { type: 'company.select'; companyId: number }
  | { type: 'company.retry' }
  | { type: 'change.submit'; change: OperatorChange }
  | { type: 'notice.dismiss' };

/** Any state of the change region but `saving` takes a new change. */
const submit = { 'change.submit': { target: 'saving', actions: 'takeChange' } } as const;

export const operatorMachine = setup({
  types: {
    context: {} as OperatorContext,
    events: {} as OperatorEvent,
  },
  actors: {
    loadOverview: notProvided<OperatorOverview, void>('loadOverview'),
    loadCompany: notProvided<CompanyDetail, { companyId: number }>('loadCompany'),
    applyChange: notProvided<ChangeOutput, ChangeInput>('applyChange'),
  },
  actions: {
    storeOverview: assign((_, overview: OperatorOverview) => ({ overview, loadError: null })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: asServerError(params.error) })),
    chooseCompany: assign(({ event }) => {
      assertEvent(event, 'company.select');
      return { companyId: event.companyId, company: null, companyError: null };
    }),
    storeCompany: assign((_, company: CompanyDetail) => ({ company, companyError: null })),
    storeCompanyError: assign((_, params: { error: unknown }) => ({ companyError: asServerError(params.error) })),
    takeChange: assign(({ event }) => {
      assertEvent(event, 'change.submit');
      return { change: event.change, changeError: null };
    }),
    storeChanged: assign(({ context }, output: ChangeOutput) => ({
      overview: output.overview,
      company: output.company ?? context.company,
    })),
    storeChangeError: assign((_, params: { error: unknown }) => ({ changeError: asServerError(params.error) })),
    forgetChange: assign({ change: null, changeError: null }),
  },
  delays: {
    /** How long a success notice stays (SPEC §9: success flags 3000 ms). */
    flashDuration: 3000,
  },
}).createMachine({
  id: 'operator',
  context: { overview: null, loadError: null, companyId: null, company: null, companyError: null, change: null, changeError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOverview',
        onDone: { target: 'ready', actions: { type: 'storeOverview', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        company: {
          initial: 'none',
          on: { 'company.select': { target: '.loading', actions: 'chooseCompany' } },
          states: {
            none: {},
            loading: {
              invoke: {
                src: 'loadCompany',
                input: ({ context }) => ({ companyId: context.companyId! }),
                onDone: { target: 'shown', actions: { type: 'storeCompany', params: ({ event }) => event.output } },
                onError: { target: 'failed', actions: { type: 'storeCompanyError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            shown: {},
            failed: { on: { 'company.retry': 'loading' } },
          },
        },
        change: {
          initial: 'idle',
          states: {
            idle: { on: submit },
            saving: {
              invoke: {
                src: 'applyChange',
                input: ({ context }) => ({ change: context.change!, companyId: context.companyId }),
                onDone: { target: 'done', actions: { type: 'storeChanged', params: ({ event }) => event.output } },
                onError: { target: 'refused', actions: { type: 'storeChangeError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            done: {
              after: { flashDuration: { target: 'idle', actions: 'forgetChange' } },
              on: { ...submit, 'notice.dismiss': { target: 'idle', actions: 'forgetChange' } },
            },
            refused: {
              on: { ...submit, 'notice.dismiss': { target: 'idle', actions: 'forgetChange' } },
            },
          },
        },
      },
    },
  },
});
