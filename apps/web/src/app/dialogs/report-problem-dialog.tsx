import { withCatalogues } from '../../lib/i18n';

/**
 * The report-a-problem dialog (help menu): the support request form (features/support). Its
 * code, texts and screenshot library load on first use, so the shell's first load stays as it is.
 */
export function openReportProblemDialog(): void {
  void withCatalogues(import('../../features/support/support-dialog')).then((m) => m.openSupportDialog());
}
