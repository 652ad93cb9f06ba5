import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { authorizeTarget } from './AuthorizePage';
import { closedInvitationMessage, sameEmail, type Invitation } from './invitation';
import {
  errorMessage,
  loginBase,
  newPasswordProblem,
  THROTTLED_MESSAGE,
  withNext,
} from './messages';
import { signUpProblems } from './SignUpForm';

describe('sign-in screen helpers', () => {
  it('words errors for people, keeping the server’s throttling message', () => {
    const throttled = new ApiError({
      status: 'bad-response',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
      httpStatus: 429,
    });
    expect(errorMessage(throttled)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    const bare429 = new ApiError({
      status: 'bad-response',
      message: 'Something went wrong',
      httpStatus: 429,
    });
    expect(errorMessage(bare429)).toBe(THROTTLED_MESSAGE);
    const offline = new ApiError({ status: 'error', message: 'x', httpStatus: null });
    expect(errorMessage(offline)).toMatch(/Can't reach Leadloom/);
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong');
  });

  it('checks new passwords against the 6-character minimum', () => {
    expect(newPasswordProblem('')).toBe('Choose a password');
    expect(newPasswordProblem('12345')).toBe('Use at least 6 characters');
    expect(newPasswordProblem('123456')).toBeNull();
  });

  it('checks the sign-up form', () => {
    expect(signUpProblems({ name: '', email: 'x', password: '1', teamName: ' ' })).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid e-mail address',
      password: 'Use at least 6 characters',
      teamName: 'Name your team',
    });
    expect(
      signUpProblems({ name: 'A', email: 'a@b.co', password: 'secret', teamName: 'T' }),
    ).toEqual({});
  });

  it('keeps /secret-login and next across the sign-in links', () => {
    expect(loginBase('/secret-login/signup')).toBe('/secret-login');
    expect(loginBase('/login')).toBe('/login');
    expect(withNext('/login/signup', '/tasks?a=1')).toBe('/login/signup?next=%2Ftasks%3Fa%3D1');
    expect(withNext('/login', null)).toBe('/login');
  });

  it('follows only in-app paths from /authorize', () => {
    expect(authorizeTarget(new URLSearchParams('next=/tasks'))).toEqual({
      to: '/tasks',
      refused: false,
    });
    expect(authorizeTarget(new URLSearchParams('redirect_to=%2Fshop'))).toEqual({
      to: '/shop',
      refused: false,
    });
    expect(authorizeTarget(new URLSearchParams('next=//evil.example'))).toEqual({
      to: '/',
      refused: true,
    });
    expect(authorizeTarget(new URLSearchParams('redirect_to=https://evil.example'))).toEqual({
      to: '/',
      refused: true,
    });
    expect(authorizeTarget(new URLSearchParams(''))).toEqual({ to: '/', refused: false });
  });

  it('explains closed invitations and compares e-mails loosely', () => {
    const invitation: Invitation = {
      teamName: 'T',
      email: 'a@b.co',
      inviterName: 'Dana',
      role: 'member',
      status: 'expired',
      hasAccount: false,
    };
    expect(closedInvitationMessage(invitation).title).toBe('This invitation has expired');
    expect(closedInvitationMessage({ ...invitation, status: 'revoked' }).text).toBe(
      'Ask Dana for a new invitation.',
    );
    expect(closedInvitationMessage({ ...invitation, status: 'accepted' }).title).toMatch(
      /already been used/,
    );
    expect(sameEmail(' A@B.co', 'a@b.co')).toBe(true);
    expect(sameEmail(null, 'a@b.co')).toBe(false);
  });
});
