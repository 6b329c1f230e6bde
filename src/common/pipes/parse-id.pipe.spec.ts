import { BadRequestException } from '@nestjs/common';
import { ParseIdPipe } from './parse-id.pipe';

describe(ParseIdPipe.name, () => {
  const sut = new ParseIdPipe();

  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('should read %p as %p', (value, id) => {
    expect(sut.transform(value)).toBe(id);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '2147483648', '99999999999', '1e3', ' 1'])(
    'should refuse %p with a 400 that names the rule',
    (value) => {
      expect(() => sut.transform(value)).toThrow(BadRequestException);
      expect(() => sut.transform(value)).toThrow(/id must be an integer between 1 and 2147483647/);
    },
  );
});
