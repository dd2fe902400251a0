import { ActionIcon, CloseButton, Group, Popover, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { useRoom } from '../../ui/context.ts';
import { GiftPanel } from './GiftPanel.tsx';

/** The call toolbar's Gifts button and its panel (a dialog named after the button). */
export function GiftsButton() {
  const { t } = useTranslation();
  const session = useRoom();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="top"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Tooltip label={t('gifts.room.open')}>
          <ActionIcon
            size={48}
            radius="xl"
            // The controls bar's look (ControlToggle): neutral dark, blue while open.
            variant="filled"
            color={opened ? 'blue' : 'dark.4'}
            aria-label={t('gifts.room.open')}
            onClick={toggle}
          >
            <IconGift aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="flex-end" mb={-28}>
          <CloseButton aria-label={t('gifts.room.close')} onClick={close} />
        </Group>
        <GiftPanel roomId={session.roomId} />
      </Popover.Dropdown>
    </Popover>
  );
}

const CONTROLS = [{ key: 'gifts', element: <GiftsButton /> }] as const;

/** The gifts feature's controls: the Gifts button (always there; guests see why they cannot give). */
export function useGiftControls() {
  return CONTROLS;
}
