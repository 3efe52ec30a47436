/**
 * Comfort criteria: the built-in pedestrian wind comfort criteria, read only, and the
 * company's own criterion tables, which an Org Admin (custom_auth.change_user) adds — from scratch
 * or from a built-in one —, edits and deletes after a confirmation. Every member may look. The
 * tables appear in the scenario wizard and the viewer wherever a criterion is chosen.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';
import type { companyCriteriaMachine } from '@machines/company-criteria/company-criteria.machine.ts';
import {
  selectBuiltIn,
  selectBusy,
  selectDeletion,
  selectEditorOpen,
  selectEditorStart,
  selectFailure,
  selectListError,
  selectLoading,
  selectSaveErrors,
  selectSuccess,
  selectTables,
} from '@machines/company-criteria/company-criteria.selectors.ts';
import { companyCriteriaLogic } from '../../services/company-criteria-services.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { CollectionPanel } from '../../ui/collection-panel.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { actions, card, cardHeader, muted, sectionTitle } from '../../ui/surface.css.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { stackColumn } from './company-admin.css.ts';
import { CriterionForm } from './criterion-form.tsx';
import { classList, swatch } from './criteria.css.ts';

const SPEED_BASIS: Record<Criterion['speedType'], string> = { hourlyMean: 'Hourly mean', maxMeanGem: 'Max of mean and GEM' };

/** Units keep to their numbers when a line wraps (no-break spaces). */
const pct = (share: number) => `${Number((share * 100).toPrecision(12))}\u00a0%`;
const ms = (speed: number) => `${speed}\u00a0m/s`;

function Classes({ criterion }: { criterion: Criterion }) {
  const test = criterion.exceedanceComparison === 'lessThan' ? '<' : '≤';
  return (
    <ul className={classList}>
      {criterion.classes.map((c) => (
        <li key={c.label}>
          <span className={swatch} style={{ background: c.colour }} aria-hidden="true" />
          {c.thresholdMs === null || c.allowedExceedance === null
            ? `${c.label}: every other point`
            : `${c.label}: P(U\u00a0>\u00a0${ms(c.thresholdMs)}) ${test}\u00a0${pct(c.allowedExceedance)}`}
        </li>
      ))}
      {criterion.safety.map((s) => (
        <li key={`safety-${s.label}`}>
          <span className={swatch} style={{ background: s.colour }} aria-hidden="true" />
          {`${s.label} (safety): P(U\u00a0>\u00a0${ms(s.thresholdMs)}) >\u00a0${pct(s.allowedExceedance)}`}
        </li>
      ))}
    </ul>
  );
}

const defaultLogic = companyCriteriaLogic();

export function CriteriaPanel({ canManage, logic = defaultLogic }: { canManage: boolean; logic?: typeof companyCriteriaMachine }) {
  const criteria = useActorRef(logic);
  const builtIn = useSelector(criteria, selectBuiltIn);
  const tables = useSelector(criteria, selectTables);
  const loading = useSelector(criteria, selectLoading);
  const error = useSelector(criteria, selectListError);
  const busy = useSelector(criteria, selectBusy);
  const editorOpen = useSelector(criteria, selectEditorOpen);
  const editor = useSelector(criteria, selectEditorStart);
  const saveErrors = useSelector(criteria, selectSaveErrors);
  const deletion = useSelector(criteria, selectDeletion);
  const success = useSelector(criteria, selectSuccess);
  const failure = useSelector(criteria, selectFailure);
  const retry = () => criteria.send({ type: 'criteria.retry' });

  return (
    <div className={stackColumn}>
      {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
      {failure ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}

      <section className={card} aria-labelledby="company-criteria-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="company-criteria-title">
            Your company’s criterion tables
          </h2>
          {canManage ? (
            <Button size="sm" tone="primary" disabled={busy || editorOpen} onClick={() => criteria.send({ type: 'table.new' })}>
              New table
            </Button>
          ) : (
            <span className={muted}>Org Admins add and change them.</span>
          )}
        </header>
        <CollectionPanel
          loading={loading}
          error={error}
          onRetry={retry}
          empty={
            tables.length === 0
              ? {
                  title: 'No criterion tables of your own',
                  description:
                    'A company table classifies wind comfort with your own classes, thresholds and allowed exceedances, beside the built-in criteria.',
                }
              : null
          }
        >
          <DataTable
            columns={[
              {
                title: 'Table',
                cell: (t) => (
                  <>
                    <div>{t.name}</div>
                    {t.description ? <div className={muted}>{t.description}</div> : null}
                  </>
                ),
              },
              { title: 'Speed basis', cell: (t) => SPEED_BASIS[t.speedType] },
              { title: 'Classes', cell: (t) => <Classes criterion={t} /> },
            ]}
            rows={tables}
            rowKey={(t) => t.pk}
            actions={
              canManage
                ? (t) => (
                    <div className={actions}>
                      <Button size="sm" disabled={busy} onClick={() => criteria.send({ type: 'table.edit', pk: t.pk })} aria-label={`Edit ${t.name}`}>
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        tone="ghost"
                        disabled={busy || editorOpen}
                        onClick={() => criteria.send({ type: 'table.delete', pk: t.pk })}
                        aria-label={`Delete ${t.name}`}
                      >
                        Delete
                      </Button>
                    </div>
                  )
                : undefined
            }
          />
        </CollectionPanel>
      </section>

      {editorOpen && editor ? (
        <CriterionForm
          // A new start (another table, or a built-in copied) is a new form.
          key={editor.mode === 'edit' ? `edit-${editor.start && 'pk' in editor.start ? editor.start.pk : ''}` : `new-${editor.start?.id ?? 'blank'}`}
          mode={editor.mode}
          start={editor.start}
          serverErrors={saveErrors}
          busy={busy}
          onSave={(t) => criteria.send({ type: 'table.save', table: t })}
          onClose={() => criteria.send({ type: 'table.close' })}
        />
      ) : null}

      <section className={card} aria-labelledby="builtin-criteria-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="builtin-criteria-title">
            Built-in criteria
          </h2>
          <Badge>Read only</Badge>
        </header>
        <CollectionPanel loading={loading} error={error} onRetry={retry}>
          <DataTable
            columns={[
              {
                title: 'Criterion',
                cell: (c) => (
                  <>
                    <div>{c.name}</div>
                    {c.source ? <div className={muted}>{c.source}</div> : null}
                  </>
                ),
              },
              { title: 'Speed basis', cell: (c) => SPEED_BASIS[c.speedType] },
              { title: 'Classes', cell: (c) => <Classes criterion={c} /> },
            ]}
            rows={builtIn}
            rowKey={(c) => c.id}
            actions={
              canManage
                ? (c) => (
                    <Button size="sm" disabled={busy} onClick={() => criteria.send({ type: 'table.new', from: c })} aria-label={`New table from ${c.name}`}>
                      Copy as new table
                    </Button>
                  )
                : undefined
            }
          />
        </CollectionPanel>
      </section>

      <ConfirmDialog
        open={deletion !== null}
        title={`Delete “${deletion?.name ?? ''}”?`}
        description="Scenarios that name this table can no longer run with it; results already computed keep their copy of the table."
        confirmLabel="Delete table"
        tone="danger"
        onConfirm={() => criteria.send({ type: 'deletion.confirm' })}
        onCancel={() => criteria.send({ type: 'cancel' })}
      />
    </div>
  );
}
