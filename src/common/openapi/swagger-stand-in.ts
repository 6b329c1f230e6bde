import { dirname, join } from 'node:path';
import { IntersectionType, OmitType, PartialType, PickType } from '@nestjs/mapped-types';

/** The package's no-op decorators, made for front-end builds; its exports map does not list the file. */
const SHIM = join(
  dirname(require.resolve('@nestjs/swagger/package.json')),
  'dist',
  'extra',
  'swagger-shim.js',
);

/** DeepPartialType has no counterpart that keeps validation rules: failing at start beats a DTO that checks nothing. */
function DeepPartialType(_classRef: unknown): never {
  throw new Error(
    'DeepPartialType needs @nestjs/swagger itself, which production replaces by its no-op decorators ' +
      '(src/common/openapi/use-swagger-stand-in.ts): use PartialType, or remove that step from src/main.ts',
  );
}

/**
 * What `@nestjs/swagger` resolves to where no OpenAPI document is built (production; see useSwaggerStandIn): the
 * package's own shim, whose decorators do nothing, so the start skips loading the document builder. Its mapped
 * types would be empty classes: those are @nestjs/mapped-types', which swagger's extend, so a DTO such as
 * UpdateCatDto keeps its validation rules and loses only the OpenAPI metadata nobody reads.
 */
export = {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  ...(require(SHIM) as typeof import('@nestjs/swagger')),
  DeepPartialType,
  IntersectionType,
  OmitType,
  PartialType,
  PickType,
};
