/**
 * Names for the breadcrumb (project › study › scenario). Screens that load these objects publish
 * their names; until then the breadcrumb shows the ids from the route.
 */
import { createContext, useContext, useEffect } from 'react';

export interface CrumbNames {
  project?: string;
  study?: string;
  scenario?: string;
}

export const BreadcrumbContext = createContext<{ names: CrumbNames; setNames(names: CrumbNames): void }>({
  names: {},
  setNames: () => {},
});

export function useBreadcrumbNames(names: CrumbNames): void {
  const { setNames } = useContext(BreadcrumbContext);
  useEffect(() => {
    setNames(names);
    return () => setNames({});
  }, [names.project, names.study, names.scenario, setNames]); // eslint-disable-line react-hooks/exhaustive-deps
}
