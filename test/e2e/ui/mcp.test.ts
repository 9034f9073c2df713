// MCP in a real VS Code against the real Zero 0.8 (exec): a local stdio MCP server (test/fixtures/mcp-echo)
// in Zero's config of the suite, with a persistent MCP permission as `zero mcp` stores one, and Zero's
// default Exa server disabled. The model loads the deferred `mcp_local_echo` through tool_search and calls
// it; the card names the server and the tool from Zero's result meta, with the arguments and the result.
// Then Zero: MCP Servers lists both servers with their status (`zero mcp list --json`, `zero mcp check`)
// and, for the picked one, its tools. Without a real Zero the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openZeroView, runCommand, useVSCode } from '../lib';
import { REPO_ROOT } from '../lib/paths';
import { useRealZero } from '../lib/realZero';
import { messageBox, turnStatus, turnWithPrompt, typeAndSend } from '../lib/userFlows';
import { editZeroConfig } from '../../support/scriptedProvider';

const SERVER = {
  type: 'stdio',
  command: process.execPath,
  args: [path.join(REPO_ROOT, 'test', 'fixtures', 'mcp-echo', 'server.mjs')],
};

/** Zero's identity of a server: the first 32 hex of sha256 over {type, command, args} (internal/mcp/config.go). */
const identity = (s: typeof SERVER): string =>
  crypto.createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 32);

describe('The real Zero: MCP tools and servers (exec)', function () {
  const real = useRealZero();
  before(function () {
    if (real.skipReason) this.skip();
    const dir = path.join(real.env.XDG_CONFIG_HOME!, 'zero');
    editZeroConfig(
      real.env.XDG_CONFIG_HOME!,
      (c) => void (c.mcp = { servers: { local: SERVER, exa: { disabled: true } } }),
    );
    const grant = { serverIdentity: identity(SERVER), maxAutonomy: 'high', approvedAt: new Date().toISOString() };
    fs.writeFileSync(
      path.join(dir, 'mcp-permissions.json'),
      JSON.stringify({ schemaVersion: 1, servers: { local: grant }, tools: {} }),
    );
  });
  const vs = useVSCode({
    name: 'ui-mcp',
    settings: { ...real.settings, 'zero.transport': 'exec' },
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  it('an MCP call is a card naming the server and the tool, with its arguments and result', async function () {
    const chat = await openZeroView(vs.page);
    await messageBox(chat).waitFor({ timeout: 90_000 });
    await typeAndSend(chat, 'Echo it scenario:mcp');
    const turn = turnWithPrompt(chat, 'Echo it');
    await turnStatus(turn).filter({ hasText: 'success' }).waitFor({ timeout: 90_000 });
    await turn.locator('.text-block.answer', { hasText: 'The MCP tool said: echo: test MCP round trip' }).waitFor();

    const card = turn.locator('.tool-card', { has: chat.locator('.badge.mcp', { hasText: 'MCP local' }) });
    assert.equal(await card.count(), 1, 'one MCP card');
    assert.match((await card.getAttribute('aria-label')) ?? '', /^Tool call MCP tool echo on server local .*: ok$/);
    assert.equal(await card.locator('summary .tool-name').innerText(), 'echo');
    assert.equal(
      await card.locator('summary .badge.mcp').getAttribute('title'),
      'MCP server local, tool echo (mcp_local_echo)',
    );
    await card.locator('summary').click();
    assert.equal(await card.locator('.tool-mcp').innerText(), 'MCP server local, tool echo');
    assert.deepEqual(JSON.parse(await card.locator('.tool-json').innerText()), { text: 'test MCP round trip' });
    assert.equal(await card.locator('.tool-output').innerText(), 'echo: test MCP round trip\nECHO-OK');
    // tool_search, which loaded the deferred tool, is an ordinary card beside it.
    assert.equal(
      await turn.locator('.tool-card', { has: chat.locator('.tool-name', { hasText: 'tool_search' }) }).count(),
      1,
    );
    console.log(`      screenshot: ${await vs.screenshot('mcp-card')}`);
  });

  it("Zero: MCP Servers lists each server with its status, and a server's tools", async function () {
    await runCommand(vs.page, 'Zero: MCP Servers');
    const picker = vs.page.locator('.quick-input-widget', {
      has: vs.page.locator('.quick-input-title', { hasText: 'Zero: MCP Servers' }),
    });
    await picker.waitFor({ timeout: 30_000 });
    const row = (name: string) => picker.locator('.quick-input-list .monaco-list-row', { hasText: name });
    // `zero mcp check` starts the enabled server once: its row says so when it answered.
    await row('local')
      .locator('.label-description', { hasText: 'stdio · reachable, 1 tool' })
      .waitFor({ timeout: 60_000 });
    // A row: the name, its description (type · status), and as detail its tools (else its target).
    const text = async (name: string) => (await row(name).innerText()).replace(/\s+/g, ' ').trim();
    assert.equal((await row('local').locator('.label-name').first().innerText()).trim(), 'local');
    assert.match(await text('local'), /^local\s*stdio · reachable, 1 tool echo$/);
    assert.equal((await row('exa').locator('.label-description').first().innerText()).trim(), 'http · disabled');
    assert.match(await text('exa'), /^exa\s*http · disabled https:\/\/mcp\.exa\.ai\/mcp$/);
    console.log(`      screenshot: ${await vs.screenshot('mcp-servers')}`);

    await row('local').click();
    const tools = vs.page.locator('.quick-input-widget', {
      has: vs.page.locator('.quick-input-title', { hasText: /^Zero MCP server local \(stdio: / }),
    });
    await tools.waitFor({ timeout: 30_000 });
    const rows = (await tools.locator('.quick-input-list .monaco-list-row').allInnerTexts()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );
    assert.equal(rows.length, 2, JSON.stringify(rows));
    assert.match(rows[0]!, /^Disable\s*Zero stops offering local's tools$/, rows[0]);
    // The tool, its side effect and Zero's permission for it, its description, under the separator "Tools".
    assert.match(rows[1]!, /^echo\s*network · permission: allow\s*Echo the text back\s*Tools$/, rows[1]);
    console.log(`      screenshot: ${await vs.screenshot('mcp-server-tools')}`);
    await vs.page.keyboard.press('Escape');
    await tools.waitFor({ state: 'hidden', timeout: 15_000 });
  });
});
