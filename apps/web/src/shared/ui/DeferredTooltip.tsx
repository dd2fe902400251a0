import type { RefObject } from 'react';
import { deferredModule } from './deferredModule.ts';

// Mantine's Tooltip brings floating-ui (about 20 KB gzip), which a page needs only once someone
// points at a control: not in the first load (issue 11).
const useTooltip = deferredModule(() => import('./tooltip.ts'));

/**
 * A Mantine Tooltip (shown on hover, as Mantine's is) for the control `target` points at, whose
 * code loads once the page is idle. It attaches to the control's element rather than wrapping
 * it, so the control itself never changes: nothing moves from under a pointer, a tap or the
 * focus when it arrives. Only for a control whose accessible name does not come from the tooltip.
 */
export function DeferredTooltip({
  label,
  target,
}: {
  label: string;
  target: RefObject<HTMLElement | null>;
}) {
  const tooltip = useTooltip();
  if (!tooltip.module) return null;
  const { Tooltip } = tooltip.module;
  return <Tooltip label={label} target={target} />;
}
