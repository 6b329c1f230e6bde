import { Param } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { MAX_ID, ParseIdPipe } from '../pipes/parse-id.pipe';

const documented = ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, maximum: MAX_ID } });

/**
 * A route's `:id`, parsed by ParseIdPipe and documented as the integer it accepts: OpenAPI would otherwise read the
 * parameter's TypeScript type, `number`, which allows `1.5`.
 */
export function IdParam(): ParameterDecorator {
  return (target, method, index) => {
    Param('id', ParseIdPipe)(target, method, index);
    // ApiParam describes a method, which is on the prototype by the time its parameters are decorated.
    const descriptor = method === undefined ? undefined : Object.getOwnPropertyDescriptor(target, method);
    if (descriptor) documented(target, method!, descriptor);
  };
}
