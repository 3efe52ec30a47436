/**
 * The lint rule that keeps the server's layers one way (eslint.server-layers.js, ADR 28) fails on a
 * wrong-way import: each case lints one planted import, as if written in a file of that layer, with
 * the repository's own ESLint configuration. The right-way twin of each passes, so the rule is not
 * simply refusing everything.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The layer rule's messages for `source` written in the file `filePath` (from the repository's root). */
async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const planted = value;\n`, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// Loading the configuration's plugins takes seconds on a busy machine; the first lint pays for it.
describe('the server layers rule', { timeout: 120_000 }, () => {
  it('refuses infrastructure importing a context', async () => {
    const errors = await layerErrors('server/src/db/planted.ts', "import { ROLES as value } from '../contexts/accounts/roles.ts';");
    expect(errors).toEqual([expect.stringMatching(/Infrastructure knows no context/)]);
  });

  it('refuses a context importing the HTTP layer or a route', async () => {
    const http = await layerErrors('server/src/contexts/projects/planted.ts', "import { ApiError as value } from '../../http/errors.ts';");
    expect(http).toEqual([expect.stringMatching(/raise a DomainError/)]);
    const route = await layerErrors('server/src/contexts/projects/planted.ts', "import { registerRoutes as value } from '../../routes/index.ts';");
    expect(route).toEqual([expect.stringMatching(/raise a DomainError/)]);
  });

  it('refuses a route or a context importing an entry point', async () => {
    const errors = await layerErrors('server/src/routes/planted.ts', "import { CPU_TASKS as value } from '../cpu-tasks.ts';");
    expect(errors).toEqual([expect.stringMatching(/Entry points wire the layers/)]);
  });

  it("refuses another context's job handlers and heavy tasks, and allows its own", async () => {
    const other = await layerErrors('server/src/contexts/results/planted.ts', "import { computeJobHandlers as value } from '../compute/handlers/index.ts';");
    expect(other).toContainEqual(expect.stringMatching(/wired by the entry points/));
    const own = await layerErrors('server/src/contexts/compute/planted.ts', "import { computeJobHandlers as value } from './handlers/index.ts';");
    expect(own).toEqual([]);
  });

  it("refuses a context reaching inside another, and allows the other's public entry", async () => {
    const deep = await layerErrors('server/src/contexts/scenarios/planted.ts', "import { CFD_WIND_JOB as value } from '../compute/cfd/cfd-plan.ts';");
    expect(deep).toEqual([expect.stringMatching(/through its public entry: import from contexts\/compute\/index.ts/)]);
    const entry = await layerErrors('server/src/contexts/scenarios/planted.ts', "import { CFD_WIND_JOB as value } from '../compute/index.ts';");
    expect(entry).toEqual([]);
  });

  it('refuses a context using one the table of contexts does not let it use, even through its entry', async () => {
    const errors = await layerErrors('server/src/contexts/projects/planted.ts', "import { CFD_WIND_JOB as value } from '../compute/index.ts';");
    expect(errors).toEqual([expect.stringMatching(/The projects context does not use the compute context/)]);
  });

  it("refuses a context's public entry passing on its job handlers", async () => {
    const errors = await layerErrors('server/src/contexts/compute/index.ts', "export { computeJobHandlers as value } from './handlers/index.ts';");
    expect(errors).toEqual([expect.stringMatching(/public entry does not pass on its job handlers/)]);
  });

  it('allows the right way down: a route to a context, a context to infrastructure and the kernel', async () => {
    expect(await layerErrors('server/src/routes/planted.ts', "import { ROLES as value } from '../contexts/accounts/roles.ts';")).toEqual([]);
    expect(await layerErrors('server/src/contexts/projects/planted.ts', "import { DomainError as value } from '../../kernel/domain-errors.ts';")).toEqual([]);
    expect(await layerErrors('server/src/contexts/projects/planted.ts', "import { jobs as value } from '../../db/schema/index.ts';")).toEqual([]);
  });
});
