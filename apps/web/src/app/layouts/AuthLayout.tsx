import { Center, Group, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { ThemeToggle } from '../../shared/theme/ThemeToggle.tsx';
import { Logo } from '../header/Logo.tsx';

/** Sign in, sign up, verification, password reset, domain and join-by-code screens. */
export function AuthLayout() {
  return (
    <Stack mih="100vh" gap={0}>
      <Group component="header" justify="space-between" p="md">
        <Logo />
        <Group gap="xs">
          <LanguageSwitcher />
          <ThemeToggle />
        </Group>
      </Group>
      <Center component="main" id="content" flex={1} p="md">
        <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={446}>
          <Outlet />
        </Paper>
      </Center>
    </Stack>
  );
}
