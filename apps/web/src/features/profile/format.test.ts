import { describe, expect, it } from 'vitest';
import {
  featureLabel,
  featureRows,
  fieldOfError,
  formatDate,
  formatUsage,
  pipelineAccessLabel,
  platformRows,
  seatsFull,
  seatsText,
  statusColor,
  statusLabel,
  tierLabel,
  timeZoneOptions,
  toEpochMs,
  trialEndOf,
  usageColor,
  usagePercent,
} from './format';

describe('seats', () => {
  it('reads "3 of 5 seats used"', () => {
    expect(seatsText({ used: 3, quota: 5 })).toBe('3 of 5 seats used');
    expect(seatsText({ used: 0, quota: 1 })).toBe('0 of 1 seat used');
    expect(seatsText({ used: 1200, quota: 2000 })).toBe('1,200 of 2,000 seats used');
  });
  it('is full when every seat is taken, including a quota of 0', () => {
    expect(seatsFull({ used: 5, quota: 5 })).toBe(true);
    expect(seatsFull({ used: 0, quota: 0 })).toBe(true);
    expect(seatsFull({ used: 4, quota: 5 })).toBe(false);
  });
});

describe('usage', () => {
  it('formats used of limit with separators', () => {
    expect(formatUsage(1234, 5000)).toBe('1,234 of 5,000');
  });
  it('computes a clamped percentage', () => {
    expect(usagePercent(0, 10)).toBe(0);
    expect(usagePercent(5, 10)).toBe(50);
    expect(usagePercent(15, 10)).toBe(100);
    expect(usagePercent(1, 0)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(Number.NaN, 10)).toBe(0);
  });
  it('colours calm, then warning at 80 %, then red at the limit', () => {
    expect(usageColor(1, 10)).toBe('loom');
    expect(usageColor(8, 10)).toBe('yellow');
    expect(usageColor(10, 10)).toBe('red');
    expect(usageColor(0, 0)).toBe('loom');
  });
});

describe('status', () => {
  it('labels statuses for people', () => {
    expect(statusLabel('past_due')).toBe('Past due');
    expect(statusLabel('incomplete_expired')).toBe('Incomplete expired');
    expect(statusLabel('')).toBe('Unknown');
  });
  it('is green-ish for statuses that allow use, red otherwise', () => {
    expect(statusColor('active')).toBe('green');
    expect(statusColor('trialing')).toBe('teal');
    expect(statusColor('past_due')).toBe('lime');
    for (const s of ['canceled', 'unpaid', 'incomplete', 'whatever']) {
      expect(statusColor(s)).toBe('red');
    }
  });
});

describe('tierLabel', () => {
  it('names the tier', () => {
    expect(tierLabel({ value: 2, name: 'premier' })).toBe('Tier 2 · Premier');
    expect(tierLabel(4)).toBe('Tier 4 · Pro');
    expect(tierLabel({ value: 7, name: 'x' })).toBe('No tier');
    expect(tierLabel(null)).toBe('No tier');
  });
});

describe('dates', () => {
  it('accepts ISO strings, epoch ms and epoch seconds', () => {
    const iso = '2026-03-03T12:00:00Z';
    const ms = Date.parse(iso);
    expect(toEpochMs(iso)).toBe(ms);
    expect(toEpochMs(ms)).toBe(ms);
    expect(toEpochMs(ms / 1000)).toBe(ms);
    expect(toEpochMs('nope')).toBeNull();
    expect(toEpochMs(null)).toBeNull();
    expect(formatDate(iso, 'UTC')).toBe('Mar 3, 2026');
    expect(formatDate(undefined)).toBe('');
  });
  it('finds the trial end wherever it is kept', () => {
    expect(trialEndOf({ trialEnd: '2026-03-03T00:00:00Z' })).toBe(
      Date.parse('2026-03-03T00:00:00Z'),
    );
    expect(
      trialEndOf({
        stripeData: { baseSub: { status: 'trialing', trial_end: 1_700_000_000 } },
      } as never),
    ).toBe(1_700_000_000_000);
    expect(trialEndOf({ status: 'active' })).toBeNull();
    expect(trialEndOf(null)).toBeNull();
  });
});

describe('pipelineAccessLabel', () => {
  const options = [
    { groupUID: 'g1', nickName: 'Sales' },
    { groupUID: 'g2', nickName: 'Recruiting' },
  ];
  it('says all, none, or the names', () => {
    expect(pipelineAccessLabel('all', options)).toBe('All pipelines');
    expect(pipelineAccessLabel([], options)).toBe('No pipelines');
    expect(pipelineAccessLabel(['g2', 'g1'], options)).toBe('Recruiting, Sales');
    // Pipelines the viewer cannot see are counted, not named.
    expect(pipelineAccessLabel(['gx'], options)).toBe('1 pipeline');
    expect(pipelineAccessLabel(['gx', 'gy'], options)).toBe('2 pipelines');
    expect(pipelineAccessLabel(['g1', 'gx'], options)).toBe('Sales +1 more');
  });
});

describe('platforms and features', () => {
  it('lists the three platforms with their level or null', () => {
    expect(platformRows({ platforms: { facebook: { level: 'PRO' }, linkedin: {} } })).toEqual([
      { platform: 'facebook', label: 'Facebook', level: 'pro' },
      { platform: 'instagram', label: 'Instagram', level: null },
      { platform: 'linkedin', label: 'LinkedIn', level: 'basic' },
    ]);
  });
  it('lists every known feature plus extra ones from the map', () => {
    const rows = featureRows({ two_way_sync: true, beta_thing: true });
    expect(rows.find((r) => r.name === 'two_way_sync')?.enabled).toBe(true);
    expect(rows.find((r) => r.name === 'facebook_access')?.enabled).toBe(false);
    expect(rows.at(-1)).toEqual({ name: 'beta_thing', label: 'Beta thing', enabled: true });
  });
  it('labels features', () => {
    expect(featureLabel('ai_message_generator')).toBe('AI message generator');
    expect(featureLabel('facebook_auto_responder')).toBe('Facebook auto responder');
    expect(featureLabel('linkedin_access')).toBe('LinkedIn access');
  });
});

describe('fieldOfError', () => {
  it('maps the server field to a form field', () => {
    expect(fieldOfError({ field: 'photoURL' }, ['name', 'photoURL'])).toBe('photoURL');
    expect(fieldOfError({ field: 'body.timeZone' }, ['timeZone'])).toBe('timeZone');
    expect(fieldOfError({ field: 'other' }, ['name'])).toBeNull();
    expect(fieldOfError(null, ['name'])).toBeNull();
  });
  it('maps better-auth password codes', () => {
    const fields = ['currentPassword', 'newPassword'] as const;
    expect(fieldOfError({ status: 'INVALID_PASSWORD' }, fields)).toBe('currentPassword');
    expect(fieldOfError({ status: 'PASSWORD_TOO_SHORT' }, fields)).toBe('newPassword');
    expect(fieldOfError({ status: 'bad-response' }, fields)).toBeNull();
  });
});

describe('misc', () => {
  it('keeps the current time zone in the list', () => {
    const zones = timeZoneOptions('Mars/Olympus_Mons');
    expect(zones[0]).toBe('Mars/Olympus_Mons');
    expect(zones).toContain('UTC');
  });
});
