import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { AccountDetailsDto } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { useAccountSettingsQuery } from './useAccountSettingsQuery.ts';
import { ChangePasswordForm, NameForm, SetPasswordForm } from './Forms.tsx';
import {
  AntiCaptureSection,
  CustomizeSection,
  LanguageSection,
  LinkedAccountsSection,
  LogoutSection,
  MediaSection,
  ModeChoice,
  ModesSection,
  PasswordSection,
  PrivacySection,
  ProfileSection,
  RecordingsSection,
  ReferralSection,
  SecuritySection,
  WalletSection,
} from './Sections.tsx';
import { StreamServersSection } from '../streaming/StreamServersSection.tsx';
import { SessionsList } from './Sessions.tsx';

/** Loads the account with its settings; shows loading and failure honestly. */
function WithAccount({ children }: { children: (account: AccountDetailsDto) => ReactNode }) {
  const { t } = useTranslation();
  const query = useAccountSettingsQuery();
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={t('settings.loadFailed')}>
        <Button variant="light" mt="xs" onClick={() => void query.refetch()}>
          {t('settings.retry')}
        </Button>
      </Alert>
    );
  }
  return <PageLoader />;
}

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('settings.heading')}
      </Title>
      <WithAccount>
        {(account) => (
          <>
            <ProfileSection account={account} />
            <LinkedAccountsSection />
            <WalletSection />
            <LanguageSection account={account} />
            <PasswordSection account={account} />
            <ReferralSection account={account} />
            <AntiCaptureSection account={account} />
            <MediaSection account={account} />
            <RecordingsSection />
            <StreamServersSection />
            <PrivacySection account={account} />
            <CustomizeSection account={account} />
            <ModesSection account={account} />
            <SecuritySection />
            <LogoutSection />
          </>
        )}
      </WithAccount>
    </Stack>
  );
}

/** A standalone settings page (spec §2 routes): a heading, a back link, one form. */
function SinglePage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={520}>
      <Anchor component={Link} to="/app/settings" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('settings.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro ? <Text c="dimmed">{intro}</Text> : null}
      <Paper withBorder p="md" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}

export function ChangeNamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SinglePage title={t('settings.name.heading')}>
      <WithAccount>
        {(account) => <NameForm account={account} onDone={() => void navigate('/app/settings')} />}
      </WithAccount>
    </SinglePage>
  );
}

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SinglePage
      title={t('settings.password.changeHeading')}
      intro={t('settings.password.changeIntro')}
    >
      <WithAccount>
        {(account) =>
          account.has_password ? (
            <ChangePasswordForm onDone={() => void navigate('/app/settings')} />
          ) : (
            <Stack gap="sm">
              <Text>{t('settings.password.none')}</Text>
              <Button component={Link} to="/app/set_password" variant="light">
                {t('settings.password.set')}
              </Button>
            </Stack>
          )
        }
      </WithAccount>
    </SinglePage>
  );
}

export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SinglePage title={t('settings.password.setHeading')} intro={t('settings.password.setIntro')}>
      <WithAccount>
        {(account) =>
          account.has_password ? (
            <Stack gap="sm">
              <Text>{t('settings.password.alreadySet')}</Text>
              <Button component={Link} to="/app/change_password" variant="light">
                {t('settings.password.change')}
              </Button>
            </Stack>
          ) : (
            <SetPasswordForm onDone={() => void navigate('/app/settings')} />
          )
        }
      </WithAccount>
    </SinglePage>
  );
}

export function ChangeModePage() {
  const { t } = useTranslation();
  return (
    <SinglePage title={t('settings.modes.changeHeading')}>
      <WithAccount>{(account) => <ModeChoice account={account} />}</WithAccount>
    </SinglePage>
  );
}

export function AdvancedSecurityPage() {
  const { t } = useTranslation();
  return (
    <SinglePage title={t('settings.security.heading')} intro={t('settings.security.intro')}>
      <SessionsList />
    </SinglePage>
  );
}
