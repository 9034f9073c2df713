import * as assert from 'node:assert/strict';
// The redactor the Diagnose report and the exec argv's chat title share (src/zero/process/redact.ts): at least as wide as
// Zero's own (internal/redaction/redaction.go), since what it misses goes into a public issue or the process list.
import { REDACTED, redactSecrets } from '../../../src/zero/process/redact';

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
    // As wide as Zero's own redactor (internal/redaction/redaction.go), and the key shapes it does not know.
    ['"secret" inside a name', 'MY_SECRET_THING=s3cr3t-value-1', 's3cr3t-value-1'],
    ['"password" inside a name', 'db_password_hash: pw-value-22', 'pw-value-22'],
    ['"passphrase" in a name', 'SSH_PASSPHRASE=correct-horse', 'correct-horse'],
    ['"credential" inside a name', 'gcp_credential_json=cred-value-3', 'cred-value-3'],
    ['a name ending _KEY', 'STRIPE_KEY=plainkeyvalue9', 'plainkeyvalue9'],
    ['a camelCase name ending Key', '{"encryptionKey":"enc-value-44"}', 'enc-value-44'],
    ['a name Zero normalises (api.key)', 'api.key=dotted-value-5', 'dotted-value-5'],
    ['a JSON "authorization" field', '{"authorization":"Digest username=u, response=abc123"}', 'abc123'],
    ['a JSON "cookie" field', '{"cookie":"session=abcdef"}', 'abcdef'],
    ['a JSON "bearer" field', '{"bearer":"opaque-value-66"}', 'opaque-value-66'],
    ['a JSON "jwt" field', '{"jwt":"opaque-value-77"}', 'opaque-value-77'],
    ['an opaque Authorization header', 'proxy-authorization: Custom c3VwZXJzZWNyZXQ', 'c3VwZXJzZWNyZXQ'],
    ['a value that starts with "-"', 'PASSWORD=-starts-with-dash', 'starts-with-dash'],
    ['a flag value that starts with "-"', 'zero --api-key -dash-key-value', 'dash-key-value'],
    ['a JSON value that starts with "-"', '{"token":"-dash-token"}', 'dash-token'],
    ['a Groq key', 'using gsk_AbCdEf0123456789AbCdEf', 'gsk_AbCdEf0123456789'],
    ['an xAI key', 'XAI says xai-AbCdEf0123456789AbCdEfGh', 'xai-AbCdEf0123456789'],
    ['a Stripe live key', 'sk_live_51AbCdEf0123456789xyz', 'sk_live_51AbCdEf'],
    ['a Stripe test key', 'rk_test_51AbCdEf0123456789xyz and sk_test_51AbCdEf0123456789', '51AbCdEf0123456789'],
    ['a GitLab token of 12', 'glpat-AbCdEf012345', 'glpat-AbCdEf012345'],
    ['an AWS key id run into more letters', 'AKIAIOSFODNN7EXAMPLEEXTRA', 'AKIAIOSFODNN7EXAMPLE'],
    ['a JWE (five parts)', 'eyJhbGciOiJ.eyJzdWIiOiJ.c2lnbmF0dXJl.Y2lwaGVydGV4dA.YXV0aHRhZ3Rh', 'Y2lwaGVydGV4dA'],
    ['a password with "@" in a URL', 'https://user:p@ss-word@host.example/x', 'ss-word'],
    ['a secret-named query parameter', 'https://h.example/cb?client_secret=qs-secret-8&x=1', 'qs-secret-8'],
    [
      'a PGP private key',
      '-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBGSecretBody\n-----END PGP PRIVATE KEY BLOCK-----',
      'lQOYBGSecretBody',
    ],
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
      'API key: set',
      'token_count: 12, prompt_tokens: 40',
      'max_tokens: 4096',
      'the token was refused by the provider',
      'task-list and desk-top are words',
      'baseURL http://127.0.0.1:40705/v1',
      '{"model":"scripted-1","provider":"openai-compatible"}',
      'public_key and primary_key are words, the key was refused',
      'ask-mode, sk-learn and task-management are words',
      'Native sandbox backend unavailable on linux: Linux sandbox helper is not available.',
    ];
    for (const line of plain) assert.equal(redactSecrets(line), line);
  });
});
