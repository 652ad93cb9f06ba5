import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSyncTo,
  isSyncOptionEnabled,
  stageChangeSyncsTo,
  SYNC_OPTIONS,
  syncQueueTiming,
  tagChangeSyncsTo,
  tagsToSyncTo,
  type SyncConnection,
} from './sync';

const on = (option: string): SyncConnection => ({ status: 'active', options: { [option]: true } });

describe('sync options', () => {
  it.each(SYNC_OPTIONS)('%s: enabled by the map or optionsArr', (option) => {
    expect(isSyncOptionEnabled(on(option), option)).toBe(true);
    expect(isSyncOptionEnabled({ optionsArr: [option] }, option)).toBe(true);
    expect(isSyncOptionEnabled({ optionsArr: [{ key: option, value: true }] }, option)).toBe(true);
    expect(isSyncOptionEnabled({ optionsArr: [{ name: option, value: true }] }, option)).toBe(true);
    expect(isSyncOptionEnabled({ optionsArr: [{ key: option, value: false }] }, option)).toBe(
      false,
    );
    expect(isSyncOptionEnabled({}, option)).toBe(false);
  });

  it('only enables the named option', () => {
    expect(isSyncOptionEnabled(on('syncTags'), 'syncStages')).toBe(false);
    expect(isSyncOptionEnabled({ options: { syncTags: 'yes' } }, 'syncTags')).toBe(false);
  });

  it('lets the map decide over optionsArr when it names the option', () => {
    expect(
      isSyncOptionEnabled({ options: { syncTags: false }, optionsArr: ['syncTags'] }, 'syncTags'),
    ).toBe(false);
    expect(
      isSyncOptionEnabled({ options: { syncInfo: true }, optionsArr: ['syncTags'] }, 'syncTags'),
    ).toBe(true);
  });
});

describe('canSyncTo (SPEC §5)', () => {
  const contact = { emailAddress: 'a@b.co', phoneNumber: '' };
  it.each([
    ['option on, active', on('syncInfo'), contact, true],
    ['option off', { status: 'active', options: {} }, contact, false],
    ['inactive', { ...on('syncInfo'), status: 'inactive' }, contact, false],
    ['paused', { ...on('syncInfo'), isPaused: true }, contact, false],
    ['status missing', { options: { syncInfo: true } }, contact, true],
    ['email-only with email', { ...on('syncInfo'), syncEmailOnly: true }, contact, true],
    [
      'email-only with phone',
      { ...on('syncInfo'), syncEmailOnly: true },
      { phoneNumber: '+1 555' },
      true,
    ],
    [
      'email-only with neither',
      { ...on('syncInfo'), syncEmailOnly: true },
      { emailAddress: ' ', phoneNumber: null },
      false,
    ],
    ['not email-only, no email', on('syncInfo'), {}, true],
  ] as [string, SyncConnection, object, boolean][])('%s → %s', (_name, connection, c, expected) => {
    expect(canSyncTo(connection, 'syncInfo', c)).toBe(expected);
  });

  it('never syncs to an inactive or paused connection', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SYNC_OPTIONS),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (option, inactive, paused, emailOnly) => {
          const connection = {
            status: inactive ? 'inactive' : 'active',
            isPaused: paused,
            syncEmailOnly: emailOnly,
            options: { [option]: true },
          };
          const result = canSyncTo(connection, option, { emailAddress: 'x@y.z' });
          return result === (!inactive && !paused);
        },
      ),
    );
  });
});

describe('stage change targets', () => {
  it.each([
    ['gohighlevel', { remoteID: 'r1' }, true],
    ['gohighlevel', {}, false],
    ['leadconnector', { remoteID: 12 }, true],
    ['leadconnector', { remoteID: '' }, false],
    ['clickfunnels', { remoteID: 'x' }, true],
    ['clickfunnels', { remoteID: null }, false],
    ['gsheet', {}, true],
    ['webhooks', {}, true],
    ['GSheet', {}, true],
    ['activecampaign', { remoteID: 'r1' }, false],
    ['convertkit', { remoteID: 'r1' }, false],
    ['somethingelse', { remoteID: 'r1' }, false],
  ])('%s with %j → %s', (system, stage, expected) => {
    expect(stageChangeSyncsTo(system, stage)).toBe(expected);
  });
});

describe('tag change targets', () => {
  const mapped = { name: 'a', remoteID: 'r1' };
  const unmapped = { name: 'b' };
  it.each([
    'gsheet',
    'convertkit',
    'webhooks',
    'kartra',
    'ontraport',
    'gohighlevel',
    'leadconnector',
  ])('%s always takes every tag', (system) => {
    expect(tagsToSyncTo(system, [mapped, unmapped])).toEqual([mapped, unmapped]);
    expect(tagChangeSyncsTo(system, [unmapped])).toBe(true);
  });

  it.each(['activecampaign', 'clickfunnels'])('%s only takes mapped tags', (system) => {
    expect(tagsToSyncTo(system, [mapped, unmapped])).toEqual([mapped]);
    expect(tagChangeSyncsTo(system, [unmapped])).toBe(false);
    expect(tagChangeSyncsTo(system, [unmapped, mapped])).toBe(true);
  });

  it('sends nothing to systems the spec does not name, or for no tags', () => {
    expect(tagsToSyncTo('hubspot', [mapped])).toEqual([]);
    expect(tagChangeSyncsTo('gsheet', [])).toBe(false);
  });
});

describe('syncQueueTiming', () => {
  it.each([
    [undefined, 0, null],
    [null, 0, null],
    [0, 0, null],
    [-5, 0, null],
    [NaN, 0, null],
    [Infinity, 0, null],
    ['abc', 0, null],
    ['', 0, null],
    [15, 15, 15],
    ['30', 30, 30],
    [0.5, 0.5, 0.5],
  ])('%j → period %d, delay %j', (raw, period, delayBy) => {
    expect(syncQueueTiming(raw)).toEqual({ period, delayBy });
  });
});
