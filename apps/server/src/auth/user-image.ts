import { HTTP_URL_MAX_LENGTH, httpUrlMessage, isHttpUrl, normalizeHttpUrl } from '@leadloom/core';
import { APIError } from 'better-auth/api';

/**
 * The user's photo (better-auth's `image`, our `photoURL`) is shown as an image everywhere the
 * user appears, so it is http(s) like every stored address, whichever endpoint writes it
 * (better-auth's own sign-up and update-user included). `null`/absent clears or keeps it.
 */
export function checkedUserImage<T extends { image?: unknown }>(user: T): T {
  if (user.image === undefined || user.image === null) return user;
  const image = typeof user.image === 'string' ? normalizeHttpUrl(user.image) : user.image;
  if (image === '') return { ...user, image: null };
  if (typeof image !== 'string' || !isHttpUrl(image) || image.length > HTTP_URL_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      message: httpUrlMessage('Photo URL'),
      code: 'INVALID_IMAGE',
    });
  }
  return { ...user, image };
}
