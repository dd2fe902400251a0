import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Full-screen pages (join, call, gifts, drawing): no app chrome. */
export function RootLayout() {
  return (
    <Box component="main" id="content" p="md" mih="100vh">
      <Outlet />
    </Box>
  );
}
