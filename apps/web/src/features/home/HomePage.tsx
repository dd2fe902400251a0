import type { ReactNode } from 'react';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGNUP_PATH } from '../../shared/routing/paths.ts';
import { useHomeGreeting } from './useHome.ts';

function HomeCard({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** /app home. Start and schedule are filled by the events feature. */
export function HomePage() {
  const { t } = useTranslation();
  const { greeting, signedIn } = useHomeGreeting();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{greeting}</Title>
        <Text c="dimmed">{t('home.intro')}</Text>
      </Stack>
      {signedIn ? null : (
        <div>
          <Button component={Link} to={SIGNUP_PATH} variant="light">
            {t('home.createAccount')}
          </Button>
        </div>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <HomeCard title={t('home.start.title')} text={t('home.start.text')} />
        <HomeCard title={t('home.schedule.title')} text={t('home.schedule.text')} />
        <HomeCard title={t('home.join.title')} text={t('home.join.text')}>
          <Button component={Link} to="/join" variant="default">
            {t('home.join.action')}
          </Button>
        </HomeCard>
      </SimpleGrid>
    </Stack>
  );
}
