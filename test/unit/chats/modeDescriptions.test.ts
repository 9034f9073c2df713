/** The Mode picker's words: what each exec mode allows, and what the autonomy level beside it adds (subagents). */
import * as assert from 'node:assert/strict';
import { execChoices } from '../../../src/chats/composerChoices';
import { execModeDescription, offersSubagents } from '../../../src/chats/modeDescriptions';

const modes = (autonomy: string) =>
  Object.fromEntries(
    execChoices(
      () => null,
      () => ({}),
      () => autonomy,
    )
      .modes()
      .map((m) => [m.id, m.description]),
  );

describe('mode picker descriptions', () => {
  it('at medium (the default) each mode says what Zero does with subagents in it', () => {
    const m = modes('medium');
    assert.match(
      m.auto!,
      /a read-only specialist \(explorer, code-review\) starts without asking; a worker asks first/,
    );
    assert.match(m.ask!, /a read-only specialist starts without asking; a worker asks first/);
    assert.match(m.plan!, /^Read-only tools only\. No subagents: Zero offers no Task tool in plan mode\.$/);
    assert.match(m.unsafe!, /every specialist starts without asking, and a worker runs unsafe too/);
    assert.deepEqual(modes('high'), m, 'high offers the same subagents beside a mode');
  });

  it('low or unset: no subagents, and the setting that gives them', () => {
    for (const [autonomy, named] of [
      ['low', 'low'],
      ['', "Zero's default (low)"],
    ]) {
      for (const [id, words] of Object.entries(modes(autonomy!)))
        if (id !== 'plan')
          assert.ok(words!.endsWith(`No subagents: zero.autonomy is ${named}; medium offers them.`), words);
    }
    assert.equal(offersSubagents(' Medium '), true);
    assert.equal(offersSubagents('low'), false);
    assert.equal(execModeDescription('member', 'medium'), '', 'a mode the picker does not offer has no words');
  });
});
