import * as assert from 'node:assert/strict';
import { menuTrigger, mentionPicks } from '../../../src/webview/composer/composerMenus';

describe('composer menus: what the caret opens', () => {
  it('a slash at the start opens the commands it prefixes; text after the caret or no match closes it', () => {
    const t = menuTrigger('/pl', 3);
    assert.equal(t.kind, 'slash');
    assert.deepEqual(t.kind === 'slash' && t.items.map((i) => i.label), ['/plan']);
    assert.equal(menuTrigger('/pl more', 3).kind, 'none');
    assert.equal(menuTrigger('/zzz', 4).kind, 'none');
    assert.equal(menuTrigger('say /plan', 9).kind, 'none');
  });

  it('@ after a space or at the start gives the query and where it sits; an email address does not', () => {
    const t = menuTrigger('look at @src/ma please', 15);
    assert.deepEqual(t, { kind: 'mention', token: { start: 8, end: 15, query: 'src/ma' } });
    assert.deepEqual(menuTrigger('@', 1), { kind: 'mention', token: { start: 0, end: 1, query: '' } });
    assert.equal(menuTrigger('mail me@example.com', 19).kind, 'none');
  });

  it('picks: special words first, a #L range applies to files, folders say so', () => {
    const picks = mentionPicks('pro', [{ kind: 'file', path: 'src/problem.ts', positions: [] }]);
    assert.deepEqual(
      picks.map((p) => p.label),
      ['@problems', 'src/problem.ts'],
    );
    const ranged = mentionPicks('main#L3-9', [
      { kind: 'file', path: 'src/main.ts', positions: [] },
      { kind: 'folder', path: 'src/main', positions: [] },
    ]);
    assert.deepEqual(
      ranged.map((p) => p.kind === 'mention' && p.ref),
      [
        { kind: 'range', path: 'src/main.ts', startLine: 3, endLine: 9 },
        { kind: 'folder', path: 'src/main' },
      ],
    );
    assert.deepEqual(
      ranged.map((p) => p.detail),
      ['#L3-9', 'folder'],
    );
  });
});
