import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';

export const MAX_ID = 2_147_483_647; // PostgreSQL integer

/** A route's `:id` as a positive 32-bit integer; anything else is a 400 that says so, never a database error. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
      throw new BadRequestException(`id must be an integer between 1 and ${MAX_ID} (got "${value}")`);
    }
    return id;
  }
}
