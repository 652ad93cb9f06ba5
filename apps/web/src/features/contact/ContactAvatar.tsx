import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { avatarCandidates, avatarColor, avatarInitials, emailHash } from './avatar';

interface ContactAvatarProps extends Omit<AvatarProps, 'src' | 'color' | 'children'> {
  name: string;
  email?: string | null;
  photoURL?: string | null;
}

/**
 * The contact's photo, else the avatar service's picture for its e-mail, else initials. A
 * picture that fails to load is dropped for the next one, so a broken image never shows.
 */
export function ContactAvatar({ name, email, photoURL, ...props }: ContactAvatarProps) {
  const [hash, setHash] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setHash(null);
    emailHash(email)
      .then((h) => live && setHash(h))
      .catch(() => live && setHash(null));
    return () => {
      live = false;
    };
  }, [email]);

  const candidates = useMemo(() => avatarCandidates(photoURL, hash), [photoURL, hash]);
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = candidates.find((url) => !failed.includes(url)) ?? null;

  return (
    <Avatar
      {...props}
      key={src ?? 'initials'}
      src={src}
      color={avatarColor(name)}
      variant="light"
      imageProps={{
        referrerPolicy: 'no-referrer',
        onError: () => src && setFailed((list) => [...list, src]),
      }}
    >
      {avatarInitials(name)}
    </Avatar>
  );
}
