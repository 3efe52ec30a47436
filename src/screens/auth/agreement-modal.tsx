/**
 * The end-user agreement (SPEC §4): while one is pending, this modal blocks the app — Escape and
 * clicks outside do not close it; the only ways on are to agree or to sign out.
 */
import { AuthContext } from '../../app/contexts.ts';
import { selectAgreementError, selectIsAgreeing, selectPendingAgreement } from '@machines/auth/auth.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from './form-alert.tsx';
import { formMessage } from './server-messages.ts';
import { agreementActions, agreementBody } from './agreement-modal.css.ts';

const stayOpen = () => {};

export function AgreementModal() {
  const auth = AuthContext.useActorRef();
  const agreement = AuthContext.useSelector(selectPendingAgreement);
  const agreeing = AuthContext.useSelector(selectIsAgreeing);
  const error = AuthContext.useSelector(selectAgreementError);
  if (!agreement) return null;
  return (
    <Dialog open onOpenChange={stayOpen} title={agreement.title} description="Please read and accept the agreement to continue using Canopy.">
      <div className={agreementBody} tabIndex={0} role="region" aria-label="Agreement text">
        {agreement.body}
      </div>
      <FormAlert message={formMessage(error, [])} />
      <div className={agreementActions}>
        <Button tone="ghost" onClick={() => auth.send({ type: 'logout' })}>
          Sign out
        </Button>
        <Button tone="primary" disabled={agreeing} onClick={() => auth.send({ type: 'agreement.accept' })}>
          {agreeing ? 'Saving…' : 'I agree'}
        </Button>
      </div>
    </Dialog>
  );
}
