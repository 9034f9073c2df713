/**
 * A call to an MCP server's tool (`mcp_<server>_<tool>`): the card names the server and the tool as Zero
 * reported them in the result's meta (conversation/toolMeta.ts). Before the result only the prefixed name
 * is known (a server name may hold `_`, so it is not split): the card says MCP and shows that name.
 */
import type { ToolItem } from '../../conversation/model';
import { h } from '../dom';

export interface McpNames {
  /** What the card calls the tool. */
  readonly name: string;
  readonly badge: HTMLElement;
  /** For the card's spoken name. */
  readonly spoken: string;
}

export function mcpNames(t: ToolItem): McpNames | null {
  if (t.mcp) {
    const { server, tool } = t.mcp;
    return {
      name: tool,
      badge: h('span', {
        class: 'badge mcp',
        text: `MCP ${server}`,
        title: `MCP server ${server}, tool ${tool} (${t.name})`,
      }),
      spoken: `MCP tool ${tool} on server ${server}`,
    };
  }
  if (!t.name.startsWith('mcp_')) return null;
  return {
    name: t.name,
    badge: h('span', { class: 'badge mcp', text: 'MCP', title: `A tool of an MCP server (${t.name})` }),
    spoken: `MCP tool ${t.name}`,
  };
}

/** The card's first line inside: which server answered, with which tool. */
export function mcpSection(t: ToolItem): HTMLElement | null {
  if (!t.mcp) return null;
  return h(
    'div',
    { class: 'tool-mcp' },
    'MCP server ',
    h('strong', { text: t.mcp.server }),
    ', tool ',
    h('strong', { text: t.mcp.tool }),
  );
}
