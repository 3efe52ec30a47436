/**
 * The study's scenarios for the viewer's scenario dropdown, as the configuration routes name them
 * (GET configuration/{cid}/). There is no list route: the study's simulations say which
 * configurations exist, and each is read. The list is read again when that set changes (a scenario
 * added from the dropdown shows up in the reloaded simulations) or when `refresh` changes.
 */
import { useContext, useEffect, useState } from 'react';
import type { Configuration } from '@canopy/contract/scenarios.ts';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { statusLook } from '../project-detail/scenario-status.ts';
import { ViewerServicesContext } from './viewer-services-context.ts';

export interface StudyScenarios {
  status: 'loading' | 'ready' | 'failed';
  scenarios: readonly Configuration[];
}

export function useStudyScenarios(projectId: number, simulations: readonly Simulation[], configurationId: number, refresh = 0): StudyScenarios {
  const services = useContext(ViewerServicesContext);
  const ids = [...new Set([configurationId, ...simulations.map((s) => s.configuration.id)])].sort((a, b) => a - b);
  const key = `${projectId}:${ids.join(',')}:${refresh}`;
  const [state, setState] = useState<{ key: string; status: 'ready' | 'failed'; scenarios: readonly Configuration[] } | null>(null);
  useEffect(() => {
    let live = true;
    const wanted = key.split(':')[1]!.split(',').map(Number);
    services.listConfigurations(projectId, wanted).then(
      (scenarios) => live && setState({ key, status: 'ready', scenarios }),
      () => live && setState((s) => ({ key, status: 'failed', scenarios: s?.scenarios ?? [] })),
    );
    return () => {
      live = false;
    };
  }, [key, projectId, services]);
  // While a new set is read, the previous list stays (no flicker after a reload).
  if (!state) return { status: 'loading', scenarios: [] };
  return state.key === key ? state : { status: 'loading', scenarios: state.scenarios };
}

export interface ScenarioOption {
  value: string;
  label: string;
}

/**
 * The dropdown's scenarios: by id, hidden ones left out (the one shown stays, marked), each named
 * as the server names it, with its status unless it is completed. The shown scenario is always
 * there: while the list is read it says so, and if it could not be read it is 'This scenario' (never an id).
 */
export function scenarioOptions(scenarios: readonly Configuration[], configurationId: number, loading: boolean): ScenarioOption[] {
  const options = [...scenarios]
    .filter((c) => !c.hidden || c.id === configurationId)
    .sort((a, b) => a.id - b.id)
    .map((c) => {
      const status = c.status === 'completed' ? '' : ` · ${statusLook(c.status).label}`;
      return { value: String(c.id), label: `${c.name}${status}${c.hidden ? ' (hidden)' : ''}` };
    });
  if (!options.some((o) => o.value === String(configurationId))) {
    options.unshift({ value: String(configurationId), label: loading ? 'Loading scenarios…' : 'This scenario' });
  }
  return options;
}
