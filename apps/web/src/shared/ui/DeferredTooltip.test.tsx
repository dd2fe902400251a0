import '../../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { ActionIcon, MantineProvider } from '@mantine/core';
import { DeferredTooltip } from './DeferredTooltip.tsx';

afterEach(cleanup);

function Control({ onPress }: { onPress: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <ActionIcon ref={button} aria-label="Turn off camera" onClick={onPress}>
        x
      </ActionIcon>
      <DeferredTooltip label="Turn off camera" target={button} />
    </>
  );
}

describe('a tooltip that loads after the page', () => {
  it('attaches to the control, which stays the same element with its name and focus', async () => {
    let pressed = 0;
    render(
      <MantineProvider env="test">
        <Control onPress={() => (pressed += 1)} />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Turn off camera' });
    act(() => button.focus());
    fireEvent.click(button);
    expect(pressed).toBe(1);

    // Once the tooltip's code is here, pointing at the control shows it.
    await waitFor(
      async () => {
        fireEvent.mouseEnter(button);
        expect((await screen.findByRole('tooltip', {}, { timeout: 200 })).textContent).toBe(
          'Turn off camera',
        );
      },
      { timeout: 5000 },
    );
    expect(screen.getByRole('button', { name: 'Turn off camera' })).toBe(button);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(pressed).toBe(2);
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
