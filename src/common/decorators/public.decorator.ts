import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'isPublic';

/** Opens a handler or a whole controller/resolver to requests without a token (SPEC §5.7). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Closes one handler of a `@Public()` class again: handler metadata wins over class metadata. */
export const Authenticated = () => SetMetadata(IS_PUBLIC_KEY, false);
