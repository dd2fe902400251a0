import { Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';

/** Social sign-in hand-offs: a small centred panel. */
export function OAuthLayout() {
  return (
    <Center component="main" id="content" mih="100vh" p="md">
      <Paper withBorder p="xl" w="100%" maw={446}>
        <Outlet />
      </Paper>
    </Center>
  );
}
