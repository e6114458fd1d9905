import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { messages } from '@openrescue/shared';
import { useState } from 'react';
import { ApiRequestError } from '../../../lib/api-errors';
import type { StoredSession } from '../../../lib/session';
import { signInWithEmail } from '../../../lib/session-api';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, try again in a minute.';

/** What to tell the person after a failed sign-in. */
export function loginFailureText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return messages.loginFailedInline;
  if (error.status === 429) return TOO_MANY_ATTEMPTS;
  if (error.status === null || error.status >= 500) return [error.message, error.detail].filter(Boolean).join(' ');
  return messages.loginFailedInline;
}

export interface LoginFormProps {
  onSignedIn: (session: StoredSession) => void;
  /** Locks the form while another sign-in (social) is under way. */
  locked?: boolean;
}

/** Email + password sign-in (spec 2.1). Controls stay disabled after success while the page moves on. */
export function LoginForm({ onSignedIn, locked = false }: LoginFormProps) {
  const [state, setState] = useState<'idle' | 'submitting' | 'success'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: isNotEmpty('Email is required'),
      password: isNotEmpty('Password is required'),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setState('submitting');
    setFailure(null);
    try {
      const session = await signInWithEmail(email.trim(), password);
      setState('success');
      onSignedIn(session);
    } catch (error) {
      console.error(messages.loginFailed);
      setFailure(loginFailureText(error));
      setState('idle');
    }
  });

  const disabled = locked || state !== 'idle';
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" data-testid="login-error">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          disabled={disabled}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          // Mantine's default toggle label contains "password", which makes the field's label ambiguous
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide what you typed' }}
          required
          disabled={disabled}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth disabled={disabled} loading={state === 'submitting'}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
