import assert from 'node:assert/strict';
import {
  InputError,
  InputEventSchema,
  MAX_IMAGE_BYTES,
  encodeInput,
  normaliseImageMediaType,
  promptInput,
  type InputEvent,
} from '../../../src/protocol/input';

const PNG = 'iVBORw0KGgo=';
const prompt = (content: string): InputEvent => ({ schemaVersion: 2, type: 'prompt', content });
const message = (fields: Record<string, unknown>): InputEvent =>
  ({ schemaVersion: 2, type: 'message', role: 'user', ...fields }) as InputEvent;

/** Encodes input that is wrong on purpose (the types would not allow it). */
const encodeRaw = (...events: unknown[]): string => encodeInput(events as InputEvent[]);

function refusal(run: () => unknown): InputError {
  try {
    run();
  } catch (err) {
    assert.ok(err instanceof InputError, `expected an InputError, got ${String(err)}`);
    return err;
  }
  return assert.fail('expected an InputError');
}

/** The message Zero would give for line `line` (docs/zero-exec.md §8). */
const atLine = (line: number, message: string): string => `Invalid stream-json input at line ${line}: ${message}`;

describe('encodeInput', () => {
  it('writes one compact JSON object per line, each ending in \\n', () => {
    assert.equal(
      encodeInput([
        message({ content: 'Inspect this repo.', images: [{ mediaType: 'image/png', data: PNG }] }),
        prompt('Return only blockers.'),
      ]),
      '{"schemaVersion":2,"type":"message","role":"user","content":"Inspect this repo.","images":[{"mediaType":"image/png","data":"iVBORw0KGgo="}]}\n' +
        '{"schemaVersion":2,"type":"prompt","content":"Return only blockers."}\n',
    );
  });

  it('keeps any text intact: quotes, newlines, U+2028, emoji', () => {
    const content = 'line 1\nline "2"\u2028 🚀 <b>&';
    const line = encodeInput([prompt(content)]);
    assert.equal(line.split('\n').length, 2, 'one line plus the final newline');
    assert.deepEqual(JSON.parse(line), { schemaVersion: 2, type: 'prompt', content });
  });

  it('refuses no events with Zero’s message', () => {
    const err = refusal(() => encodeInput([]));
    assert.equal(err.message, 'Stream-json input must include at least one prompt or user message event.');
    assert.equal(err.line, undefined);
  });

  describe('§8 line checks, in Zero’s order', () => {
    it('1: the event must be a JSON object', () => {
      for (const value of [null, [], 'text', 2])
        assert.equal(refusal(() => encodeRaw(value)).message, atLine(1, 'expected a JSON object.'));
    });

    it('2: unknown fields are refused, exactly and case-sensitively', () => {
      assert.equal(refusal(() => encodeRaw({ ...prompt('x'), extra: 1 })).message, atLine(1, 'unknown field extra'));
      assert.equal(
        refusal(() => encodeRaw({ schemaVersion: 2, type: 'prompt', Content: 'x' })).message,
        atLine(1, 'unknown field Content'),
      );
    });

    it('2: role and images are allowed only on messages', () => {
      assert.equal(refusal(() => encodeRaw({ ...prompt('x'), role: 'user' })).message, atLine(1, 'unknown field role'));
      assert.equal(refusal(() => encodeRaw({ ...prompt('x'), images: [] })).message, atLine(1, 'unknown field images'));
      assert.equal(
        refusal(() => encodeRaw({ schemaVersion: 2, type: 'other', role: 'user', content: 'x' })).message,
        atLine(1, 'unknown field role'),
      );
    });

    it('2 before 4: an unknown field wins over a bad schemaVersion', () => {
      assert.equal(
        refusal(() => encodeRaw({ schemaVersion: 1, type: 'prompt', content: 'x', x: 1 })).message,
        atLine(1, 'unknown field x'),
      );
    });

    it('3: a field of the wrong type is refused, naming the field', () => {
      const cases: [unknown, string][] = [
        [{ schemaVersion: '2', type: 'prompt', content: 'x' }, 'schemaVersion must be a number, not string'],
        [{ schemaVersion: 2, type: 'prompt', content: 5 }, 'content must be a string, not number'],
        [{ schemaVersion: 2, type: 7, content: 'x' }, 'type must be a string, not number'],
        [message({ content: 'x', role: null }), 'role must be a string, not null'],
        [message({ content: 'x', images: {} }), 'images must be an array, not object'],
      ];
      for (const [value, detail] of cases) {
        const text = refusal(() => encodeRaw(value)).message;
        assert.ok(text.startsWith(atLine(1, 'expected a JSON object')) && text.includes(detail), text);
      }
      assert.match(
        refusal(() => encodeRaw(message({ content: 'x', images: [{ mediaType: 'png' }] }))).message,
        /each image must be/,
      );
      assert.equal(
        refusal(() => encodeRaw(message({ images: [{ mediaType: 'png', data: PNG, name: 'a' }] }))).message,
        atLine(1, 'unknown field images.name'),
      );
    });

    it('4: schemaVersion must be 2', () => {
      assert.equal(
        refusal(() => encodeRaw({ schemaVersion: 1, type: 'prompt', content: 'x' })).message,
        atLine(1, 'schemaVersion must be 2'),
      );
      assert.equal(
        refusal(() => encodeRaw({ type: 'prompt', content: 'x' })).message,
        atLine(1, 'schemaVersion must be 2'),
      );
    });

    it('5: content is required unless there are images, after trimming as Go does', () => {
      for (const content of ['', '   ', '\n\t\r', '\u0085\u00a0\u3000']) {
        assert.equal(
          refusal(() => encodeInput([prompt(content)])).message,
          atLine(1, 'content is required'),
          JSON.stringify(content),
        );
        assert.equal(refusal(() => encodeInput([message({ content })])).message, atLine(1, 'content is required'));
      }
      assert.equal(refusal(() => encodeInput([message({})])).message, atLine(1, 'content is required'));
      assert.equal(
        refusal(() => encodeInput([message({ content: '', images: [] })])).message,
        atLine(1, 'content is required'),
      );
      // Go's TrimSpace does not count U+FEFF as space.
      assert.doesNotThrow(() => encodeInput([prompt('\ufeff')]));
      // Images alone are a valid input.
      assert.equal(
        encodeInput([message({ images: [{ mediaType: 'png', data: PNG }] })]),
        '{"schemaVersion":2,"type":"message","role":"user","images":[{"mediaType":"png","data":"iVBORw0KGgo="}]}\n',
      );
    });

    it('5 before 6: empty content is reported before a bad type or role', () => {
      assert.equal(
        refusal(() => encodeRaw({ schemaVersion: 2, type: 'other', content: ' ' })).message,
        atLine(1, 'content is required'),
      );
      assert.equal(
        refusal(() => encodeRaw(message({ role: 'assistant', content: '' }))).message,
        atLine(1, 'content is required'),
      );
    });

    it('6: type must be prompt or message', () => {
      for (const type of ['system', 'Prompt', undefined]) {
        assert.equal(
          refusal(() => encodeRaw({ schemaVersion: 2, type, content: 'x' })).message,
          atLine(1, 'type must be prompt or message'),
        );
      }
    });

    it('6: a message’s role must be exactly "user"', () => {
      for (const role of ['assistant', 'system', 'User', undefined]) {
        assert.equal(refusal(() => encodeRaw(message({ role, content: 'x' }))).message, atLine(1, 'role must be user'));
      }
    });

    it('reports the line of the offending event', () => {
      const err = refusal(() => encodeRaw(prompt('ok'), prompt('fine'), message({ role: 'system', content: 'x' })));
      assert.equal(err.message, atLine(3, 'role must be user'));
      assert.equal(err.line, 3);
      assert.equal(err.name, 'InputError');
    });
  });

  describe('§8 images', () => {
    const withImage = (mediaType: string, data: string): InputEvent =>
      message({ content: 'see', images: [{ mediaType, data }] });

    it('accepts every media type Zero accepts, in any case, with or without a data: wrapper', () => {
      const accepted = [
        'png',
        'image/png',
        'jpeg',
        'jpg',
        'image/jpeg',
        'image/jpg',
        'gif',
        'image/gif',
        'webp',
        'image/webp',
        'IMAGE/PNG',
        ' Jpg ',
        'data:image/webp;base64,',
      ];
      for (const type of accepted) assert.doesNotThrow(() => encodeInput([withImage(type, PNG)]), type);
      assert.equal(normaliseImageMediaType('data:JPG;base64'), 'image/jpeg');
    });

    it('refuses other media types, quoting the raw value, without a line prefix', () => {
      for (const type of ['image/bmp', 'svg', '', 'image/png;x', 'image/heic']) {
        const err = refusal(() => encodeInput([withImage(type, PNG)]));
        assert.equal(err.message, `Stream-json image has an unsupported image media type ${JSON.stringify(type)}.`);
        assert.equal(err.line, undefined);
      }
    });

    it('requires standard base64 with padding', () => {
      for (const data of [
        'iVBORw0KGgo',
        'iVBORw0KGgo==',
        'iVBO Rw0K',
        'iVBO-w0KGgo=',
        'data:image/png;base64,iVBORw0KGgo=',
        'A===',
        '=AAA',
        'AA=A',
      ]) {
        assert.match(
          refusal(() => encodeInput([withImage('png', data)])).message,
          /^Stream-json image data is not valid base64: illegal base64 data at input byte \d+$/,
          data,
        );
      }
      // Go's decoder skips CR and LF; an empty image decodes too.
      for (const data of ['', 'AA==', 'AAA=', 'AAAA', 'iVBO\r\nRw0KGgo='])
        assert.doesNotThrow(() => encodeInput([withImage('png', data)]), data);
    });

    it('caps the decoded size at 10 MiB, checked on the encoded length as Zero does', () => {
      assert.equal(MAX_IMAGE_BYTES, 10485760);
      // Go's DecodedLen(n) = n/4*3: 13981012 characters may hold 10485759 bytes, 13981016 may not.
      assert.doesNotThrow(() => encodeInput([withImage('png', 'A'.repeat(13981012))]));
      const err = refusal(() => encodeInput([withImage('png', `${'A'.repeat(13981014)}==`)]));
      assert.equal(err.message, 'Stream-json image exceeds the 10485760 byte limit.');
      // The size is checked before the data is looked at.
      assert.equal(refusal(() => encodeInput([withImage('png', '!'.repeat(14e6))])).message, err.message);
    });

    it('checks image data before the media type, as Zero does', () => {
      assert.match(refusal(() => encodeInput([withImage('bmp', 'xx')])).message, /not valid base64/);
    });

    it('checks every line before any image, as Zero does', () => {
      const err = refusal(() => encodeRaw(withImage('bmp', PNG), message({ role: 'assistant', content: 'x' })));
      assert.equal(err.message, atLine(2, 'role must be user'));
    });
  });

  it('the schemas agree with the encoder on valid events', () => {
    const events = [prompt('a'), message({ content: 'b' }), message({ images: [{ mediaType: 'gif', data: 'R0lG' }] })];
    for (const event of events) assert.equal(InputEventSchema.safeParse(event).success, true);
    for (const bad of [
      { ...prompt('a'), extra: 1 },
      message({ role: 'system', content: 'x' }),
      prompt(' '),
      message({ content: 'x', images: [{ mediaType: 'bmp', data: PNG }] }),
    ]) {
      assert.equal(InputEventSchema.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });
});

describe('promptInput', () => {
  it('encodes one user message', () => {
    assert.equal(
      promptInput('Fix the build.'),
      '{"schemaVersion":2,"type":"message","role":"user","content":"Fix the build."}\n',
    );
  });

  it('carries images, and allows empty text with them', () => {
    assert.equal(
      promptInput('', [{ mediaType: 'image/png', data: PNG }]),
      '{"schemaVersion":2,"type":"message","role":"user","content":"","images":[{"mediaType":"image/png","data":"iVBORw0KGgo="}]}\n',
    );
  });

  it('refuses blank text without images', () => {
    assert.equal(refusal(() => promptInput('  \n')).message, atLine(1, 'content is required'));
    assert.equal(refusal(() => promptInput('', [])).message, atLine(1, 'content is required'));
  });
});
