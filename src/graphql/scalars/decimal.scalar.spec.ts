import { Kind } from 'graphql';
import { DecimalScalar } from './decimal.scalar';

describe('Decimal scalar', () => {
  it('should take a number or a string, and read back as a string', () => {
    expect(DecimalScalar.parseValue(19.99)).toBe('19.99');
    expect(DecimalScalar.parseValue('19.99')).toBe('19.99');
    expect(DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '19.99' })).toBe('19.99');
    expect(DecimalScalar.parseLiteral({ kind: Kind.STRING, value: '7' })).toBe('7');
    expect(DecimalScalar.serialize('19.99')).toBe('19.99');
  });

  it.each([true, null, {}, Number.POSITIVE_INFINITY])('should refuse %p', (value) => {
    expect(() => DecimalScalar.parseValue(value)).toThrow('Decimal must be a number or a string');
  });

  it.each([...['12345678901234.5678', '9999999999999999'].map(Number), 0.1 + 0.2])(
    'should refuse the number %p, which a double does not hold as sent, asking for a string',
    (value) => {
      expect(() => DecimalScalar.parseValue(value)).toThrow(
        'Decimal has more digits than a JSON number holds exactly (15): send it as a string',
      );
    },
  );

  it('should take numbers of up to 15 significant digits as written', () => {
    expect(DecimalScalar.parseValue(123456789012345)).toBe('123456789012345');
    expect(DecimalScalar.parseValue(-1234567890.12345)).toBe('-1234567890.12345');
  });

  it('should write a small number in full, not in the exponent form String() gives it', () => {
    expect(DecimalScalar.parseValue(0.00000001)).toBe('0.00000001');
    expect(DecimalScalar.parseValue(-0.00000025)).toBe('-0.00000025');
  });

  it('should write out a literal with an exponent as its number, as for a variable', () => {
    expect(DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '1e2' })).toBe('100');
    expect(DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '1.5E1' })).toBe('15');
    expect(DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '2.5e-8' })).toBe('0.000000025');
    // Digit for digit, not through a double: the validator then sees every decimal and can refuse them.
    expect(DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '1.00000000000000000001e2' })).toBe(
      '100.000000000000000001',
    );
    expect(DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '123.456e-2' })).toBe('1.23456');
  });

  it('should refuse an exponent past the digits any decimal holds, without writing them out', () => {
    expect(() => DecimalScalar.parseLiteral({ kind: Kind.FLOAT, value: '1e999999999' })).toThrow(
      'Decimal has an exponent past the 1000 digits a decimal holds',
    );
  });
});
