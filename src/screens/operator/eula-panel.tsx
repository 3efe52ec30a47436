/** The end-user agreement: the current version with how many agreed, and publishing a new one. */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectEulaVersions, selectRefusal, selectSaving } from '@machines/operator/operator.selectors.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { formatDate, formatNumber } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { card, cardBody, cardHeader, muted, sectionTitle, stack } from '../../ui/surface.css.ts';
import type { OperatorRef } from './operator-ref.ts';

export function EulaPanel({ operator }: { operator: OperatorRef }) {
  const versions = useSelector(operator, selectEulaVersions);
  const saving = useSelector(operator, selectSaving);
  const refusal = useSelector(operator, selectRefusal('eula.publish'));
  const current = versions[0];
  const [draft, setDraft] = useState({ version: '', title: current?.title ?? '', body: current?.body ?? '' });
  const fields = refusal?.fields ?? {};

  function publish(event: FormEvent) {
    event.preventDefault();
    operator.send({ type: 'change.submit', change: { kind: 'eula.publish', version: draft.version.trim(), title: draft.title.trim(), body: draft.body } });
  }

  return (
    <section className={card} aria-labelledby="operator-eula">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="operator-eula">
          End-user agreement
        </h2>
        {current ? (
          <span className={muted}>
            Current: version {current.version}, published {formatDate(current.published_at)}, agreed by {formatNumber(current.agreed_count)}
          </span>
        ) : null}
      </header>
      <form className={`${cardBody} ${stack}`} onSubmit={publish} noValidate aria-label="Publish a new version">
        <p className={muted}>Publishing a new version asks every user to agree to it at their next sign-in.</p>
        <TextField
          id="operator-eula-version"
          label="New version"
          hint="For example 2026-03"
          value={draft.version}
          onValueChange={(version) => setDraft((d) => ({ ...d, version }))}
          errors={fields.version}
        />
        <TextField
          id="operator-eula-title"
          label="Title"
          value={draft.title}
          onValueChange={(title) => setDraft((d) => ({ ...d, title }))}
          errors={fields.title}
        />
        <TextareaField
          id="operator-eula-body"
          label="Text"
          rows={10}
          value={draft.body}
          onValueChange={(body) => setDraft((d) => ({ ...d, body }))}
          errors={fields.body}
        />
        {refusal && !['version', 'title', 'body'].some((f) => f in fields) ? <InlineMessage tone="danger">{errorMessage(refusal)}</InlineMessage> : null}
        <div>
          <Button type="submit" tone="primary" disabled={saving || !draft.version.trim() || !draft.title.trim() || !draft.body.trim()}>
            Publish new version
          </Button>
        </div>
      </form>
    </section>
  );
}
