/**
 * What follows "must be a finite number" for a number's bounds: ` from 0 to 5`, `, 0 or more`, `, 5 or less`, or
 * nothing. Its own file: the generators write the same message into generated tests without loading class-validator.
 */
export function rangeText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return `, ${min} or more`;
  return max === undefined ? '' : `, ${max} or less`;
}
