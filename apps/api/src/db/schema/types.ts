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

/** A set of integer ranges (PostgreSQL 14+): the minutes of a week an offer is valid or a place is open. */
export const int4multirange = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'int4multirange';
  },
});
