import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { TokenPayload } from '../token-payload';
import { httpRequestOf } from '../../common/http/http-request';

/** The verified token payload that the global guard attached to the request. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): TokenPayload | undefined => httpRequestOf(context).user,
);
