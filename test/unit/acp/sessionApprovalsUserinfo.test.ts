// "Allow for this session" on web_fetch or browser_open remembers one host, read as Zero 0.8.0 reads
// it (Go's url.Parse, internal/sandbox/grant_scope.go). A URL whose userinfo Go refuses has no host
// for Zero, so Zero's own grant would not cover it: the chat must not answer it for the host after
// the last '@' either. `https://example.com\@evil.com/` is such a URL, and a browser (WHATWG)
// opens example.com from it, not evil.com.
import { strict as assert } from 'node:assert';
import type * as acp from '@agentclientprotocol/sdk';
import { SessionApprovals } from '../../../src/acp/sessionApprovals';
import { zeroRequest } from '../../fixtures/acp/zeroPermissionRequests';

function toolRequest(tool: string, url: string): acp.RequestPermissionRequest {
  const r = zeroRequest('fetch');
  return { ...r, toolCall: { ...r.toolCall, title: `${tool} ${url}`, kind: 'other', rawInput: { url } } };
}

/** Each refused by Go's url.Parse (checked against Go 1.26's net/url): a character validUserinfo refuses, or a bad escape. */
const REFUSED_USERINFO = [
  'https://example.com\\@evil.com/',
  'https://a b@evil.com/',
  'https://a"b@evil.com/',
  'https://a^b@evil.com/',
  'https://a|b@evil.com/',
  'https://a%zz@evil.com/',
];

describe('SessionApprovals: a URL whose userinfo Zero cannot parse is never answered for the session', () => {
  for (const tool of ['web_fetch', 'browser_open'])
    it(`${tool}: after "Allow for this session" on evil.com, such a URL opens the dialog; userinfo Go takes is still evil.com`, () => {
      const s = new SessionApprovals();
      assert.equal(s.remember(toolRequest(tool, 'https://evil.com/'), 'allow_for_session')?.scope, 'evil.com');
      for (const url of REFUSED_USERINFO) {
        assert.equal(s.answerFor(toolRequest(tool, url)), null, `${url}: the dialog opens`);
        assert.equal(s.remember(toolRequest(tool, url), 'allow_for_session'), null, `${url}: nothing remembered`);
      }
      for (const url of ['https://u:p@ss@evil.com/', 'https://a%41b@evil.com/', "https://a!$&'()*+,;=~b@evil.com/"])
        assert.deepEqual(s.answerFor(toolRequest(tool, url)), { kind: 'answer', optionId: 'allow_for_session' }, url);
    });
});
