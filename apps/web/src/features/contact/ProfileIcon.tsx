import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  x: IconBrandX,
  twitter: IconBrandX,
  tiktok: IconBrandTiktok,
  youtube: IconBrandYoutube,
};

export function ProfileIcon({ platform, size = 16 }: { platform: string; size?: number }) {
  const PlatformIcon = ICONS[platform.toLowerCase()] ?? IconWorld;
  return <PlatformIcon size={size} stroke={1.6} aria-hidden />;
}
