/**
 * The ACP client on a flood of permission questions: the hostile agent sends N (8,000 by default)
 * session/request_permission requests at once in one turn; the product's ZeroAcp, AcpTurn and reducer
 * take them. Two dialogs: one that answers every question at once ("instant"), and a user slower than
 * the flood, who answers once no new question came for 50 ms ("slow user": every question is pending
 * at once, as with a real dialog). Printed: the wall time of the turn (the user's 50 ms included), the
 * time spent in the reducer (the part that grew with the square of N), the items the chat kept, and
 * how the agent's requests were answered.
 *
 *   npx tsx bench/acp-permissions.ts [N]
 */
import * as path from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { AcpTurn } from '../src/acp/acpTurn';
import { dismissed } from '../src/acp/permissionOptions';
import { ZeroAcp } from '../src/acp/zeroAcp';
import type { Chat } from '../src/conversation/model';
import { newChat, reduceChat } from '../src/conversation/reducer';

const N = Number(process.argv[2] ?? 8000);
const AGENT = path.resolve(__dirname, '../test/fixtures/hostile-acp/zero');
/** The host's default budget (zero.maxRunOutputMB = 16). */
const OUTPUT_LIMIT = 16 * 1024 * 1024;

async function main(): Promise<void> {
  const zero = new ZeroAcp({
    launch: () => ({ binary: AGENT, cwd: process.cwd(), env: {} }),
    idleMs: 60_000,
    clientVersion: 'bench',
  });
  let chat: Chat = newChat('bench', Date.now());
  let reducing = 0;
  const dispatch = (a: Parameters<typeof reduceChat>[1]): void => {
    const t = performance.now();
    chat = reduceChat(chat, a);
    reducing += performance.now() - t;
  };
  type Ask = (req: acp.RequestPermissionRequest) => Promise<acp.RequestPermissionResponse>;
  const run = async (prompt: string, ask: Ask = async (req) => dismissed(req.options)): Promise<number> => {
    reducing = 0;
    dispatch({
      type: 'turn_started',
      turnId: `t-${chat.turns.length + 1}`,
      prompt,
      origin: 'prompt',
      at: Date.now(),
      transport: 'acp',
      outputLimit: OUTPUT_LIMIT,
    });
    const started = performance.now();
    await new AcpTurn(
      { acp: zero, dispatch, ask },
      {
        runId: 'bench',
        prompt,
        sessionId: chat.sessionId,
        cwd: process.cwd(),
        additionalDirectories: [],
        trusted: true,
        mode: null,
      },
    ).done;
    return performance.now() - started;
  };
  await run('hostile:plain'); // start the process and the session first
  const report = (dialog: string, ms: number): void => {
    const turn = chat.turns.at(-1)!;
    const answer = turn.items.flatMap((i) => (i.kind === 'text' ? [i.text] : [])).join('');
    console.log(
      `${dialog}: ${N} permission requests in ${ms.toFixed(0)} ms (the reducer ${reducing.toFixed(0)} ms); ${turn.items.length} items kept; agent saw ${answer}`,
    );
  };
  report('instant', await run(`hostile:flood:${N}`));
  report('slow user', await run(`hostile:flood:${N}`, slowUser()));
  zero.dispose();
}

/** Answers (Reject) only once no new question arrived for 50 ms. */
function slowUser(): (req: acp.RequestPermissionRequest) => Promise<acp.RequestPermissionResponse> {
  let waiting: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  return (req) =>
    new Promise((resolve) => {
      waiting.push(() => resolve(dismissed(req.options)));
      clearTimeout(timer);
      timer = setTimeout(() => {
        const all = waiting;
        waiting = [];
        for (const answer of all) answer();
      }, 50);
    });
}

void main();
