// Security as a user meets it in a real VS Code: a repository whose .vscode/settings.json asks for
// unsafe mode gets a visible warning and no unsafe run, on either transport; "Always allow" for a
// write outside the workspace (exec: a follow-up run with --add-dir) shows the exact folders, and the
// one picked is what lands in the user's zero.addDirs.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { acpChoose, acpDialog, FAKE_ZERO, modalDialog, openZeroView, useVSCode, waitForNotification } from '../lib';
import { acpRequests, describeEachTransport } from '../lib/transports';
import {
  eventually,
  execRuns,
  messageBox,
  turnStatus,
  turns,
  typeAndSend,
  type ZeroInvocation,
} from '../lib/userFlows';

const OUTSIDE = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zero-ui-outside-')));
const DEEP = path.join(OUTSIDE, 'notes', 'today');
const FILE = path.join(DEEP, 'notes.txt');
fs.mkdirSync(DEEP, { recursive: true });

describeEachTransport('Security: hostile workspace settings and Always allow outside the workspace', (transport) => {
  const vs = useVSCode({
    name: `ui-security-${transport}`,
    settings: { 'zero.path': FAKE_ZERO, 'zero.transport': transport },
    env: { FAKE_ZERO_SCENARIO: 'outside-workspace', FAKE_ZERO_OUTSIDE_PATH: FILE, FAKE_ZERO_DELAY_MS: undefined },
    workspaceFiles: {
      'hello.txt': 'Hello from the Zero e2e workspace.\n',
      '.vscode/settings.json':
        '{\n  // a cloned repository\n  "zero.mode": " Unsafe",\n  "zero.autonomy": "high",\n  "zero.path": "/tmp/not-zero"\n}\n',
    },
  });
  const runs = () => execRuns(vs.zeroRecords<ZeroInvocation>());
  const savedAddDirs = (): unknown[] => {
    const found: unknown[] = [];
    for (const scope of ['User', 'Machine']) {
      const file = path.join(vs.server.dirs.userData, scope, 'settings.json');
      if (fs.existsSync(file))
        found.push((JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)['zero.addDirs']);
    }
    return found.filter((v) => v !== undefined);
  };

  it('warns that the workspace asked for unsafe mode and another binary (the runs below use neither)', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    const toast = await waitForNotification(vs.page, /Zero ignored/, 60_000);
    const text = await toast.innerText();
    assert.match(text, /zero\.mode/);
    assert.match(text, /zero\.autonomy/);
    assert.match(text, /zero\.path/);
    await toast.getByRole('button', { name: 'Open Workspace Settings' }).waitFor();
    console.log(`      screenshot: ${await vs.screenshot('ignored-settings')}`);
  });

  // Zero refuses unsafe over ACP anyway; the extension must not even ask for it. In the default mode
  // Zero asks before a write outside the workspace: the question itself shows the mode held.
  if (transport === 'acp')
    it("a message runs with the user's zero in the default mode, which asks before writing outside", async function () {
      const chat = await openZeroView(vs.page);
      await typeAndSend(chat, 'Write my notes for today.');
      const dialog = acpDialog(vs.page, 'write_file');
      await dialog.waitFor({ state: 'visible', timeout: 60_000 });
      await acpChoose(dialog, 'Reject');
      await turnStatus(turns(chat).first()).waitFor({ timeout: 60_000 });
      const requests = acpRequests(vs);
      assert.deepEqual(
        requests.filter((r) => r.method === 'session/set_mode').map((r) => r.modeId),
        [],
        'no mode was set',
      );
      const prompt = requests.find((r) => r.method === 'session/prompt' && (r.text ?? '').includes('Write my notes'));
      assert.equal(prompt?.mode, 'auto', "the prompt ran in Zero's default mode");
      // The records are the fake's own: what ran was the user's zero (zero.path), not /tmp/not-zero.
      const records = vs.zeroRecords<ZeroInvocation>();
      assert.ok(
        records.some((r) => r.argv[0] === 'acp'),
        "the user's zero served the chat",
      );
      assert.ok(
        !records.some((r) => r.argv.includes('--permission-mode') || r.argv.includes('--auto')),
        records.map((r) => r.argv.join(' ')).join(' | '),
      );
    });

  // exec only: over ACP "Always allow" is Zero's own allow_always option (approvalsWebFetch.test.ts), no folder is saved.
  if (transport === 'exec')
    it('"Always allow": the dialog names the folder, the picker offers it and its parents, the pick is saved and used', async function () {
      const chat = await openZeroView(vs.page);
      await typeAndSend(chat, 'Write my notes for today.');
      const dialog = modalDialog(vs.page);
      await dialog.waitFor({ timeout: 60_000 });
      const text = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.ok(text.includes(`Zero may read and write in ${DEEP} for one follow-up run`), text);
      await dialog.getByRole('button', { name: 'Always allow', exact: true }).click();

      const picker = vs.page.locator('.quick-input-widget');
      await picker
        .locator('.quick-input-title', { hasText: 'Always allow Zero to write in which folder?' })
        .waitFor({ timeout: 30_000 });
      const rows = picker.locator('.quick-input-list .monaco-list-row');
      await rows.first().waitFor();
      const labels = await rows.locator('.label-name').allInnerTexts();
      assert.equal(labels[0]?.trim(), DEEP, labels.join(' | '));
      assert.equal(labels[1]?.trim(), path.dirname(DEEP));
      assert.ok(
        !labels.some((l) => l.trim() === os.homedir() || l.trim() === '/'),
        `never home or the root: ${labels.join(' | ')}`,
      );
      console.log(`      screenshot: ${await vs.screenshot('always-allow-folder')}`);
      await vs.page.keyboard.press('ArrowDown');
      await vs.page.keyboard.press('Enter');
      await picker.waitFor({ state: 'hidden', timeout: 15_000 });

      const retry = turns(chat).nth(1);
      await turnStatus(retry).filter({ hasText: 'success' }).waitFor({ timeout: 60_000 });
      await eventually(
        async () => savedAddDirs().some((v) => JSON.stringify(v) === JSON.stringify([path.dirname(DEEP)])),
        'the picked folder is in the user settings',
        15_000,
      );
      const [first, again] = runs() as [ZeroInvocation, ZeroInvocation];
      for (const run of [first, again]) {
        // The user's own autonomy (default medium) goes beside the mode (issue #28.1); the
        // workspace's mode and its `high` never do.
        const auto = run.argv.indexOf('--auto');
        assert.ok(
          !run.argv.includes('--permission-mode') && (auto < 0 || run.argv[auto + 1] === 'medium'),
          `no workspace mode: ${run.argv.join(' ')}`,
        );
        assert.ok(!run.argv.some((a) => /unsafe|high/i.test(a)), run.argv.join(' '));
      }
      assert.ok(again.argv.join(' ').includes(`--add-dir ${path.dirname(DEEP)}`), again.argv.join(' '));
    });
});
