import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { TokenPayload } from '../../auth/token-payload';
import { httpRequestOf } from '../utils/http-request';

/** The verified token payload that the global guard attached to the request. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): TokenPayload | undefined => httpRequestOf(context).user,
);
