/**
 * One company's share of the installation: jobs running at once, analysis compute a month and
 * storage, each with what the company uses now, as fields the operator may change (blank: the
 * installation's default).
 */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectCompanyLimits, selectRefusal, selectSaving } from '@machines/operator/operator.selectors.ts';
import type { CompanyLimits, OperatorCompany } from '@machines/operator/operator.types.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { formatNumber } from '../../ui/format.ts';
import { card, cardBody, cardHeader, muted, sectionTitle, toolbar } from '../../ui/surface.css.ts';
import type { OperatorRef } from './operator-ref.ts';

const GB = 1024 ** 3;
const gb = (bytes: number) => Math.round((bytes / GB) * 100) / 100;

/** The fields as the operator left them: a company's own limit, or blank for the default. */
function draftOf(limits: CompanyLimits) {
  return {
    jobs: limits.max_running_jobs_is_default ? '' : String(limits.max_running_jobs),
    hours: limits.monthly_compute_hours_is_default ? '' : String(limits.monthly_compute_hours),
    storage: limits.storage_bytes_is_default ? '' : String(gb(limits.storage_bytes)),
  };
}

/** Blank is the default (null); otherwise a number, or undefined when it is not one. */
function parse(value: string, integer: boolean): number | null | undefined {
  if (value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) return undefined;
  return n;
}

const usage = (used: string, limit: string, isDefault: boolean) => `${used} of ${limit}${isDefault ? ' (the installation’s default)' : ''}`;

export function CompanyLimitsPanel({ operator, company }: { operator: OperatorRef; company: OperatorCompany }) {
  const limits = useSelector(operator, selectCompanyLimits);
  if (!limits) return null;
  // Keyed by what the server holds, so the fields start again from it after a change.
  return <LimitsForm key={JSON.stringify(draftOf(limits))} operator={operator} company={company} limits={limits} />;
}

function LimitsForm({ operator, company, limits }: { operator: OperatorRef; company: OperatorCompany; limits: CompanyLimits }) {
  const saving = useSelector(operator, selectSaving);
  const refusal = useSelector(operator, selectRefusal('limits.update'));
  const [draft, setDraft] = useState(() => draftOf(limits));
  const jobs = parse(draft.jobs, true);
  const hours = parse(draft.hours, true);
  const storage = parse(draft.storage, false);
  const valid = jobs !== undefined && hours !== undefined && storage !== undefined;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    operator.send({
      type: 'change.submit',
      change: { kind: 'limits.update', companyId: company.id, maxRunningJobs: jobs, monthlyComputeHours: hours, storageGb: storage },
    });
  }

  return (
    <section className={card} aria-labelledby="operator-company-limits">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="operator-company-limits">
          Limits of {company.name}
        </h2>
      </header>
      <ul className={`${cardBody} ${muted}`} aria-label="Use now">
        <li>Jobs running now: {usage(formatNumber(limits.running_jobs), formatNumber(limits.max_running_jobs), limits.max_running_jobs_is_default)}</li>
        <li>
          Analysis compute this month:{' '}
          {usage(
            `${formatNumber(limits.compute_hours_this_month)} h`,
            `${formatNumber(limits.monthly_compute_hours)} h`,
            limits.monthly_compute_hours_is_default,
          )}
        </li>
        <li>
          Storage: {usage(`${formatNumber(gb(limits.stored_bytes))} GB`, `${formatNumber(gb(limits.storage_bytes))} GB`, limits.storage_bytes_is_default)}
        </li>
      </ul>
      <form className={`${cardBody} ${toolbar}`} onSubmit={save} noValidate aria-label="Change the limits">
        <p className={muted}>A blank field is the installation’s default.</p>
        <TextField
          id="operator-limit-jobs"
          label="Jobs running at once"
          inputMode="numeric"
          placeholder="Default"
          value={draft.jobs}
          onValueChange={(value) => setDraft((d) => ({ ...d, jobs: value }))}
          errors={refusal?.fields.max_running_jobs ?? (jobs === undefined ? ['Enter a whole number of jobs, or leave it blank for the default.'] : undefined)}
        />
        <TextField
          id="operator-limit-hours"
          label="Compute per month (h)"
          inputMode="numeric"
          placeholder="Default"
          value={draft.hours}
          onValueChange={(value) => setDraft((d) => ({ ...d, hours: value }))}
          errors={
            refusal?.fields.monthly_compute_hours ?? (hours === undefined ? ['Enter a whole number of hours, or leave it blank for the default.'] : undefined)
          }
        />
        <TextField
          id="operator-limit-storage"
          label="Storage (GB)"
          inputMode="decimal"
          placeholder="Default"
          value={draft.storage}
          onValueChange={(value) => setDraft((d) => ({ ...d, storage: value }))}
          errors={refusal?.fields.storage_bytes ?? (storage === undefined ? ['Enter a number of gigabytes, or leave it blank for the default.'] : undefined)}
        />
        <Button type="submit" tone="primary" disabled={saving || !valid}>
          Save limits
        </Button>
        {refusal && !['max_running_jobs', 'monthly_compute_hours', 'storage_bytes'].some((f) => f in refusal.fields) ? (
          <InlineMessage tone="danger">{errorMessage(refusal)}</InlineMessage>
        ) : null}
      </form>
    </section>
  );
}
