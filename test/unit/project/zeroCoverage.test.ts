import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * docs/zero-coverage.md has one row per thing Zero 0.8.0 lists (commands, flags, tools, slash
 * commands), as recorded from the real binary in test/fixtures/zero-0.8.0/, and every row names
 * tests that exist. So a Zero that grows a command, or a row that loses its test, fails here.
 */

const root = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(root, 'test/fixtures/zero-0.8.0');
const DOC = path.join(root, 'docs/zero-coverage.md');
const STATUS = new Set(['yes', 'partly', 'no']);
const TEST_REF = /`(test\/[^`]+\.ts)` › "([^"]+)"/g;

interface Row {
  section: string;
  cells: string[];
}

/** The table rows under each `## ` heading (header and separator rows left out). */
function tableRows(md: string): Row[] {
  const rows: Row[] = [];
  let section = '';
  let header = false;
  for (const line of md.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = heading[1].trim();
      header = true;
      continue;
    }
    if (!line.startsWith('|')) {
      header = true;
      continue;
    }
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split('|')
      .map((c) => c.trim());
    if (header || /^-+$/.test(cells[0])) {
      header = false;
      continue;
    }
    rows.push({ section, cells });
  }
  return rows;
}

/** The names a row stands for: every backticked word of its first cell (a slash command and its aliases). */
const rowNames = (row: Row): string[] => [...row.cells[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]);

function block(text: string, title: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(title);
  assert.ok(start >= 0, `no "${title}" in the recorded help`);
  const end = lines.findIndex((l, i) => i > start && l.trim() === '');
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Long flag names of a help "Flags:" block (continuation lines start with no dash). */
const flags = (lines: string[]): string[] =>
  lines.flatMap((l) => /^ {2,8}(?:-\w, )?(--[a-z][a-z-]*)/.exec(l)?.[1] ?? []);

export interface Recorded {
  commands: string[];
  zeroFlags: string[];
  execFlags: string[];
  tools: string[];
  slash: string[];
}

function readRecorded(): Recorded {
  const help = fs.readFileSync(path.join(FIXTURES, 'zero-help.txt'), 'utf8');
  const execHelp = fs.readFileSync(path.join(FIXTURES, 'exec-help.txt'), 'utf8');
  const tools = ['list-tools.json', 'list-tools-auto-medium.json'].flatMap((f) =>
    (JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) as { tools: { name: string }[] }).tools.map(
      (t) => t.name,
    ),
  );
  const slash = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'tui-slash-commands.json'), 'utf8')) as {
    commands: { name: string; aliases: string[] }[];
  };
  return {
    commands: block(help, 'Commands:').map((l) => l.trim().split(/\s+/)[0]),
    zeroFlags: flags(block(help, 'Flags:')),
    execFlags: flags(block(execHelp, 'Flags:')),
    tools: [...new Set(tools)],
    slash: slash.commands.flatMap((c) => [c.name, ...c.aliases]),
  };
}

/** What is wrong with the table against the recorded lists; empty when it is in step. */
export function coverageProblems(md: string, recorded: Recorded): string[] {
  const problems: string[] = [];
  const rows = tableRows(md);
  const checked: [string, string[]][] = [
    ['CLI commands', recorded.commands],
    ['`zero` flags', recorded.zeroFlags],
    ['`zero exec` flags', recorded.execFlags],
    ['Tools', recorded.tools],
    ['TUI slash commands', recorded.slash],
  ];
  for (const [section, expected] of checked) {
    const names = rows.filter((r) => r.section === section).flatMap(rowNames);
    if (names.length === 0) problems.push(`section "${section}" has no rows`);
    const want = new Set(expected);
    for (const name of want) {
      const n = names.filter((x) => x === name).length;
      if (n !== 1) problems.push(`${section}: ${name} has ${n} rows, not one`);
    }
    for (const name of new Set(names)) if (!want.has(name)) problems.push(`${section}: ${name} is not in Zero's list`);
  }
  for (const row of rows) {
    const where = `${row.section}: ${row.cells[0]}`;
    if (row.cells.length !== 5) {
      problems.push(`${where}: ${row.cells.length} cells, not 5`);
      continue;
    }
    const [, exec, acp, tests] = row.cells;
    if (!STATUS.has(exec) || !STATUS.has(acp)) problems.push(`${where}: status "${exec}" / "${acp}"`);
    const refs = [...tests.matchAll(TEST_REF)];
    if (refs.length === 0 && (exec !== 'no' || acp !== 'no')) problems.push(`${where}: offered, but names no test`);
    if (refs.length === 0 && tests !== '—') problems.push(`${where}: unreadable test cell "${tests}"`);
    for (const [, file, title] of refs) {
      const full = path.join(root, file);
      if (!fs.existsSync(full)) problems.push(`${where}: no file ${file}`);
      else if (!fs.readFileSync(full, 'utf8').includes(title)) problems.push(`${where}: "${title}" not in ${file}`);
    }
  }
  return problems;
}

describe('docs/zero-coverage.md keeps in step with what Zero 0.8.0 lists', () => {
  const md = fs.readFileSync(DOC, 'utf8');
  const recorded = readRecorded();

  it('reads the recorded lists whole', () => {
    assert.equal(recorded.commands.length, 36);
    assert.ok(recorded.commands.includes('acp') && recorded.commands.includes('version'));
    assert.deepEqual(recorded.zeroFlags, ['--help', '--version', '--prompt', '--add-dir', '--skip-permissions-unsafe']);
    assert.equal(recorded.execFlags.length, 38);
    assert.ok(recorded.execFlags.includes('--spec-reasoning-effort') && recorded.execFlags.includes('--no-notify'));
    assert.equal(recorded.tools.length, 25);
    assert.ok(recorded.tools.includes('Task') && recorded.tools.includes('update_plan'));
    assert.equal(recorded.slash.length, 45 + 9);
  });

  it('one row per command, flag, tool and slash command, none for anything else, each with tests that exist', () => {
    assert.deepEqual(coverageProblems(md, recorded), []);
  });

  it('a missing row, an extra row, a doubled row or a test that does not exist is named', () => {
    /** The doc with `row` put in before the row of `name` (the table may be padded by prettier). */
    const before = (name: string, row: string) => {
      const changed = md.replace(new RegExp(`^(\\| \`${name}\` )`, 'm'), `${row}\n$1`);
      assert.notEqual(changed, md, name);
      return changed;
    };
    const withoutBtw = md.replace(/^\| `\/btw` .*\n/m, '');
    assert.notEqual(withoutBtw, md);
    assert.deepEqual(coverageProblems(withoutBtw, recorded), ['TUI slash commands: /btw has 0 rows, not one']);

    const extra = before('--file', '| `--no-such-flag` | no | no | — | |');
    assert.deepEqual(coverageProblems(extra, recorded), ["`zero exec` flags: --no-such-flag is not in Zero's list"]);

    const doubled = before('Task', '| `glob` | no | no | — | |');
    assert.deepEqual(coverageProblems(doubled, recorded), ['Tools: glob has 2 rows, not one']);

    const badTitle = md.replace('"zero --version reports the pinned version"', '"zero --version reports nothing"');
    assert.ok(coverageProblems(badTitle, recorded).some((p) => p.includes('"zero --version reports nothing" not in')));

    const badFile = md.replace('`test/real-zero/smoke.test.ts`', '`test/real-zero/gone.test.ts`');
    assert.ok(coverageProblems(badFile, recorded).some((p) => p.includes('no file test/real-zero/gone.test.ts')));

    const untested = md.replace(/^\| `\/btw` .*$/m, '| `/btw` | yes | no | — | |');
    assert.deepEqual(coverageProblems(untested, recorded), ['TUI slash commands: `/btw`: offered, but names no test']);
  });
});
