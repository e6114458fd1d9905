import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { ERROR_TYPES, messages } from '@openrescue/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-errors';
import { formIsLive } from '../../../lib/early-submit';
import { getProductName } from '../../../lib/product-name';
import type { StoredSession } from '../../../lib/session';
import { signInWithEmail } from '../../../lib/session-api';

/** WRONG_ADDRESS_ERROR_TYPE of the shared contracts, spelled here: the contracts module would bring zod into login.html. */
const WRONG_ADDRESS = 'invalid_origin';
export const TOO_MANY_ATTEMPTS = 'Too many attempts, try again in a minute.';
export const TOO_MANY_AT_ONCE = 'Too many sign-ins at once from your network. Try again in a moment.';
export const unreachable = (product: string) => `Cannot reach ${product}. Check your connection and try again.`;
export const serverError = (product: string) =>
  `${product} could not sign you in: the problem is on our side. Please try again later.`;

/**
 * What to tell the person after a failed sign-in, one text per cause (issue 32): wrong credentials, too many
 * attempts, a page opened at an address the server does not serve (the server's message names the one to use), the
 * server out of reach, and a server error.
 */
export function loginFailureText(error: unknown, product = getProductName()): string {
  if (!(error instanceof ApiRequestError)) return messages.loginFailedInline;
  if (error.status === null) return error.type === ERROR_TYPES.offline ? messages.offline : unreachable(product);
  if (error.status === 429)
    return error.detail === 'too many concurrent requests' ? TOO_MANY_AT_ONCE : TOO_MANY_ATTEMPTS;
  if (error.status === 403 && error.type === WRONG_ADDRESS) return error.message;
  if (error.status >= 500) return serverError(product);
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
  const takeOverFields = useEffectEvent(() => {
    const filled = { email: emailField.current?.value ?? '', password: passwordField.current?.value ?? '' };
    if (filled.email || filled.password) form.setValues(filled);
    formIsLive();
  });
  // once, on mount: later changes reach the form through onChange
  useEffect(() => takeOverFields(), []);

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
