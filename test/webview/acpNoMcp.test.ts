/**
 * The ACP chat's header says in words that it gets no MCP tools (zero acp starts no MCP server;
 * test/real-zero/acpNoMcp.test.ts shows it on the real Zero); an exec chat, which gets them, does not.
 */
import { strict as assert } from 'node:assert';
import { ACP_NO_MCP, ACP_NO_MCP_WHY } from '../../src/conversation/acpMcp';
import { emptyChat, viewState } from './fixtures';
import { useChatPage, type ChatPage } from './harness';

describe('webview: an ACP chat says it has no MCP tools', () => {
  let chat: ChatPage;
  useChatPage((page) => (chat = page));

  it('next to its mode, with why as the tooltip; an exec chat does not say it', async () => {
    await chat.send({ type: 'snapshot', state: viewState(emptyChat(), { defaultTransport: 'acp' }) });
    const note = chat.page.locator('.transport-bar .acp-no-mcp');
    assert.equal(await note.textContent(), ACP_NO_MCP);
    assert.equal(await note.getAttribute('title'), ACP_NO_MCP_WHY);
    assert.ok(await note.isVisible(), 'the words are on screen');
    await chat.send({ type: 'snapshot', state: viewState(emptyChat()) });
    assert.equal(await chat.page.locator('.acp-no-mcp').count(), 0, 'an exec chat does not say it');
  });
});
