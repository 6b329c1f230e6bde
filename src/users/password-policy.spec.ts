import { validateSync } from 'class-validator';
import { isCommonPassword, IsNotCommonPassword, IsNotUsername } from './password-policy';

class Credentials {
  username: string;
  @IsNotUsername()
  @IsNotCommonPassword()
  password: string;

  constructor(username: string, password: string) {
    Object.assign(this, { username, password });
  }
}

const failures = (username: string, password: string) =>
  validateSync(new Credentials(username, password)).flatMap((error) => Object.keys(error.constraints ?? {}));

describe('password policy', () => {
  it.each(['password', '12345678', 'qwertyuiop', 'PASSWORD', 'Baseball'])(
    'should know %s as a common password, in any case',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery staple', 'alice-password', 'Tr0ub4dor&3x'])(
    'should not list %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('should refuse a common password and a password equal to the username in another case', () => {
    expect(failures('carol', 'letmein1')).toEqual(['isNotCommonPassword']);
    expect(failures('Carol-Smith', 'carol-smith')).toEqual(['isNotUsername']);
    expect(failures('carol', 'a fine long passphrase')).toEqual([]);
  });

  it('should leave a password that is missing or not a string to the rules about that', () => {
    expect(failures('carol', undefined as unknown as string)).toEqual([]);
    expect(failures('carol', 42 as unknown as string)).toEqual([]);
  });
});
