import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
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
