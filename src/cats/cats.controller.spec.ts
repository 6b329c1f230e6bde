import { Reflector } from '@nestjs/core';
import { IS_PUBLIC_KEY } from '../common/decorators/public.decorator';
import { CatsController } from './cats.controller';
import { CatsService } from './cats.service';

describe(CatsController.name, () => {
  const service = new CatsService();
  const sut = new CatsController(service);
  const reflector = new Reflector();
  const isPublic = (handler: keyof CatsController) =>
    reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_KEY, [
      CatsController.prototype[handler],
      CatsController,
    ]);

  afterEach(() => jest.restoreAllMocks());

  it('should hand each request to the service', () => {
    const cat = { name: 'Tom', age: 3, breed: 'Maine Coon' };
    const create = jest.spyOn(service, 'create');
    const update = jest.spyOn(service, 'update');

    expect(sut.createCat(cat)).toBe('This action adds a new cat');
    expect(sut.getAllCats({ limit: 5 })).toBe('This action returns all cats (limit: 5 items)');
    expect(sut.getCat('1')).toBe('This action returns a #1 cat');
    expect(sut.updateCat('1', { breed: 'Sphynx' })).toBe('This action updates a #1 cat');
    expect(sut.removeCat('1')).toBe('This action removes a #1 cat');
    expect(create).toHaveBeenCalledWith(cat);
    expect(update).toHaveBeenCalledWith('1', { breed: 'Sphynx' });
  });

  it('should be public except for removeCat', () => {
    expect(isPublic('createCat')).toBe(true);
    expect(isPublic('getAllCats')).toBe(true);
    expect(isPublic('getCat')).toBe(true);
    expect(isPublic('updateCat')).toBe(true);
  });

  it('should be an authenticated route: removeCat', () => {
    expect(isPublic('removeCat')).toBe(false);
  });
});
