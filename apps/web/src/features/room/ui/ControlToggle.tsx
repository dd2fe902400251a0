import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * A toggle of the controls bar, for the core controls and the features' alike. The accessible
 * name never changes (ARIA: a toggle's state is `aria-pressed`); the tooltip says what a click
 * does.
 */
export function ControlToggle({
  label,
  tip,
  pressed,
  pending,
  disabled,
  onClick,
  danger,
  children,
}: {
  label: string;
  tip: string;
  pressed: boolean;
  pending?: boolean;
  disabled?: boolean;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tip}>
      <ActionIcon
        size={48}
        radius="xl"
        variant={pressed ? 'filled' : 'light'}
        color={danger ? 'red' : pressed ? undefined : 'gray'}
        aria-label={label}
        aria-pressed={pressed}
        loading={pending}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
