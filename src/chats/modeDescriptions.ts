/**
 * What each exec mode means, as the composer's Mode picker says it, with what the autonomy level beside
 * it changes. Measured on Zero 0.8.0, mode by mode with and without `--auto medium`
 * (test/real-zero/autonomyModes.test.ts): the level changes no shell or write prompt in any mode; it adds
 * the Task tool in auto, ask and unsafe, and with it Task's own permission events: a read-only specialist
 * (explorer, code-review) is allowed without asking, a worker is refused headless until approved, and in
 * unsafe every specialist is allowed and a worker runs unsafe too. Plan mode offers no Task at any level.
 */

/** Zero registers its subagent tools only at these levels (internal/cli/app.go shouldRegisterExecSpecialistTools). */
export function offersSubagents(autonomy: string): boolean {
  const level = autonomy.trim().toLowerCase();
  return level === 'medium' || level === 'high';
}

const BASE: Readonly<Record<string, string>> = {
  auto: "Zero's default: read tools and sandboxed work run; file-writing tools are not offered; calls that need approval are refused until you approve them.",
  ask: 'Every tool is offered and workspace writes run without asking; calls that need approval are refused until you approve them, as in Auto.',
  plan: 'Read-only tools only.',
  unsafe: 'Every call that would need approval runs without asking (you confirm each message).',
};

const SUBAGENTS: Readonly<Record<string, string>> = {
  auto: 'Subagents: a read-only specialist (explorer, code-review) starts without asking; a worker asks first.',
  ask: 'Subagents: as in Auto, a read-only specialist starts without asking; a worker asks first.',
  plan: 'No subagents: Zero offers no Task tool in plan mode.',
  unsafe: 'Subagents: every specialist starts without asking, and a worker runs unsafe too.',
};

/** The picker's words for an exec mode at this autonomy level (`zero.autonomy`). */
export function execModeDescription(mode: string, autonomy: string): string {
  const base = BASE[mode] ?? '';
  const sub =
    mode === 'plan' || offersSubagents(autonomy)
      ? (SUBAGENTS[mode] ?? '')
      : `No subagents: zero.autonomy is ${autonomy.trim() || "Zero's default (low)"}; medium offers them.`;
  return [base, sub].filter(Boolean).join(' ');
}
