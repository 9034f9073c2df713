import * as assert from 'node:assert/strict';
import { REDACTED, redactSecrets } from '../../../src/diagnose/redact';

describe('redactSecrets', () => {
  const hidden: [what: string, text: string, secret: string][] = [
    ['an OpenAI key', 'using sk-proj-AbC123dEf456GhI789jKl', 'sk-proj-AbC123dEf456GhI789jKl'],
    ['an Anthropic key', 'key sk-ant-api03-Zx9_yW8-vU7tS6rQ5pO4nM3', 'sk-ant-api03-Zx9_yW8-vU7tS6rQ5pO4nM3'],
    ["the test provider's short key", 'apiKey sk-scripted-test in use', 'sk-scripted-test'],
    ['a Bearer token', 'sent Bearer eyJhbGciOiJIUzI1.abc.def-ghi to the API', 'eyJhbGciOiJIUzI1.abc.def-ghi'],
    ['an Authorization header', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'dXNlcjpwYXNzd29yZA=='],
    ['api_key=…', 'GET /v1/models?x=1 api_key=abcd1234efgh', 'abcd1234efgh'],
    ['OPENAI_API_KEY=… in an env dump', 'OPENAI_API_KEY=plain-secret-value HOME=/root', 'plain-secret-value'],
    ['a quoted assignment', 'ANTHROPIC_AUTH_TOKEN="quoted secret value"', 'quoted secret value'],
    ['JSON "apiKey"', '{"name":"scripted","apiKey": "verysecretvalue","model":"m"}', 'verysecretvalue'],
    ['JSON "api_key" with escapes', '{"api_key":"a\\"b\\\\c-secret"}', 'c-secret'],
    ['JSON "password"', '{ "password" : "hunter2hunter2" }', 'hunter2hunter2'],
    ['a --api-key flag', 'zero exec --api-key k-123456789 -o json', 'k-123456789'],
    ['a --token=… flag', 'argv: --token=t0ps3cr3t', 't0ps3cr3t'],
    ['a flag in a JSON argv', '["exec","--api-key","plainvalue42","--cwd","/w"]', 'plainvalue42'],
    ['a secret inside the value of another name', 'env: OPENAI_API_KEY=nested-secret', 'nested-secret'],
    ['a password in a URL', 'baseURL postgres://admin:s3cretpw@db.example:5432/x', 's3cretpw'],
    ['a key in a URL query', 'https://generativelanguage.example/v1?key=AIzaSyD-abcdefghijklmnop&alt=sse', 'AIzaSyD'],
    ['a GitHub token', 'GH says ghp_0123456789abcdefghijABCDEFGHIJ0123', 'ghp_0123456789abcdefghij'],
    ['a Slack token', 'xoxb-1234567890-abcdefghij', 'xoxb-1234567890'],
    ['an AWS key id', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
    ['a yaml-ish secret', 'client_secret: zzz-top-secret', 'zzz-top-secret'],
    [
      'a private key',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
      'b3BlbnNzaC1rZXktdjEAAAAA',
    ],
  ];
  for (const [what, text, secret] of hidden) {
    it(`hides ${what}`, () => {
      const out = redactSecrets(text);
      assert.ok(!out.includes(secret), `${secret} survived: ${out}`);
      assert.ok(out.includes(REDACTED), out);
    });
  }

  it('keeps the names, so the report still says which key was set', () => {
    assert.equal(redactSecrets('OPENAI_API_KEY=abc123xyz'), `OPENAI_API_KEY=${REDACTED}`);
    assert.equal(redactSecrets('{"apiKey":"abc123xyz"}'), `{"apiKey":"${REDACTED}"}`);
    assert.equal(redactSecrets('Authorization: Bearer abcdef123456'), `Authorization: ${REDACTED}`);
    assert.equal(redactSecrets('curl -H x Bearer abcdef123456'), `curl -H x Bearer ${REDACTED}`);
  });

  it('leaves ordinary diagnostics alone', () => {
    const plain = [
      'zero 0.8.0',
      'Provider config loaded for scripted.',
      'credentialConfigured: set',
      'max_tokens: 4096',
      'the token was refused by the provider',
      'task-list and desk-top are words',
      'baseURL http://127.0.0.1:40705/v1',
      '{"model":"scripted-1","provider":"openai-compatible"}',
      'Native sandbox backend unavailable on linux: Linux sandbox helper is not available.',
    ];
    for (const line of plain) assert.equal(redactSecrets(line), line);
  });
});
