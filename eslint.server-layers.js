// The server's layers and contexts (docs/adr/0028-server-contexts-and-layers.md), as lint zones:
// each zone names the files it governs (target) and what they may not import (from). The rule
// resolves every import to its file, so a relative path cannot slip past it.
//
//   entry points (server/src/*.ts, admin/, dev/)   build the app and the processes: import anything
//   routes, http                                   the API: may import contexts, infrastructure, kernel
//   contexts/<name>                                the behaviour: may import infrastructure, kernel,
//                                                  and another context's public entry (index.ts)
//                                                  where the table USES below allows it
//   infrastructure (db, blobs, realtime, jobs,     the means: may import the kernel only
//     mail, outbound, crypto; env.ts, version.ts,
//     secret-key.ts)
//   kernel/                                        shared words: domain errors, the signed-in
//                                                  user, list queries; imports nothing above
//
// deps.ts is the one exception: the types of the app's dependencies, which every layer receives;
// it holds only types (and the system clock), so it adds no edge at run time.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';

const S = 'server/src';
const INFRASTRUCTURE = ['db', 'blobs', 'realtime', 'jobs', 'mail', 'outbound', 'crypto', 'env.ts', 'version.ts', 'secret-key.ts'].map((dir) => `${S}/${dir}`);
const KERNEL = [`${S}/kernel`];
/** The bounded contexts, each a folder of contexts/. */
const CONTEXT_NAMES = ['accounts', 'projects', 'scenarios', 'compute', 'results', 'transfer'];
const CONTEXTS = `${S}/contexts`;
const API = [`${S}/routes`, `${S}/http`];
/** Entry points: every file at the top of server/src but the infrastructure's and deps.ts, and the admin and dev tools. */
const ENTRY = [`${S}/*.ts`, `${S}/admin/**`, `${S}/dev/**`];
const NOT_ENTRY = ['deps.ts', 'env.ts', 'version.ts', 'secret-key.ts'].map((file) => `**/${S}/${file}`);
/**
 * What a context keeps to itself: its job handlers and its heavy-work tasks are wired to the queue
 * and the pools by the entry points (job-runtime.ts, cpu-tasks.ts), never imported by another layer.
 */
const wiredByEntry = (name) => [`${CONTEXTS}/${name}/handlers/**`, `${CONTEXTS}/${name}/**/heavy-tasks.ts`];
/**
 * Which contexts each context may use (ADR 28 draws the same table). Two-way pairs are still listed
 * where the code has them; a pair not listed is refused, so no new edge between contexts appears
 * without changing this table and the ADR together. No context uses results or transfer: they sit
 * on top.
 */
const USES = {
  accounts: ['projects', 'scenarios'],
  projects: ['accounts'],
  scenarios: ['accounts', 'projects', 'compute'],
  compute: ['projects', 'scenarios'],
  results: ['accounts', 'projects', 'scenarios', 'compute'],
  transfer: ['accounts', 'projects', 'scenarios'],
};
/** A context's public entry: the one module of it that another context may import. */
const PUBLIC_ENTRY = 'index.ts';

const zones = [
  {
    target: [...INFRASTRUCTURE, ...KERNEL, CONTEXTS],
    from: API,
    message: 'Routes and http sit above the contexts: raise a DomainError (kernel/domain-errors.ts) and let http map it.',
  },
  {
    target: [...INFRASTRUCTURE, ...KERNEL, CONTEXTS, ...API],
    from: ENTRY,
    except: NOT_ENTRY,
    message: 'Entry points wire the layers together; nothing below imports them.',
  },
  {
    target: [...INFRASTRUCTURE, ...KERNEL],
    from: CONTEXTS,
    message: 'Infrastructure knows no context: the context registers itself with it (from an entry point).',
  },
  {
    target: KERNEL,
    from: INFRASTRUCTURE,
    message: 'The kernel is the bottom layer.',
  },
  ...CONTEXT_NAMES.map((name) => ({
    target: [...API, ...INFRASTRUCTURE, ...KERNEL, ...CONTEXT_NAMES.filter((other) => other !== name).map((other) => `${CONTEXTS}/${other}`)],
    from: wiredByEntry(name),
    message: "A context's job handlers and heavy tasks are wired by the entry points, not imported from outside it.",
  })),
  // The handlers are not part of a context's public entry either, so the entry cannot pass them on.
  ...CONTEXT_NAMES.map((name) => ({
    target: `${CONTEXTS}/${name}/${PUBLIC_ENTRY}`,
    from: wiredByEntry(name),
    message: "A context's public entry does not pass on its job handlers or heavy tasks: the entry points wire them.",
  })),
  ...CONTEXT_NAMES.flatMap((name) =>
    CONTEXT_NAMES.filter((other) => other !== name).map((other) =>
      USES[name].includes(other)
        ? {
            target: `${CONTEXTS}/${name}`,
            from: `${CONTEXTS}/${other}`,
            except: [`./${PUBLIC_ENTRY}`],
            message: `Another context is reached through its public entry: import from contexts/${other}/${PUBLIC_ENTRY}, and export what is needed there.`,
          }
        : {
            target: `${CONTEXTS}/${name}`,
            from: `${CONTEXTS}/${other}`,
            message: `The ${name} context does not use the ${other} context (the table of contexts in eslint.server-layers.js and ADR 28).`,
          },
    ),
  ),
];

export const serverLayers = {
  files: [`${S}/**/*.ts`],
  // Tests build apps and workers as the entry points do.
  ignores: [`${S}/**/*.test.ts`],
  plugins: { 'import-x': importX },
  // Zones are paths from the repository's root, wherever eslint is started.
  rules: { 'import-x/no-restricted-paths': ['error', { zones, basePath: dirname(fileURLToPath(import.meta.url)) }] },
};
