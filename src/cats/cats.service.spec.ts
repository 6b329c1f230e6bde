import { CatsService } from './cats.service';
import type { CreateCatDto } from './dto/create-cat.dto';

describe(CatsService.name, () => {
  const sut = new CatsService();
  const tom: CreateCatDto = { name: 'Tom', age: 3, breed: 'Maine Coon' };

  it('should name the create action', () => {
    expect(sut.create(tom)).toBe('This action adds a new cat');
  });

  it('should include the limit in the list text', () => {
    expect(sut.getAll({ limit: 7 })).toBe('This action returns all cats (limit: 7 items)');
  });

  it('should include the id in the texts of one cat', () => {
    expect(sut.getById('42')).toBe('This action returns a #42 cat');
    expect(sut.update('42', { age: 4 })).toBe('This action updates a #42 cat');
    expect(sut.remove('42')).toBe('This action removes a #42 cat');
  });
});
