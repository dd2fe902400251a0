import { Anchor, Kbd, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { CALL_SHORTCUTS } from './shortcuts.ts';

const TOPICS = ['join', 'devices', 'host', 'privacy'] as const;

/** /app/help_setting: help on the common tasks and the call's keyboard shortcuts. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('titles.helpSetting')}</Title>
      <Stack gap="sm">
        {TOPICS.map((topic) => (
          <Paper key={topic} withBorder p="md" radius="md">
            <Title order={2} size="h4">
              {t(`about.help.topics.${topic}.title`)}
            </Title>
            <Text size="sm" mt={4}>
              {t(`about.help.topics.${topic}.text`)}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3" id="shortcuts">
          {t('about.help.shortcutsHeading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('about.help.shortcutsIntro')}
        </Text>
        <Table aria-labelledby="shortcuts" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('about.help.keysColumn')}</Table.Th>
              <Table.Th scope="col">{t('about.help.actionColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CALL_SHORTCUTS.map((shortcut) => (
              <Table.Tr key={`${shortcut.keys.join('+')}-${shortcut.action}`}>
                <Table.Td>
                  {shortcut.keys.map((key, i) => (
                    <Fragment key={key}>
                      {i > 0 ? ' + ' : null}
                      <Kbd>{t(`about.help.keyNames.${key}`, { defaultValue: key })}</Kbd>
                    </Fragment>
                  ))}
                </Table.Td>
                <Table.Td>{t(shortcut.action)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Text size="sm">
        {t('about.help.more')}{' '}
        <Anchor component={Link} to="/app/change_media_devices">
          {t('titles.changeMediaDevices')}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/app/privacy">
          {t('titles.privacy')}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/app/update">
          {t('titles.update')}
        </Anchor>
      </Text>
    </Stack>
  );
}
