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
});
