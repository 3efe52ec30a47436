/** Add a user to the company: username, e-mail, names, role; they get a link to set a password. */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { companyUsersMachine } from '@machines/company-admin/company-users.machine.ts';
import { selectAddError, selectAdding, selectRoles } from '@machines/company-admin/company-admin.selectors.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { dialogActions, formGrid, stack } from '../../ui/surface.css.ts';

const FIELDS = ['username', 'email', 'first_name', 'last_name', 'role', 'subscription'];

export function AddUserForm({ users }: { users: ActorRefFrom<typeof companyUsersMachine> }) {
  const roles = useSelector(users, selectRoles);
  const adding = useSelector(users, selectAdding);
  const error = useSelector(users, selectAddError);
  const [values, setValues] = useState({ username: '', email: '', first_name: '', last_name: '', role: '' });
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const fields = error?.fields ?? {};
  const general = error && !FIELDS.some((f) => f in fields) ? errorMessage(error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    users.send({
      type: 'user.add',
      user: {
        username: values.username.trim(),
        email: values.email.trim(),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        role: values.role ? Number(values.role) : null,
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className={stack}>
      {general ? <InlineMessage tone="danger">{general}</InlineMessage> : null}
      <div className={formGrid}>
        <TextField id="user-first-name" label="First name" value={values.first_name} onValueChange={set('first_name')} errors={fields.first_name} autoFocus />
        <TextField id="user-last-name" label="Last name" value={values.last_name} onValueChange={set('last_name')} errors={fields.last_name} />
      </div>
      <TextField
        id="user-username"
        label="Username"
        autoComplete="off"
        value={values.username}
        onValueChange={set('username')}
        errors={fields.username}
        required
      />
      <TextField id="user-email" label="E-mail address" type="email" value={values.email} onValueChange={set('email')} errors={fields.email} required />
      <SelectField
        id="user-role"
        label="Role"
        value={values.role}
        placeholder="No role"
        options={roles.map((r) => ({ value: String(r.id), label: r.name }))}
        onValueChange={set('role')}
        errors={fields.role}
      />
      <div className={dialogActions}>
        <Button onClick={() => users.send({ type: 'cancel' })}>Cancel</Button>
        <Button tone="primary" type="submit" disabled={adding}>
          {adding ? 'Adding…' : 'Add user'}
        </Button>
      </div>
    </form>
  );
}
