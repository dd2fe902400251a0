import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  NativeSelect,
  Popover,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconDotsVertical,
  IconHandStop,
  IconLayoutGrid,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconSettings,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { LAYOUTS } from '@podium/protocol';
import { useTranslation } from '../../../shared/i18n/index.ts';
import { deviceErrorKey } from '../../../shared/media/errors.ts';
import { supportsSpeakerSelection } from '../../../shared/media/support.ts';
import type { DeviceOption } from '../../../shared/media/devices.ts';
import type { InCallFeature } from '../features/inCallFeature.ts';
import { selfOf } from '../state/roomState.ts';
import { useRoom, useRoomState } from './context.ts';
import { ControlToggle } from './ControlToggle.tsx';
import { useMirror } from './mirror.ts';
import { useHandSound } from './handSound.ts';
import { isModerator } from '../state/permissions.ts';
import { CONTROL_GAP, CONTROL_SIZE, inlineControlCount } from './controlsFit.ts';

function DeviceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly DeviceOption[];
  value: string | null;
  onChange: (deviceId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={label}
      data={
        options.length
          ? options.map((o) => ({ value: o.deviceId, label: o.label }))
          : [{ value: '', label: t('room.devices.noDevice') }]
      }
      value={value ?? ''}
      disabled={!options.length}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** `inline`: inside the overflow popover, the dropdown stays in it (a portal would close it). */
function DevicesMenu({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const session = useRoom();
  const devices = useRoomState((s) => s.media.devices);
  const supported = useRoomState((s) => s.media.supported);
  const [mirror, setMirror] = useMirror();
  const [handSound, setHandSound] = useHandSound();
  const moderator = useRoomState((s) => isModerator(selfOf(s.room)?.role));
  const select = (choice: 'camera' | 'microphone' | 'speaker', id: string) =>
    void session.media?.select(choice, id);
  return (
    <Popover position="top" withArrow shadow="md" width={320} trapFocus withinPortal={!inline}>
      <Popover.Target>
        <Tooltip label={t('room.controls.devices')}>
          <ActionIcon
            size={48}
            radius="xl"
            variant="filled"
            color="dark.4"
            aria-label={t('room.controls.devices')}
            disabled={!supported}
          >
            <IconSettings aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <DeviceSelect
            label={t('room.devices.microphone')}
            options={devices.devices.microphones}
            value={devices.selected.microphone}
            onChange={(id) => select('microphone', id)}
          />
          <DeviceSelect
            label={t('room.devices.camera')}
            options={devices.devices.cameras}
            value={devices.selected.camera}
            onChange={(id) => select('camera', id)}
          />
          {supportsSpeakerSelection() ? (
            <DeviceSelect
              label={t('room.devices.speaker')}
              options={devices.devices.speakers}
              value={devices.selected.speaker}
              onChange={(id) => select('speaker', id)}
            />
          ) : null}
          <Switch
            label={t('room.devices.mirror')}
            checked={mirror}
            onChange={(e) => setMirror(e.currentTarget.checked)}
          />
          {moderator ? (
            <Switch
              label={t('room.devices.handSound')}
              checked={handSound}
              onChange={(e) => setHandSound(e.currentTarget.checked)}
            />
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function LayoutMenu({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const session = useRoom();
  const layout = useRoomState((s) => s.room.layout);
  return (
    <Menu position="top" withArrow withinPortal={!inline}>
      <Menu.Target>
        <Tooltip label={t('room.controls.layout')}>
          <ActionIcon
            size={48}
            radius="xl"
            variant="filled"
            color="dark.4"
            aria-label={t('room.controls.layout')}
          >
            <IconLayoutGrid aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LAYOUTS.map((l) => (
          <Menu.Item
            key={l}
            // Mantine keeps role="menuitem" (no menuitemradio); aria-current marks the choice.
            aria-current={layout === l ? 'true' : undefined}
            rightSection={layout === l ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => session.setLayout(l)}
          >
            {t(`room.layouts.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Device and screen-share problems (spec §8), shown above the controls until acted upon. */
function MediaErrors() {
  const { t } = useTranslation();
  const camera = useRoomState((s) => s.media.devices.camera.error);
  const microphone = useRoomState((s) => s.media.devices.microphone.error);
  const screen = useRoomState((s) => s.media.screen.error);
  const messages = [
    microphone ? t(deviceErrorKey(microphone, 'microphone')) : null,
    camera ? t(deviceErrorKey(camera, 'camera')) : null,
    screen ? t(`room.screenErrors.${screen}`) : null,
  ].filter((m): m is string => m !== null);
  if (!messages.length) return null;
  return (
    <Stack gap={2} role="alert" align="center">
      {messages.map((m) => (
        <Text key={m} size="sm" c="red.4">
          {m}
        </Text>
      ))}
    </Stack>
  );
}

const NO_CONTROLS = [] as const;
const noControls = () => NO_CONTROLS;

/**
 * One feature's controls (its `useControls`, a hook: one component per feature keeps it stable).
 * It tells the bar how many it has; those from `inline` on (counted over the whole bar from
 * `from`) go into "More options" (`menu`) through a portal, so their hooks and state stay here.
 */
function FeatureControls({
  feature,
  from,
  inline,
  menu,
  onCount,
}: {
  feature: InCallFeature;
  from: number;
  inline: number;
  menu: HTMLElement | null;
  onCount: (id: string, count: number) => void;
}) {
  const useControls = feature.useControls ?? noControls;
  const controls = useControls();
  const count = controls.length;
  useLayoutEffect(() => onCount(feature.id, count), [onCount, feature.id, count]);
  return (
    <>
      {controls.map((control, i) =>
        from + i < inline ? (
          <Fragment key={control.key}>{control.element}</Fragment>
        ) : menu ? (
          createPortal(
            // Portals append in mount order: `order` keeps the bar's order in the menu.
            <span style={{ order: from + i + 1, display: 'inline-flex' }}>{control.element}</span>,
            menu,
            control.key,
          )
        ) : null,
      )}
    </>
  );
}

/** Leave's width before it is measured (its label, "Leave" or "Rời đi", and icon). */
const LEAVE_WIDTH = 110;

/**
 * The bar's width and Leave's, followed as the window or a panel changes them; null until
 * measured (then every control shows inline, as before).
 */
function useBarWidths(
  barRef: React.RefObject<HTMLElement | null>,
  leaveRef: React.RefObject<HTMLElement | null>,
): { bar: number; leave: number } | null {
  const [widths, setWidths] = useState<{ bar: number; leave: number } | null>(null);
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const observer = new ResizeObserver((entries) => {
      const width = entries.find((e) => e.target === bar)?.contentRect.width ?? bar.clientWidth;
      const leave = leaveRef.current?.offsetWidth || LEAVE_WIDTH;
      if (width)
        setWidths((w) => (w?.bar === width && w.leave === leave ? w : { bar: width, leave }));
    });
    observer.observe(bar);
    if (leaveRef.current) observer.observe(leaveRef.current);
    return () => observer.disconnect();
  }, [barRef, leaveRef]);
  return widths;
}

/**
 * The controls people use most stay in the bar on a phone; the rest go in "More options" (a
 * popover kept mounted, so the features' controls keep their state and hooks).
 */
function MoreOptions({
  children,
  containerRef,
}: {
  children?: React.ReactNode;
  /** The menu's content, where the features' controls that do not fit are portaled. */
  containerRef?: (el: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [box, setBox] = useState<HTMLElement | null>(null);
  const boxRef = useCallback(
    (el: HTMLElement | null) => {
      setBox(el);
      containerRef?.(el);
    },
    [containerRef],
  );
  // Choosing something closes the menu; a nested menu or popover keeps it open. A native
  // listener: the features' controls are portaled in, and React sends their clicks up the
  // component tree (to the bar), not through this box.
  useEffect(() => {
    if (!box) return;
    const onClick = (e: MouseEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target || target.closest('[aria-haspopup]')) return;
      if (target.closest('button')) setOpened(false);
    };
    box.addEventListener('click', onClick);
    return () => box.removeEventListener('click', onClick);
  }, [box]);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      keepMounted
      // Inside the controls region (no portal): its buttons are the call's controls too.
      withinPortal={false}
      closeOnEscape
      // Its controls open popovers and menus of their own (in portals): a click in one of them
      // must not close this. It closes with its button, Escape, or a plain control chosen.
      closeOnClickOutside={false}
    >
      <Popover.Target>
        <Tooltip label={t('room.controls.more')}>
          <ActionIcon
            size={48}
            radius="xl"
            variant="filled"
            color={opened ? 'blue' : 'dark.4'}
            aria-label={t('room.controls.more')}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <IconDotsVertical aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown bg="dark.6" style={{ borderColor: 'var(--mantine-color-dark-4)' }}>
        <Group
          gap="sm"
          justify="center"
          maw={260}
          role="group"
          aria-label={t('room.controls.more')}
          ref={boxRef}
        >
          {children}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The core controls, then each in-call feature's (features/index.ts), then Leave. `compact`
 * (a phone, a small window): microphone, camera, "More options" and Leave only.
 */
export function ControlsBar({
  onLeave,
  compact = false,
}: {
  onLeave: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const session = useRoom();
  const media = useRoomState((s) => s.media);
  const self = useRoomState((s) => selfOf(s.room));
  const handBusy = useRoomState((s) => Boolean(s.busy.hand));
  const mic = media.devices.microphone;
  const camera = media.devices.camera;
  const handUp = self?.hand_raised_at != null;
  const noMedia = !media.supported;
  const features = session.features;

  // How many controls each feature has (reported by FeatureControls), so the bar knows where
  // each feature's controls start and how many fit inline (controlsFit.ts).
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  const onCount = useCallback(
    (id: string, count: number) => setCounts((c) => (c[id] === count ? c : { ...c, [id]: count })),
    [],
  );
  const starts: number[] = [];
  let total = 0;
  for (const feature of features) {
    starts.push(total);
    total += counts[feature.id] ?? 0;
  }
  const barRef = useRef<HTMLDivElement>(null);
  const leaveRef = useRef<HTMLButtonElement>(null);
  const widths = useBarWidths(barRef, leaveRef);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // Mic, camera, screen, hand (not the host's), layout, settings; then Leave (its label's width).
  const core = self?.role !== 'host' ? 6 : 5;
  const inline = compact
    ? 0
    : widths === null
      ? total
      : inlineControlCount({
          available: widths.bar,
          reserved: core * (CONTROL_SIZE + CONTROL_GAP) + widths.leave,
          total,
        });
  const more = compact || inline < total;

  const rest = (
    <>
      <ControlToggle
        label={t('room.controls.screen')}
        tip={t(media.screen.on ? 'room.controls.tips.stopShare' : 'room.controls.tips.shareScreen')}
        pressed={media.screen.on}
        pending={media.screen.pending}
        disabled={noMedia}
        onClick={() => void session.media?.toggleScreen()}
      >
        {media.screen.on ? <IconScreenShareOff aria-hidden /> : <IconScreenShare aria-hidden />}
      </ControlToggle>
      {/* The host has nobody to ask for the floor: the server refuses their hand. */}
      {self?.role !== 'host' ? (
        <ControlToggle
          label={t('room.controls.hand')}
          tip={t(handUp ? 'room.controls.tips.lowerHand' : 'room.controls.tips.raiseHand')}
          pressed={handUp}
          pending={handBusy}
          onClick={() => void (handUp ? session.lowerHand() : session.raiseHand())}
        >
          <IconHandStop aria-hidden />
        </ControlToggle>
      ) : null}
      <LayoutMenu inline={compact} />
      <DevicesMenu inline={compact} />
    </>
  );
  const featureControls = features.map((feature, i) => (
    <FeatureControls
      key={feature.id}
      feature={feature}
      from={starts[i] ?? 0}
      inline={inline}
      menu={menu}
      onCount={onCount}
    />
  ));

  return (
    <Stack
      gap={4}
      component="section"
      aria-label={t('room.region.controls')}
      py={compact ? 4 : 'xs'}
      data-compact={compact ? '' : undefined}
    >
      <MediaErrors />
      {/* Never wraps: what does not fit goes behind More options (issue 15). */}
      <Group ref={barRef} justify="center" gap={compact ? 'xs' : 'sm'} wrap="nowrap">
        <ControlToggle
          label={t('room.controls.microphone')}
          tip={t(mic.on ? 'room.controls.tips.micOff' : 'room.controls.tips.micOn')}
          pressed={mic.on}
          pending={mic.pending}
          disabled={noMedia}
          device
          onClick={() => void session.media?.toggle('microphone')}
        >
          {mic.on ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
        </ControlToggle>
        <ControlToggle
          label={t('room.controls.camera')}
          tip={t(camera.on ? 'room.controls.tips.cameraOff' : 'room.controls.tips.cameraOn')}
          pressed={camera.on}
          pending={camera.pending}
          disabled={noMedia}
          device
          onClick={() => void session.media?.toggle('camera')}
        >
          {camera.on ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
        </ControlToggle>
        {compact ? null : rest}
        {featureControls}
        {more ? <MoreOptions containerRef={setMenu}>{compact ? rest : null}</MoreOptions> : null}
        {compact ? (
          <Tooltip label={t('room.controls.leave')}>
            <ActionIcon
              size={48}
              radius="xl"
              variant="filled"
              color="red"
              aria-label={t('room.controls.leave')}
              onClick={onLeave}
            >
              <IconPhoneOff aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            ref={leaveRef}
            // White text on red.9 is 5.5:1 (on the default red.6, 3.3:1: axe's color-contrast).
            color="red.9"
            radius="xl"
            size="md"
            leftSection={<IconPhoneOff aria-hidden size={18} />}
            onClick={onLeave}
          >
            {t('room.controls.leave')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
