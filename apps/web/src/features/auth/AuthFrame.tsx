import type { ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** Heading, intro and error alert shared by the auth screens. */
export function AuthFrame({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </Stack>
      {error ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {error}
        </Alert>
      ) : null}
      {children}
    </Stack>
  );
}
