import { Stack } from '@mantine/core';
import { useAbility } from '../../../lib/use-ability';
import { MachinesSection } from './machines-section';
import { PasskeysSection } from './passkeys-section';
import { SignOutEverywhereSection } from './sign-out-everywhere-section';

/**
 * The configuration's Security tab: the user's passkeys and signing out of every device; for
 * administrators also the organisation's sign-in restrictions (the server refuses them to others).
 */
export function SecurityTab() {
  const admin = useAbility('configuration.edit');
  return (
    <Stack gap="lg" data-testid="security-tab">
      <PasskeysSection />
      {admin && <MachinesSection />}
      <SignOutEverywhereSection />
    </Stack>
  );
}
