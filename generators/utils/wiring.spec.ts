import { addExportAll, addToArrayConstant, addToModule } from './wiring';

const MODULE = `import { Module } from '@nestjs/common';
import { CatsModule } from './cats/cats.module';

@Module({
  imports: [CatsModule],
})
export class AppModule {}
`;

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
