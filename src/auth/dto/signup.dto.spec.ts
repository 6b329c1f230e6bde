import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ChangePasswordDto } from './change-password.dto';
import { SignupDto } from './signup.dto';

const usernameErrors = (username: string) =>
  validateSync(plainToInstance(SignupDto, { username, password: 'a long enough passphrase' }))
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
      expect(messages(plainToInstance(SignupDto, { username: 'kate', password }))).toEqual([
        'password must be valid Unicode text: it holds half of a surrogate pair (such as \\uD800)',
      ]);
      expect(
        messages(plainToInstance(ChangePasswordDto, { current_password: 'x', new_password: password })),
      ).toEqual([
        'new_password must be valid Unicode text: it holds half of a surrogate pair (such as \\uD800)',
      ]);
    },
  );

  it('should take whole pairs (an emoji) and U+FFFD itself', () => {
    expect(
      messages(plainToInstance(SignupDto, { username: 'kate', password: 'secret pass \u{1F511}' })),
    ).toEqual([]);
    expect(
      messages(plainToInstance(SignupDto, { username: 'kate', password: 'secret pass \uFFFD' })),
    ).toEqual([]);
  });
});

describe('passwords in another Unicode form', () => {
  const messages = (dto: object) =>
    validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {}));
  // Four é, each typed as e and a combining accent: 8 code points, 4 characters once composed.
  const decomposed = 'e\u0301'.repeat(4);

  it('should count a password as it is hashed, composed (NFC), at sign-up and as a new password', () => {
    const signup = plainToInstance(SignupDto, { username: 'carol', password: decomposed });
    const change = plainToInstance(ChangePasswordDto, { current_password: 'x', new_password: decomposed });

    expect(signup.password).toBe('\u00e9'.repeat(4));
    expect(messages(signup)).toEqual(['password must be 8 to 128 characters long']);
    expect(messages(change)).toEqual(['new_password must be 8 to 128 characters long']);
  });
});
