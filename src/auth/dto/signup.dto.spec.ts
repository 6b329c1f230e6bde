import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ChangePasswordDto } from './change-password.dto';
import { SignupDto } from './signup.dto';

const usernameErrors = (username: string) =>
  validateSync(
    plainToInstance(SignupDto, { username, email: 'kate@example.com', password: 'a long enough passphrase' }),
  )
    .filter((error) => error.property === 'username')
    .flatMap((error) => Object.values(error.constraints ?? {}));

describe(SignupDto.name, () => {
  it('should take capitals A-Z as lowercase', () => {
    expect(plainToInstance(SignupDto, { username: 'Kate.Smith_2' }).username).toBe('kate.smith_2');
    expect(usernameErrors('Kate.Smith_2')).toEqual([]);
  });

  it('should refuse a Unicode letter that lowercases to ASCII (the Kelvin sign) as outside a-z', () => {
    expect(usernameErrors('\u212Aelvin')).toEqual([
      'username must be 3 to 32 characters of a-z, 0-9, _, . and -',
    ]);
  });
});

describe('passwords with half of a surrogate pair', () => {
  const messages = (dto: object) =>
    validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {}));

  it.each(['secretpass\uD800', '\uDFFFsecretpass', 'secret\uDBFFpass'])(
    'should refuse %j at sign-up and as a new password, by name',
    (password) => {
      expect(
        messages(plainToInstance(SignupDto, { username: 'kate', email: 'kate@example.com', password })),
      ).toEqual(['password must be valid Unicode text: it holds half of a surrogate pair (such as \\uD800)']);
      expect(
        messages(plainToInstance(ChangePasswordDto, { current_password: 'x', new_password: password })),
      ).toEqual([
        'new_password must be valid Unicode text: it holds half of a surrogate pair (such as \\uD800)',
      ]);
    },
  );

  it('should take whole pairs (an emoji) and U+FFFD itself', () => {
    expect(
      messages(
        plainToInstance(SignupDto, {
          username: 'kate',
          email: 'kate@example.com',
          password: 'secret pass \u{1F511}',
        }),
      ),
    ).toEqual([]);
    expect(
      messages(
        plainToInstance(SignupDto, {
          username: 'kate',
          email: 'kate@example.com',
          password: 'secret pass \uFFFD',
        }),
      ),
    ).toEqual([]);
  });
});

describe('passwords in another Unicode form', () => {
  const messages = (dto: object) =>
    validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {}));
  // Four accented vowels, each typed as a letter and a combining accent: 8 code points, 4 characters once composed.
  const decomposed = 'e\u0301a\u0301o\u0301u\u0301';

  it('should count a password as it is hashed, composed (NFC), at sign-up and as a new password', () => {
    const signup = plainToInstance(SignupDto, {
      username: 'carol',
      email: 'carol@example.com',
      password: decomposed,
    });
    const change = plainToInstance(ChangePasswordDto, { current_password: 'x', new_password: decomposed });

    expect(signup.password).toBe('\u00e9\u00e1\u00f3\u00fa');
    expect(messages(signup)).toEqual(['password must be 8 to 128 characters long']);
    expect(messages(change)).toEqual(['new_password must be 8 to 128 characters long']);
  });
});

describe('the account rules of an outside review', () => {
  const messages = (body: object) =>
    validateSync(
      plainToInstance(SignupDto, { username: 'kate', email: 'kate@example.com', ...body }),
    ).flatMap((error) => Object.values(error.constraints ?? {}));

  it.each(['admin', 'root', 'Administrator', 'system', 'support', 'me', 'null', 'undefined'])(
    'should refuse the reserved username %s, by name',
    (username) => {
      // `me` is also too short: both rules speak.
      expect(messages({ username, password: 'a long enough passphrase' })).toContain(
        `username "${username.toLowerCase()}" is reserved: choose another`,
      );
    },
  );

  it.each([
    ['NUL', 'secret\u0000passphrase'],
    ['a zero-width space', 'secret\u200Bpassphrase'],
    ['a BOM', '\uFEFFsecret passphrase'],
    ['an escape', 'secret\u001Bpassphrase'],
  ])('should refuse a password holding %s', (_name, password) => {
    expect(messages({ password })).toEqual([
      'password must not contain control or invisible characters (such as NUL, a zero-width space or a BOM)',
    ]);
  });

  it.each(['aaaaaaaaaa', 'abababababab'])(
    'should refuse %s: fewer than 3 different characters',
    (password) => {
      expect(messages({ password })).toEqual(['password must have at least 3 different characters']);
    },
  );

  it.each(['not an address', 'kate@', 'kate@localhost', `${'k'.repeat(250)}@example.com`])(
    'should refuse the e-mail %s',
    (email) => {
      expect(messages({ email, password: 'a long enough passphrase' })).toEqual(
        expect.arrayContaining([expect.stringMatching(/^email must /)]),
      );
    },
  );
});
