import { ValidationPipe } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsEnum } from 'class-validator';
import { SortParameter, toSortField } from './sort-field';

const NoteSortField = { ID: 'id', TITLE: 'title', CREATED_AT: 'createdAt' } as const;
type NoteSortField = (typeof NoteSortField)[keyof typeof NoteSortField];

class ListNotesQuery {
  @SortParameter(NoteSortField)
  sort: NoteSortField = 'id';
}

class NoteOrderInput {
  @Transform(toSortField(NoteSortField))
  @IsEnum(NoteSortField)
  field!: NoteSortField;
}

const pipe = new ValidationPipe({ whitelist: true, transform: true });
const validate = (metatype: new () => object, value: object) =>
  pipe.transform(value, { type: 'query', metatype }) as Promise<object>;

describe('sort field', () => {
  it('should take a sortable field, and default to id', async () => {
    await expect(validate(ListNotesQuery, { sort: 'createdAt' })).resolves.toEqual({ sort: 'createdAt' });
    await expect(validate(ListNotesQuery, {})).resolves.toEqual({ sort: 'id' });
  });

  it.each(['body', 'CREATED_AT', ''])('should refuse %p, naming the sortable fields', async (sort) => {
    await expect(validate(ListNotesQuery, { sort })).rejects.toMatchObject({
      response: { message: ['sort must be one of the sortable fields: id, title, createdAt'] },
    });
  });

  it('should read a schema-first enum name as the field it names', () => {
    expect(plainToInstance(NoteOrderInput, { field: 'CREATED_AT' }).field).toBe('createdAt');
    // Not a name: left for the rule to refuse (GraphQL refuses it before, against the schema's enum).
    expect(plainToInstance(NoteOrderInput, { field: 'toString' }).field).toBe('toString');
  });
});
