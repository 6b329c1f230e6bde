/**
 * A username as stored and compared: capitals A-Z taken as a-z, and nothing else changed. Usernames are ASCII
 * (USERNAME_PATTERN), so a Unicode capital that lowercases to ASCII (the Kelvin sign `K` to `k`) stays as sent:
 * refused at sign-up, matching no one at login.
 */
export function foldUsername(name: string): string {
  return name.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase());
}
