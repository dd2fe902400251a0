import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * A toggle of the controls bar, for the core controls and the features' alike. The accessible
 * name never changes (ARIA: a toggle's state is `aria-pressed`); the tooltip says what a click
 * does. Colours follow the convention of every call product: neutral at rest, blue while a
 * feature is on (hand up, panel open, sharing); a device toggle (`device`: microphone, camera)
 * is neutral while on and red while off, its icon slashed by the caller.
 */
export function ControlToggle({
  label,
  tip,
  pressed,
  pending,
  disabled,
  onClick,
  danger,
  device,
  children,
}: {
  label: string;
  tip: string;
  pressed: boolean;
  pending?: boolean;
  disabled?: boolean;
  onClick: () => void;
  danger?: boolean;
  /** A microphone or camera: red while off. */
  device?: boolean;
  children: ReactNode;
}) {
  const alert = danger || (device && !pressed);
  const active = !device && pressed;
  return (
    <Tooltip label={tip}>
      <ActionIcon
        size={48}
        radius="xl"
        variant="filled"
        color={alert ? 'red' : active ? 'blue' : 'dark.4'}
        aria-label={label}
        aria-pressed={pressed}
        data-state={device ? (pressed ? 'on' : 'off') : undefined}
        loading={pending}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
