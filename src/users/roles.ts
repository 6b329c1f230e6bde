/** The roles a user can hold. A new user gets `user` (the users table's default); `admin` is granted by another admin. */
export const ROLES = ['user', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
