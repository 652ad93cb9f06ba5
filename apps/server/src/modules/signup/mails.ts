import type { Mail } from '../mail/service';

/** The link opens the sign-up screen's confirmation step, which posts the token to /api/signup/confirm. */
export function confirmSignupMail(
  publicUrl: string,
  to: string,
  name: string,
  token: string,
): Mail {
  const link = `${publicUrl}/login/signup/confirm?token=${encodeURIComponent(token)}`;
  return {
    to,
    kind: 'signup-confirm',
    subject: 'Finish signing up to Leadloom',
    text: [
      `Hi ${name || to},`,
      '',
      'To finish signing up to Leadloom and start your team’s trial, open:',
      link,
      '',
      'The link works for 24 hours. If you did not sign up, ignore this mail: no account is made.',
    ].join('\n'),
  };
}

/** Sign-up answers the same for a registered address; its owner learns why they got a mail. */
export function existingAccountMail(publicUrl: string, to: string, name: string): Mail {
  return {
    to,
    kind: 'signup-existing',
    subject: 'You already have a Leadloom account',
    text: [
      `Hi ${name || to},`,
      '',
      'Someone tried to sign up to Leadloom with your e-mail address, which already has an account.',
      'If it was you, sign in:',
      `${publicUrl}/login`,
      '',
      'Forgot your password? Choose a new one:',
      `${publicUrl}/password-reset`,
      '',
      'If it was not you, ignore this mail: nothing was changed.',
    ].join('\n'),
  };
}
