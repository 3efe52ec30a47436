/**
 * The share UI of a Published insight or report: make a read-only link with an expiry and
 * an optional password, see the new link's address once (to copy), list the live links with their
 * last use, change the sites that may embed one, revoke one after confirmation. The machine (machines/share-links/) does the work.
 */
import { useContext, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ShareLink, ShareTarget } from '@machines/share-links/share-links.machine.ts';
import * as sel from '@machines/share-links/share-links.selectors.ts';
import { bindShareLinks, ShareLinksServicesContext } from '../../services/share-links-services.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate, formatRelative } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import * as css from './share-links.css.ts';

/** Sites typed one after another, separated by spaces, commas or new lines. */
const sitesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** How long a new link lives, in days (the server allows up to a year). */
const EXPIRIES = [1, 7, 30, 90, 365];

export function ShareLinksPanel({ target, now = () => new Date() }: { target: ShareTarget; now?: () => Date }) {
  const services = useContext(ShareLinksServicesContext);
  const logic = useMemo(() => bindShareLinks(services), [services]);
  const actor = useActorRef(logic, { input: { target } });
  const links = useSelector(actor, sel.selectLinks);
  const loading = useSelector(actor, sel.selectLinksLoading);
  const listError = useSelector(actor, sel.selectLinksError);
  const creating = useSelector(actor, sel.selectCreating);
  const created = useSelector(actor, sel.selectCreated);
  const fieldErrors = useSelector(actor, sel.selectFormErrors);
  const confirming = useSelector(actor, sel.selectRevokeConfirmation);
  const success = useSelector(actor, sel.selectLinksSuccess);
  const failure = useSelector(actor, sel.selectLinksFailure);
  const editingSites = useSelector(actor, sel.selectEditingSites);
  const [days, setDays] = useState('7');
  const [password, setPassword] = useState('');
  const [sites, setSites] = useState('');
  const fullAddress = created ? new URL(created.url, window.location.origin).toString() : '';
  const embedAddress = created ? new URL(`/embed/${created.token}`, window.location.origin).toString() : '';
  const snippet = `<iframe src="${embedAddress}" title="Canopy ${target.kind}" width="800" height="600" loading="lazy"></iframe>`;

  return (
    <section className={css.panel} aria-label="Share links">
      <h4>Share {target.kind === 'insight' ? 'this insight' : 'this report'}</h4>
      <p className={css.muted}>Anyone with the link can read it, without an account, until it expires or you revoke it.</p>
      {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
      {failure ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}
      <form
        className={css.row}
        aria-label="New share link"
        onSubmit={(e) => {
          e.preventDefault();
          const expiresAt = new Date(now().getTime() + Number(days) * 86_400_000).toISOString();
          const frameAncestors = sitesOf(sites);
          actor.send({ type: 'link.create', link: { expiresAt, password: password || null, frameAncestors } });
          setPassword('');
        }}
      >
        <SelectField
          id="share-expiry"
          label="Expires after"
          value={days}
          onValueChange={setDays}
          options={EXPIRIES.map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days` }))}
        />
        <TextField
          id="share-password"
          label="Password (optional)"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          errors={[...(fieldErrors.password ?? []), ...(fieldErrors.expires_at ?? []), ...(fieldErrors.insight_id ?? []), ...(fieldErrors.report_id ?? [])]}
        />
        <TextField
          id="share-sites"
          label="Sites that may embed it (optional)"
          placeholder="https://example.com"
          value={sites}
          onValueChange={setSites}
          errors={Object.entries(fieldErrors)
            .filter(([field]) => field.startsWith('frame_ancestors'))
            .flatMap(([, messages]) => messages)}
        />
        <Button type="submit" size="sm" tone="primary" disabled={creating}>
          Create link
        </Button>
      </form>
      {created ? (
        <div className={css.panel} role="status" aria-label="New link">
          <p>Copy the link now: it is shown only once.</p>
          <code className={css.address}>{fullAddress}</code>
          {created.frame_ancestors.length ? (
            <>
              <p>To embed it in {created.frame_ancestors.join(', ')}:</p>
              <code className={css.address} aria-label="Embed snippet">
                {snippet}
              </code>
            </>
          ) : null}
          <div className={css.row}>
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(fullAddress)}>
              Copy link
            </Button>
            {created.frame_ancestors.length ? (
              <Button size="sm" onClick={() => void navigator.clipboard?.writeText(snippet)}>
                Copy embed snippet
              </Button>
            ) : null}
            <Button size="sm" onClick={() => actor.send({ type: 'created.dismiss' })}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      {loading ? <p className={css.muted}>Loading links…</p> : null}
      {listError ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => actor.send({ type: 'links.retry' })}>
              Retry
            </Button>
          }
        >
          {listError}
        </InlineMessage>
      ) : null}
      {!loading && !listError && links.length === 0 ? <p className={css.muted}>No live links.</p> : null}
      {links.length ? (
        <ul className={css.list} aria-label="Live links">
          {links.map((link) => (
            <li key={link.id} className={css.linkRow}>
              <div className={css.item}>
                <span>
                  Expires {formatDate(link.expires_at)}
                  {link.has_password ? ' · password' : ''} · {link.last_used_at ? `last opened ${formatRelative(link.last_used_at, now())}` : 'never opened'}
                  {link.frame_ancestors.length ? ` · embeddable in ${link.frame_ancestors.join(', ')}` : ''}
                </span>
                <span className={css.row}>
                  <Button size="sm" disabled={editingSites === link.id} onClick={() => actor.send({ type: 'sites.edit', linkId: link.id })}>
                    Embedding sites
                  </Button>
                  <Button size="sm" tone="danger" onClick={() => actor.send({ type: 'link.revoke', linkId: link.id })}>
                    Revoke
                  </Button>
                </span>
              </div>
              {editingSites === link.id ? <SitesForm actor={actor} link={link} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke share link?"
        description={confirming ? `The link that expires ${formatDate(confirming.expires_at)} will stop working at once. This cannot be undone.` : undefined}
        confirmLabel="Revoke"
        tone="danger"
        onConfirm={() => actor.send({ type: 'revoke.confirm' })}
        onCancel={() => actor.send({ type: 'cancel' })}
      />
    </section>
  );
}

type ShareLinksRef = ActorRefFrom<ReturnType<typeof bindShareLinks>>;

/** A live link's embedding sites, changed in place; the server's errors for each site show under the field. */
function SitesForm({ actor, link }: { actor: ShareLinksRef; link: ShareLink }) {
  const saving = useSelector(actor, sel.selectSavingSites);
  const errors = useSelector(actor, sel.selectSitesErrors);
  const [text, setText] = useState(link.frame_ancestors.join(' '));
  return (
    <form
      className={css.row}
      aria-label={`Embedding sites of the link that expires ${formatDate(link.expires_at)}`}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'sites.save', frameAncestors: sitesOf(text) });
      }}
    >
      <TextField
        id={`share-sites-${link.id}`}
        label="Sites that may embed it (none: it cannot be embedded)"
        placeholder="https://example.com"
        value={text}
        onValueChange={setText}
        errors={errors}
      />
      <Button type="submit" size="sm" tone="primary" disabled={saving}>
        Save sites
      </Button>
      <Button size="sm" onClick={() => actor.send({ type: 'cancel' })}>
        Cancel
      </Button>
    </form>
  );
}
