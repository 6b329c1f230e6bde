import { toUserFor } from './user.model';

describe(toUserFor.name, () => {
  const bob = { id: 2, username: 'bob', email: 'bob@example.com', emailVerified: true, roles: ['user'] };

  it('should show the address and its state to the user itself', () => {
    expect(toUserFor({ sub: 2, roles: ['user'] }, bob)).toEqual(bob);
  });

  it('should show them to an admin', () => {
    expect(toUserFor({ sub: 1, roles: ['admin'] }, bob)).toEqual(bob);
  });

  it('should show anyone else, signed in or not, the id and username only', () => {
    const stranger = { id: 2, username: 'bob', roles: [], email: null, emailVerified: null };

    expect(toUserFor({ sub: 3, roles: ['user'] }, bob)).toEqual(stranger);
    expect(toUserFor(undefined, bob)).toEqual(stranger);
  });
});
