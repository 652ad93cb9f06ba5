import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_LIMITS } from './limits';
import { initialSenderState, type SenderState } from './pacing';
import { applySendResult, pauseSending, resumeSending, RETRY_BASE_MS } from './results';
import { queueGate } from './gating';
import {
  initialQueueStatus,
  missingProfileMessage,
  normalizeRecipient,
  recipientLink,
} from './queue-items';

const limits = DEFAULT_QUEUE_LIMITS.instagram;
const now = 1_800_000_000_000;
const fresh = (): SenderState => initialSenderState(limits, now, () => 0);
const apply = (code: Parameters<typeof applySendResult>[0], state = fresh(), attempts = 0) =>
  applySendResult(code, { state, limits, now, attempts, random: () => 0 });

describe('applySendResult', () => {
  it('a sent item is done and the next waits its gap', () => {
    const r = apply('sent');
    expect(r.item).toEqual({ status: 'sent' });
    expect(r.state.nextSendAt).toBe(now + limits.minGapSeconds * 1000);
  });

  it('a recipient who cannot be messaged is never retried', () => {
    expect(apply('failed').item).toEqual({ status: 'failed' });
  });

  it('a passing failure comes back later, twice as late each time, and fails on the third try', () => {
    expect(apply('retry', fresh(), 0).item).toEqual({
      status: 'approved',
      notBefore: now + RETRY_BASE_MS,
      attempt: true,
    });
    expect(apply('retry', fresh(), 1).item).toMatchObject({ notBefore: now + 2 * RETRY_BASE_MS });
    expect(apply('retry', fresh(), 2).item).toEqual({ status: 'failed' });
  });

  it('three failures in a row pause the platform for an hour; a send in between resets the count', () => {
    let s = fresh();
    s = apply('retry', s).state;
    s = apply('failed', s).state;
    expect(s.pauseReason).toBeNull();
    expect(apply('sent', s).state.consecutiveFailures).toBe(0);
    s = apply('failed', s).state;
    expect(s).toMatchObject({ pauseReason: 'failures', pausedUntil: now + 3_600_000 });
  });

  it('a limit dialog stops the platform for 24 hours and puts the item back untouched', () => {
    const r = apply('rate-limited');
    expect(r.item).toEqual({ status: 'approved', notBefore: null, attempt: false });
    expect(r.state).toMatchObject({ pauseReason: 'limit-dialog', pausedUntil: now + 86_400_000 });
  });

  it('a login wall or checkpoint pauses until the user resumes', () => {
    expect(apply('login-required').state).toMatchObject({
      pauseReason: 'login-required',
      pausedUntil: null,
    });
    expect(apply('checkpoint').state).toMatchObject({
      pauseReason: 'checkpoint',
      pausedUntil: null,
    });
    expect(resumeSending(apply('checkpoint').state)).toMatchObject({
      pauseReason: null,
      pausedUntil: null,
    });
    expect(pauseSending(fresh())).toMatchObject({ pauseReason: 'manual', pausedUntil: null });
  });
});

describe('queueGate', () => {
  const pro = {
    status: 'active',
    platforms: { facebook: { level: 'pro' }, instagram: { level: 'basic' } },
  };
  const on = { facebook_bulk_messaging_access: true, instagram_bulk_messaging_access: true };

  it('one message needs the platform in the plan', () => {
    expect(
      queueGate({ subscription: pro, flags: on, platform: 'instagram', recipients: 1 }),
    ).toEqual({ ok: true });
    expect(
      queueGate({ subscription: pro, flags: on, platform: 'linkedin', recipients: 1 }),
    ).toMatchObject({
      ok: false,
      cause: 'plan',
      message:
        'Your plan does not include LinkedIn. Add LinkedIn to your plan to message people there.',
    });
  });

  it('several at once on Facebook or Instagram need pro and the team flag, and say which is missing', () => {
    expect(
      queueGate({ subscription: pro, flags: on, platform: 'facebook', recipients: 3 }),
    ).toEqual({ ok: true });
    expect(
      queueGate({ subscription: pro, flags: on, platform: 'instagram', recipients: 3 }),
    ).toMatchObject({
      cause: 'plan',
      message: 'Messaging several people at once on Instagram needs Instagram Pro in your plan.',
    });
    expect(
      queueGate({ subscription: pro, flags: {}, platform: 'facebook', recipients: 3 }),
    ).toMatchObject({
      cause: 'flag',
      message:
        'Bulk messaging on Facebook is switched off for this team. Ask Leadloom support to switch it on.',
    });
  });

  it('the features map wins over platform levels', () => {
    const mapped = {
      status: 'active',
      features: { instagram_access: true, instagram_bulk_messaging: true },
    };
    expect(
      queueGate({ subscription: mapped, flags: on, platform: 'instagram', recipients: 9 }),
    ).toEqual({ ok: true });
    expect(
      queueGate({ subscription: mapped, flags: on, platform: 'facebook', recipients: 1 }),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe('queue items', () => {
  it('go straight to the sender’s queue when they queue them, else to their review', () => {
    expect(initialQueueStatus('u1', 'u1')).toBe('approved');
    expect(initialQueueStatus('u1', 'u2')).toBe('pending');
  });

  it('need the platform’s profile link, and say whose is missing', () => {
    expect(recipientLink({ facebook: ' https://www.facebook.com/dana ' }, 'facebook')).toBe(
      'https://www.facebook.com/dana',
    );
    expect(recipientLink({ facebook: '' }, 'facebook')).toBeNull();
    expect(missingProfileMessage('Dana', 'facebook')).toBe('Dana has no Facebook profile link');
  });
});

describe('normalizeRecipient', () => {
  it('writes one link one way, keeping the case of paths and queries', () => {
    expect(normalizeRecipient(' HTTPS://WWW.Facebook.com/Dana.Lee/ ')).toBe(
      'https://www.facebook.com/Dana.Lee',
    );
    expect(normalizeRecipient('https://www.facebook.com/profile.php?id=100#x')).toBe(
      'https://www.facebook.com/profile.php?id=100',
    );
    expect(normalizeRecipient('https://instagram.com/')).toBe('https://instagram.com');
    expect(normalizeRecipient('dana.lee/')).toBe('dana.lee');
  });
});
