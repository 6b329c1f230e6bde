import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, Matches, ValidateBy, type ValidationOptions } from 'class-validator';

/** What a username is, once folded (foldUsername): 3 to 32 characters of a-z 0-9 _ . - */
export const USERNAME_PATTERN = /^[a-z0-9_.-]{3,32}$/;

/**
 * Names nobody may take: they would pass for the system or its staff in a mail or a profile (`admin`, `support`),
 * or read as no user at all in code and logs (`null`, `undefined`, `me` of /auth/me).
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'root',
  'administrator',
  'system',
  'support',
  'me',
  'null',
  'undefined',
];

/**
 * A username as stored and compared: capitals A-Z taken as a-z, and nothing else changed. Usernames are ASCII
 * (USERNAME_PATTERN), so a Unicode capital that lowercases to ASCII (the Kelvin sign `K` to `k`) stays as sent:
 * refused at sign-up, matching no one at login.
 */
export function foldUsername(name: string): string {
  return name.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase());
}

export const isReservedUsername = (name: string) => RESERVED_USERNAMES.includes(foldUsername(name));

const IsNotReservedUsername = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNotReservedUsername',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !isReservedUsername(value),
        defaultMessage: (args) => `${args?.property} "${String(args?.value)}" is reserved: choose another`,
      },
    },
    options,
  );

/** The rules of a username being chosen (sign-up, a rename): folded, then the pattern, then not reserved. */
export const IsNewUsername = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? foldUsername(value) : value)),
    IsString(),
    Matches(USERNAME_PATTERN, { message: '$property must be 3 to 32 characters of a-z, 0-9, _, . and -' }),
    IsNotReservedUsername(),
  );
