import {
  addExportAll,
  addToArrayConstant,
  addToModule,
  doubleBinding,
  type Registration,
  register,
  removeFromArrayConstant,
  removeFromModule,
  unregister,
} from './wiring';

const MODULE = `import { Module } from '@nestjs/common';
import { CatsModule } from './cats/cats.module';

@Module({
  imports: [CatsModule],
})
export class AppModule {}
`;

describe(doubleBinding.name, () => {
  it.each([
    [
      'imported twice',
      "import type { Page } from '../graphql/paginated.type';\nimport { Page } from './models/page.model';\n",
      'pages.service.ts would import Page twice (from ../graphql/paginated.type and ./models/page.model)',
    ],
    [
      'imported and declared',
      "import { Field, ObjectType } from '@nestjs/graphql';\n@ObjectType()\nexport class Field {}\n",
      'pages.service.ts would declare Field, which it imports from @nestjs/graphql',
    ],
    [
      'imported under an alias and declared',
      "import { Page as P } from './page';\nconst P = 1;\n",
      'pages.service.ts would declare P, which it imports from ./page',
    ],
  ])('should name a name %s', (_case, text, problem) => {
    expect(doubleBinding('pages.service.ts', text)).toBe(problem);
  });

  it('should find nothing in a file that binds each name once', () => {
    expect(doubleBinding('app.module.ts', MODULE)).toBeUndefined();
  });
});

describe('wiring edits', () => {
  it('should add a module to the imports with its import, once', () => {
    const edit = (text: string) =>
      addToModule('app.module.ts', text, 'imports', 'DogsModule', [
        { name: 'DogsModule', from: './dogs/dogs.module' },
      ]);

    const once = edit(MODULE);

    expect(once).toContain('imports: [CatsModule, DogsModule]');
    expect(once).toContain("import { DogsModule } from './dogs/dogs.module';");
    expect(edit(once)).toBe(once);
  });

  it('should insert a new import in order: packages first, then relative paths', () => {
    const edited = addToModule('app.module.ts', MODULE, 'imports', 'BooksModule', [
      { name: 'BooksModule', from: './books/books.module' },
      { name: 'APP_GUARD', from: '@nestjs/core' },
    ]);

    expect(edited.split('\n').filter((line) => line.startsWith('import'))).toEqual([
      "import { Module } from '@nestjs/common';",
      "import { APP_GUARD } from '@nestjs/core';",
      "import { BooksModule } from './books/books.module';",
      "import { CatsModule } from './cats/cats.module';",
    ]);
  });

  it('should create a missing metadata array and merge into an existing import', () => {
    const edited = addToModule('app.module.ts', MODULE, 'providers', '{ provide: APP_GUARD, useClass: X }', [
      { name: 'APP_GUARD', from: '@nestjs/core' },
      { name: 'Module', from: '@nestjs/common' },
    ]);

    expect(edited).toContain('providers: [{ provide: APP_GUARD, useClass: X }]');
    expect(edited.match(/from '@nestjs\/common'/g)).toHaveLength(1);
  });

  it('should refuse a file without a module class', () => {
    expect(() => addToModule('x.ts', 'export const x = 1;\n', 'imports', 'A', [])).toThrow(
      /no @Module\(\) class/,
    );
  });

  it('should add to an array constant, even behind `as const`', () => {
    const text = `export const FEATURES = [A] as const;\n`;

    const edited = addToArrayConstant('f.ts', text, 'FEATURES', 'B', [{ name: 'B', from: './b' }]);

    expect(edited).toContain('[A, B] as const');
    expect(addToArrayConstant('f.ts', edited, 'FEATURES', 'B', [{ name: 'B', from: './b' }])).toBe(edited);
  });

  it('should add an export-all line once', () => {
    const once = addExportAll('schema.ts', "export * from './a';\n", './b');

    expect(once).toBe("export * from './a';\nexport * from './b';\n");
    expect(addExportAll('schema.ts', once, './b')).toBe(once);
  });
});

describe('wiring removal', () => {
  const dogs = { name: 'DogsModule', from: './dogs/dogs.module' };

  it('should undo addToModule exactly: the element and its import', () => {
    const added = addToModule('app.module.ts', MODULE, 'imports', 'DogsModule', [dogs]);

    expect(removeFromModule('app.module.ts', added, 'imports', 'DogsModule', [dogs])).toBe(MODULE);
  });

  it('should keep an import that something else in the file still uses', () => {
    const text = `import { Module } from '@nestjs/common';
import { DogsModule } from './dogs/dogs.module';

@Module({
  imports: [DogsModule],
  exports: [DogsModule],
})
export class AppModule {}
`;

    const edited = removeFromModule('app.module.ts', text, 'imports', 'DogsModule', [dogs]);

    expect(edited).toContain('imports: []');
    expect(edited).toContain("import { DogsModule } from './dogs/dogs.module';");
  });

  it('should take one name out of an import that has others', () => {
    const text = `import { Module } from '@nestjs/common';
import { DogsModule, DOG_BREEDS } from './dogs/dogs.module';

@Module({ imports: [DogsModule], providers: [{ provide: 'breeds', useValue: DOG_BREEDS }] })
export class AppModule {}
`;

    const edited = removeFromModule('app.module.ts', text, 'imports', 'DogsModule', [dogs]);

    expect(edited).toContain("import { DOG_BREEDS } from './dogs/dogs.module';");
    expect(edited).toContain('imports: []');
  });

  it('should change nothing when the element is not there', () => {
    expect(removeFromModule('app.module.ts', MODULE, 'imports', 'DogsModule', [dogs])).toBe(MODULE);
  });

  it('should refuse a file without the array constant', () => {
    expect(() => removeFromArrayConstant('f.ts', 'export const X = 1;\n', 'FEATURES', 'B', [])).toThrow(
      /has no FEATURES/,
    );
  });

  it('should undo addToArrayConstant behind `as const`, leaving the other elements', () => {
    const text = `import { A } from './a';\n\nexport const FEATURES = [A] as const;\n`;
    const b = { name: 'B', from: './b' };
    const added = addToArrayConstant('f.ts', text, 'FEATURES', 'B', [b]);

    expect(removeFromArrayConstant('f.ts', added, 'FEATURES', 'B', [b])).toBe(text);
  });

  it('should make and undo a recorded registration in a module property or an array constant', () => {
    const inModule: Registration = {
      file: 'app.module.ts',
      list: 'imports',
      element: 'DogsModule',
      import: dogs,
    };
    const inConstant: Registration = {
      file: 'f.ts',
      list: 'FEATURES',
      element: 'DogsModule',
      import: { name: 'DogsModule', from: '../dogs/dogs.module' },
    };
    const constant = 'export const FEATURES = [];\n';

    expect(register(MODULE, inModule)).toContain('imports: [CatsModule, DogsModule]');
    expect(unregister(register(MODULE, inModule), inModule)).toBe(MODULE);
    expect(register(constant, inConstant)).toContain('FEATURES = [DogsModule]');
    expect(unregister(register(constant, inConstant), inConstant)).toBe(constant);
  });
});
