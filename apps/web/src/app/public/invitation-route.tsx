import { Alert, Button, Divider, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN } from '@openrescue/shared';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '../../lib/app-config';
import { ApiRequestError } from '../../lib/api-errors';
import { signInWithEmail } from '../../lib/session-api';
import { usePageTitle } from '../../lib/use-page-title';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { useAcceptInvitation, useInvitation } from '../../features/charity/api/receiver-users';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * /public/invitation?token=: where a charity user's invitation mail leads (decision 0066). The person sets a password
 * (the link works once), is signed in and lands on its dashboard; or signs in with the identity provider instead.
 */
export function InvitationRoute() {
  usePageTitle('Set your password');
  const token = useSearchParams()[0].get('token') ?? '';
  const usable = TOKEN.test(token);
  const invitation = useInvitation(token, usable);
  const accept = useAcceptInvitation();
  const { config } = useAppConfig();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (password.length < PASSWORD_MIN) return setProblem(`Use at least ${PASSWORD_MIN} characters.`);
    if (password !== again) return setProblem('The two passwords are not the same.');
    try {
      const { email } = await accept.mutateAsync({ token, password });
      setSigningIn(true);
      await signInWithEmail(email, password);
      window.location.assign('/');
    } catch (error) {
      setSigningIn(false);
      setProblem(error instanceof ApiRequestError ? error.message : 'Your password could not be set. Try again.');
    }
  };

  let body;
  if (!usable || invitation.isError) {
    body = (
      <Text role="alert">
        This invitation link is not valid any more. Ask the person who invited you for a new one.
      </Text>
    );
  } else if (invitation.isPending) {
    body = <Text c="dimmed">Checking your invitation…</Text>;
  } else {
    const who = invitation.data;
    body = (
      <Stack gap="md" component="form" onSubmit={submit} aria-label="Set your password">
        <Text>
          Welcome, {who.name}. Choose a password for <strong>{who.email}</strong>; you sign in with it from now on.
        </Text>
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label="New password again"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value)}
          required
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" loading={accept.isPending || signingIn}>
          Set password and sign in
        </Button>
        {config.oidc.enabled && (
          <>
            <Divider label="or" labelPosition="center" />
            <SocialSignIn enabled label={config.oidc.label} />
          </>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="xl" maw={520} mx="auto" mt="xl" data-testid="invitation">
      <Stack gap="md">
        <Title order={1} size="h2">
          Set your password
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
