import { type FieldContext, FieldSpecError, parseFields } from './fields';

const CONTEXT: FieldContext = {
  knownTypes: ['Author', 'Post'],
  notParents: ['Bin'],
  reservedNames: ['id', 'createdAt', 'updatedAt'],
};
const parse = (spec: string) => parseFields(spec, CONTEXT);

describe(parseFields.name, () => {
  it("should parse the README's example, every part of the grammar", () => {
    const fields = parse(
      'title:string{200} isbn:string{13}:unique publishedOn?:date price:decimal{10,2} inStock:boolean=true ' +
        'genre:enum{FICTION,NONFICTION,POETRY} author:references pages:int:index',
    );

    expect(fields).toEqual([
      {
        name: 'title',
        column: 'title',
        type: 'string',
        nullable: false,
        unique: false,
        index: false,
        sort: false,
        search: false,
        length: 200,
      },
      {
        name: 'isbn',
        column: 'isbn',
        type: 'string',
        nullable: false,
        unique: true,
        index: false,
        sort: false,
        search: false,
        length: 13,
      },
      {
        name: 'publishedOn',
        column: 'published_on',
        type: 'date',
        nullable: true,
        unique: false,
        index: false,
        sort: false,
        search: false,
      },
      expect.objectContaining({ name: 'price', type: 'decimal', precision: 10, scale: 2 }),
      expect.objectContaining({ name: 'inStock', column: 'in_stock', type: 'boolean', defaultValue: true }),
      expect.objectContaining({ name: 'genre', type: 'enum', values: ['FICTION', 'NONFICTION', 'POETRY'] }),
      expect.objectContaining({
        name: 'author',
        column: 'author_id',
        type: 'references',
        parent: 'Author',
        foreignKey: 'authorId',
        index: true,
        onDelete: 'restrict',
      }),
      expect.objectContaining({ name: 'pages', type: 'int', index: true }),
    ]);
  });

  it('should name a reference after its parent, or give the parent in braces: several may point at one parent', () => {
    const fields = parse('author:references editor?:references{Author} reviewer?:references{Author}');

    expect(
      fields.map(({ name, column, parent, foreignKey }) => ({ name, column, parent, foreignKey })),
    ).toEqual([
      { name: 'author', column: 'author_id', parent: 'Author', foreignKey: 'authorId' },
      { name: 'editor', column: 'editor_id', parent: 'Author', foreignKey: 'editorId' },
      { name: 'reviewer', column: 'reviewer_id', parent: 'Author', foreignKey: 'reviewerId' },
    ]);
  });

  it('should read what deleting the parent does: :cascade, :set-null (nullable only), else restrict', () => {
    const fields = parse('author:references:cascade editor?:references{Author}:set-null post?:references');

    expect(fields.map((field) => field.onDelete)).toEqual(['cascade', 'set null', 'restrict']);
  });

  it('should make a :sort field sortable and indexed (a unique one has its index already)', () => {
    expect(parse('title:string{200}:sort rating?:float:sort code:string{8}:unique:sort')).toEqual([
      expect.objectContaining({ name: 'title', sort: true, index: true, unique: false }),
      expect.objectContaining({ name: 'rating', nullable: true, sort: true, index: true }),
      expect.objectContaining({ name: 'code', sort: true, index: false, unique: true }),
    ]);
  });

  it('should make string and text fields :search, beside their other flags and bounds', () => {
    expect(
      parse('title:string{200}:sort:search notes?:text:search:min=5 code:string{4}:unique:search'),
    ).toEqual([
      expect.objectContaining({ name: 'title', search: true, sort: true }),
      expect.objectContaining({ name: 'notes', search: true, min: 5 }),
      expect.objectContaining({ name: 'code', search: true, unique: true }),
    ]);
    expect(parse('title:string').map((field) => field.search)).toEqual([false]);
  });

  it('should take a field named q when no field is :search', () => {
    expect(parse('q:string title:string').map((field) => field.name)).toEqual(['q', 'title']);
  });

  it('should apply the default arguments: string{255}, decimal{12,2}', () => {
    expect(parse('name:string note?:text amount:decimal')).toEqual([
      expect.objectContaining({ length: 255 }),
      expect.objectContaining({ nullable: true, type: 'text' }),
      expect.objectContaining({ precision: 12, scale: 2 }),
    ]);
  });

  it.each([
    ['title', /"title" is not a field: write name\[\?\]:type/],
    ['title:strin', /field "title": unknown type "strin"; allowed: string\{N\}, text, int/],
    ['Title:string', /field "Title": the name must be a camelCase identifier/],
    ['id:int', /field "id": id is reserved/],
    ['createdAt:datetime', /field "createdAt": createdAt is reserved/],
    ['title:string title:text', /field "title": title is declared twice/],
    ['author:references authorId:int', /field "authorId": authorId is declared twice/],
    [
      'shelf:references',
      /field "shelf": references Shelf, which the app does not have \(types: Author, Post\)/,
    ],
    [
      'bin:references',
      /field "bin": references Bin, a feature of the app that cannot be a parent: a parent is laid out as a generated feature is \(<things>.table.ts, <things>-data.module.ts exporting its service, models\/<thing>.model.ts\), which a hand-written one may not be \(types: Author, Post\)/,
    ],
    ['title:string{0}', /field "title": string\{N\} takes one length from 1 to/],
    ['title:string{abc}', /string\{N\} takes one length/],
    ['price:decimal{5,6}', /field "price": decimal\{P,S\} takes 1 ≤ P ≤ 1000 digits and 0 ≤ S ≤ P/],
    ['genre:enum{}', /field "genre": enum\{A,B,…\} takes UPPER_CASE values/],
    ['genre:enum{a,b}', /takes UPPER_CASE values/],
    ['genre:enum{A,A}', /an enum value is listed twice/],
    ['count:int{4}', /field "count": int takes no \{arguments\}/],
    ['data:json:unique', /field "data": a json field cannot be :unique/],
    [
      'active:boolean:unique',
      /field "active": cannot be :unique: a unique boolean column holds two records at most/,
    ],
    [
      'kind:enum{A,B}:unique',
      /field "kind": cannot be :unique: a unique enum column holds one record per value/,
    ],
    ['author:references:unique', /field "author": cannot be :unique: a reference is many to one/],
    [
      'digit:decimal{1,0}:unique',
      /field "digit": cannot be :unique: a unique decimal of one digit holds ten records/,
    ],
    [
      'title:string:primary',
      /field "title": unknown flag ":primary"; allowed: :unique, :index, :sort, :search, :min=N, :max=N/,
    ],
    [
      'rank:int:search',
      /field "rank": :search applies to string and text fields \(q looks for text in them\), not int/,
    ],
    ['data:json:search', /field "data": :search applies to string and text fields .*, not json/],
    [
      'author:references:search',
      /field "author": :search applies to string and text fields .*, not references/,
    ],
    ['code:string{3}:search', /field "code": a :search field must hold 4 characters at least .*, not 3/],
    ['note:text:max=3:search', /field "note": a :search field must hold 4 characters at least/],
    [
      'title:string:search q:int',
      /field "q": q is the list's text search \(\?q=, filter: \{ q \}\) of a feature with a :search field \(title\): choose another name/,
    ],
    ['q:string:search', /field "q": q is the list's text search/],
    ['body:text:sort', /field "body": a text field cannot be :sort: its index could not hold a long value/],
    ['data:json:sort', /field "data": a json field cannot be :sort/],
    ['count:int=many', /field "count": the default "many" is not a 32-bit integer/],
    ['count:int=3000000000', /not a 32-bit integer/],
    ['ratio:float=x', /the default "x" is not a finite number/],
    ['inStock:boolean=yes', /field "inStock": the default "yes" is not true or false/],
    ['code:string{2}=abc', /the default "abc" is not 1 to 2 characters/],
    ['price:decimal{5,2}=1234.5', /the default "1234.5" is not a decimal of 5 digits with 2 decimals/],
    ['price:decimal{5,2}=1.234', /not a decimal of 5 digits/],
    ['on:date=2023-02-29', /the default "2023-02-29" is not a date \(YYYY-MM-DD\)/],
    ['genre:enum{A,B}=C', /the default "C" is not one of A, B/],
    ['author:references=1', /field "author": a references field takes no =default/],
    ['title:string{10}=', /the default "" is not 1 to 10 characters \(a required string refuses ""/],
    ['toLocaleString:string', /field "toLocaleString": toLocaleString is reserved \(every JavaScript object/],
    ['isPrototypeOf:int', /isPrototypeOf is reserved/],
    [
      'default?:boolean',
      /field "default": default is a reserved word in JavaScript: no variable can take it/,
    ],
    ['let?:boolean', /field "let": let is a reserved word in JavaScript/],
    ['await:string', /field "await": await is a reserved word/],
    [
      'code:string{1}:unique',
      /field "code": cannot be :unique: a unique string of one character holds a handful of records/,
    ],
    ['fooBar:int fooBAR:int', /field "fooBAR": its column foo_bar is fooBar's already/],
    ['createdAT:int', /field "createdAT": its column created_at is createdAt's already/],
    ['author:references authorID:int', /field "authorID": its column author_id is author's already/],
    ['data:json={}', /a json field takes no =default/],
    [
      'author:references:set-null',
      /field "author": a required reference cannot be set null: make it nullable \(author\?:references\) or use :cascade/,
    ],
    [
      'translator:references{Author}:set-null',
      /field "translator": a required reference cannot be set null: make it nullable \(translator\?:references\{Author\}\)/,
    ],
    ['author?:references:cascade:set-null', /field "author": :cascade and :set-null exclude each other/],
    ['title:string:cascade', /field "title": :cascade is for references only/],
    ['count?:int:set-null', /field "count": :set-null is for references only/],
    [
      'author:references:restrict',
      /field "author": unknown flag ":restrict"; allowed: .*:cascade, :set-null/,
    ],
    [
      'translator:references{Writer}',
      /field "translator": references Writer, which the app does not have \(types: Author, Post\)/,
    ],
    [
      'translator:references{writer}',
      /field "translator": references\{Parent\} takes one type name in PascalCase/,
    ],
    ['translator:references{Author,Post}', /references\{Parent\} takes one type name/],
    ['editor:references{Author} editor?:references{Post}', /field "editor": editor is declared twice/],
  ])('should refuse %p, naming the field and what is allowed', (spec, message) => {
    expect(() => parse(spec)).toThrow(FieldSpecError);
    expect(() => parse(spec)).toThrow(message);
  });

  it("should take the list route's names for fields that do not filter it, and an empty default where null is allowed", () => {
    expect(parse('order:int sort:string limit?:text title?:string=').map((field) => field.name)).toEqual([
      'order',
      'sort',
      'limit',
      'title',
    ]);
  });

  it('should refuse ownerId on a feature that has an owner', () => {
    const owned = { ...CONTEXT, reservedNames: [...CONTEXT.reservedNames, 'ownerId'] };

    expect(() => parseFields('ownerId:int', owned)).toThrow(
      /field "ownerId": ownerId is reserved \(the feature has/,
    );
    expect(() => parseFields('owner:references', { ...owned, knownTypes: ['Owner'] })).toThrow(
      /its column owner_id is ownerId's already/,
    );
  });

  it('should say that a feature cannot reference itself', () => {
    expect(() => parseFields('category?:references', { ...CONTEXT, self: 'Category' })).toThrow(
      /field "category": references Category itself, which the generators do not make/,
    );
    expect(() => parseFields('parent?:references{Category}', { ...CONTEXT, self: 'Category' })).toThrow(
      /field "parent": references Category itself/,
    );
  });

  it('should accept defaults of the right type', () => {
    expect(
      parse(
        'count:int=-5 ratio:float=0.5 price:decimal{5,2}=123.45 on:date=2024-02-29 genre:enum{A,B}=B',
      ).map((field) => field.defaultValue),
    ).toEqual([-5, 0.5, '123.45', '2024-02-29', 'B']);
  });
});

describe(`${parseFields.name}: bounds`, () => {
  it('should read :min and :max of values and lengths, before the default', () => {
    expect(
      parse(
        'stars:int:min=1:max=5=3 ratio?:float:min=-0.5 price:decimal{10,2}:min=0:max=9999.99 ' +
          'body:text:min=20:max=5000 code:string{8}:unique:min=8 rank:int:index=5',
      ),
    ).toEqual([
      expect.objectContaining({ name: 'stars', min: 1, max: 5, defaultValue: 3 }),
      expect.objectContaining({ name: 'ratio', min: -0.5, nullable: true }),
      expect.objectContaining({ name: 'price', min: 0, max: 9999.99 }),
      expect.objectContaining({ name: 'body', min: 20, max: 5000 }),
      expect.objectContaining({ name: 'code', min: 8, unique: true, length: 8 }),
      // Only bounds take a value: this is the flag, then the default.
      expect.objectContaining({ name: 'rank', index: true, defaultValue: 5 }),
    ]);
  });

  it.each([
    ['on:date:min=1', /field "on": a date field takes no :min or :max/],
    ['stars:int:min=1.5', /field "stars": :min=1.5 must be an integer from -2147483648 to 2147483647/],
    ['stars:int:max=3000000000', /:max=3000000000 must be an integer/],
    ['title:string{20}:max=21', /field "title": :max=21 must be a length from 0 to 20/],
    ['body:text:min=-1', /:min=-1 must be a length from 0 to 100000/],
    ['stars:int:min=5:max=1', /field "stars": :min=5 is more than :max=1/],
    ['body:text:max=0', /field "body": :max=0 leaves only the empty string/],
    ['price:decimal{5,2}:max=1000', /field "price": :max=1000 does not fit decimal\{5,2\}/],
    ['price:decimal{5,2}:min=0.125', /:min=0.125 does not fit decimal\{5,2\}/],
    ['stars:int:min=1:max=5=9', /field "stars": the default "9" is not within the field.s bounds \(1 to 5\)/],
    [
      'code:int:unique:min=1:max=10',
      /field "code": cannot be :unique: its bounds leave 10 whole numbers, fewer than the 1000/,
    ],
    ['stars:int:min=x', /field "stars": :min takes a number: write :min=N/],
  ])('should refuse %p, naming the field and the bound', (spec, message) => {
    expect(() => parse(spec)).toThrow(FieldSpecError);
    expect(() => parse(spec)).toThrow(message);
  });
});

describe(`${parseFields.name}: many`, () => {
  it('should read a set of a parent, named after it in the plural or given in braces', () => {
    const [tags, editors] = parse('authors:many editors:many{Author}');

    expect(tags).toMatchObject({
      type: 'many',
      parent: 'Author',
      foreignKey: 'authorIds',
      filterKey: 'authorId',
    });
    expect(editors).toMatchObject({ parent: 'Author', foreignKey: 'editorIds', filterKey: 'editorId' });
  });

  it.each([
    ['author:many', /name it in the plural \(authors:many\)/],
    ['authors?:many', /never null .* leave out the \?/],
    ['authors:many:index', /takes no flags or default/],
    ['authors:many=1', /takes no flags or default/],
    ['books:many', /references Book, which the app does not have/],
    ['authors:many{author}', /many\{Parent\} takes one type name in PascalCase, e.g. many\{Tag\}/],
  ])('should refuse %s, saying why', (spec, message) => {
    expect(() => parse(spec)).toThrow(message);
  });

  it('should refuse a set whose ids clash with another field (authorId of a reference)', () => {
    expect(() => parse('author:references authors:many')).toThrow(/authorId is declared twice/);
  });

  it('should say that a feature cannot hold a set of itself', () => {
    expect(() => parseFields('authors:many', { ...CONTEXT, self: 'Author' })).toThrow(
      /references Author itself/,
    );
  });
});
