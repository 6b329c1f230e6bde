import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Length, ValidateBy, type ValidationOptions } from 'class-validator';
import { LONE_SURROGATE } from '../common/validation/field-validators';
import { PROJECT_ROOT } from '../common/project-root';
import { normalizePassword } from './password-hasher';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** In src/ for the built app too, which ships src/**\/*.txt. */
export const COMMON_PASSWORDS_FILE = resolve(
  PROJECT_ROOT,
  'src',
  'users',
  'common-passwords',
  'common-passwords.txt',
);

let commonPasswords: Set<string> | undefined;

/** True for a password in the bundled list of the 10 000 most common ones, in any case. Reads the list once. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}

/** A property that must not be one of the common passwords. */
export const IsNotCommonPassword = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNotCommonPassword',
      validator: {
        // Not a string: IsString's to say, not this rule's.
        validate: (value: unknown) => typeof value !== 'string' || !isCommonPassword(value),
        defaultMessage: (args) =>
          `${args?.property} is one of the 10 000 most common passwords: choose another`,
      },
    },
    options,
  );

/**
 * A password property that must be valid Unicode text. A lone surrogate (`\uD800`) is hashed as the UTF-8 encoding
 * of U+FFFD, like any other lone surrogate: `secret\uD800` would also let in `secret\uDBFF` and `secret\uFFFD`.
 */
export const IsWellFormedPassword = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isWellFormedPassword',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !LONE_SURROGATE.test(value),
        defaultMessage: (args) =>
          `${args?.property} must be valid Unicode text: it holds half of a surrogate pair (such as \\uD800)`,
      },
    },
    options,
  );

/** Unicode control (Cc: NUL, escape) and invisible format (Cf: zero-width space, BOM, bidi marks) characters. */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u;

/** A password that can be typed and seen: no control or invisible format characters (Unicode Cc, Cf). */
export const IsVisiblePassword = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isVisiblePassword',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !INVISIBLE_CHARACTER.test(value),
        defaultMessage: (args) =>
          `${args?.property} must not contain control or invisible characters (such as NUL, a zero-width space or a BOM)`,
      },
    },
    options,
  );

export const PASSWORD_MIN_DISTINCT_CHARACTERS = 3;

/** Not `aaaaaaaa` nor `abababab`: at least PASSWORD_MIN_DISTINCT_CHARACTERS different characters. */
export const HasDistinctCharacters = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasDistinctCharacters',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || new Set(value).size >= PASSWORD_MIN_DISTINCT_CHARACTERS,
        defaultMessage: (args) =>
          `${args?.property} must have at least ${PASSWORD_MIN_DISTINCT_CHARACTERS} different characters`,
      },
    },
    options,
  );

/** A password property that must differ from the object's `username` (in any case). */
export const IsNotUsername = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNotUsername',
      validator: {
        validate: (value: unknown, args) => {
          const username = (args?.object as { username?: unknown }).username;
          return !(typeof value === 'string' && typeof username === 'string' && sameName(value, username));
        },
        defaultMessage: (args) => `${args?.property} must not be the username`,
      },
    },
    options,
  );

export const sameName = (password: string, username: string) =>
  password.toLowerCase() === username.toLowerCase();

/**
 * The policy for a password being set (sign-up, a change, a reset): a string of PASSWORD_MIN_LENGTH to
 * PASSWORD_MAX_LENGTH characters, valid Unicode, visible, of 3 different characters at least, not a common one,
 * all of it counted in the form it is hashed in (NFC: `é` typed as `e` and an accent is one character). Sign-up
 * adds `IsNotUsername`; a change checks that in the service.
 */
export const IsNewPassword = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? normalizePassword(value) : value,
    ),
    IsString(),
    Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, {
      message: `$property must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`,
    }),
    IsWellFormedPassword(),
    IsVisiblePassword(),
    HasDistinctCharacters(),
    IsNotCommonPassword(),
  );
