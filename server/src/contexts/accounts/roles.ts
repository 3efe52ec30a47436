/**
 * The SPEC §6 permission strings and the roles that hold them (documented in docs/authorization.md).
 * The spec leaves role names open; these four cover how engineering consultancies work.
 */
export const PERMISSIONS = [
  'projects.add_project',
  'projects.edit-all-company-projects',
  'projects.change_project',
  'projects.fetch-MET-manually',
  'simulation_assets.add_configuration',
  'simulation_assets.change_configuration',
  'custom_auth.change_user',
  'custom_auth.change_sharegroup',
  'projects.add_insight',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES: ReadonlyArray<{ name: string; description: string; permissions: readonly Permission[] }> = [
  {
    name: 'Org Admin',
    description: 'Manages the company: users, roles, share groups, subscriptions; changes every company project.',
    permissions: PERMISSIONS,
  },
  {
    name: 'Project Manager',
    description: 'Creates and changes projects and scenarios, fetches weather, writes insights.',
    permissions: [
      'projects.add_project',
      'projects.change_project',
      'projects.fetch-MET-manually',
      'simulation_assets.add_configuration',
      'simulation_assets.change_configuration',
      'projects.add_insight',
    ],
  },
  {
    name: 'Engineer',
    description: 'Works on projects shared with or administered by them: scenarios and insights.',
    permissions: ['projects.change_project', 'simulation_assets.add_configuration', 'simulation_assets.change_configuration', 'projects.add_insight'],
  },
  { name: 'Viewer', description: 'Reads projects and published insights.', permissions: [] },
];
