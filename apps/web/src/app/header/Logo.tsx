import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconPresentation } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@podium/protocol';
import { Link } from 'react-router';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';

export function Logo() {
  return (
    <UnstyledButton component={Link} to={NAMED_PATHS.main} aria-label={PRODUCT_NAME}>
      <Group gap={6} wrap="nowrap">
        <IconPresentation size={24} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={800} size="lg" lts={1}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
