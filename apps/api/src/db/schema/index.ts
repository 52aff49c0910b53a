// Every table of the app. Each domain keeps its tables in its own file here.
export * from './catalogue.ts';
export * from './contests.ts';
export * from './content.ts';
export * from './members.ts';
export * from './saved.ts';
export * from './leads.ts';
export * from './prints.ts';
export * from './analytics.ts';
export * from './staff.ts';
export * from './merchant-centre.ts';
export * from './notifications.ts';
