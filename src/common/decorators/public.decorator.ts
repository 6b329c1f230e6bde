import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';

export const IS_PUBLIC_KEY = 'isPublic';

/** Opens a handler or a whole controller/resolver to requests without a token. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/**
 * Says a handler or class needs a token: the global guard's default, stated for readers and the OpenAPI
 * document. On a handler of a `@Public()` class it closes that handler again (handler metadata wins).
 */
export const Authenticated = () => applyDecorators(SetMetadata(IS_PUBLIC_KEY, false), ApiBearerAuth());
