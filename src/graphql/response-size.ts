import { Logger } from '@nestjs/common';
import type { FormattedExecutionResult } from 'graphql';

export const RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE';

const logger = new Logger('GraphQL');

/**
 * Apollo's `stringifyResult` for every endpoint: the result as the JSON Apollo would send, or, when that is more
 * than `maxBytes`, one RESPONSE_TOO_LARGE error instead (never a truncated body). Measuring the string that is
 * sent serialises the result once, where a plugin would serialise it twice. The status stays 200: the operation
 * ran (`data` is null, as after an error at the root), and 413 speaks of a request body, not a response.
 */
export function limitResponseSize(maxBytes: number): (result: FormattedExecutionResult) => string {
  return (result) => {
    const json = `${JSON.stringify(result)}\n`;
    const bytes = Buffer.byteLength(json);
    if (bytes <= maxBytes) return json;
    logger.warn(`Refused a response of ${bytes} bytes (GRAPHQL_MAX_RESPONSE_BYTES is ${maxBytes})`);
    const error = {
      message: `The response would be ${bytes} bytes, more than the limit of ${maxBytes}: ask for fewer items or fields.`,
      extensions: { code: RESPONSE_TOO_LARGE },
    };
    return `${JSON.stringify({ errors: [error], data: null })}\n`;
  };
}
