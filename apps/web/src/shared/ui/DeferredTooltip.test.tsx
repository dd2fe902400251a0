import '../../test/dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ActionIcon, MantineProvider } from '@mantine/core';
import { DeferredTooltip } from './DeferredTooltip.tsx';

afterEach(cleanup);

describe('a tooltip that loads after the page', () => {
  it('the control works and keeps its name and focus before and after the tooltip arrives', async () => {
    let pressed = 0;
    render(
      <MantineProvider env="test">
        <DeferredTooltip label="Turn off camera">
          <ActionIcon aria-label="Turn off camera" onClick={() => (pressed += 1)}>
            x
          </ActionIcon>
        </DeferredTooltip>
      </MantineProvider>,
    );
    const before = screen.getByRole('button', { name: 'Turn off camera' });
    act(() => before.focus());
    fireEvent.click(before);
    expect(pressed).toBe(1);
    // Once idle, the tooltip wraps the control: pointing at it shows the label.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Turn off camera' })).not.toBe(before),
    );
    const after = screen.getByRole('button', { name: 'Turn off camera' });
    expect(document.activeElement).toBe(after);
    fireEvent.mouseEnter(after);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    fireEvent.click(after);
    expect(pressed).toBe(2);
  });
});
