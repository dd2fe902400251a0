import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { loginPath } from '../../shared/routing/paths.ts';
import { useAccountSettings } from '../settings/api.ts';
import { AntiCaptureSection, PrivacySection } from '../settings/Sections.tsx';

const FACTS = ['account', 'events', 'calls', 'e2ee', 'recordings', 'browser'] as const;

/** The privacy settings that exist, the same sections the settings page shows. */
function PrivacySettings() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.signedIn);
  const account = useAccountSettings().data;
  if (!signedIn) {
    return (
      <Text size="sm">
        {t('about.privacy.signInForSettings')}{' '}
        <Anchor component={Link} to={loginPath('/app/privacy')}>
          {t('shell.signIn')}
        </Anchor>
      </Text>
    );
  }
  if (!account) return null;
  return (
    <>
      <PrivacySection account={account} />
      <AntiCaptureSection account={account} />
      <Text size="sm">
        <Anchor component={Link} to="/app/advanced_security">
          {t('about.privacy.sessionsLink')}
        </Anchor>
      </Text>
    </>
  );
}

/** /app/privacy: what Podium keeps and where, and the privacy settings of the account. */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('titles.privacy')}</Title>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="privacy-facts">
        <Title order={2} size="h4" id="privacy-facts" mb="xs">
          {t('about.privacy.factsHeading')}
        </Title>
        <List spacing="xs" size="sm">
          {FACTS.map((fact) => (
            <List.Item key={fact}>{t(`about.privacy.facts.${fact}`)}</List.Item>
          ))}
        </List>
      </Paper>
      <PrivacySettings />
    </Stack>
  );
}
