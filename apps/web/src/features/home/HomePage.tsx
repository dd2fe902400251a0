import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconLogin2, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGNUP_PATH } from '../../shared/routing/paths.ts';
import { useHomeGreeting, useJoinByLink, useStartMeeting } from './useHome.ts';

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
      <Stack gap="xs" h="100%">
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

function JoinForm() {
  const { t } = useTranslation();
  const { field, onSubmit } = useJoinByLink();
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="xs">
        <TextInput label={t('home.join.field')} autoComplete="off" required {...field} />
        <Group>
          <Button
            type="submit"
            variant="default"
            leftSection={<IconLogin2 size={16} aria-hidden />}
          >
            {t('home.join.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /app home: start, schedule or join a conference by pasting a link (spec §2). */
export function HomePage() {
  const { t } = useTranslation();
  const { greeting, signedIn } = useHomeGreeting();
  const meeting = useStartMeeting();
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
      {meeting.error ? (
        <Alert role="alert" color="red" variant="light">
          {meeting.error}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <HomeCard title={t('home.start.title')} text={t('home.start.text')}>
          <Group mt="auto">
            <Button
              onClick={meeting.start}
              loading={meeting.starting}
              leftSection={<IconVideo size={16} aria-hidden />}
            >
              {signedIn ? t('home.start.action') : t('home.start.signInFirst')}
            </Button>
          </Group>
        </HomeCard>
        <HomeCard title={t('home.schedule.title')} text={t('home.schedule.text')}>
          <Group mt="auto">
            <Button
              variant="light"
              onClick={meeting.schedule}
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              {signedIn ? t('home.schedule.action') : t('home.schedule.signInFirst')}
            </Button>
          </Group>
        </HomeCard>
        <HomeCard title={t('home.join.title')} text={t('home.join.text')}>
          <JoinForm />
        </HomeCard>
      </SimpleGrid>
    </Stack>
  );
}
