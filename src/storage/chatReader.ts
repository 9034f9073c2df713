/**
 * Reading a chat's file back into what the store knows about it (compaction.ts's ChatLog). A file
 * of the wrong shape is set aside (chatFiles.ts) and reported; a missing one is undefined.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readChat } from '../conversation/chatSchema';
import { chatFile, legacyChatFile, parseLine, setAside } from './chatFiles';
import { replayText } from './chatLogFile';
import type { ChatLog } from './compaction';

/**
 * @param log the output channel (replay notes).
 * @param problem a reported problem (unreadable or set-aside file).
 */
export function readChatLog(
  dir: string,
  id: string,
  log: (msg: string) => void,
  problem: (msg: string) => void,
): ChatLog | undefined {
  const file = chatFile(dir, id);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return readLegacyFile(dir, id, problem);
    problem(`Could not read the chat file ${path.basename(file)}: ${(err as Error).message}`);
    return undefined;
  }
  const read = replayText(id, text, log);
  if (!read.ok) {
    problem(setAside(file, read.reason));
    return undefined;
  }
  return { ...read.log, lines: [], rewrite: false };
}

/** Chats saved before the log format: one JSON file; the next save writes the log and removes it. */
function readLegacyFile(dir: string, id: string, problem: (msg: string) => void): ChatLog | undefined {
  const file = legacyChatFile(dir, id);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      problem(`Could not read the chat file ${path.basename(file)}: ${(err as Error).message}`);
    return undefined;
  }
  const parsed = parseLine(text);
  const read = parsed.ok ? readChat(parsed.value) : parsed;
  if (!read.ok || read.chat.id !== id) {
    problem(setAside(file, read.ok ? 'it holds another chat' : read.reason));
    return undefined;
  }
  return { chat: read.chat, seq: 0, lines: [], rewrite: true, logBytes: 0, snapshotBytes: 0 };
}
