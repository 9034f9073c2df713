import * as assert from 'node:assert/strict';
import type { ZeroCommand } from '../../../src/conversation/prompts/zeroCommands';
import { menuTrigger } from '../../../src/webview/composer/composerMenus';
import { parseSlash, setZeroCommands, type SlashTarget } from '../../../src/webview/composer/slashCommands';

const review: ZeroCommand = {
  name: 'review',
  description: 'Review a file',
  kind: 'command',
  template: 'Review $1 for $2 issues. All: $ARGUMENTS.',
  project: true,
};
const skill: ZeroCommand = { name: 'pr-review', description: 'Review a PR', kind: 'skill', template: 'Read the diff.' };

function target(sent: Array<[string, string]>): SlashTarget {
  const no = (): void => assert.fail('not expected');
  return {
    transport: 'exec',
    chat: null,
    mode: 'ask',
    post: no,
    send: (text, mode) => sent.push([text, mode]),
    pickMode: no,
    focusModel: no,
    reset: no,
    clearTranscript: no,
    showError: no,
    showHelp: no,
  };
}

describe("composer: Zero's commands and skills after /", () => {
  afterEach(() => setZeroCommands([]));

  it('the menu lists them after the extension’s, with their kind and description as detail', () => {
    setZeroCommands([review, skill]);
    const t = menuTrigger('/', 1);
    assert.equal(t.kind, 'slash');
    const items = t.kind === 'slash' ? t.items : [];
    assert.deepEqual(
      items.filter((i) => i.label === '/review' || i.label === '/pr-review').map((i) => [i.label, i.detail]),
      [
        ['/review', 'Project command: Review a file'],
        ['/pr-review', 'Skill: Review a PR'],
      ],
    );
    const pr = menuTrigger('/pr-', 4);
    assert.deepEqual(pr.kind === 'slash' && pr.items.map((i) => i.label), ['/pr-review']);
  });

  it('sending one sends what Zero would: the template expanded, or the skill body then the request, in the picked mode', () => {
    setZeroCommands([review, skill]);
    const sent: Array<[string, string]> = [];
    const a = parseSlash('/Review src/app.ts security now');
    assert.ok(a);
    a.command.run(target(sent), a.rest);
    const b = parseSlash('/pr-review the auth change');
    assert.ok(b);
    b.command.run(target(sent), b.rest);
    assert.deepEqual(sent, [
      ['Review src/app.ts for security issues. All: src/app.ts security now.', 'ask'],
      ['Read the diff.\n\nthe auth change', 'ask'],
    ]);
  });

  it('a name the extension uses itself stays the extension’s; unknown /words are text', () => {
    setZeroCommands([{ ...review, name: 'history' }]);
    assert.equal(parseSlash('/history')?.command.detail, 'Open a saved chat');
    assert.equal(parseSlash('/nothing here'), null);
  });

  it("/skills lists Zero's skills as text; /compact and /init ask the host for Zero's terminal UI", () => {
    setZeroCommands([review, skill]);
    const shown: string[] = [];
    const posted: unknown[] = [];
    const t: SlashTarget = { ...target([]), showHelp: (text) => shown.push(text), post: (m) => posted.push(m) };
    parseSlash('/skills')!.command.run(t, '');
    assert.deepEqual(shown, ['Skills (run one with /<skill-name> [request]):\n/pr-review — Review a PR']);
    setZeroCommands([]);
    parseSlash('/skills')!.command.run(t, '');
    assert.match(shown[1]!, /^No skills installed\. Add one with `zero skills add <source>`/);
    parseSlash('/compact')!.command.run(t, '');
    parseSlash('/init')!.command.run(t, '');
    assert.deepEqual(posted, [
      { type: 'zeroInTerminal', command: '/compact' },
      { type: 'zeroInTerminal', command: '/init' },
    ]);
  });
});
