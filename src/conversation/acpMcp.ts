/**
 * What an ACP chat says about MCP: Zero's ACP server builds the core tools only (internal/cli/acp.go
 * BuildWorkspace, newCoreRegistryScoped) and starts none of Zero's MCP servers, whatever `session/new`
 * names (internal/acp/types.go: Zero's own config is authoritative). test/real-zero/acpNoMcp.test.ts
 * keeps these words true.
 */
export const ACP_NO_MCP = 'MCP tools: not offered over ACP';
export const ACP_NO_MCP_WHY =
  "Zero's ACP server starts none of Zero's MCP servers, so the model gets no MCP tool (web search included). An exec chat gets them; Zero: MCP Servers lists them.";
