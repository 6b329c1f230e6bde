import { NotFoundException } from '@nestjs/common';
import { TenantsService } from './tenants.service';

describe(TenantsService.name, () => {
  const sut = new TenantsService();

  it('should describe the tenant by its account', () => {
    expect(sut.getTenant('acme')).toEqual({ account: 'acme' });
    expect(sut.getTenant('acme-2')).toEqual({ account: 'acme-2' });
  });

  it('should compare host names in lower case', () => {
    expect(sut.getTenant('ACME')).toEqual({ account: 'acme' });
  });

  it.each(['a.b', '-acme', 'acme-', 'ac_me', 'x'.repeat(64)])(
    'should not know the account "%s"',
    (account) => {
      expect(() => sut.getTenant(account)).toThrow(NotFoundException);
    },
  );
});
