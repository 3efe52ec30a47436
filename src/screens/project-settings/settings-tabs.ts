/** The project settings tabs (SPEC §2) as the route names them, with their labels. */
import { PROJECT_SETTINGS_TABS } from '../../app/route-table.ts';

export type SettingsTab = (typeof PROJECT_SETTINGS_TABS)[number];

export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  details: 'Details',
  scenarios: 'Scenarios',
  'parameter-sets': 'Parameter sets',
  resources: 'Resources',
  share: 'Share',
  admin: 'Admin',
  files: 'Files',
};

export function isSettingsTab(tab: string): tab is SettingsTab {
  return (PROJECT_SETTINGS_TABS as readonly string[]).includes(tab);
}
