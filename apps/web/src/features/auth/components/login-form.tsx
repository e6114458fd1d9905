import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { messages } from '@openrescue/shared';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-errors';
import { formIsLive } from '../../../lib/early-submit';
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

  // login.html comes pre-rendered, so a password manager (or a quick hand) can fill the fields, and even send the form,
  // before React has taken them over: React keeps what is in the fields, so the form takes their values once, then
  // sends a submit the page held meanwhile (lib/early-submit.ts).
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const filled = { email: emailField.current?.value ?? '', password: passwordField.current?.value ?? '' };
    if (filled.email || filled.password) form.setValues(filled);
    formIsLive();
    // once, on mount: later changes reach the form through onChange
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
          ref={emailField}
          required
          disabled={disabled}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          ref={passwordField}
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
