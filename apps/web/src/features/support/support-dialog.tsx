import { modals } from '@mantine/modals';
import { getIntl } from '../../lib/i18n';
import { SupportForm } from './support-form';

const MODAL_ID = 'report-problem';

/** Opens the report-a-problem dialog with the support request form; it closes once sent or cancelled. */
export function openSupportDialog(): void {
  modals.open({
    modalId: MODAL_ID,
    size: 'lg',
    title: getIntl().formatMessage({ id: 'shell.reportProblem.title' }),
    children: <SupportForm onDone={() => modals.close(MODAL_ID)} />,
  });
}
