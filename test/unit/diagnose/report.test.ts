// The report: checks side by side with time limits, redacted once at the end, as Markdown and as HTML.
import * as assert from 'node:assert/strict';
import { runDiagnose } from '../../../src/diagnose/diagnose';
import type { DiagnoseReport } from '../../../src/diagnose/report';
import { escapeHtml, reportHtml, runningHtml } from '../../../src/diagnose/reportHtml';
import { code, reportMarkdown } from '../../../src/diagnose/reportMarkdown';
import { runChecks, type Check } from '../../../src/diagnose/runChecks';
import { fakeInput, ok, settings } from './fakeMachine';

const check = (id: string, run: Check['run'], timeoutMs = 1000): Check => ({ id, title: id, timeoutMs, run });

describe('diagnose: running the checks', () => {
  it('one that hangs fails at its limit (and is told to stop); the others still report', async () => {
    let stopped = false;
    const started = Date.now();
    const results = await runChecks([
      check(
        'hangs',
        (signal) =>
          new Promise(() => {
            signal.addEventListener('abort', () => (stopped = true));
          }),
        200,
      ),
      check('fine', () => Promise.resolve({ status: 'ok', finding: 'fine', details: [] })),
      check('throws', () => Promise.reject(new Error('boom'))),
    ]);
    assert.ok(Date.now() - started < 1000);
    assert.deepEqual(
      results.map((r) => [r.id, r.status, r.finding]),
      [
        ['hangs', 'failed', 'No answer within 0.2 s: the check was stopped.'],
        ['fine', 'ok', 'fine'],
        ['throws', 'failed', 'The check could not run: boom'],
      ],
    );
    assert.equal(stopped, true);
  });

  it('no secret reaches the report, whatever a check or Zero printed', async () => {
    const leaky = '{"apiKey": "sk-leaky-0123456789", "token": "t-0123456789"} Authorization: Bearer abcdefghijkl';
    const input = fakeInput(
      {
        files: { '/usr/bin/zero': 'exe' },
        settings: settings({ env: { ANTHROPIC_API_KEY: 'sk-ant-api03-secretsecretsecret' } }),
        cli: {
          'doctor --json': { code: 1, stdout: '', stderr: leaky },
          'providers models --json': ok(JSON.stringify({ models: [{ id: 'model sk-inid-0123456789' }] })),
        },
      },
      {
        log: [{ at: 0, level: 'error', text: `request failed: ${leaky}` }],
        machine: {
          ...fakeInput({}).machine,
          stat: (p) => (p === '/usr/bin/zero' ? { isFile: true, isDirectory: false, executable: true } : undefined),
          startAcp: () => {
            throw new Error('zero acp said OPENAI_API_KEY=plain-leak-value');
          },
        },
      },
    );
    const report = await runDiagnose(input);
    const text = `${JSON.stringify(report)}\n${reportMarkdown(report)}`;
    for (const secret of ['sk-leaky', 't-0123456789', 'abcdefghijkl', 'sk-ant-api03', 'sk-inid', 'plain-leak-value'])
      assert.ok(!text.includes(secret), `${secret} leaked:\n${text}`);
    assert.ok(text.includes('ANTHROPIC_API_KEY'), 'the key name is kept');
    assert.deepEqual(
      report.checks.map((c) => c.id),
      ['binary', 'provider', 'auth', 'acp', 'sandbox', 'mcp', 'doctor', 'trust', 'settings', 'log'],
    );
  });
});

const REPORT: DiagnoseReport = {
  generatedAt: '2026-12-02T01:00:00.000Z',
  about: [{ label: 'Extension', value: 'Zero for VS Code 0.1.0' }],
  checks: [
    {
      id: 'binary',
      title: 'Zero CLI',
      status: 'ok',
      ms: 5,
      finding: 'Zero 0.8.0 at /usr/bin/zero, found on PATH.',
      details: [{ label: 'Path', value: '/usr/bin/zero' }],
    },
    {
      id: 'log',
      title: 'Recent log errors',
      status: 'warning',
      ms: 0,
      finding: '# not a heading | <img src=x onerror=alert(1)> [link](http://x) *bold*',
      details: [
        { label: 'Last', value: '<script>alert(1)</script>\n```\nfence inside' },
        { label: 'Ticks', value: 'a `b` c' },
      ],
    },
  ],
};

describe('diagnose: the report as Markdown', () => {
  it('a summary, a table of the checks, then a section each', () => {
    const md = reportMarkdown(REPORT);
    assert.match(
      md,
      /^## Zero: Diagnose\n\n1 warning, 1 ok \(generated 2026-12-02T01:00:00\.000Z\)\n\n- \*\*Extension:\*\* `Zero for VS Code 0\.1\.0`\n/,
    );
    assert.ok(md.includes('| Zero CLI | ok | Zero 0.8.0 at /usr/bin/zero, found on PATH. |'), md);
    assert.ok(
      md.includes('### Zero CLI: ok\n\nZero 0.8.0 at /usr/bin/zero, found on PATH.\n\n- **Path:** `/usr/bin/zero`'),
      md,
    );
  });

  it("untrusted text can make neither HTML, a link, a heading nor a table cell; code keeps Zero's words whole", () => {
    const md = reportMarkdown(REPORT);
    assert.ok(
      md.includes('\\# not a heading \\| \\<img src=x onerror=alert(1)\\> \\[link\\](http://x) \\*bold\\*'),
      md,
    );
    assert.ok(
      !/(?<!\\)<(img|script)/.test(md.replace(/````text[\s\S]*?````/g, '')),
      'HTML only escaped or inside the fence',
    );
    // A fence longer than the ``` inside the value.
    assert.ok(md.includes('  ````text\n  <script>alert(1)</script>\n  ```\n  fence inside\n  ````'), md);
    assert.ok(md.includes('**Ticks:** ``a `b` c``'), md);
    assert.equal(code('`x`'), '`` `x` ``');
  });
});

describe('diagnose: the report as a page', () => {
  const page = { cspSource: 'vscode-resource:', nonce: 'n0nce', styleUri: 'vscode-resource:/media/diagnose.css' };

  it('escapes everything it shows, and allows only its own script, by nonce', () => {
    const html = reportHtml(REPORT, page);
    assert.ok(!html.includes('<script>alert'), 'the value is escaped');
    assert.ok(!html.includes('<img src=x'), 'the finding is escaped');
    assert.ok(html.includes(escapeHtml('<script>alert(1)</script>')));
    assert.match(
      html,
      /content="default-src &#39;none&#39;; style-src vscode-resource:; font-src vscode-resource:; script-src &#39;nonce-n0nce&#39;"/,
    );
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, ['<script nonce="n0nce">']);
    assert.ok(!/\son[a-z]+=/i.test(html.replace(/onerror=alert\(1\)/g, '')), 'no inline event handlers');
  });

  it('a heading per check with its status in words, and the two buttons', () => {
    const html = reportHtml(REPORT, page);
    assert.ok(html.includes('<h2 id="title-binary"><span class="status status-ok">OK</span> Zero CLI</h2>'), html);
    assert.ok(html.includes('<button type="button" id="copy" class="primary">Copy report</button>'));
    assert.ok(html.includes('<button type="button" id="rerun">Re-run</button>'));
    const running = runningHtml(['Zero CLI', 'ACP <handshake>'], page);
    assert.ok(running.includes('ACP &#60;handshake&#62;: running…'));
    assert.ok(running.includes('id="copy" class="primary" disabled'), 'nothing to copy yet');
    assert.ok(!html.includes('id="reveal"'), 'nothing hidden: no Show button');
  });

  it('promises a best effort, not a report without keys', () => {
    const hint = /<p class="hint">([^<]*)<\/p>/.exec(reportHtml(REPORT, page))?.[1] ?? '';
    assert.match(hint, /best effort: review the report before you post it\./, hint);
    assert.doesNotMatch(hint, /holds no API keys/, hint);
  });
});
