import { customType } from 'drizzle-orm/pg-core';

/** The `earth` type of the earthdistance extension (a 3-D cube point). */
export const earth = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'earth';
  },
});

/** A PostgreSQL full-text vector. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector';
  },
});
