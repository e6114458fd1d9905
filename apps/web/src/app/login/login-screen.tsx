import { Alert, Center, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { POST_AUTH_REDIRECT_MS } from '@openrescue/shared';
import { useEffect, useRef, useState } from 'react';
import { LogoMark } from '../../components/logo';
import { postAuthTarget } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { trackLogin } from '../../lib/analytics';
import { useAppConfig } from '../../lib/app-config';
import { useDemoMode } from '../../lib/demo-mode';
import { sessionUserKey } from '../../lib/session';
import { fetchSessionToken } from '../../lib/session-api';
import { useSession } from '../../lib/session-context';
import { usePageTitle } from '../../lib/use-page-title';

type SocialState = 'idle' | 'finishing' | 'failed';

export interface LoginScreenProps {
  /** Where the person was going before sign-in (the app's router state), if anywhere. */
  from: string | undefined;
  /** `?social=`: 1 when back from the identity provider, error when it failed. */
  social: string | null;
  /** Leaves the page for the target once signed in. */
  goTo: (target: string) => void;
}

/**
 * The sign-in page (spec 2.1), with or without the app's router around it (login.html loads it alone). Once a user
 * is known, it moves on after POST_AUTH_REDIRECT_MS.
 */
export function LoginScreen({ from, social, goTo }: LoginScreenProps) {
  usePageTitle('Sign in');
  const { user } = useSession();
  const { config, isPending: configPending } = useAppConfig();
  const demo = useDemoMode();
  const [socialState, setSocialState] = useState<SocialState>(
    social === '1' ? 'finishing' : social === 'error' ? 'failed' : 'idle',
  );

  // Back from the identity provider: the session cookie is set, get the access token.
  const finishing = useRef(false);
  useEffect(() => {
    if (social !== '1' || finishing.current) return;
    finishing.current = true;
    fetchSessionToken()
      .then((session) => {
        trackLogin('social', { email: session.user.email, staffDomain: config.staff_email_domain });
        setSocialState('idle');
      })
      .catch(() => setSocialState('failed'));
  }, [social, config.staff_email_domain]);

  const userKey = sessionUserKey(user);
  const staff = user?.staff === true;
  useEffect(() => {
    if (!userKey) return;
    const timer = setTimeout(() => goTo(postAuthTarget(from, staff)), POST_AUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [userKey, staff, from, goTo]);

  const busy = user !== null || socialState === 'finishing';
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <Stack align="center" gap={6}>
            {!demo && <LogoMark size={44} />}
            <Title order={1} size="h2">
              Sign in
            </Title>
            <Text c="dimmed" ta="center">
              to {config.product_name}
            </Text>
          </Stack>
          {user && (
            <Alert variant="light" role="status" data-testid="signed-in">
              Signed in as {user.email}. Taking you there…
            </Alert>
          )}
          {socialState === 'finishing' && (
            <Text role="status" ta="center" c="dimmed">
              Finishing sign-in…
            </Text>
          )}
          {socialState === 'failed' && (
            <Alert color="red" variant="light">
              Social sign-in did not complete. Try again, or use your email and password.
            </Alert>
          )}
          {configPending ? (
            <Skeleton h={36} radius="md" />
          ) : (
            <SocialSignIn enabled={config.oidc.enabled} label={config.oidc.label} busy={busy} />
          )}
          <Divider label="OR" labelPosition="center" />
          <LoginForm
            locked={busy}
            onSignedIn={(session) =>
              trackLogin('email', { email: session.user.email, staffDomain: config.staff_email_domain })
            }
          />
        </Stack>
      </Paper>
    </Center>
  );
}
