export { ConfigHeader } from './config-header';
export { ConfigList, EmptyList, type ConfigColumn, type ConfigListProps } from './config-list';
export { confirmAction, confirmDelete } from './confirm';
export { EditDialog } from './edit-dialog';
export { QueryState } from './query-state';
export { useEditTarget } from './use-edit-target';
