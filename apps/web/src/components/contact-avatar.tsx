import { isAnonymousNumber, isEmergencyNumber } from '@accueil/domain';
import { Avatar, Indicator, type MantineSize } from '@mantine/core';
import { IconBuildingStore, IconEyeOff, IconUrgent, IconUser } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { LazyTooltip } from './lazy-tooltip';

/** Props of {@link ContactAvatar}. */
export interface ContactAvatarProps {
  /** The contact's full name, when the number belongs to a known contact. */
  name?: string | null;
  /** The conversation's number (E.164, or a carrier's anonymous marker). */
  phone: string;
  /** A business contact gets a small badge. */
  business?: boolean;
  size?: MantineSize | number;
}

/**
 * Contact avatar: the contact's initials (colour derived from the name), an anonymous icon
 * for a withheld number, an emergency icon for an emergency number, a neutral person icon for
 * an unknown number, and a business badge for business contacts. Each is an image (`role="img"`):
 * a name given to a plain element is ignored by screen readers (axe: aria-prohibited-attr).
 */
export function ContactAvatar({ name, phone, business = false, size = 'md' }: ContactAvatarProps) {
  const intl = useIntl();
  const iconSize = typeof size === 'number' ? Math.round(size * 0.55) : 20;
  let avatar;
  if (isEmergencyNumber(phone)) {
    avatar = (
      <Avatar
        role="img"
        size={size}
        color="red"
        variant="filled"
        aria-label={intl.formatMessage({ id: 'conversations.avatar.emergency' })}
      >
        <IconUrgent size={iconSize} />
      </Avatar>
    );
  } else if (isAnonymousNumber(phone)) {
    avatar = (
      <Avatar
        role="img"
        size={size}
        color="gray"
        aria-label={intl.formatMessage({ id: 'conversations.avatar.anonymous' })}
      >
        <IconEyeOff size={iconSize} />
      </Avatar>
    );
  } else if (name && name.trim()) {
    avatar = <Avatar role="img" size={size} name={name} color="initials" aria-label={name} />;
  } else {
    avatar = (
      <Avatar
        role="img"
        size={size}
        color="gray"
        aria-label={intl.formatMessage({ id: 'conversations.avatar.unknown' })}
      >
        <IconUser size={iconSize} />
      </Avatar>
    );
  }
  if (!business) return avatar;
  return (
    <LazyTooltip label={intl.formatMessage({ id: 'conversations.avatar.business' })} withArrow>
      <Indicator
        inline
        size={16}
        offset={4}
        position="bottom-end"
        color="indigo"
        withBorder
        label={<IconBuildingStore size={10} />}
      >
        {avatar}
      </Indicator>
    </LazyTooltip>
  );
}
