// Zero: Diagnose in a real VS Code with the real Zero 0.8 and the scripted model: run from the command palette,
// the report shows each check, Copy report puts it on the clipboard as Markdown (pasted into an editor to read
// it), and the "Zero CLI unavailable" banner's Diagnose opens the report saying what is wrong.
// Zero 0.8 enables a keyless Exa MCP server by default, and whether it answers depends on the network (a
// warning offline, ok online): this suite's Zero disables it and knows a local stdio server instead.
// Without a real Zero (scripts/install-zero.sh) the suite skips with one line saying why.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { chatTabFrame, editorTab, openZeroView, runCommand, useVSCode, zeroActivityItem } from '../lib';
import { useRealZero } from '../lib/realZero';
import { eventually, publishScreenshot } from '../lib/userFlows';
import { editZeroConfig } from '../../support/scriptedProvider';

const TITLES = [
  'Zero CLI',
  'Provider and models',
  'Providers and logins',
  'ACP handshake (zero acp)',
  'Linux sandbox helper',
  'MCP servers',
  'Zero doctor',
  'Workspace Trust',
  'Settings',
  'Recent log errors',
];

const MCP_ECHO = path.resolve(__dirname, '../../fixtures/mcp-echo/server.mjs');

describe('Zero: Diagnose', function () {
  const real = useRealZero();
  // After useRealZero's `before` wrote Zero's config, before code-server starts.
  before(function () {
    const servers = { local: { type: 'stdio', command: process.execPath, args: [MCP_ECHO] }, exa: { disabled: true } };
    editZeroConfig(real.env.XDG_CONFIG_HOME!, (c) => void (c.mcp = { servers }));
  });
  const vs = useVSCode({
    name: 'ui-diagnose',
    settings: real.settings,
    env: real.env,
    workspaceFiles: { 'README.md': '# Demo\n' },
  });

  /** The report's tab is an editor webview of this extension, like a chat tab. */
  const report = (page: Page): FrameLocator => chatTabFrame(page);
  const section = (frame: FrameLocator, title: string) =>
    frame.locator('section.check', { has: frame.getByRole('heading', { name: title }) });

  it('from the command palette: every check with its status, and Copy report puts the Markdown on the clipboard', async function () {
    const page = vs.page;
    await vs.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vs.server.origin });
    // The palette lists what the workbench knows when it is typed in: wait until our contributions are there.
    await zeroActivityItem(page).waitFor({ timeout: 90_000 });
    await runCommand(page, 'Zero: Diagnose');
    await editorTab(page, 'Zero: Diagnose').waitFor({ timeout: 30_000 });
    const frame = report(page);
    const copy = frame.getByRole('button', { name: 'Copy report' });
    await copy.waitFor({ timeout: 60_000 });
    await eventually(() => copy.isEnabled(), 'the checks finished', 60_000);
    const headings = (await frame.getByRole('heading', { level: 2 }).allInnerTexts()).map((t) =>
      t.replace(/^(OK|Warning|Failed|Skipped)\s+/i, '').trim(),
    );
    assert.deepEqual(headings, TITLES);

    const cli = (await section(frame, 'Zero CLI').innerText()).replace(/\s+/g, ' ');
    assert.match(cli, /^OK Zero CLI Zero 0\.8\.0 at /i, cli);
    assert.ok(cli.includes(real.bin) && cli.includes('from "zero.path" in your user settings'), cli);
    const provider = (await section(frame, 'Provider and models').innerText()).replace(/\s+/g, ' ');
    assert.match(provider, /scripted \(openai-compatible\), model scripted-1: the provider lists 1 model\./, provider);
    // The provider's host is hidden until the user shows it (a company's internal host is no one else's business).
    const host = new URL(real.server().baseURL).host;
    assert.ok(provider.includes('Base URL: http://[custom host]') && !provider.includes(host), provider);
    const acp = (await section(frame, 'ACP handshake (zero acp)').innerText()).replace(/\s+/g, ' ');
    assert.match(acp, /zero acp answered initialize: ACP protocol 1, zero 0\.8\.0\./, acp);
    const sandbox = (await section(frame, 'Linux sandbox helper').innerText()).replace(/\s+/g, ' ');
    assert.match(sandbox, /zero-linux-sandbox next to zero: .*zero-linux-sandbox/, sandbox);
    assert.match(sandbox, /Zero says: (pass|warn): /, sandbox);
    const mcp = (await section(frame, 'MCP servers').innerText()).replace(/\s+/g, ' ');
    assert.match(mcp, /^OK MCP servers 2 MCP servers, 1 enabled, every enabled one reachable\./i, mcp);
    assert.match(mcp, /exa \(http\):? disabled/, mcp);
    assert.match(mcp, /local \(stdio\):? reachable, 1 tool: mcp_local_echo/, mcp);
    const shot = await vs.screenshot('report');
    console.log(`      screenshot: ${shot} (also ${publishScreenshot(shot, 'diagnose.png')})`);

    await copy.click();
    await frame.getByRole('status').filter({ hasText: 'Copied the report as Markdown.' }).waitFor({ timeout: 15_000 });
    const markdown = await eventually(async () => {
      const text = await page.evaluate(() => navigator.clipboard.readText());
      return text.startsWith('## Zero: Diagnose') ? text : null;
    }, 'the clipboard holds the report');
    for (const title of TITLES) assert.ok(markdown.includes(`| ${title} |`), `${title} in the table:\n${markdown}`);
    assert.ok(markdown.includes('### Zero CLI: ok'), markdown);
    assert.ok(markdown.includes('### MCP servers: ok'), markdown);
    assert.ok(markdown.includes('- **Models (1):** `scripted-1`'), markdown);
    assert.ok(!markdown.includes('sk-scripted-test'), 'no API key in the report');
    assert.ok(markdown.includes('- **Base URL:** `http://[custom host]`') && !markdown.includes(host), markdown);

    // Show the provider's host: the page is written again with it, the focus on the button that now hides it.
    await frame.getByRole('button', { name: "Show the provider's host" }).click();
    const hide = frame.getByRole('button', { name: "Hide the provider's host" });
    await hide.waitFor({ timeout: 15_000 });
    assert.equal(await hide.getAttribute('aria-pressed'), 'true');
    assert.ok((await section(frame, 'Provider and models').innerText()).includes(real.server().baseURL));
    await eventually(() => hide.evaluate((b) => b === document.activeElement), 'the focus is on Hide');

    // As a user would: paste it into an editor.
    await runCommand(page, 'File: New Untitled Text File');
    const editor = page.locator('.part.editor .monaco-editor').last();
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+V');
    // An untitled editor is named after its first line.
    await editorTab(page, '## Zero: Diagnose').waitFor({ timeout: 15_000 });
    await eventually(
      async () =>
        /### Recent log errors: ok/.test((await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ')),
      'the end of the report is pasted too (the editor shows where the cursor is)',
      15_000,
    );
  });

  it('the "Zero CLI unavailable" banner: Diagnose opens the report, which says what is wrong', async function () {
    const page = vs.page;
    const missing = path.join(vs.server.dirs.root, 'no-such-dir', 'zero');
    vs.server.updateSettings({ 'zero.path': missing });
    const chat = await openZeroView(page);
    const banner = chat.getByRole('region', { name: 'Zero CLI problem' });
    await banner.waitFor({ state: 'visible', timeout: 60_000 });
    await banner.getByRole('button', { name: 'Diagnose' }).click();
    const frame = report(page);
    const cli = section(frame, 'Zero CLI');
    await eventually(
      async () => (await cli.count()) > 0 && /Failed/i.test(await cli.locator('.status').innerText()),
      'the Zero CLI check failed',
      60_000,
    );
    const text = (await cli.innerText()).replace(/\s+/g, ' ');
    assert.ok(text.includes(`"zero.path" is set to ${missing}, which does not exist.`), text);
    const needZero = [
      'Provider and models',
      'ACP handshake (zero acp)',
      'Linux sandbox helper',
      'MCP servers',
      'Zero doctor',
    ];
    for (const title of needZero)
      assert.match(await section(frame, title).locator('.status').innerText(), /Skipped/i, title);
    console.log(`      screenshot: ${await vs.screenshot('not-found')}`);
  });
});
