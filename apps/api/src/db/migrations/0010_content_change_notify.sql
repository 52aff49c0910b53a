-- docs/performance.md: the home page's callouts (their rows and settings) and the anonymous contest
-- lists are kept in process like the catalogue answers (lib/answer-cache.ts), so changes to their
-- tables send the same 'catalogue_changed' notification (migration 0009) and drop them.
CREATE TRIGGER callouts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON callouts FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER callout_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON callout_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER contests_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contests FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER contest_entities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contest_entities FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
