import type { OrganizationSettings } from '@accueil/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { deleteLogo, fetchOrganizationSettings, organizationKeys, uploadLogo } from './api';

export { organizationKeys };

/** The organisation's settings (GET /api/organizations/:id); nothing is read without an id. */
export function useOrganizationSettings(organizationId: string) {
  return useQuery({
    queryKey: organizationKeys.settings(organizationId),
    queryFn: ({ signal }) => fetchOrganizationSettings(organizationId, signal),
    enabled: organizationId !== '',
  });
}

/**
 * Uploading (announced) and removing the organisation's logo: `onChange` gets the settings the
 * server answers (the form keeps them); a refusal is a toast.
 */
export function useLogoMutations(organizationId: string, onChange: (s: OrganizationSettings) => void) {
  const intl = useIntl();
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(organizationId, file),
    onSuccess: (saved) => {
      onChange(saved);
      notifySuccess(intl.formatMessage({ id: 'configuration.organization.logoSaved' }));
    },
    onError: (error) => notifyError(error),
  });
  const remove = useMutation({
    mutationFn: () => deleteLogo(organizationId),
    onSuccess: onChange,
    onError: (error) => notifyError(error),
  });
  return { upload, remove };
}
