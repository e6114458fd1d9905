import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-errors';
import { startSocialSignIn } from '../../../lib/session-api';

export interface SocialSignInProps {
  enabled: boolean;
  label: string;
  /** While the page finishes a sign-in, the button waits. */
  busy?: boolean;
  onStart?: () => void;
}

/** "Sign in with {label}" through the configured OpenID Connect provider. */
export function SocialSignIn({ enabled, label, busy = false, onStart }: SocialSignInProps) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();

  const start = async () => {
    setStarting(true);
    setError(null);
    onStart?.();
    try {
      await startSocialSignIn(); // the browser leaves the page on success
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : 'Social sign-in could not start.');
      setStarting(false);
    }
  };

  // A form, so that a press before the pre-rendered sign-in page is live is held and replayed (lib/early-submit.ts).
  return (
    <Stack
      component="form"
      gap={6}
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <Button
        type="submit"
        variant="default"
        fullWidth
        leftSection={<IconLogin2 size={18} aria-hidden="true" />}
        disabled={!enabled || busy}
        loading={starting}
        aria-describedby={enabled ? undefined : helpId}
        data-testid="social-sign-in"
      >
        Sign in with {label || 'your organisation'}
      </Button>
      {!enabled && (
        <Text id={helpId} size="sm" c="dimmed" ta="center">
          Social sign-in is not configured for this installation.
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
