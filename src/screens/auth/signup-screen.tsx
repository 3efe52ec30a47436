/** /signup: create an account (username, e-mail, password, name, company, country and province). */
import { useContext, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { selectIsSigningUp, selectSignedUp, selectSigningInAfterSignup, selectSignupError } from '@machines/auth/auth.selectors.ts';
import {
  selectCountries,
  selectCountriesFailed,
  selectCountriesLoading,
  selectProvinces,
  selectProvincesFailed,
  selectProvincesLoading,
} from '@machines/auth/places.selectors.ts';
import type { Place } from '@machines/auth/places.machine.ts';
import type { SignupDetails } from '@machines/auth/auth.types.ts';
import { AuthContext, AuthLogicContext } from '../../app/contexts.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { card, links, page, row, subtitle, title, wideCard } from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';
import { fieldErrors, formMessage } from './server-messages.ts';
import { useFreshFlow } from './use-fresh-flow.ts';

const EMPTY: SignupDetails = { username: '', email: '', password: '', first_name: '', last_name: '', company: '', country: '', province: '' };
const FIELDS = Object.keys(EMPTY);
const toOptions = (places: Place[]) => places.map((p) => ({ value: p.code, label: p.name }));

export function SignupScreen() {
  usePageTitle('Create an account');
  useFreshFlow();
  const auth = AuthContext.useActorRef();
  const busy = AuthContext.useSelector(selectIsSigningUp);
  const signedUp = AuthContext.useSelector(selectSignedUp);
  const signingIn = AuthContext.useSelector(selectSigningInAfterSignup);
  const error = AuthContext.useSelector(selectSignupError);
  const logic = useContext(AuthLogicContext);
  const places = useActorRef(logic.places);
  const countries = useSelector(places, selectCountries);
  const countriesLoading = useSelector(places, selectCountriesLoading);
  const countriesFailed = useSelector(places, selectCountriesFailed);
  const provinces = useSelector(places, selectProvinces);
  const provincesLoading = useSelector(places, selectProvincesLoading);
  const provincesFailed = useSelector(places, selectProvincesFailed);
  // What the user types (view state, kept across failed attempts).
  const [form, setForm] = useState<SignupDetails>(EMPTY);
  const set = (key: keyof SignupDetails) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  function chooseCountry(country: string) {
    setForm((f) => ({ ...f, country, province: '' }));
    places.send({ type: 'country.select', country });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    auth.send({ type: 'signup.submit', details: form });
  }

  if (signedUp) {
    return (
      <div className={page}>
        <div className={card}>
          <h1 className={title}>Account created</h1>
          {signingIn ? (
            <p role="status">Welcome, {form.first_name || form.username}. Signing you in…</p>
          ) : (
            <>
              <FormAlert tone="notice" message={`Welcome, ${form.first_name || form.username}. Your account is ready: sign in to continue.`} />
              <Link href="/login/">Sign in</Link>
            </>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={page}>
      <form className={wideCard} onSubmit={submit} aria-labelledby="signup-title" noValidate>
        <h1 id="signup-title" className={title}>
          Create an account
        </h1>
        <p className={subtitle}>Username, e-mail and password are needed; the rest sets up your profile and company.</p>
        <FormAlert message={formMessage(error, FIELDS)} />
        <div className={row}>
          <TextField
            id="signup-first-name"
            label="First name"
            autoComplete="given-name"
            value={form.first_name}
            onValueChange={set('first_name')}
            errors={fieldErrors(error, 'first_name')}
          />
          <TextField
            id="signup-last-name"
            label="Last name"
            autoComplete="family-name"
            value={form.last_name}
            onValueChange={set('last_name')}
            errors={fieldErrors(error, 'last_name')}
          />
        </div>
        <TextField
          id="signup-username"
          label="Username"
          autoComplete="username"
          value={form.username}
          onValueChange={set('username')}
          errors={fieldErrors(error, 'username')}
          required
        />
        <TextField
          id="signup-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={form.email}
          onValueChange={set('email')}
          errors={fieldErrors(error, 'email')}
          required
        />
        <TextField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onValueChange={set('password')}
          errors={fieldErrors(error, 'password')}
          required
        />
        <TextField
          id="signup-company"
          label="Company"
          autoComplete="organization"
          value={form.company}
          onValueChange={set('company')}
          errors={fieldErrors(error, 'company')}
        />
        <div className={row}>
          <SelectField
            id="signup-country"
            label="Country"
            placeholder={countriesLoading ? 'Loading countries…' : 'Choose a country'}
            options={toOptions(countries)}
            value={form.country}
            onValueChange={chooseCountry}
            errors={countriesFailed ? ['Countries could not be loaded.', ...fieldErrors(error, 'country')] : fieldErrors(error, 'country')}
          />
          <SelectField
            id="signup-province"
            label="Province or state"
            placeholder={provincesLoading ? 'Loading…' : provinces.length ? 'Choose a province or state' : 'None for this country'}
            options={toOptions(provinces)}
            value={form.province}
            onValueChange={set('province')}
            disabled={provinces.length === 0}
            errors={provincesFailed ? ['Provinces could not be loaded.', ...fieldErrors(error, 'province')] : fieldErrors(error, 'province')}
          />
        </div>
        {countriesFailed || provincesFailed ? (
          <Button type="button" onClick={() => places.send({ type: 'places.retry' })}>
            Try loading the lists again
          </Button>
        ) : null}
        <Button tone="primary" type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <div className={links}>
          <Link href="/login/">I already have an account</Link>
        </div>
      </form>
    </div>
  );
}
