import { ValidationPipe } from '@nestjs/common';
import { CreatePostInput as GeneratedCreatePostInput } from '../../graphql/schema-first/graphql.generated';
import { CreatePostDto } from './create-post.dto';
import { CreatePostInput } from './create-post.input';

// The code-first input and the schema-first DTO carry the same rule (title: 3 to 50 characters).
describe.each([CreatePostInput, CreatePostDto])('%p', (metatype) => {
  const validate = (value: object) =>
    new ValidationPipe({ whitelist: true, transform: true }).transform(value, { type: 'body', metatype });

  it.each(['abc', 'x'.repeat(50)])('should accept a title of 3 to 50 characters (%s)', async (title) => {
    await expect(validate({ title })).resolves.toEqual({ title });
  });

  it.each([
    ['ab', 'title must be longer than or equal to 3 characters'],
    ['x'.repeat(51), 'title must be shorter than or equal to 50 characters'],
  ])('should refuse %p', async (title, message) => {
    await expect(validate({ title })).rejects.toMatchObject({ response: { message: [message] } });
  });

  it('should drop fields that the input does not declare', async () => {
    await expect(validate({ title: 'Fine title', votes: 99 })).resolves.toEqual({ title: 'Fine title' });
  });
});

describe(CreatePostDto.name, () => {
  it('should be the generated CreatePostInput (a subclass: the generated file holds no validation)', () => {
    expect(Object.getPrototypeOf(CreatePostDto)).toBe(GeneratedCreatePostInput);
  });
});
