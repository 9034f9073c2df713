/**
 * Stream-json input events (`zero exec -i stream-json`), exact where Zero is exact (docs/zero-exec.md §8): an
 * input Zero would refuse is refused here first, with Zero's wording, so a run never dies on
 * a usage error (exit 2) that we could have caught.
 */
import {
  array,
  discriminatedUnion,
  lazySchema,
  literal,
  optional,
  refine,
  strictObject,
  string,
  type core,
  type output,
} from './zod';

export const INPUT_SCHEMA_VERSION = 2;
/** Largest decoded image Zero accepts: 10 MiB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Zero's `NormalizeImageMediaType`: the canonical type, or '' when Zero would refuse it. */
export function normaliseImageMediaType(raw: string): string {
  let type = goTrim(raw).toLowerCase();
  if (type.startsWith('data:')) {
    const rest = type.slice(5);
    const semi = rest.indexOf(';');
    type = goTrim(semi >= 0 ? rest.slice(0, semi) : rest);
  }
  return MEDIA_TYPES.get(type) ?? '';
}

const MEDIA_TYPES = new Map([
  ['png', 'image/png'],
  ['image/png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['jpg', 'image/jpeg'],
  ['image/jpeg', 'image/jpeg'],
  ['image/jpg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['image/gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['image/webp', 'image/webp'],
]);

export const InputImageSchema = lazySchema(() =>
  strictObject({
    /** png, jpeg/jpg, gif or webp, bare or as `image/…`, any case; a `data:…;` wrapper is allowed. */
    mediaType: string().check(
      refine((type) => normaliseImageMediaType(type) !== '', {
        error: (issue) => `Stream-json image has an unsupported image media type ${JSON.stringify(issue.input)}.`,
      }),
    ),
    /** Standard base64 with padding, no `data:` prefix; at most 10 MiB once decoded. */
    data: string().check((ctx) => {
      const message = imageDataProblem(ctx.value);
      if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
    }),
  }),
);
export type InputImage = output<typeof InputImageSchema>;

/** Trailing prompt text. Zero joins the contents of all events with blank lines. */
export const PromptInputSchema = lazySchema(() =>
  strictObject({
    schemaVersion: literal(INPUT_SCHEMA_VERSION),
    type: literal('prompt'),
    content: string().check(refine((content) => !isGoBlank(content), { error: 'content is required' })),
  }),
);

/** A user message. No other role exists: history cannot be injected. */
export const MessageInputSchema = lazySchema(() =>
  strictObject({
    schemaVersion: literal(INPUT_SCHEMA_VERSION),
    type: literal('message'),
    role: literal('user'),
    /** May be empty when the message carries images. */
    content: optional(string()),
    images: optional(array(InputImageSchema)),
  }).check(refine((m) => !isGoBlank(m.content ?? '') || (m.images?.length ?? 0) > 0, { error: 'content is required' })),
);

export const InputEventSchema = lazySchema(() => discriminatedUnion('type', [PromptInputSchema, MessageInputSchema]));
export type PromptInput = output<typeof PromptInputSchema>;
export type MessageInput = output<typeof MessageInputSchema>;
export type InputEvent = output<typeof InputEventSchema>;

/** Zero's refusal of an input, worded as Zero words it (§8). */
export class InputError extends Error {
  override readonly name = 'InputError';
  /** 1-based line of the offending event; absent for whole-input and image errors, as in Zero. */
  readonly line: number | undefined;

  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

/** JSONL for Zero's stdin, one event a line, each ending in `\n`. Throws `InputError`. */
export function encodeInput(events: readonly InputEvent[]): string {
  if (events.length === 0) {
    throw new InputError('Stream-json input must include at least one prompt or user message event.');
  }
  // Zero checks every line first, then resolves the images of all of them.
  events.forEach((event, i) => checkLine(event, i + 1));
  let out = '';
  for (const event of events) {
    const parsed = InputEventSchema.safeParse(event);
    if (!parsed.success) throw new InputError(firstMessage(parsed.error.issues));
    out += `${JSON.stringify(wireOrder(parsed.data))}\n`;
  }
  return out;
}

/** One user message, encoded: the usual whole input of a chat turn. */
export function promptInput(text: string, images?: readonly InputImage[]): string {
  const event: MessageInput = { schemaVersion: INPUT_SCHEMA_VERSION, type: 'message', role: 'user', content: text };
  if (images && images.length > 0) event.images = [...images];
  return encodeInput([event]);
}

/** The fields each event may have, read from its schema when first needed (the schemas are lazy). */
let eventKeys: { readonly prompt: ReadonlySet<string>; readonly message: ReadonlySet<string> } | undefined;
function allowedKeys(type: unknown): ReadonlySet<string> {
  eventKeys ??= {
    prompt: new Set(Object.keys(PromptInputSchema.shape)),
    message: new Set(Object.keys(MessageInputSchema.shape)),
  };
  return type === 'message' ? eventKeys.message : eventKeys.prompt;
}
const FIELD_TYPES: Readonly<Record<string, 'number' | 'string' | 'array'>> = {
  schemaVersion: 'number',
  type: 'string',
  role: 'string',
  content: 'string',
  images: 'array',
};

/** Zero's per-line checks, in Zero's order (§8 steps 1–6), so the same fault gets the same message. */
function checkLine(value: unknown, line: number): void {
  const fail = (message: string): never => {
    throw new InputError(`Invalid stream-json input at line ${line}: ${message}`, line);
  };
  if (!isRecord(value)) fail('expected a JSON object.');
  const event = value as Record<string, unknown>;
  const allowed = allowedKeys(event.type);
  for (const key of Object.keys(event)) if (!allowed.has(key)) fail(`unknown field ${key}`);
  // Zero says only "expected a JSON object." for a mistyped field; naming the field helps more.
  for (const [key, expected] of Object.entries(FIELD_TYPES)) {
    const field = event[key];
    if (field !== undefined && kindOf(field) !== expected) {
      fail(
        `expected a JSON object (${key} must be ${expected === 'array' ? 'an' : 'a'} ${expected}, not ${kindOf(field)}).`,
      );
    }
  }
  if (Array.isArray(event.images)) {
    for (const image of event.images) {
      if (!isRecord(image) || typeof image.mediaType !== 'string' || typeof image.data !== 'string') {
        fail('expected a JSON object (each image must be {"mediaType": string, "data": string}).');
      }
      for (const key of Object.keys(image as object))
        if (key !== 'mediaType' && key !== 'data') fail(`unknown field images.${key}`);
    }
  }
  if (event.schemaVersion !== INPUT_SCHEMA_VERSION) fail(`schemaVersion must be ${INPUT_SCHEMA_VERSION}`);
  const images = event.images as unknown[] | undefined;
  if (isGoBlank((event.content as string | undefined) ?? '') && !(images && images.length > 0))
    fail('content is required');
  if (event.type !== 'prompt' && event.type !== 'message') fail('type must be prompt or message');
  if (event.type === 'message' && event.role !== 'user') fail('role must be user');
}

/** Zero checks image data before the media type; report in that order. */
function firstMessage(issues: readonly core.$ZodIssue[]): string {
  const data = issues.find((issue) => issue.path.at(-1) === 'data');
  return (data ?? issues[0]!).message;
}

/** Zero's image data checks (§8): size from the encoded length first, then base64. */
function imageDataProblem(data: string): string | undefined {
  // Go's DecodedLen for padded base64: the bound Zero checks before decoding anything.
  if (Math.floor(data.length / 4) * 3 > MAX_IMAGE_BYTES)
    return `Stream-json image exceeds the ${MAX_IMAGE_BYTES} byte limit.`;
  // No exact-size check after this one: the decoded size never exceeds that bound.
  const bad = base64ErrorAt(data);
  if (bad >= 0) return `Stream-json image data is not valid base64: illegal base64 data at input byte ${bad}`;
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** -1 when `data` is standard padded base64 (Go also skips CR and LF), else the bad offset. */
function base64ErrorAt(data: string): number {
  if (BASE64.test(data)) return data.length % 4 === 0 ? -1 : data.length - (data.length % 4);
  let count = 0; // significant characters so far
  let closed = false; // a padded quantum ended the data
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c === 10 || c === 13) continue;
    if (closed) return i;
    if (c === 61) {
      const q = count % 4;
      if (q < 2) return i;
      if (q === 3) closed = true;
      else if (nextSignificant(data, i + 1) !== 61) return i;
    } else if (!isBase64Char(c)) {
      return i;
    }
    count++;
  }
  return count % 4 === 0 ? -1 : data.length;
}

function nextSignificant(data: string, from: number): number {
  for (let i = from; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c !== 10 && c !== 13) return c;
  }
  return -1;
}

function isBase64Char(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
}

/** Keys in one fixed order: Zero does not care, but a stable line is easier to read and test. */
function wireOrder(event: InputEvent): InputEvent {
  if (event.type === 'prompt') return { schemaVersion: event.schemaVersion, type: event.type, content: event.content };
  const out: MessageInput = { schemaVersion: event.schemaVersion, type: event.type, role: event.role };
  if (event.content !== undefined) out.content = event.content;
  if (event.images !== undefined) out.images = event.images.map((i) => ({ mediaType: i.mediaType, data: i.data }));
  return out;
}

// Go's unicode.IsSpace set, which `strings.TrimSpace` uses: JS's \s adds U+FEFF and lacks U+0085.
const GO_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const GO_BLANK = new RegExp(`^[${GO_SPACE}]*$`);
const GO_TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g');

function isGoBlank(text: string): boolean {
  return GO_BLANK.test(text);
}

function goTrim(text: string): string {
  return text.replace(GO_TRIM, '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}
