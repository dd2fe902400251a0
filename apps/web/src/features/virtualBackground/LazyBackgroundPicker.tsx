import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

/**
 * The picker with its thumbnails and upload, loaded when first shown: the pages that offer it
 * (pre-join, the call) pay for it only once someone looks at it, within the first-load budget.
 */
const Picker = lazy(() =>
  import('./BackgroundPicker.tsx').then((m) => ({ default: m.BackgroundPicker })),
);

export function LazyBackgroundPicker({ disabled }: { disabled?: boolean }) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <Picker disabled={disabled} />
    </Suspense>
  );
}
