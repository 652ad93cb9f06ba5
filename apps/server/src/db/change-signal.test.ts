import { describe, expect, it } from 'vitest';
import { notifyPayload, teamOfPayload } from './change-signal';

describe('change signal payloads', () => {
  it("wakes other processes' streams, not this process's a second time", () => {
    // This process's own commits already woke its streams in-process at commit.
    expect(teamOfPayload(notifyPayload('team-a'))).toBeNull();
    // Another process's commit (another mark), or a bare team id, wakes the team.
    expect(teamOfPayload('team-a|another-process')).toBe('team-a');
    expect(teamOfPayload('team-a')).toBe('team-a');
    expect(teamOfPayload('')).toBeNull();
  });
});
