import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';

/** RFC 5321's limit on a path, so the longest address a mail server takes. */
export const EMAIL_MAX_LENGTH = 254;

/** An address as compared: in any case (`Ada@Example.com` is `ada@example.com`), like users_email_lower_unique. */
export const foldEmail = (email: string) => email.toLowerCase();

/** The rules of an account's e-mail address: trimmed, at most 254 characters, a plausible address. */
export const IsAccountEmail = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(),
    MaxLength(EMAIL_MAX_LENGTH, { message: `$property must be at most ${EMAIL_MAX_LENGTH} characters long` }),
    IsEmail(
      { allow_display_name: false, allow_ip_domain: false, require_tld: true },
      { message: '$property must be an e-mail address such as ada@example.com' },
    ),
  );
