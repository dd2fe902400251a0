import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconCheck, IconMail, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationView } from '@podium/protocol';
import { isLanguage } from '../../shared/i18n/language.ts';
import { useTakeOverFocus } from '../../shared/ui/useTakeOverFocus.ts';
import { describeNotification, formatWhen } from './describe.ts';
import type { useNotificationCenter } from './useNotificationCenter.ts';

const HEADING_ID = 'notification-center-heading';

/**
 * The notification center in a popover under the bell, loaded after the page shows
 * (NotificationBell.tsx stands in until then). `focused`: the stand-in had the keyboard focus,
 * which moves to this bell.
 */
export function NotificationCenterPopover({
  center,
  label,
  focused,
}: {
  center: ReturnType<typeof useNotificationCenter>;
  label: string;
  focused: boolean;
}) {
  const { t } = useTranslation();
  const target = useTakeOverFocus<HTMLButtonElement>(focused);
  return (
    <Popover
      opened={center.opened}
      onChange={center.setOpened}
      position="bottom-end"
      width={380}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          ref={target}
          variant="subtle"
          size="lg"
          aria-label={label}
          onClick={() => center.setOpened(!center.opened)}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={HEADING_ID} p={0}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Title order={2} size="h5" id={HEADING_ID}>
            {t('notifications.heading')}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={center.markAllRead}
            disabled={center.unread === 0 || center.busy}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        {center.actionFailed ? (
          <Alert color="red" mx="md" mb="sm" role="alert" p="xs">
            {t('notifications.actionFailed')}
          </Alert>
        ) : null}
        <ScrollArea.Autosize mah={420} type="auto">
          <CenterBody center={center} />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function CenterBody({ center }: { center: ReturnType<typeof useNotificationCenter> }) {
  const { t } = useTranslation();
  if (center.loading) {
    return (
      <Center p="lg">
        <Loader size="sm" aria-label={t('notifications.heading')} />
      </Center>
    );
  }
  if (center.failed && center.items.length === 0) {
    return (
      <Stack align="center" p="md" gap="xs">
        <Text size="sm" role="alert">
          {t('notifications.loadFailed')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={center.retry}>
          {t('notifications.retry')}
        </Button>
      </Stack>
    );
  }
  if (center.items.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md" ta="center">
        {t('notifications.empty')}
      </Text>
    );
  }
  return (
    <Box pb="sm">
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {center.items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            onToggleRead={() => center.toggleRead(n)}
            onDelete={() => center.remove(n)}
            onFollow={() => center.setOpened(false)}
            disabled={center.busy}
          />
        ))}
      </Stack>
      {center.hasMore ? (
        <Center pt="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={center.loadMore}
            loading={center.loadingMore}
          >
            {t('notifications.loadMore')}
          </Button>
        </Center>
      ) : null}
    </Box>
  );
}

function NotificationItem({
  notification,
  onToggleRead,
  onDelete,
  onFollow,
  disabled,
}: {
  notification: NotificationView;
  onToggleRead: () => void;
  onDelete: () => void;
  onFollow: () => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const text = describeNotification(notification, t, language);
  const unread = !notification.is_read;
  return (
    <Box
      component="li"
      px="md"
      py="xs"
      data-unread={unread || undefined}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        background: unread ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={unread ? 700 : 500}>
            {unread ? <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden> : null}
            {text.title}
          </Text>
          <Text size="sm">{text.body}</Text>
          <Group gap="sm">
            <Text size="xs" c="dimmed">
              {formatWhen(notification.created_at, language)}
            </Text>
            {text.link ? (
              <Anchor component={Link} to={text.link.to} size="xs" onClick={onFollow}>
                {text.link.label}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={onToggleRead}
            disabled={disabled}
            aria-label={unread ? t('notifications.markRead') : t('notifications.markUnread')}
          >
            {unread ? <IconCheck size={16} aria-hidden /> : <IconMail size={16} aria-hidden />}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="red"
            onClick={onDelete}
            disabled={disabled}
            aria-label={t('notifications.delete')}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}
