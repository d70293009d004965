/**
 * The bulk actions' parts loaded after the list drew (docs/behaviour/assignment.md, "Web"): the
 * rows' checkboxes, the bar and the selection's rules, one chunk (one entry in the inbox's first
 * load instead of three).
 */
export { BulkBar } from './bulk-bar';
export { BulkChecks } from './bulk-checks';
export { clearSelection, toggleSelection, updateSelection } from './selection-rules';
