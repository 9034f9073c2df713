/** Zero's grant scopes and command parts, mirrored (internal/sandbox/grant_scope.go, agent/command_prefix.go). */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { commandParts, grantCovers, knownSafe, requestScope, sandboxRequest } from '../../../src/approvals/grantScope';

const pa = path.posix;
const scope = (tool: string, args: unknown, root: string | null = '/ws') => requestScope(tool, args, root, pa);

describe('grantScope: the scope Zero looks a grant up by', () => {
  it('web_fetch by its URL host, lower case, port and trailing dot dropped; no host: its path keys, else the whole tool', () => {
    assert.deepEqual(scope('web_fetch', { url: 'https://Example.COM.:8443/a?b' }), {
      scope: 'example.com',
      kind: 'host',
    });
    assert.deepEqual(scope('web_fetch', { url: 'http://[::1]:80/' }), { scope: '::1', kind: 'host' });
    assert.deepEqual(scope('web_fetch', { url: 'example.com/page' }), { scope: '', kind: '' });
    assert.deepEqual(scope('browser_open', { url: 'docs.example.org/x' }), { scope: 'docs.example.org', kind: 'host' });
  });

  it("browser_open takes a bare host only as Zero does (browserURLLooksLikeBareHost); a host is read from the URL's text", () => {
    const host = (tool: string, url: string) => scope(tool, { url }).scope;
    assert.equal(host('browser_open', 'localhost:3000'), 'localhost');
    assert.equal(host('browser_open', '10.0.0.1/x'), '10.0.0.1');
    assert.equal(host('browser_open', '[::1]:8080'), '::1');
    for (const bare of ['intranet', 'intranet/x', 'user@example.com', '//example.com', 'example.com:http', '[::1]x'])
      assert.equal(host('browser_open', bare), '', bare);
    // Escapes and non-ASCII names are not rewritten (WHATWG URL would): no host, so no grant matches them.
    assert.equal(host('web_fetch', 'https://exa%6dple.com/'), '');
    assert.equal(host('web_fetch', 'https://bücher.example/'), '');
    assert.equal(host('web_fetch', 'https://user:pw@Example.com:8080/'), 'example.com');
    assert.equal(host('web_fetch', 'https:///nothing'), '');
  });

  it('path and file are one file, directory/dir/cwd/workdir a folder, in that order, resolved against the workspace', () => {
    assert.deepEqual(scope('write_file', { path: 'src/a.ts' }), { scope: '/ws/src/a.ts', kind: 'file' });
    assert.deepEqual(scope('write_file', { file: '/etc/hosts', path: 7 }), { scope: '/etc/hosts', kind: 'file' });
    assert.deepEqual(scope('exec_command', { cmd: 'ls', workdir: 'build/' }), { scope: '/ws/build', kind: 'dir' });
    assert.deepEqual(scope('grep', { directory: '../other' }), { scope: '/other', kind: 'dir' });
    assert.deepEqual(scope('write_file', { path: 'a.txt' }, null), { scope: 'a.txt', kind: 'file' });
  });

  it('the workspace root itself (".", "./", "a/..") or no path argument is a request for the whole tool', () => {
    for (const p of ['.', './', 'a/..', '  '])
      assert.deepEqual(scope('list_directory', { path: p }), { scope: '', kind: '' }, p);
    assert.deepEqual(scope('exec_command', { cmd: 'ls' }), { scope: '', kind: '' });
    assert.deepEqual(scope('web_fetch', 'not an object'), { scope: '', kind: '' });
  });

  it('grantCovers: tool-wide covers all; a file only itself; a folder itself and below; a host only that host', () => {
    const file = { toolName: 'write_file', scope: '/ws/a.txt', scopeKind: 'file' };
    const dir = { toolName: 'write_file', scope: '/ws/src', scopeKind: 'dir' };
    const host = { toolName: 'web_fetch', scope: 'example.com', scopeKind: 'host' };
    const wide = { toolName: 'web_fetch' };
    assert.equal(grantCovers(wide, { scope: '', kind: '' }, pa), true);
    assert.equal(grantCovers(wide, { scope: 'x.org', kind: 'host' }, pa), true);
    assert.equal(grantCovers(file, { scope: '/ws/a.txt', kind: 'file' }, pa), true);
    assert.equal(grantCovers(file, { scope: '/ws/b.txt', kind: 'file' }, pa), false);
    assert.equal(grantCovers(dir, { scope: '/ws/src/deep/x.ts', kind: 'file' }, pa), true);
    assert.equal(grantCovers(dir, { scope: '/ws/srcx/x.ts', kind: 'file' }, pa), false);
    assert.equal(grantCovers(host, { scope: 'EXAMPLE.com', kind: 'host' }, pa), true);
    assert.equal(grantCovers(host, { scope: 'example.org', kind: 'host' }, pa), false);
    // A narrower grant never covers a request for the whole tool (fail-safe).
    for (const g of [file, dir, host]) assert.equal(grantCovers(g, { scope: '', kind: '' }, pa), false);
  });
});

describe('grantScope: commands as Zero matches them to prefix rules', () => {
  it('splits plain commands at &&, ||, | and ; into words', () => {
    assert.deepEqual(commandParts('exec_command', { cmd: 'echo hello world' }), [['echo', 'hello', 'world']]);
    assert.deepEqual(commandParts('bash', { command: 'git status && npm test | tail -n 3; ls' }), [
      ['git', 'status'],
      ['npm', 'test'],
      ['tail', '-n', '3'],
      ['ls'],
    ]);
    assert.deepEqual(commandParts('exec_command', { cmd: 'npm run build --flag=x' }), [
      ['npm', 'run', 'build', '--flag=x'],
    ]);
  });

  it('null for what Zero never matches: quotes, variables, redirects, globs, background, assignments, other tools', () => {
    for (const cmd of [
      'echo "hi"',
      "echo 'hi'",
      'echo $HOME',
      'echo `id`',
      'ls > out',
      'ls *.ts',
      'sleep 1 &',
      'FOO=1 make',
      'echo a\\ b',
      '! true',
      '',
    ])
      assert.equal(commandParts('exec_command', { cmd }), null, cmd);
    assert.equal(commandParts('write_stdin', { cmd: 'ls' }), null);
    assert.equal(commandParts('web_fetch', { url: 'x' }), null);
  });

  it('knownSafe: the plain read-only commands Zero runs under a prefix rule without one; sandbox_permissions read', () => {
    assert.equal(knownSafe(['ls', '-la']), true);
    assert.equal(knownSafe(['/bin/cat', 'x']), true);
    assert.equal(knownSafe(['curl', 'x']), false);
    assert.equal(sandboxRequest({ sandbox_permissions: ' require_escalated ' }), 'require_escalated');
    assert.equal(sandboxRequest({ sandbox_permissions: 'with_additional_permissions' }), 'with_additional_permissions');
    assert.equal(sandboxRequest({ sandbox_permissions: 'use_default' }), null);
    assert.equal(sandboxRequest(null), null);
  });
});
