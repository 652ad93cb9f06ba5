import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  activitySchema,
  contactSchema,
  notificationSchema,
  pipelineSchema,
  PLACEHOLDER_STAGE,
  stageSchema,
  subscriptionSchema,
  userDataSchema,
} from './entities';
import { readableTextColor } from './color';

describe('PLACEHOLDER_STAGE', () => {
  it('is "Set Stage..." in red at idx 0, and a valid stage', () => {
    expect(PLACEHOLDER_STAGE).toMatchObject({ name: 'Set Stage...', fontColor: '#FF0000', idx: 0 });
    expect(stageSchema.parse(PLACEHOLDER_STAGE)).toEqual(PLACEHOLDER_STAGE);
    expect(Object.isFrozen(PLACEHOLDER_STAGE)).toBe(true);
  });
});

describe('stageSchema', () => {
  it('accepts a full stage and strips unknown keys', () => {
    const stage = {
      name: 'Qualified',
      stageUID: 'stg1',
      remoteID: 'ghl-9',
      color: '#1C7EBB',
      fontColor: readableTextColor('#1C7EBB'),
      description: 'Ready to talk',
      phase: 'warm',
      idx: 3,
      extra: true,
    };
    const { extra: _extra, ...expected } = stage;
    expect(stageSchema.parse(stage)).toEqual(expected);
  });

  it.each([
    { name: 'x', stageUID: 's', idx: -1 },
    { name: 'x', stageUID: 's', idx: 1.5 },
    { name: 'x', idx: 0 },
  ])('rejects %j', (stage) => {
    expect(stageSchema.safeParse(stage).success).toBe(false);
  });
});

describe('pipelineSchema', () => {
  it('defaults the flags', () => {
    expect(pipelineSchema.parse({ groupUID: 'g1', nickName: 'Leads' })).toEqual({
      groupUID: 'g1',
      nickName: 'Leads',
      isDefault: false,
      fbConnected: false,
      igConnected: false,
    });
  });
  it('needs a groupUID', () => {
    expect(pipelineSchema.safeParse({ groupUID: '', nickName: 'x' }).success).toBe(false);
  });
});

describe('contactSchema', () => {
  it('checks the GTID and e-mail, defaulting the rest', () => {
    expect(contactSchema.parse({ GTID: 'bold-fox-1700000000' })).toEqual({
      GTID: 'bold-fox-1700000000',
      firstName: '',
      lastName: '',
      fullName: '',
      emailAddress: '',
      phoneNumber: '',
      sources: [],
    });
    expect(contactSchema.safeParse({ GTID: 'not a gtid' }).success).toBe(false);
    expect(contactSchema.safeParse({ GTID: 'bold-fox-1', emailAddress: 'nope' }).success).toBe(
      false,
    );
    expect(
      contactSchema.safeParse({ GTID: 'bold-fox-1', emailAddress: 'a@b.co', sources: ['facebook'] })
        .success,
    ).toBe(true);
  });
});

describe('activitySchema', () => {
  const activity = {
    type: 'stage',
    action: 'changed',
    activityUID: 'act-------------------',
    createdAt: '2024-05-01T10:00:00.000Z',
    createdAtUnix: 1_714_557_600_000,
    createdBy: 'Ada',
    createdByUID: 'u1',
    data: { from: 's1', to: 's2' },
  };
  it.each(ACTIVITY_TYPES)('accepts type %s', (type) => {
    expect(activitySchema.safeParse({ ...activity, type }).success).toBe(true);
  });
  it.each([
    { type: 'call' },
    { createdAt: 'yesterday' },
    { createdAtUnix: -1 },
    { activityUID: '' },
  ])('rejects %j', (patch) => {
    expect(activitySchema.safeParse({ ...activity, ...patch }).success).toBe(false);
  });
  it('has the eight spec types', () => {
    expect(ACTIVITY_TYPES).toEqual([
      'initial',
      'pipeline',
      'stage',
      'note',
      'task',
      'statusLabel',
      'tags',
      'message',
    ]);
  });
});

describe('subscriptionSchema', () => {
  it('accepts the SPEC §3 shape', () => {
    const sub = {
      status: 'active',
      tier: { value: 2, name: 'premier' },
      contactCount: 120,
      includedContacts: 10_000,
      includedSeats: 3,
      addons: { contactBlocks: 5000, teamMembers: 1 },
      platforms: { facebook: { level: 'pro' }, instagram: { level: 'basic' } },
      subIds: { base: 'sub_1', addon: null },
      features: { two_way_sync: true },
      stripeData: { baseSub: { status: 'active', createdAt: 1_700_000_000 }, addOnSub: null },
    };
    expect(subscriptionSchema.parse(sub)).toEqual(sub);
  });
  it('defaults add-ons to 0 and rejects negative counts', () => {
    expect(
      subscriptionSchema.parse({
        status: 'trialing',
        tier: { value: 1, name: 'basic' },
        addons: {},
      }).addons,
    ).toEqual({
      contactBlocks: 0,
      teamMembers: 0,
    });
    expect(
      subscriptionSchema.safeParse({
        status: 'x',
        tier: { value: 1, name: 'b' },
        includedSeats: -1,
      }).success,
    ).toBe(false);
  });
});

describe('notificationSchema', () => {
  it('defaults to an unpublished toast for any platform', () => {
    expect(notificationSchema.parse({ notificationId: 'n1' })).toEqual({
      notificationId: 'n1',
      published: false,
      platform: 'any',
      type: 'toast',
      title: '',
      text: '',
    });
  });
  it('rejects unknown platforms and types', () => {
    expect(notificationSchema.safeParse({ notificationId: 'n1', platform: 'mobile' }).success).toBe(
      false,
    );
    expect(notificationSchema.safeParse({ notificationId: 'n1', type: 'popup' }).success).toBe(
      false,
    );
  });
});

describe('userDataSchema', () => {
  it('accepts user data and fills defaults', () => {
    const user = userDataSchema.parse({
      uid: 'u1',
      email: 'ada@example.com',
      currentTeam: { teamOwner: 'u1', teamUID: 't1', role: 'owner' },
      termsVersion: '1.0.1',
      groupAccess: { t1: ['g1'], t2: { g2: true } },
      notifications: { n1: 1_700_000_000_001 },
    });
    expect(user).toMatchObject({
      passwordSet: false,
      defaultContactView: 'pipeline',
      teams: [],
      unseenNotifications: [],
      groupAccess: { t1: ['g1'], t2: { g2: true } },
    });
  });
  it.each([
    { email: 'nope' },
    { defaultContactView: 'kanban' },
    { uid: '' },
    { notifications: { n1: 'later' } },
  ])('rejects %j', (patch) => {
    expect(userDataSchema.safeParse({ uid: 'u1', email: 'a@b.co', ...patch }).success).toBe(false);
  });
});
