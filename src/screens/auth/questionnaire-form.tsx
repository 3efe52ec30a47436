/**
 * The onboarding questionnaire: answered once, after the first sign-in. Shown on the login
 * route while the flag is on; a successful submission turns the flag off and the app opens.
 */
import { useState, type FormEvent } from 'react';
import { AuthContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { selectIsSubmittingQuestionnaire, selectQuestionnaireError } from '@machines/auth/auth.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { actions, card, page, subtitle, title } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { SelectField } from './select-field.tsx';
import type { SelectOption } from '../../ui/select-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';

const options = (labels: string[]): SelectOption[] => labels.map((label) => ({ value: label, label }));

export const ROLES = options(['Architect', 'Engineer', 'Urban planner', 'Developer or owner', 'Consultant', 'Student or researcher', 'Other']);
export const ORGANISATION_TYPES = options([
  'Architecture practice',
  'Engineering consultancy',
  'Developer or owner',
  'Public authority',
  'University or research',
  'Other',
]);
export const INTENDED_USES = options([
  'Pedestrian wind comfort',
  'Thermal comfort',
  'Solar and shading',
  'Cladding pressure and structural loads',
  'Several of these',
  'Other',
]);

const FIELDS = ['role', 'organisation_type', 'intended_use'] as const;

export function QuestionnaireForm() {
  usePageTitle('A few questions');
  const auth = AuthContext.useActorRef();
  const submitting = AuthContext.useSelector(selectIsSubmittingQuestionnaire);
  const error = AuthContext.useSelector(selectQuestionnaireError);
  const [role, setRole] = useState('');
  const [organisationType, setOrganisationType] = useState('');
  const [intendedUse, setIntendedUse] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    auth.send({ type: 'questionnaire.submit', answers: { role, organisation_type: organisationType, intended_use: intendedUse } });
  }

  return (
    <div className={page}>
      <form className={card} onSubmit={submit} aria-labelledby="questionnaire-title" noValidate>
        <h1 id="questionnaire-title" className={title}>
          A few questions before you start
        </h1>
        <p className={subtitle}>Tell us how you will use Canopy. You answer this once.</p>
        <FormAlert message={formMessage(error, FIELDS)} />
        <SelectField
          id="questionnaire-role"
          label="Your role"
          placeholder="Choose your role"
          options={ROLES}
          value={role}
          onValueChange={setRole}
          errors={fieldErrors(error, 'role')}
          required
        />
        <SelectField
          id="questionnaire-organisation"
          label="Organisation type"
          placeholder="Choose an organisation type"
          options={ORGANISATION_TYPES}
          value={organisationType}
          onValueChange={setOrganisationType}
          errors={fieldErrors(error, 'organisation_type')}
          required
        />
        <SelectField
          id="questionnaire-use"
          label="What will you use Canopy for?"
          placeholder="Choose an intended use"
          options={INTENDED_USES}
          value={intendedUse}
          onValueChange={setIntendedUse}
          errors={fieldErrors(error, 'intended_use')}
          required
        />
        <div className={actions}>
          <Button tone="primary" type="submit" disabled={submitting}>
            {submitting ? 'Saving…' : 'Continue'}
          </Button>
          <Button tone="ghost" type="button" onClick={() => auth.send({ type: 'logout' })}>
            Sign out
          </Button>
        </div>
      </form>
    </div>
  );
}
