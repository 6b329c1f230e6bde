import { foldUsername } from './username';

describe(foldUsername.name, () => {
  it('should take capitals A-Z as a-z and keep everything else', () => {
    expect(foldUsername('Carol_O.Neil-42')).toBe('carol_o.neil-42');
  });

  it('should leave a Unicode capital that lowercases to ASCII as it is (the Kelvin sign, the dotted I)', () => {
    expect(foldUsername('\u212Aate')).toBe('\u212Aate');
    expect(foldUsername('\u0130van')).toBe('\u0130van');
  });
});
