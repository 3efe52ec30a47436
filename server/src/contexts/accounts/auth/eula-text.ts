/**
 * The end-user agreement seeded on every database (server/src/seed.ts). A new text is a new
 * version: add it here with a later date, and every user accepts it again on next sign-in.
 */
export const CURRENT_EULA = {
  version: '2026-01',
  title: 'Canopy end-user agreement',
  publishedAt: new Date('2026-01-01T00:00:00Z'),
  body: [
    'Canopy is open-source software for building microclimate studies, provided by the operator of this installation.',
    '',
    '1. Your account. Keep your password and sign-in codes to yourself. You are responsible for what is done with your account.',
    "2. Your data. Projects, geometry, weather data and results you upload or create stay yours and your company's. The operator stores them to run the service and does not use them for anything else.",
    '3. Results. Simulation results are engineering estimates. They depend on the inputs, the models and their stated limits, and must be reviewed by a qualified person before they inform design or safety decisions.',
    "4. Fair use. Do not try to reach other companies' data, disrupt the service, or use it to break the law.",
    '5. Sharing. When you share a project, the people you share it with see it as your permissions allow. You can withdraw a share at any time.',
    '6. No warranty. The software is provided "as is", without warranty of any kind, as its licence (AGPL-3.0-or-later) says.',
    '7. Changes. A new version of this agreement is shown to you before you continue to use the service.',
  ].join('\n'),
} as const;
