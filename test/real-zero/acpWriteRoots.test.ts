// Extra write folders over ACP on the real Zero 0.8.0: session/new's additionalDirectories are ignored
// (acpSessions.test.ts), but a folder in Zero's own user config (`sandbox.additionalWriteRoots`, read
// from $XDG_CONFIG_HOME/zero/config.json; project config cannot add roots, and there is no config-path
// override) is a write root for `zero acp` too. The extension does not write Zero's user config, so an
// ACP chat with `zero.addDirs` set says the folders do not apply there and names that setting.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { acpExtraFoldersNotice } from '../../src/acp/extraFolders';
import { AcpChat, realAcp, toolsOf } from './lib/acpChat';
import { makeSandbox, type Sandbox } from './lib/realZero';

describe('real zero acp: extra write folders', () => {
  let sandbox: Sandbox | undefined;
  let extra: string;
  // /dev/shm: not one of Zero's temp write roots (/tmp, $TMPDIR), so only a configured root allows it.
  beforeEach(() => (extra = fs.mkdtempSync('/dev/shm/zero-acp-root-')));
  afterEach(async () => {
    await sandbox?.dispose();
    sandbox = undefined;
    fs.rmSync(extra, { recursive: true, force: true });
  });

  async function writeOutside(
    config?: Record<string, unknown>,
  ): Promise<{ asked: number; written: boolean; output: string }> {
    const sb = (sandbox = await makeSandbox(config ? { config } : {}));
    const zero = realAcp(sb);
    try {
      const chat = new AcpChat(zero, sb.workspace);
      chat.ask = async () => ({ outcome: { outcome: 'selected', optionId: 'deny' } });
      const target = path.join(extra, 'notes.txt');
      const turn = await chat.turn(`scenario:write-outside path=${target}`, { mode: 'ask' });
      return { asked: chat.asked.length, written: fs.existsSync(target), output: toolsOf(turn)[0]?.output ?? '' };
    } finally {
      zero.dispose();
    }
  }

  it("a root in Zero's user config lets the write through without asking", async () => {
    const r = await writeOutside({ sandbox: { additionalWriteRoots: [extra] } });
    assert.equal(r.asked, 0, r.output);
    assert.equal(r.written, true, r.output);
  });

  it('without it the same write is asked about (and denied here)', async () => {
    const r = await writeOutside();
    assert.equal(r.asked, 1);
    assert.equal(r.written, false);
  });

  it('the notice an ACP chat shows for zero.addDirs names the folders and what does work', () => {
    assert.equal(acpExtraFoldersNotice([]), null);
    const notice = acpExtraFoldersNotice([extra, '/srv/data'])!;
    assert.match(notice, new RegExp(`do not apply over ACP.*${extra.replace(/[/.-]/g, '\\$&')}, /srv/data`, 's'));
    assert.match(notice, /"sandbox": \{"additionalWriteRoots"/);
  });
});
