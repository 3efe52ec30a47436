#!/usr/bin/env node
// Names the test files and tests of a vitest JSON report (--reporter=json) that did not pass. A
// worker that dies mid-file ("Worker exited unexpectedly") leaves its file neither passed nor
// failed in the console summary, and the console never says which file it was; the report does
// (the test that was running is left "pending").
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

for (const path of process.argv.slice(2)) {
  if (!existsSync(path)) {
    console.log(`${path}: no report (the run ended before writing it)`);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of report.testResults ?? []) {
    const open = (file.assertionResults ?? []).filter((t) => !['passed', 'skipped', 'todo', 'disabled'].includes(t.status));
    if (file.status === 'passed' && open.length === 0) continue;
    console.log(`file ${relative(process.cwd(), file.name)}: ${file.status}${file.message ? ` (${file.message.split('\n')[0]})` : ''}`);
    for (const t of open) console.log(`  test "${t.fullName}": ${t.status}`);
  }
}
