import {
  cloneElement,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactElement,
} from 'react';
import { deferredModule } from './deferredModule.ts';

// Mantine's Tooltip brings floating-ui (about 20 KB gzip), which a page needs only once someone
// points at a control: not in the first load (issue 11).
const useTooltip = deferredModule(() => import('./tooltip.ts'));

interface ControlProps {
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * A Mantine Tooltip that arrives once the page is idle; until then the control shows alone.
 * Wrapping the control re-creates its element once, so a control that had the keyboard focus
 * gets it back. Only for a control whose accessible name does not come from the tooltip.
 */
export function DeferredTooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<ControlProps>;
}) {
  const tooltip = useTooltip();
  // Mantine types the target as a div; it is the control, a button here.
  const element = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(false);
  const loaded = tooltip.module;
  useLayoutEffect(() => {
    if (loaded && focused && document.activeElement !== element.current) element.current?.focus();
    // Only when the tooltip takes over the control.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  const { onFocus, onBlur } = children.props;
  const control = cloneElement(children, {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      setFocused(true);
      onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      setFocused(false);
      onBlur?.(event);
    },
  });
  // Mantine hands the Tooltip's ref to its target: the control's new element.
  return loaded ? (
    <loaded.Tooltip label={label} ref={element}>
      {control}
    </loaded.Tooltip>
  ) : (
    control
  );
}
