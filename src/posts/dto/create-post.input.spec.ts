import { ValidationPipe } from '@nestjs/common';
import { CreatePostInput } from './create-post.input';

const validate = (value: object) =>
  new ValidationPipe({ whitelist: true, transform: true }).transform(value, {
    type: 'body',
    metatype: CreatePostInput,
  });

describe(CreatePostInput.name, () => {
  it.each(['abc', 'x'.repeat(50)])('should accept a title of 3 to 50 characters (%s)', async (title) => {
    await expect(validate({ title })).resolves.toEqual({ title });
  });

  it.each([
    ['ab', 'title must be longer than or equal to 3 characters'],
    ['x'.repeat(51), 'title must be shorter than or equal to 50 characters'],
  ])('should refuse %p', async (title, message) => {
    await expect(validate({ title })).rejects.toMatchObject({ response: { message: [message] } });
  });
});
