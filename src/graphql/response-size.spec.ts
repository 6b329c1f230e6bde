import { limitResponseSize, RESPONSE_TOO_LARGE } from './response-size';

describe(limitResponseSize.name, () => {
  const result = { data: { title: 'é'.repeat(20) } };
  // What Apollo sends by default: the JSON and a newline.
  const json = `${JSON.stringify(result)}\n`;
  const bytes = Buffer.byteLength(json);

  it('should send a result of up to the limit as Apollo does, counting bytes rather than characters', () => {
    expect(bytes).toBeGreaterThan(json.length);

    expect(limitResponseSize(bytes)(result)).toBe(json);
  });

  it('should replace a larger result with one RESPONSE_TOO_LARGE error and null data, not a truncated body', () => {
    const sent = JSON.parse(limitResponseSize(bytes - 1)(result)) as unknown;

    expect(sent).toEqual({
      errors: [
        {
          message: `The response would be ${bytes} bytes, more than the limit of ${bytes - 1}: ask for fewer items or fields.`,
          extensions: { code: RESPONSE_TOO_LARGE },
        },
      ],
      data: null,
    });
  });
});
