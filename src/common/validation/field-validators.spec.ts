import { plainToInstance, Transform } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  compareDecimalTexts,
  DecimalMax,
  DecimalMin,
  decimalTextOf,
  decimalTextOfLiteral,
  IsCalendarDate,
  IsDateTimeWithOffset,
  IsDecimalNumber,
  IsFiniteNumber,
  IsIdList,
  IsIntInRange,
  IsJsonDocument,
  IsText,
  keepJsonValue,
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

class Titled {
  @IsText(1, 5)
  title?: unknown;
}

class Paged {
  @IsIntInRange(-2147483648, 2147483647)
  pages?: unknown;

  @IsIntInRange(0)
  offset?: unknown = 0;
}

const pagedErrors = (value: object) =>
  validateSync(plainToInstance(Paged, value)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('IsIntInRange', () => {
  it.each([undefined, null, 'x', 1.5, 2147483648, -2147483649])(
    'should answer %p with one message that says what is allowed',
    (pages) => {
      expect(pagedErrors({ pages })).toEqual(['pages must be an integer between -2147483648 and 2147483647']);
    },
  );

  it('should take the bounds and say "or more" without an upper one', () => {
    expect(pagedErrors({ pages: -2147483648 })).toEqual([]);
    expect(pagedErrors({ pages: 2147483647, offset: -1 })).toEqual(['offset must be an integer, 0 or more']);
  });
});

class Rated {
  @IsFiniteNumber()
  rating?: unknown;
}

describe('IsFiniteNumber', () => {
  it.each([Infinity, NaN, '4.5', null, undefined, true])('should answer %p in one message', (rating) => {
    const errors = validateSync(plainToInstance(Rated, { rating }));

    expect(errors.flatMap((error) => Object.values(error.constraints ?? {}))).toEqual([
      'rating must be a finite number',
    ]);
  });

  it('should take any finite number', () => {
    for (const rating of [0, -1.5, 4.25, Number.MAX_VALUE]) {
      expect(validateSync(plainToInstance(Rated, { rating }))).toEqual([]);
    }
  });
});

class Priced {
  @Transform(toDecimalString)
  @IsDecimalNumber(30, 10)
  @DecimalMin(0.5)
  @DecimalMax(100)
  price?: unknown;
}

const priceErrors = (price: unknown) =>
  validateSync(plainToInstance(Priced, { price })).flatMap((error) => Object.values(error.constraints ?? {}));

describe('DecimalMin and DecimalMax', () => {
  it('should take the bounds themselves, as text or numbers, and what lies between', () => {
    for (const price of ['0.5', 0.5, '0.50000', '100', 100, '99.9999999999', '12']) {
      expect(priceErrors(price)).toEqual([]);
    }
  });

  it('should refuse past a bound, compared exactly (a double would round these to the bound)', () => {
    expect(priceErrors('0.4999999999')).toEqual(['price must not be less than 0.5']);
    expect(priceErrors('100.0000000001')).toEqual(['price must not be greater than 100']);
    expect(priceErrors('-3')).toEqual(['price must not be less than 0.5']);
  });

  it('should leave what is not a decimal to IsDecimalNumber, in one message', () => {
    expect(priceErrors('1e3')).toEqual([expect.stringContaining('without an exponent')]);
  });
});

describe('compareDecimalTexts', () => {
  it.each([
    ['1', '1.000', 0],
    ['-0.1', '0', -1],
    ['12345678901234567890.5', '12345678901234567890.49', 1],
    ['-2', '-10', 1],
  ])('should compare %s with %s as %i', (a, b, order) => {
    expect(compareDecimalTexts(a, b)).toBe(order);
  });

  it('should answer undefined for what is not decimal text', () => {
    expect(compareDecimalTexts('1e2', '1')).toBeUndefined();
  });
});

const titleErrors = (title: unknown) =>
  validateSync(plainToInstance(Titled, { title })).flatMap((error) => Object.values(error.constraints ?? {}));

class Document {
  @Transform(keepJsonValue)
  @IsJsonDocument(1024)
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
    // Past 9999 once in UTC (PostgreSQL cannot read it), and before the year 100 (read back as 19xx).
    ['at', '9999-12-31T23:59:59-01:00'],
    ['at', '0099-12-31T23:59:59.999Z'],
    ['at', '0000-01-01T00:00:00Z'],
    // Hours past 23 (Date.parse would read 24:00 as the next day), minutes past 59, an offset past 23:59.
    ['at', '2026-02-03T24:00:00Z'],
    ['at', '2026-02-03T12:60:00Z'],
    ['at', '2026-02-03T12:00:00+24:00'],
    ['day', '0000-01-01'],
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

  it.each([
    [0.00000001, '0.00000001'],
    [1.5e-7, '0.00000015'],
    [-2.5e-7, '-0.00000025'],
    [1.2345e-10, '0.00000000012345'],
    [0.000001, '0.000001'],
    [19.99, '19.99'],
  ])('should write the JSON number %p as the decimal %p', (value, text) => {
    expect(decimalTextOf(value)).toBe(text);
  });

  it.each([
    ['1e2', '100'],
    ['-2.5E1', '-25'],
    ['1.50e1', '15.0'],
    ['2.5e-8', '0.000000025'],
    ['0e0', '0'],
    ['1.00000000000000000001e2', '100.000000000000000001'],
    ['1e1001', undefined],
    ['19.99', undefined],
  ])('should write the literal %p as the decimal %p', (literal, text) => {
    expect(decimalTextOfLiteral(literal)).toBe(text);
  });

  it('should take a satoshi (0.00000001) sent as a JSON number', () => {
    class Coin {
      @Transform(toDecimalString)
      @IsDecimalNumber(18, 8)
      amount?: unknown;
    }

    const coin = plainToInstance(Coin, { amount: 0.00000001 });
    expect(coin.amount).toBe('0.00000001');
    expect(validateSync(coin)).toEqual([]);
  });

  it('should refuse a decimal sent as a number with more digits than a double keeps, asking for a string', () => {
    class Wide {
      @Transform(toDecimalString)
      @IsDecimalNumber(20, 4)
      budget?: unknown;
    }
    const budgetErrors = (budget: unknown) =>
      validateSync(plainToInstance(Wide, { budget })).flatMap((error) =>
        Object.values(error.constraints ?? {}),
      );

    expect(plainToInstance(Wide, { budget: 12345678901.2345 }).budget).toBe('12345678901.2345');
    expect(budgetErrors(12345678901.2345)).toEqual([]);
    expect(budgetErrors('12345678901234.5678')).toEqual([]);
    // As JSON.parse reads them (the literals would lose their digits in this file already).
    for (const budget of ['12345678901234.5678', '9999999999999999', '1111111111111111.1111'].map(Number)) {
      expect(budgetErrors(budget)).toEqual([
        'budget has more digits than a JSON number holds exactly (15): send it as a string, e.g. "12345678901234.5678"',
      ]);
    }
  });

  it('should refuse a JSON document holding a number JSON reads as infinite, at any depth', () => {
    const dataErrors = (data: unknown) =>
      validateSync(plainToInstance(Document, { data })).flatMap((error) =>
        Object.values(error.constraints ?? {}),
      );

    expect(dataErrors(JSON.parse('{"m":[-1.5e-300, 0.1],"max":-9007199254740991}'))).toEqual([]);
    // Past 2^53 − 1, a number read may not be the one sent (10000000000000001 reads as 10000000000000000): refused,
    // whatever its digits, as nothing after parsing tells a changed one from one sent as it is.
    for (const text of ['{"id":10000000000000001}', '{"n":[[1e20]]}', '{"n":-1.7976931348623157e308}']) {
      expect(dataErrors(JSON.parse(text))).toEqual([
        'data holds a number past ±9007199254740991 (2^53 − 1), beyond which a JSON number does not carry every integer exactly: send it as a string',
      ]);
    }
    for (const text of ['{"f":1e400}', '{"x":{"y":[-1e999]}}', '[1e400]']) {
      expect(dataErrors(JSON.parse(text))).toEqual([
        'data holds a number too large for JSON (such as 1e400)',
      ]);
    }
  });

  it('should refuse a JSON document holding text PostgreSQL cannot store, in a value or a key, at any depth', () => {
    const dataErrors = (data: unknown) =>
      validateSync(plainToInstance(Document, { data })).flatMap((error) =>
        Object.values(error.constraints ?? {}),
      );

    expect(dataErrors({ emoji: '\u{1F511}', text: 'fine' })).toEqual([]);
    for (const data of [{ a: 'x\u0000' }, { ['k\u0000']: 1 }, [{ b: ['\ud800'] }]]) {
      expect(dataErrors(data)).toEqual([
        'data holds text PostgreSQL cannot store: a NUL character (\\u0000) or half of a surrogate pair',
      ]);
    }
  });

  it('should name the field and what is allowed', () => {
    const [error] = validateSync(plainToInstance(Sample, { ...valid, price: '1.234' }));

    expect(Object.values(error.constraints ?? {})).toEqual([
      'price must be a decimal number with at most 3 digits before the point and 2 after',
    ]);
  });

  it('should say that a decimal string with leading zeros must be written without them', () => {
    const [error] = validateSync(plainToInstance(Sample, { ...valid, price: '007.5' }));

    expect(Object.values(error.constraints ?? {})).toEqual([
      'price must be written without leading zeros ("7.5", not "007.5"), with at most 3 digits before the point and 2 after',
    ]);
  });

  it('should say that a decimal string with an exponent must be written out', () => {
    const [error] = validateSync(plainToInstance(Sample, { ...valid, price: '1.5e2' }));

    expect(Object.values(error.constraints ?? {})).toEqual([
      'price must be written out in digits, without an exponent ("1.5e2" as "150"), with at most 3 digits before the point and 2 after',
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

  it('should take the first and last instants that round-trip, and dates in the years 1 to 99', () => {
    expect(errorsOf({ at: '0100-01-01T00:00:00Z' })).toEqual([]);
    expect(errorsOf({ at: '9999-12-31T23:59:59.999Z' })).toEqual([]);
    expect(errorsOf({ day: '0001-01-01' })).toEqual([]);
    expect(errorsOf({ day: '0050-02-28' })).toEqual([]);
    // GraphQL's DateTime scalar hands over a Date, not text: the range applies to it all the same.
    expect(errorsOf({ at: new Date('0050-06-01T00:00:00Z') })).toEqual(['at']);
  });

  it('should keep a JSON document as sent, keys named after Object methods included', () => {
    const data = JSON.parse('{"toString":1,"hasOwnProperty":2,"nested":{"valueOf":[3]}}') as object;
    const document = plainToInstance(Document, { data });

    expect(validateSync(document)).toEqual([]);
    expect(JSON.stringify(document.data)).toBe(JSON.stringify(data));
  });

  it('should count characters as a varchar does: a surrogate pair is one, a variation selector one more', () => {
    expect(titleErrors('\u{1F600}'.repeat(5))).toEqual([]);
    // class-validator's Length counts this as 4: PostgreSQL as 6, too long for varchar(5).
    expect(titleErrors('abcd\u2764\uFE0F')).toEqual(['title must be shorter than or equal to 5 characters']);
    expect(titleErrors('')).toEqual(['title must be longer than or equal to 1 characters']);
  });

  it('should refuse what PostgreSQL cannot store as text, by name', () => {
    expect(titleErrors(5)).toEqual(['title must be a string']);
    expect(titleErrors('a\u0000b')).toEqual(['title must not contain a NUL character (\\u0000)']);
    expect(titleErrors('a\ud800b')).toEqual([
      'title must be well-formed Unicode (it holds a lone surrogate)',
    ]);
  });
});

class Tagged {
  @IsIdList(3)
  tagIds?: unknown;
}

describe('IsIdList', () => {
  const errorsOf = (tagIds: unknown) =>
    validateSync(plainToInstance(Tagged, { tagIds })).flatMap((error) =>
      Object.values(error.constraints ?? {}),
    );

  it.each([[[]], [[1, 2, 2]], [[2147483647]]])('should take %p', (tagIds) => {
    expect(errorsOf(tagIds)).toEqual([]);
  });

  it.each([[[1, 2, 3, 4]], [[0]], [[1.5]], [['1']], [[2147483648]], ['1,2'], [null], [{ 0: 1 }]])(
    'should answer %p with one message that says what is allowed',
    (tagIds) => {
      expect(errorsOf(tagIds)).toEqual([
        'tagIds must be a list of at most 3 ids (integers from 1 to 2147483647)',
      ]);
    },
  );
});
