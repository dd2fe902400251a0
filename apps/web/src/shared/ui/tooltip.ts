// Mantine's Tooltip on its own, for a lazy import (DeferredTooltip.tsx): a dynamic import of
// '@mantine/core' itself would keep every export of the package.
export { Tooltip } from '@mantine/core';
