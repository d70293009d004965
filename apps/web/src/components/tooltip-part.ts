/** Mantine's Tooltip in a module of its own, which {@link LazyTooltip} loads on demand. */
export { Tooltip } from '@mantine/core';
