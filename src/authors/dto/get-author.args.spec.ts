import { ValidationPipe } from '@nestjs/common';
import { GetAuthorArgs } from './get-author.args';

const validate = (value: object) =>
  new ValidationPipe({ whitelist: true, transform: true }).transform(value, {
    type: 'body',
    metatype: GetAuthorArgs,
  });

describe(GetAuthorArgs.name, () => {
  it.each([
    [{}, { lastName: '' }],
    [
      { firstName: null, lastName: null },
      { firstName: null, lastName: null },
    ],
    [
      { firstName: 'Ada', lastName: '' },
      { firstName: 'Ada', lastName: '' },
    ],
    [{ lastName: 'Tur' }, { lastName: 'Tur' }],
  ])('should accept %p (no last name, or one of 3 characters or more)', async (value, expected) => {
    await expect(validate(value)).resolves.toEqual(expected);
  });

  it('should refuse a last name shorter than 3 characters', async () => {
    await expect(validate({ lastName: 'Tu' })).rejects.toMatchObject({
      response: { message: ['lastName must be longer than or equal to 3 characters'] },
    });
  });
});
