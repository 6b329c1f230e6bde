import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/**
 * A list's sort fields: GraphQL enum names in UPPER_CASE (`CREATED_AT`) for the values REST takes (`createdAt`).
 * Only `id`, the timestamps and indexed fields (`:index`, `:unique`, `:sort`): an index keeps `ORDER BY … LIMIT`
 * cheap on a big table, where ordering by any other column reads and sorts all of it.
 */
export type SortFields = Readonly<Record<string, string>>;

/** The REST `sort` parameter: one of the sortable fields, which a refusal names (400). */
export function SortParameter(fields: SortFields): PropertyDecorator {
  const values = Object.values(fields);
  return applyDecorators(
    ApiPropertyOptional({ enum: values, default: 'id', description: 'The field to order by, then id.' }),
    IsOptional(),
    IsIn(values, { message: `sort must be one of the sortable fields: ${values.join(', ')}` }),
  );
}

/**
 * A schema-first order field arrives as its enum name (`CREATED_AT`, what the SDL declares): the field it names
 * (`createdAt`). Code-first enums map their names themselves.
 */
export function toSortField(fields: SortFields) {
  return ({ value }: { value: unknown }): unknown =>
    typeof value === 'string' && Object.hasOwn(fields, value) ? fields[value] : value;
}
