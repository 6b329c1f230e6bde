import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { type Column, or, type SQL, sql } from 'drizzle-orm';
import { IsText } from '../validation/field-validators';

/**
 * The text search of a list (`?q=`, `filter: { q }`) over a feature's `:search` fields, in one file: how long `q`
 * may be, and the one rule that turns it into SQL (a substring, ignoring case, `%` and `_` taken literally).
 */

/** The most characters `q` takes: a phrase to look for, not a document (every search reads the fields' text). */
export const SEARCH_MAX_LENGTH = 200;

/** `q`: text of at most SEARCH_MAX_LENGTH characters, or none; anything else is refused naming `q`. */
export function IsSearchText(): PropertyDecorator {
  return applyDecorators(IsOptional(), IsText(0, SEARCH_MAX_LENGTH));
}

/** The REST `q` parameter, documented with what it looks in (`description`), and checked as IsSearchText. */
export function SearchParameter(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'string', maxLength: SEARCH_MAX_LENGTH, description }),
    IsSearchText(),
  );
}

// LIKE's wildcards, and the escape character itself: PostgreSQL's default, named in ESCAPE all the same.
const LIKE_SPECIAL = /[\\%_]/g;

/** A LIKE pattern for values that contain `text`, each of its characters literally (`50%` is not `50` then anything). */
export function containsPattern(text: string): string {
  return `%${text.replace(LIKE_SPECIAL, '\\$&')}%`;
}

/**
 * Rows where any of `columns` contains `text`, ignoring case (ILIKE). Undefined, every row, when there is no text:
 * left out, null (GraphQL's way to leave it out) or empty (a search box sent empty lists everything).
 */
export function containsText(columns: Column[], text: string | null | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => sql`${column} ilike ${pattern} escape '\\'`));
}
