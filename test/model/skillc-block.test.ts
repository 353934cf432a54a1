import { describe, expect, it } from 'vitest';
import { skillcBlock, targetHosts } from '../../src/model/skillc-block.js';

const hosts = [{ id: 'agentskills' }, { id: 'claude' }, { id: 'codex' }];

describe('the skillc: block, read once into one typed value', () => {
  it('reads each key one way: string items of lists, one name for requires, manual only when written so', () => {
    const block = skillcBlock({ skillc: { targets: ['claude', 5, null], requires: 'beta', effects: ['email.send', 3], invocation: 'Manual', kind: '', artifacts: ['x'], claude: { model: 'x' }, codex: 'no' } });
    expect(block.targets).toEqual(['claude']);
    expect(block.requires).toEqual(['beta']);
    expect(block.effects).toEqual(['email.send']);
    expect(block.invocation).toBe('auto');
    expect(block.kind).toBeUndefined();
    expect(block.artifacts).toBeUndefined();
    expect(block.host('claude')).toEqual({ model: 'x' });
    expect(block.host('codex')).toBeUndefined();
    expect(block.host('toString')).toBeUndefined();
  });

  it('has one targetHosts: a list filters the hosts (non-strings name none), anything else is every host', () => {
    expect(targetHosts({ skillc: { targets: ['codex', 7] } }, hosts).map((h) => h.id)).toEqual(['codex']);
    expect(targetHosts({ skillc: { targets: [7] } }, hosts)).toEqual([]);
    expect(targetHosts({ skillc: { targets: 'claude' } }, hosts)).toEqual(hosts);
    expect(targetHosts({}, hosts)).toEqual(hosts);
  });

  it('parses a block once: the same object gives the same value', () => {
    const skill = { skillc: { requires: ['a'] } };
    expect(skillcBlock(skill)).toBe(skillcBlock(skill));
    expect(skillcBlock({})).toEqual(expect.objectContaining({ invocation: 'auto', requires: [], effects: [] }));
  });
});
