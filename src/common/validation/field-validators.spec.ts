import { plainToInstance, Transform } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  IsCalendarDate,
  IsDateTimeWithOffset,
  IsDecimalNumber,
  IsJsonDocument,
  toBoolean,
  toDateTime,
  toDecimalString,
  toInteger,
} from './field-validators';

class Sample {
  @IsCalendarDate()
  day?: unknown;

  @Transform(toDateTime)
  @IsDateTimeWithOffset()
  at?: unknown;

  @Transform(toDecimalString)
  @IsDecimalNumber(5, 2)
  price?: unknown;

  @IsJsonDocument(64)
  data?: unknown;
}

const valid = { day: '2024-02-29', at: '2026-01-31T12:00:00Z', price: '123.45', data: { a: 1 } };
const errorsOf = (input: object) =>
  validateSync(plainToInstance(Sample, { ...valid, ...input })).map((error) => error.property);

describe('field validators', () => {
  it('should take valid values, a decimal as a number too', () => {
    expect(errorsOf({})).toEqual([]);
    expect(errorsOf({ price: 19.9, at: '2026-01-31T12:00:00.123+01:00', data: [1, 2] })).toEqual([]);
    expect(plainToInstance(Sample, valid).at).toEqual(new Date('2026-01-31T12:00:00Z'));
  });

  it.each([
    ['day', '2023-02-29'],
    ['day', '2024-2-1'],
    ['day', 20240201],
    ['at', '2026-01-31T12:00:00'],
    ['at', '2026-02-30T12:00:00Z'],
    ['at', 1_700_000_000],
    ['price', '1234.5'],
    ['price', '1.234'],
    ['price', '1e3'],
    ['price', 'abc'],
    ['price', Number.NaN],
    ['data', 'text'],
    ['data', null],
    ['data', { text: 'x'.repeat(64) }],
  ])('should refuse %s = %p', (property, value) => {
    expect(errorsOf({ [property]: value })).toEqual([property]);
  });

  it('should name the field and what is allowed', () => {
    const [error] = validateSync(plainToInstance(Sample, { ...valid, price: '1.234' }));

    expect(Object.values(error.constraints ?? {})).toEqual([
      'price must be a decimal number with at most 3 digits before the point and 2 after',
    ]);
  });

  it('should read booleans and integers from query strings, leaving anything else to the rules', () => {
    expect([
      toBoolean({ value: 'true' }),
      toBoolean({ value: 'false' }),
      toBoolean({ value: 'yes' }),
    ]).toEqual([true, false, 'yes']);
    expect([toInteger({ value: '42' }), toInteger({ value: '4.2' }), toInteger({ value: '' })]).toEqual([
      42,
      '4.2',
      '',
    ]);
  });
});
