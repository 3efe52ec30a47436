/**
 * Binds the operator machine's actors to services: live ones over the API client, fakes in tests
 * (`bindOperatorLogic(fakeServices)` through OperatorLogicContext). After a change the lists are
 * read again, so what the screen shows is what the server holds.
 */
import { createContext } from 'react';
import { fromPromise } from 'xstate';
import { operatorMachine } from '@machines/operator/operator.machine.ts';
import type { ChangeInput, ChangeOutput, CompanyDetail, OperatorChange, OperatorOverview } from '@machines/operator/operator.types.ts';
import { api } from '../api/client.ts';
import * as operatorApi from '../api/operator.ts';
import { asServerCall as call } from '../api/errors.ts';

export interface OperatorServices {
  loadOverview(): Promise<OperatorOverview>;
  loadCompany(companyId: number): Promise<CompanyDetail>;
  apply(change: OperatorChange): Promise<void>;
}

export const liveOperatorServices: OperatorServices = {
  async loadOverview() {
    const [companies, simulationPrices, planPrices, badStations, eulaVersions] = await Promise.all([
      operatorApi.listCompanies(api),
      operatorApi.listSimulationPrices(api),
      operatorApi.listPlanPrices(api),
      operatorApi.listBadStations(api),
      operatorApi.listEulaVersions(api),
    ]);
    return { companies, simulationPrices, planPrices, badStations, eulaVersions };
  },
  async loadCompany(companyId) {
    const [subscriptions, limits] = await Promise.all([operatorApi.listCompanySubscriptions(api, companyId), operatorApi.companyLimits(api, companyId)]);
    return { subscriptions, limits };
  },
  async apply(change) {
    switch (change.kind) {
      case 'company.create':
        await operatorApi.createCompany(api, { name: change.name });
        return;
      case 'subscription.issue':
        await operatorApi.issueSubscription(api, {
          company_id: change.companyId,
          plan: change.plan,
          credit_type: change.creditType,
          credits_per_period: change.creditsPerPeriod,
        });
        return;
      case 'subscription.update':
        await operatorApi.updateSubscription(api, change.id, { credits_per_period: change.creditsPerPeriod });
        return;
      case 'limits.update':
        await operatorApi.updateCompanyLimits(api, change.companyId, {
          max_running_jobs: change.maxRunningJobs,
          monthly_compute_hours: change.monthlyComputeHours,
          storage_bytes: change.storageGb === null ? null : Math.round(change.storageGb * 1024 ** 3),
        });
        return;
      case 'price.update':
        await operatorApi.updateSimulationPrice(api, change.id, { credits: change.credits });
        return;
      case 'badStation.add':
        await operatorApi.addBadStation(api, { wmo: change.wmo, reason: change.reason });
        return;
      case 'badStation.remove':
        await operatorApi.removeBadStation(api, change.id);
        return;
      case 'eula.publish':
        await operatorApi.publishEula(api, { version: change.version, title: change.title, body: change.body });
        return;
    }
  },
};

export function bindOperatorLogic(services: OperatorServices) {
  return operatorMachine.provide({
    actors: {
      loadOverview: fromPromise<OperatorOverview, void>(() => call(() => services.loadOverview())),
      loadCompany: fromPromise<CompanyDetail, { companyId: number }>(({ input }) => call(() => services.loadCompany(input.companyId))),
      applyChange: fromPromise<ChangeOutput, ChangeInput>(({ input }) =>
        call(async () => {
          await services.apply(input.change);
          const [overview, company] = await Promise.all([
            services.loadOverview(),
            input.companyId === null ? Promise.resolve(null) : services.loadCompany(input.companyId),
          ]);
          return { overview, company };
        }),
      ),
    },
  });
}

export type OperatorLogic = ReturnType<typeof bindOperatorLogic>;

export const OperatorLogicContext = createContext<OperatorLogic>(bindOperatorLogic(liveOperatorServices));
